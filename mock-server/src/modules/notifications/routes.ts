// Spec §7 "Notifications" over HTTP: the web-push subscription. Live events are in src/socket.

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_PATHS, Roles } from '@originate/contract';
import { closed, ERROR_ANSWERS, Id, MessageAnswerSchema } from '@originate/contract/schemas';
import Type from 'typebox';
import { forbidden } from '../../http/errors';
import { caller, type PluginOptions } from '../../platform/context';
import { PushSubscriptionSchema, saveSubscription } from './push-subscriptions';

export const notificationsRoutes: FastifyPluginAsyncTypebox<PluginOptions> = async (app, { ctx }) => {
  app.post(
    API_PATHS.notificationSubscription,
    {
      schema: {
        body: Type.Object({ subscription: PushSubscriptionSchema, userId: Id }, closed),
        response: { 200: MessageAnswerSchema, ...ERROR_ANSWERS },
      },
    },
    async (request) => {
      const { user } = caller(request);
      if (request.body.userId !== user.userid) throw forbidden('You may only subscribe yourself');
      if (!user.roles.includes(Roles.NOTIFICATION)) throw forbidden('Notifications need the NOTIFICATION role');
      const { subscription } = request.body;
      return saveSubscription(ctx.db, user.userid, subscription, ctx.now());
    },
  );
};
