// The product lifecycle as setup configuration (spec §7 `/setup/configs/{type}/{name}`, type Workflow, name =
// product code): GET the latest version or ?verNum=, for staff; POST a new version, for an operations admin.
// These routes are more specific than the generic {type}/{name} ones, which refuse type Workflow.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_PATHS } from '@originate/contract';
import {
  ERROR_ANSWERS,
  LifecycleBodySchema,
  LifecycleParamsSchema,
  LifecycleQuerySchema,
  LifecycleSavedSchema,
  LifecycleSchema,
} from '@originate/contract/schemas';
import { forbidden } from '../../http/errors';
import { caller, type PluginOptions } from '../../platform/context';
import { isOpsAdmin } from '../users';
import { readLifecycle, saveLifecycle } from './store';

export const lifecycleRoutes: FastifyPluginAsyncTypebox<PluginOptions> = async (app, { ctx }) => {
  const { db } = ctx;

  app.get(
    API_PATHS.lifecycleConfig,
    {
      schema: {
        params: LifecycleParamsSchema,
        querystring: LifecycleQuerySchema,
        response: { 200: LifecycleSchema, ...ERROR_ANSWERS },
      },
    },
    (request) => {
      const { verNum } = request.query;
      return readLifecycle(db, request.params.product, verNum === undefined ? undefined : Number(verNum));
    },
  );

  app.post(
    API_PATHS.lifecycleConfig,
    {
      schema: {
        params: LifecycleParamsSchema,
        body: LifecycleBodySchema,
        response: { 200: LifecycleSavedSchema, ...ERROR_ANSWERS },
      },
    },
    (request) => {
      const { user } = caller(request);
      if (!isOpsAdmin(user)) throw forbidden('Only an operations admin may change a lifecycle');
      return saveLifecycle(db, request.params.product, request.body, user.userid, ctx.now());
    },
  );
};
