// POST /v3/notification/subscription: a browser's web-push subscription bound to its user.
import type { MessageAnswer } from '@originate/contract';
import { closed, Nullable } from '@originate/contract/schemas';
import Type, { type Static } from 'typebox';
import type { Db } from '../../db';
import { conflict } from '../../http/errors';
import { nonEmptyString } from '../../http/schemas';

/** A browser's PushSubscription as its toJSON() gives it. */
export const PushSubscriptionSchema = Type.Object(
  {
    endpoint: Type.String({ minLength: 1, maxLength: 2048, pattern: '^https?://' }),
    expirationTime: Type.Optional(Nullable(Type.Number())),
    keys: Type.Object({ p256dh: nonEmptyString(512), auth: nonEmptyString(512) }, closed),
  },
  closed,
);
type PushSubscription = Static<typeof PushSubscriptionSchema>;

/**
 * README "Push subscriptions": an endpoint is one browser profile. Another user may take it over (a
 * shared device) only with the same keys, which only that browser has; the old binding ends.
 */
export function saveSubscription(
  db: Db,
  userId: string,
  subscription: PushSubscription,
  now: Date,
): Promise<MessageAnswer> {
  return db.transaction(async (tx) => {
    const [bound] = await tx.query<{ user_id: string; keys: PushSubscription['keys'] }>(
      "SELECT user_id, subscription->'keys' AS keys FROM push_subscriptions WHERE endpoint = $1 FOR UPDATE",
      [subscription.endpoint],
    );
    const sameKeys = bound?.keys.p256dh === subscription.keys.p256dh && bound?.keys.auth === subscription.keys.auth;
    if (bound && bound.user_id !== userId && !sameKeys) {
      throw conflict('This push endpoint is registered to another browser; subscribe again from this one');
    }
    await tx.query(
      `INSERT INTO push_subscriptions (endpoint, user_id, subscription, created_at) VALUES ($1, $2, $3::jsonb, $4)
       ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, subscription = EXCLUDED.subscription,
         created_at = EXCLUDED.created_at`,
      [subscription.endpoint, userId, JSON.stringify(subscription), now],
    );
    return { message: 'Subscription saved' };
  });
}
