// Spec §7 application actions: POST /v3/application/action/{action} and complete_step/user, and POST
// /backstage/rebook (README "State machine"), and the task's review date (snooze). The rules are the contract's;
// the effects are actions.ts and snooze.ts. Ours: GET /v3/users/candidates, who an action may name (user-candidates.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  API_PATHS,
  APPLICATION_ACTIONS,
  type ApplicationAction,
  type ApplicationActionBody,
  statusUpdateAction,
} from '@originate/contract';
import {
  ActionAnswerSchema,
  ApplicationActionBodySchema,
  closed,
  ERROR_ANSWERS,
  Id,
  RebookAnswerSchema,
  RebookBodySchema,
  RemoveSnoozeBodySchema,
  SnoozeAnswerSchema,
  SnoozeBodySchema,
  StatusUpdateBodySchema,
  UserCandidatesAnswerSchema,
  UserCandidatesQuerySchema,
} from '@originate/contract/schemas';
import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import { invalid } from '../../http/errors';
import { caller, type PluginOptions } from '../../platform/context';
import { publish } from '../applications';
import { performAction, rebookCallback, stateOf } from './actions';
import { snooze } from './snooze';
import { userCandidates } from './user-candidates';
import { loadTaskContext } from './write-context';

/** assign and reassign name who gets the task: assignTo is required there. */
const AssignBodySchema = Type.Object({ ...ApplicationActionBodySchema.properties, assignTo: Id }, closed);

const OWN_PATHS: readonly ApplicationAction[] = ['assign', 'reassign', 'complete_step/user'];
const ParamsSchema = Type.Object(
  { action: Type.Union(APPLICATION_ACTIONS.filter((a) => !OWN_PATHS.includes(a)).map((a) => Type.Literal(a))) },
  closed,
);
const actionAnswers = { 200: ActionAnswerSchema, ...ERROR_ANSWERS };

export const actionsRoutes: FastifyPluginAsyncTypebox<PluginOptions> = async (app, { ctx }) => {
  async function run(action: ApplicationAction, request: FastifyRequest, body: ApplicationActionBody) {
    const { result, effects } = await performAction(
      ctx.db,
      caller(request).user,
      action,
      body,
      ctx.now(),
      ctx.announceLifecycle,
    );
    await publish(ctx, effects);
    return result;
  }

  // Static paths win over the parametric one in Fastify's router: assign and reassign keep their stricter body.
  const assignPaths = { assign: API_PATHS.assignApplication, reassign: API_PATHS.reassignApplication } as const;
  for (const action of ['assign', 'reassign'] as const) {
    app.post(assignPaths[action], { schema: { body: AssignBodySchema, response: actionAnswers } }, (request) =>
      run(action, request, request.body),
    );
  }
  app.post(
    API_PATHS.completeUserStep,
    { schema: { body: ApplicationActionBodySchema, response: actionAnswers } },
    (request) => run('complete_step/user', request, request.body),
  );
  app.post(
    API_PATHS.rebook,
    { schema: { body: RebookBodySchema, response: { 200: RebookAnswerSchema, ...ERROR_ANSWERS } } },
    async (request) => {
      const { result, effects } = await rebookCallback(ctx.db, caller(request).user, request.body, ctx.now());
      await publish(ctx, effects);
      return result;
    },
  );
  // Setting and clearing the review date are one change: clearing is a snooze without a date.
  for (const [path, body] of [
    [API_PATHS.updateSnoozeTime, SnoozeBodySchema],
    [API_PATHS.removeSnoozeTime, RemoveSnoozeBodySchema],
  ] as const) {
    app.post(path, { schema: { body, response: { 200: SnoozeAnswerSchema, ...ERROR_ANSWERS } } }, async (request) => {
      const { result, effects } = await snooze(ctx.db, caller(request).user, request.body, ctx.now());
      await publish(ctx, effects);
      return result;
    });
  }
  app.post(
    API_PATHS.applicationAction,
    { schema: { params: ParamsSchema, body: ApplicationActionBodySchema, response: actionAnswers } },
    (request) => run(request.params.action as ApplicationAction, request, request.body),
  );
  // The application service's status update (spec §7): the action that leads to the status asked for, with
  // that action's own permission and effects.
  app.post(
    API_PATHS.statusUpdate,
    { schema: { body: StatusUpdateBodySchema, response: actionAnswers } },
    async (request) => {
      const { status, ...body } = request.body;
      const task = await loadTaskContext(ctx.db, caller(request).user, body.application_id, body.taskId);
      const chosen = statusUpdateAction(status, stateOf(task));
      if (!chosen.ok) throw invalid('status', chosen.reason);
      return run(chosen.action, request, body);
    },
  );
  app.get(
    API_PATHS.userCandidates,
    {
      schema: {
        querystring: UserCandidatesQuerySchema,
        response: { 200: UserCandidatesAnswerSchema, ...ERROR_ANSWERS },
      },
    },
    async (request) => ({ users: await userCandidates(ctx.db, caller(request).user, request.query) }),
  );
};
