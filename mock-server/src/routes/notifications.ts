// Spec §7 "Notifications" over HTTP: the web-push subscription. Live events are in src/socket.

import { Roles } from '@originate/shared/node';
import type { FastifyPluginAsync } from 'fastify';
import { caller, type PluginOptions } from '../context';
import { forbidden } from '../errors';
import { idString, nonEmptyString, objectSchema } from './schemas';

interface PushSubscription {
  endpoint: string;
  expirationTime?: number | null;
  keys: { p256dh: string; auth: string };
}

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
    '/v3/notification/subscription',
    { schema: { body: objectSchema({ subscription: subscriptionSchema, userId: idString }) } },
    async (request) => {
      const { user } = caller(request);
      if (request.body.userId !== user.userid) throw forbidden('You may only subscribe yourself');
      if (!user.roles.includes(Roles.NOTIFICATION)) throw forbidden('Notifications need the NOTIFICATION role');
      const { subscription } = request.body;
      await ctx.db.query(
        `INSERT INTO push_subscriptions (endpoint, user_id, subscription, created_at) VALUES ($1, $2, $3::jsonb, $4)
         ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, subscription = EXCLUDED.subscription`,
        [subscription.endpoint, user.userid, JSON.stringify(subscription), ctx.now()],
      );
      return { message: 'Subscription saved' };
    },
  );
};
