// Following an application: staff who may see it follow it (one row per follower), unfollow it, and hear of
// its step changes (FOLLOWED notifications, collected in the changing transaction like the others).
import type { FollowState, Team } from '@originate/contract';
import type { Db, Queryable } from '../../db';
import type { UserRecord } from '../../platform/context';
import { canAccessApplication, type Effects, loadApplication, toActor, toTaskAccess } from '../applications';
import { insertNotification } from '../notifications';
import { findUserById } from '../users';

/** Whether `user` follows the application; 404 / 403 when it is not there or not theirs to see. */
export async function followState(db: Db, user: UserRecord, applicationId: string): Promise<FollowState> {
  await loadApplication(db, user, applicationId);
  const rows = await db.query('SELECT 1 FROM application_followers WHERE application_id = $1 AND user_id = $2', [
    applicationId,
    user.userid,
  ]);
  return { application_id: applicationId, following: rows.length > 0 };
}

/** Follows the application (again: no change); 404 / 403 as followState. */
export async function follow(db: Db, user: UserRecord, applicationId: string, now: Date): Promise<FollowState> {
  await loadApplication(db, user, applicationId);
  await db.query(
    `INSERT INTO application_followers (application_id, user_id, followed_at) VALUES ($1, $2, $3)
     ON CONFLICT (application_id, user_id) DO NOTHING`,
    [applicationId, user.userid, now],
  );
  return { application_id: applicationId, following: true };
}

/**
 * Stops following. A follower who has since lost access to the application may still stop; anyone else is
 * answered as followState answers them (404 / 403), so this says nothing of applications they may not see.
 */
export async function unfollow(db: Db, user: UserRecord, applicationId: string): Promise<FollowState> {
  const removed = await db.query(
    'DELETE FROM application_followers WHERE application_id = $1 AND user_id = $2 RETURNING user_id',
    [applicationId, user.userid],
  );
  if (removed.length === 0) await loadApplication(db, user, applicationId);
  return { application_id: applicationId, following: false };
}

/** Followers told of one change at most (a followed application has a handful). */
const FOLLOWERS_NOTIFY_LIMIT = 200;

export interface FollowedChange {
  applicationId: string;
  /** Who changed it; they are not told of their own change. */
  actorId?: string;
  message: string;
  at: Date;
}

/**
 * FOLLOWED notifications to the application's followers who may still see it (by its tasks as they stand in
 * `tx`, the change included), in the transaction of the change: sent once it commits (publish).
 */
export async function notifyFollowers(tx: Queryable, effects: Effects, change: FollowedChange): Promise<void> {
  const followers = await tx.query<{ user_id: string }>(
    `SELECT user_id FROM application_followers WHERE application_id = $1 AND user_id IS DISTINCT FROM $2
      ORDER BY followed_at, user_id LIMIT $3`,
    [change.applicationId, change.actorId ?? null, FOLLOWERS_NOTIFY_LIMIT],
  );
  if (followers.length === 0) return;
  const tasks = await tx.query<{ assigned_to: string | null; assigned_team: Team[]; allowed_users: string[] }>(
    'SELECT assigned_to, assigned_team, allowed_users FROM tasks WHERE application_id = $1',
    [change.applicationId],
  );
  const access = tasks.map(toTaskAccess);
  for (const { user_id } of followers) {
    const user = await findUserById(tx, user_id);
    if (!user || !canAccessApplication(toActor(user), access)) continue;
    const notification = await insertNotification(tx, {
      userId: user_id,
      actorId: change.actorId,
      kind: 'FOLLOWED',
      applicationId: change.applicationId,
      message: change.message,
      createdAt: change.at,
    });
    effects.notifications.push({ userId: user_id, notification });
  }
}
