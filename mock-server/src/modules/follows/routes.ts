// Following (contract followSchemas.ts): the follow state of one application (GET), follow (POST), unfollow
// (DELETE), each behind the application's access check; and the caller's followed applications (spec §7).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_PATHS, GLOBAL_SEARCH_PAGE_SIZE } from '@originate/contract';
import {
  ERROR_ANSWERS,
  FollowedApplicationsBodySchema,
  FollowParamsSchema,
  FollowStateAnswerSchema,
  SearchPageAnswerSchema,
} from '@originate/contract/schemas';
import { contractValidator } from '../../http/bodies';
import { caller, type PluginOptions } from '../../platform/context';
import { followedApplications } from '../lists';
import { follow, followState, unfollow } from './follows';

export const followRoutes: FastifyPluginAsyncTypebox<PluginOptions> = async (app, { ctx }) => {
  const { db } = ctx;
  const params = FollowParamsSchema;
  const response = { 200: FollowStateAnswerSchema, ...ERROR_ANSWERS };
  app.get(API_PATHS.followApplication, { schema: { params, response } }, async (request) =>
    followState(db, caller(request).user, request.params.applicationId),
  );
  app.post(API_PATHS.followApplication, { schema: { params, response } }, async (request) =>
    follow(db, caller(request).user, request.params.applicationId, ctx.now()),
  );
  app.delete(API_PATHS.followApplication, { schema: { params, response } }, async (request) =>
    unfollow(db, caller(request).user, request.params.applicationId),
  );

  app.post(
    API_PATHS.applicationsFollowed,
    {
      schema: { body: FollowedApplicationsBodySchema, response: { 200: SearchPageAnswerSchema, ...ERROR_ANSWERS } },
      validatorCompiler: contractValidator,
    },
    async (request) => {
      const { user } = caller(request);
      const { page = 0, size = GLOBAL_SEARCH_PAGE_SIZE } = request.body;
      const found = await followedApplications(
        db,
        { userid: user.userid, userName: user.userName, roles: user.roles, teams: user.teams },
        { page, size },
        ctx.now(),
      );
      return { data: found.tasks, count: found.count };
    },
  );
};
