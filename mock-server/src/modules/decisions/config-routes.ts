// A product's decision tables as setup configuration (spec §7 `/setup/configs/{type}/{name}`, type Decision, name =
// product code), versioned like the lifecycle: GET the latest or ?verNum= (staff), POST a new version (operations
// admin), and the list of versions with who saved each and when (staff). More specific than the generic
// {type}/{name} routes, which refuse type Decision.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_PATHS } from '@originate/contract';
import {
  DecisionConfigAnswerSchema,
  DecisionConfigBodySchema,
  DecisionConfigParamsSchema,
  DecisionConfigQuerySchema,
  DecisionVersionsAnswerSchema,
  DecisionVersionsQuerySchema,
  ERROR_ANSWERS,
} from '@originate/contract/schemas';
import { contractValidator } from '../../http/bodies';
import { forbidden } from '../../http/errors';
import { caller, type PluginOptions } from '../../platform/context';
import { isOpsAdmin } from '../users';
import { decisionVersions } from './config-versions';
import { DEFAULT_DECISION, readDecisionTables, saveDecisionTables } from './tables';

export const decisionConfigRoutes: FastifyPluginAsyncTypebox<PluginOptions> = async (app, { ctx }) => {
  const response = { 200: DecisionConfigAnswerSchema, ...ERROR_ANSWERS };
  app.get(
    API_PATHS.decisionConfig,
    {
      schema: { params: DecisionConfigParamsSchema, querystring: DecisionConfigQuerySchema, response },
      validatorCompiler: contractValidator,
    },
    async (request) => {
      const { name = DEFAULT_DECISION, verNum } = request.query;
      return readDecisionTables(
        ctx.db,
        request.params.product,
        name,
        verNum === undefined ? undefined : Number(verNum),
      );
    },
  );
  app.post(
    API_PATHS.decisionConfig,
    {
      schema: { params: DecisionConfigParamsSchema, body: DecisionConfigBodySchema, response },
      validatorCompiler: contractValidator,
    },
    async (request) => {
      const { user } = caller(request);
      if (!isOpsAdmin(user)) throw forbidden('Only an operations admin may change decision tables');
      return saveDecisionTables(ctx.db, request.params.product, request.body, user.userid, ctx.now());
    },
  );
  app.get(
    API_PATHS.decisionConfigVersions,
    {
      schema: {
        params: DecisionConfigParamsSchema,
        querystring: DecisionVersionsQuerySchema,
        response: { 200: DecisionVersionsAnswerSchema, ...ERROR_ANSWERS },
      },
      validatorCompiler: contractValidator,
    },
    async (request) => decisionVersions(ctx.db, request.params.product, request.query.name ?? DEFAULT_DECISION),
  );
};
