// Spec §7 approvals: POST /v3/application/approvals/{approve|reject|forward|send_back}, GET getApprovals,
// and ours, POST request (the assignee asks for an approval or raises an exception, at the first level of the
// product's approval matrix). Effects and rules: modules/tasks/approvals.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_PATHS, APPROVAL_ACTIONS } from '@originate/contract';
import {
  ApplicationIdQuerySchema,
  ApprovalActionBodySchema,
  ApprovalDecisionAnswerSchema,
  ApprovalsAnswerSchema,
  closed,
  ERROR_ANSWERS,
  RequestApprovalBodySchema,
  RequestedApprovalAnswerSchema,
} from '@originate/contract/schemas';
import Type from 'typebox';
import { caller, type PluginOptions } from '../../platform/context';
import { publish } from '../applications';
import { assembleCreditSummary } from '../credit-summary';
import { approvalsOf, decideApproval, requestApproval } from './approvals';

const ActionParams = Type.Object({ action: Type.Union(APPROVAL_ACTIONS.map((a) => Type.Literal(a))) }, closed);

export const approvalsRoutes: FastifyPluginAsyncTypebox<PluginOptions> = async (app, { ctx }) => {
  app.get(
    API_PATHS.getApprovals,
    { schema: { querystring: ApplicationIdQuerySchema, response: { 200: ApprovalsAnswerSchema, ...ERROR_ANSWERS } } },
    async (request) => ({
      data: await approvalsOf(ctx.db, caller(request).user, request.query.application_id),
    }),
  );

  app.post(
    API_PATHS.requestApproval,
    {
      schema: { body: RequestApprovalBodySchema, response: { 200: RequestedApprovalAnswerSchema, ...ERROR_ANSWERS } },
    },
    async (request) => {
      const { result, effects } = await requestApproval(ctx.db, caller(request).user, request.body, ctx.now());
      await publish(ctx, effects);
      return result;
    },
  );

  app.post(
    API_PATHS.approvalAction,
    {
      schema: {
        params: ActionParams,
        body: ApprovalActionBodySchema,
        response: { 200: ApprovalDecisionAnswerSchema, ...ERROR_ANSWERS },
      },
    },
    async (request) => {
      const { user } = caller(request);
      const { result, effects } = await decideApproval(
        ctx.db,
        user,
        request.params.action,
        request.body,
        ctx.now(),
        ctx.announceLifecycle,
        (applicationId) => assembleCreditSummary(ctx, user, applicationId),
      );
      await publish(ctx, effects);
      return result;
    },
  );
};
