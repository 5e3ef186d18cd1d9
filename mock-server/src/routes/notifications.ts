// Spec §7 "Notifications" over HTTP: the web-push subscription. Live events are in src/socket.

import { API_PATHS, Roles } from '@originate/shared/node';
import type { FastifyPluginAsync } from 'fastify';
import { caller, type PluginOptions } from '../context';
import { conflict, forbidden } from '../errors';
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
    API_PATHS.notificationSubscription,
    { schema: { body: objectSchema({ subscription: subscriptionSchema, userId: idString }) } },
    async (request) => {
      const { user } = caller(request);
      if (request.body.userId !== user.userid) throw forbidden('You may only subscribe yourself');
      if (!user.roles.includes(Roles.NOTIFICATION)) throw forbidden('Notifications need the NOTIFICATION role');
      const { subscription } = request.body;
      // README "Push subscriptions": an endpoint is one browser profile. Another user may take it over
      // (a shared device) only with the same keys, which only that browser has; the old binding ends.
      return ctx.db.transaction(async (tx) => {
        const [bound] = await tx.query<{ user_id: string; keys: PushSubscription['keys'] }>(
          "SELECT user_id, subscription->'keys' AS keys FROM push_subscriptions WHERE endpoint = $1 FOR UPDATE",
          [subscription.endpoint],
        );
        const sameKeys = bound?.keys.p256dh === subscription.keys.p256dh && bound?.keys.auth === subscription.keys.auth;
        if (bound && bound.user_id !== user.userid && !sameKeys) {
          throw conflict('This push endpoint is registered to another browser; subscribe again from this one');
        }
        await tx.query(
          `INSERT INTO push_subscriptions (endpoint, user_id, subscription, created_at) VALUES ($1, $2, $3::jsonb, $4)
           ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, subscription = EXCLUDED.subscription,
             created_at = EXCLUDED.created_at`,
          [subscription.endpoint, user.userid, JSON.stringify(subscription), ctx.now()],
        );
        return { message: 'Subscription saved' };
      });
    },
  );
};
