// The decision engine (spec §7 GET /decision_engine/execute/{a}/{b}: product code, decision name) and the
// application's decisions, for staff with access to the application.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_PATHS } from '@originate/contract';
import {
  ApplicationDecisionsAnswerSchema,
  ApplicationDecisionsParamsSchema,
  DecisionAnswerSchema,
  DecisionExecuteParamsSchema,
  DecisionExecuteQuerySchema,
  ERROR_ANSWERS,
} from '@originate/contract/schemas';
import { contractValidator } from '../../http/bodies';
import { caller, type PluginOptions } from '../../platform/context';
import { decisionsOf, executeDecision } from './execute';

export const decisionRoutes: FastifyPluginAsyncTypebox<PluginOptions> = async (app, { ctx }) => {
  app.get(
    API_PATHS.decisionExecute,
    {
      // Taking a decision writes it (and the risk grade): a HEAD must not.
      exposeHeadRoute: false,
      schema: {
        params: DecisionExecuteParamsSchema,
        querystring: DecisionExecuteQuerySchema,
        response: { 200: DecisionAnswerSchema, ...ERROR_ANSWERS },
      },
      validatorCompiler: contractValidator,
    },
    async (request) =>
      executeDecision(
        ctx,
        caller(request).user,
        request.params.product,
        request.params.name,
        request.query.application_id,
      ),
  );
  app.get(
    API_PATHS.applicationDecisions,
    {
      schema: {
        params: ApplicationDecisionsParamsSchema,
        response: { 200: ApplicationDecisionsAnswerSchema, ...ERROR_ANSWERS },
      },
      validatorCompiler: contractValidator,
    },
    async (request) => ({ data: await decisionsOf(ctx.db, caller(request).user, request.params.applicationId) }),
  );
};
