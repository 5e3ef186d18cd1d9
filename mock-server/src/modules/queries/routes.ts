// Spec §7 queries and sub-tasks: /v3/taskconfigs/* (create, update, reopen, close, comment, list,
// details, getConfigs), GET /v3/queries/{application_id}, the request-for-information calls, and
// POST /v3/queries/updateAndResolveQuery. The two /v3/queries routes also serve the applicant (README
// "Applicant portal"): their requests for information, and their answers.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_PATHS } from '@originate/contract';
import {
  AnswerQueryBodySchema,
  CreateSubTaskBodySchema,
  closed,
  ERROR_ANSWERS,
  Id,
  QueriesAnswerSchema,
  SubTaskChangeAnswerSchema,
  SubTaskCommentBodySchema,
  SubTaskDetailsAnswerSchema,
  SubTaskPageAnswerSchema,
  TaskConfigsAnswerSchema,
  UpdateSubTaskBodySchema,
} from '@originate/contract/schemas';
import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import { forbidden, invalid, notFound } from '../../http/errors';
import { type AppContext, caller, type PluginOptions } from '../../platform/context';
import {
  type Effects,
  findApplication,
  flowOfApplication,
  NOT_YOURS,
  publish,
  type StoredApplication,
} from '../applications';
import { applicantOwns } from '../portal';
import { taskConfigs } from '../tasks';
import {
  answerAsApplicant,
  applicantRequests,
  type CreateKind,
  changeSubTask,
  createSubTask,
  queriesOf,
  type RequestedFields,
  subTaskDetails,
  subTaskPage,
} from './sub-tasks';

/** The comment is required when commenting. */
const CommentBodySchema = Type.Object(
  { ...SubTaskCommentBodySchema.properties, comment: SubTaskCommentBodySchema.properties.comment },
  closed,
);
/** What every change of a query answers: its state after it. */
const changeAnswers = { 200: SubTaskChangeAnswerSchema, ...ERROR_ANSWERS };

/** The applicant's application (403 when it is not theirs, 404 when there is none). */
async function applicantsApplication(ctx: AppContext, request: FastifyRequest, applicationId: string) {
  const applicant = request.applicant;
  if (!applicant || !(await applicantOwns(ctx.db, applicant, applicationId))) throw forbidden(NOT_YOURS);
  const stored = await findApplication(ctx.db, applicationId);
  if (!stored) throw notFound('Application not found');
  return stored;
}

/** A request's field keys as the applicant reads them: the flow's labels, documents for file upload fields. */
async function requestedFields(ctx: AppContext, stored: StoredApplication): Promise<RequestedFields> {
  const fields = new Map<string, { label: string; type: string }>();
  // An application staff made without a flow has no labels: its keys are all there is.
  const flowCtx = await flowOfApplication(ctx, stored).catch(() => null);
  for (const component of flowCtx?.components.values() ?? []) {
    for (const f of component.fields) fields.set(f.key, { label: f.label, type: f.field_type_details.type });
  }
  return (keys) =>
    keys.map((key) => {
      const field = fields.get(key);
      return {
        key,
        label: field?.label || key,
        kind: field?.type === 'file_upload' ? ('document' as const) : ('value' as const),
      };
    });
}

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
    app.post(path, { schema: { body: CreateSubTaskBodySchema, response: changeAnswers } }, (request) =>
      sent(createSubTask(ctx.db, user(request), request.body, kind, ctx.now())),
    );
  }
  app.post(API_PATHS.updateSubTask, { schema: { body: UpdateSubTaskBodySchema, response: changeAnswers } }, (request) =>
    sent(changeSubTask(ctx.db, user(request), 'update', request.body, ctx.now())),
  );
  app.post(
    API_PATHS.reopenSubTask,
    { schema: { body: SubTaskCommentBodySchema, response: changeAnswers } },
    (request) => sent(changeSubTask(ctx.db, user(request), 'reopen', request.body, ctx.now())),
  );
  app.post(API_PATHS.closeSubTask, { schema: { body: SubTaskCommentBodySchema, response: changeAnswers } }, (request) =>
    sent(changeSubTask(ctx.db, user(request), 'close', request.body, ctx.now())),
  );
  app.post(API_PATHS.addCommentToTask, { schema: { body: CommentBodySchema, response: changeAnswers } }, (request) =>
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
        response: { 200: SubTaskPageAnswerSchema, ...ERROR_ANSWERS },
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
  app.get(
    API_PATHS.subTaskDetails,
    {
      schema: {
        params: Type.Object({ subTaskId: Id }, closed),
        response: { 200: SubTaskDetailsAnswerSchema, ...ERROR_ANSWERS },
      },
    },
    (request) => subTaskDetails(ctx.db, user(request), request.params.subTaskId),
  );
  app.get(
    API_PATHS.applicationQueries,
    {
      config: { applicant: true },
      schema: {
        params: Type.Object({ applicationId: Id }, closed),
        response: { 200: QueriesAnswerSchema, ...ERROR_ANSWERS },
      },
    },
    async (request) => {
      const { applicationId } = request.params;
      if (request.applicant) {
        const stored = await applicantsApplication(ctx, request, applicationId);
        // Built field by field (shared ApplicantRequestSchema): nothing of the staff side reaches the applicant.
        return { data: await applicantRequests(ctx.db, applicationId, await requestedFields(ctx, stored)) };
      }
      return { data: await queriesOf(ctx.db, user(request), applicationId) };
    },
  );
  app.post(
    API_PATHS.updateAndResolveQuery,
    { config: { applicant: true }, schema: { body: AnswerQueryBodySchema, response: changeAnswers } },
    async (request) => {
      const body = request.body;
      if (request.applicant) {
        const stored = await applicantsApplication(ctx, request, body.application_id);
        return sent(answerAsApplicant(ctx.db, body, await requestedFields(ctx, stored), ctx.now()));
      }
      if (body.fileIds !== undefined)
        throw invalid('fileIds', 'is for the applicant: staff attach files in the Docs tab');
      return sent(
        changeSubTask(
          ctx.db,
          user(request),
          'resolve',
          { subTaskId: body.subTaskId, comment: body.answer },
          ctx.now(),
          body.application_id,
        ),
      );
    },
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
        response: { 200: TaskConfigsAnswerSchema, ...ERROR_ANSWERS },
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
