// Spec §7 queries and sub-tasks: /v3/taskconfigs/* (create, update, reopen, close, comment, list,
// details, snooze, getConfigs), GET /v3/queries/{application_id}, and the request-for-information calls.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  API_PATHS,
  CreateSubTaskBodySchema,
  RemoveSnoozeBodySchema,
  SnoozeBodySchema,
  SubTaskCommentBodySchema,
  UpdateSubTaskBodySchema,
} from '@originate/shared/node';
import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import { caller, type PluginOptions } from '../context';
import { invalid } from '../errors';
import { taskConfigs } from '../services/detail';
import { type Effects, publish } from '../services/effects';
import {
  type CreateKind,
  changeSubTask,
  createSubTask,
  queriesOf,
  snooze,
  subTaskDetails,
  subTaskPage,
} from '../services/subtasks';
import { idString } from './schemas';

const closed = { additionalProperties: false } as const;
const Id = Type.String(idString);
/** The comment is required when commenting. */
const CommentBodySchema = Type.Object(
  { ...SubTaskCommentBodySchema.properties, comment: SubTaskCommentBodySchema.properties.comment },
  closed,
);

export const queriesRoutes: FastifyPluginAsyncTypebox<PluginOptions> = async (app, { ctx }) => {
  const user = (request: FastifyRequest) => caller(request).user;
  async function sent<T>(work: Promise<{ result: T; effects: Effects }>): Promise<T> {
    const { result, effects } = await work;
    await publish(ctx, effects);
    return result;
  }

  const creators: [string, CreateKind][] = [
    [API_PATHS.createSubTask, 'query'],
    [API_PATHS.requestInfo, 'requestInfo'],
    [API_PATHS.requestUserInfo, 'requestUserInfo'],
  ];
  for (const [path, kind] of creators) {
    app.post(path, { schema: { body: CreateSubTaskBodySchema } }, (request) =>
      sent(createSubTask(ctx.db, user(request), request.body, kind, ctx.now())),
    );
  }
  app.post(API_PATHS.updateSubTask, { schema: { body: UpdateSubTaskBodySchema } }, (request) =>
    sent(changeSubTask(ctx.db, user(request), 'update', request.body, ctx.now())),
  );
  app.post(API_PATHS.reopenSubTask, { schema: { body: SubTaskCommentBodySchema } }, (request) =>
    sent(changeSubTask(ctx.db, user(request), 'reopen', request.body, ctx.now())),
  );
  app.post(API_PATHS.closeSubTask, { schema: { body: SubTaskCommentBodySchema } }, (request) =>
    sent(changeSubTask(ctx.db, user(request), 'close', request.body, ctx.now())),
  );
  app.post(API_PATHS.addCommentToTask, { schema: { body: CommentBodySchema } }, (request) =>
    sent(changeSubTask(ctx.db, user(request), 'comment', request.body, ctx.now())),
  );

  app.get(
    API_PATHS.subTaskList,
    {
      schema: {
        params: Type.Object(
          {
            applicationId: Id,
            // A task id, or ALL for every task of the application.
            taskId: Id,
            status: Type.Union(['OPEN', 'RESOLVED', 'CLOSED', 'ALL'].map((s) => Type.Literal(s))),
            page: Type.String({ pattern: '^[0-9]{1,6}$' }),
          },
          closed,
        ),
      },
    },
    async (request) => {
      const { applicationId, taskId, status, page } = request.params;
      return subTaskPage(
        ctx.db,
        user(request),
        applicationId,
        taskId,
        status as 'OPEN' | 'RESOLVED' | 'CLOSED' | 'ALL',
        Number(page),
      );
    },
  );
  app.get(API_PATHS.subTaskDetails, { schema: { params: Type.Object({ subTaskId: Id }, closed) } }, (request) =>
    subTaskDetails(ctx.db, user(request), request.params.subTaskId),
  );
  app.get(
    API_PATHS.applicationQueries,
    { schema: { params: Type.Object({ applicationId: Id }, closed) } },
    async (request) => ({
      data: await queriesOf(ctx.db, user(request), request.params.applicationId),
    }),
  );

  app.post(API_PATHS.updateSnoozeTime, { schema: { body: SnoozeBodySchema } }, (request) =>
    sent(snooze(ctx.db, user(request), request.body, ctx.now())),
  );
  app.post(API_PATHS.removeSnoozeTime, { schema: { body: RemoveSnoozeBodySchema } }, (request) =>
    sent(snooze(ctx.db, user(request), request.body, ctx.now())),
  );

  app.get(
    API_PATHS.taskConfigs,
    {
      schema: {
        querystring: Type.Object(
          {
            application_id: Id,
            taskId: Type.Optional(Id),
            stepNumber: Type.Optional(Type.String({ pattern: '^[0-9]{1,3}$' })),
          },
          closed,
        ),
      },
    },
    async (request) => {
      const { application_id, taskId, stepNumber } = request.query;
      if (taskId !== undefined && stepNumber !== undefined) {
        throw invalid('stepNumber', 'is not allowed together with taskId');
      }
      return taskConfigs(
        ctx.db,
        user(request),
        application_id,
        {
          ...(taskId === undefined ? {} : { taskId }),
          ...(stepNumber === undefined ? {} : { stepNumber: Number(stepNumber) }),
        },
        ctx.now(),
      );
    },
  );
};
