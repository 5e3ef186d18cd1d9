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
  QueryFieldsAnswerSchema,
  QueryFieldsBodySchema,
  RemindRequestAnswerSchema,
  RemindRequestBodySchema,
  RequestForInfoFieldsAnswerSchema,
  RequestForInfoParamsSchema,
  SubTaskChangeAnswerSchema,
  SubTaskCommentBodySchema,
  SubTaskDetailsAnswerSchema,
  SubTaskPageAnswerSchema,
  TaskConfigsAnswerSchema,
  UnresolvedCountAnswerSchema,
  UnresolvedCountBodySchema,
  UpdateSubTaskBodySchema,
} from '@originate/contract/schemas';
import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import { contractValidator } from '../../http/bodies';
import { forbidden, invalid, notFound } from '../../http/errors';
import { type AppContext, caller, type PluginOptions } from '../../platform/context';
import {
  type Effects,
  findApplication,
  flowOfApplication,
  loadApplication,
  NOT_YOURS,
  publish,
  type StoredApplication,
} from '../applications';
import { applicantOwns } from '../portal';
import { taskConfigs } from '../tasks';
import { findUserById, isOpsAdmin } from '../users';
import {
  answerAsApplicant,
  applicantRequestForInfo,
  applicantRequests,
  type CreateKind,
  changeSubTask,
  createSubTask,
  queriesOf,
  type RequestedFields,
  remindRequestForInfo,
  requestForInfoFields,
  subTaskDetails,
  subTaskPage,
  unresolvedCounts,
} from './sub-tasks';

/** The comment is required when commenting. */
const CommentBodySchema = Type.Object(
  { ...SubTaskCommentBodySchema.properties, comment: SubTaskCommentBodySchema.properties.comment },
  closed,
);
/** The older clients' create-or-update: a body with subTaskId updates that query, one without raises a new one. */
const CreateOrUpdateQueryBodySchema = Type.Union([CreateSubTaskBodySchema, UpdateSubTaskBodySchema]);
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

/** The fields of the application's flow a request for information may ask for: each the applicant fills. */
async function askableFields(ctx: AppContext, stored: StoredApplication) {
  const flowCtx = await flowOfApplication(ctx, stored).catch(() => null);
  const keys = new Set<string>();
  for (const component of flowCtx?.components.values() ?? []) {
    for (const f of component.fields) {
      const type = f.field_type_details.type;
      if (f.internal || f.category === 'USER' || type === 'heading' || type === 'container') continue;
      keys.add(f.key);
    }
  }
  return (await requestedFields(ctx, stored))([...keys]);
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

  // The older clients' query calls (spec §7): the same queries as /v3/taskconfigs.
  app.post(
    API_PATHS.createOrUpdateQuery,
    { schema: { body: CreateOrUpdateQueryBodySchema, response: changeAnswers } },
    (request) => {
      const body = request.body;
      return 'subTaskId' in body
        ? sent(changeSubTask(ctx.db, user(request), 'update', body, ctx.now()))
        : sent(createSubTask(ctx.db, user(request), body, 'query', ctx.now()));
    },
  );
  app.post(API_PATHS.updateQuery, { schema: { body: UpdateSubTaskBodySchema, response: changeAnswers } }, (request) =>
    sent(changeSubTask(ctx.db, user(request), 'update', request.body, ctx.now())),
  );
  app.post(
    API_PATHS.queriesUnresolvedCount,
    {
      schema: { body: UnresolvedCountBodySchema, response: { 200: UnresolvedCountAnswerSchema, ...ERROR_ANSWERS } },
      validatorCompiler: contractValidator,
    },
    async (request) => {
      const me = user(request);
      const userId = request.body?.userId ?? me.userid;
      const target = userId === me.userid ? me : await findUserById(ctx.db, userId);
      const led = me.teamDetails.filter((t) => t.isLead).map((t) => t.id);
      const mayRead =
        target?.userid === me.userid || isOpsAdmin(me) || (target?.teams.some((t) => led.includes(t.id)) ?? false);
      // An unknown user reads as one the caller may not see, so user ids cannot be probed.
      if (!target || !mayRead) throw forbidden("You may read only your own queries' counts, or your team's");
      const counts = await unresolvedCounts(ctx.db, target);
      return { userId: target.userid, count: counts.toAnswer, raised: counts.raised };
    },
  );
  app.post(
    API_PATHS.queryFields,
    {
      schema: { body: QueryFieldsBodySchema, response: { 200: QueryFieldsAnswerSchema, ...ERROR_ANSWERS } },
      validatorCompiler: contractValidator,
    },
    async (request) => {
      const stored = await loadApplication(ctx.db, user(request), request.body.application_id);
      return { data: await askableFields(ctx, stored) };
    },
  );
  app.post(
    API_PATHS.sendRequestForInfoNotifications,
    {
      schema: { body: RemindRequestBodySchema, response: { 200: RemindRequestAnswerSchema, ...ERROR_ANSWERS } },
      validatorCompiler: contractValidator,
    },
    (request) => sent(remindRequestForInfo(ctx.db, user(request), request.body, ctx.now())),
  );
  app.get(
    API_PATHS.fetchFieldsForReqInfo,
    {
      // The applicant opens one request (the link its notification carries) to see what to answer with.
      config: { applicant: true },
      schema: {
        params: RequestForInfoParamsSchema,
        response: { 200: RequestForInfoFieldsAnswerSchema, ...ERROR_ANSWERS },
      },
      validatorCompiler: contractValidator,
    },
    async (request) => {
      const { applicant } = request;
      const id = request.params.requestForInfoId;
      const row = applicant
        ? await applicantRequestForInfo(ctx.db, (applicationId) => applicantOwns(ctx.db, applicant, applicationId), id)
        : await requestForInfoFields(ctx.db, user(request), id);
      const stored = await findApplication(ctx.db, row.application_id);
      if (!stored) throw notFound('Application not found');
      return {
        subTaskId: row.sub_task_id,
        application_id: row.application_id,
        status: row.status,
        answeredAt: row.answered_at === null ? null : new Date(row.answered_at).toISOString(),
        fields: (await requestedFields(ctx, stored))(row.fields),
      };
    },
  );
};
