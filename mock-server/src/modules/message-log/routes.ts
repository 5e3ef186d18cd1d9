// GET applicationMessages (README "Messages"): an application's delivery log, for staff who may see the
// application (the access check of its documents); applicants are refused like on every staff route.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_PATHS } from '@originate/contract';
import {
  ApplicationMessagesAnswerSchema,
  ApplicationMessagesParamsSchema,
  ERROR_ANSWERS,
} from '@originate/contract/schemas';
import type { PluginOptions } from '../../platform/context';
import { applicationFor } from '../applications';
import { deliveryLog } from '../messages';

export const messageLogRoutes: FastifyPluginAsyncTypebox<PluginOptions> = async (app, { ctx }) => {
  app.get(
    API_PATHS.applicationMessages,
    {
      schema: {
        params: ApplicationMessagesParamsSchema,
        response: { 200: ApplicationMessagesAnswerSchema, ...ERROR_ANSWERS },
      },
    },
    async (request) => {
      const { applicationId } = request.params;
      await applicationFor(ctx, request, applicationId);
      return { messages: await deliveryLog(ctx.db, ctx.config.messages, applicationId) };
    },
  );
};
