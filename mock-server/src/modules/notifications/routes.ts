// Spec §7 "Notifications" over HTTP: the web-push subscription. Live events are in src/socket.

import { API_PATHS, Roles } from '@originate/contract';
import type { FastifyPluginAsync } from 'fastify';
import { caller, type PluginOptions } from '../../context';
import { forbidden } from '../../errors';
import { idString, nonEmptyString, objectSchema } from '../../http/schemas';
import { type PushSubscription, saveSubscription } from './push-subscriptions';

const subscriptionSchema = {
  type: 'object',
  properties: {
    endpoint: { type: 'string', minLength: 1, maxLength: 2048, pattern: '^https?://' },
    expirationTime: { type: ['number', 'null'] },
    keys: objectSchema({ p256dh: nonEmptyString(512), auth: nonEmptyString(512) }),
  },
  required: ['endpoint', 'keys'],
  additionalProperties: false,
} as const;

export const notificationsRoutes: FastifyPluginAsync<PluginOptions> = async (app, { ctx }) => {
  app.post<{ Body: { subscription: PushSubscription; userId: string } }>(
    API_PATHS.notificationSubscription,
    { schema: { body: objectSchema({ subscription: subscriptionSchema, userId: idString }) } },
    async (request) => {
      const { user } = caller(request);
      if (request.body.userId !== user.userid) throw forbidden('You may only subscribe yourself');
      if (!user.roles.includes(Roles.NOTIFICATION)) throw forbidden('Notifications need the NOTIFICATION role');
      const { subscription } = request.body;
      return saveSubscription(ctx.db, user.userid, subscription, ctx.now());
    },
  );
};
