// What a back-office write tells others once it has committed: notifications to the users it concerns
// (spec §9 statuses) and 'applicationChanged' for live lists. Collected inside the transaction, sent
// after it commits, so a rolled-back change notifies nobody.
import type { Notification, NotificationStatusName, Team } from '@originate/contract';
import type { Queryable } from '../../db';
import type { AppContext } from '../../platform/context';
import { insertNotification, uncountedCount } from '../notifications';
import { addWorklog, type WorklogEntry } from './worklog';

export interface Effects {
  notifications: { userId: string; notification: Notification }[];
  changed: Map<string, Date>;
}

export const newEffects = (): Effects => ({ notifications: [], changed: new Map() });

/**
 * The tail of an action on an application, in its transaction: the application's mod_time moves, the
 * worklog gets its row, and live lists hear of the change once it commits.
 */
export async function touchApplication(tx: Queryable, effects: Effects, entry: WorklogEntry): Promise<void> {
  await tx.query('UPDATE applications SET mod_time = $2 WHERE application_id = $1', [entry.applicationId, entry.at]);
  await addWorklog(tx, entry);
  effects.changed.set(entry.applicationId, entry.at);
}

/** At most this many members of a team queue are notified of one change (a queue is a handful of people). */
const TEAM_NOTIFY_LIMIT = 50;

interface Notice {
  /** Who acted; undefined: the applicant (no user). */
  actorId?: string;
  applicationId: string;
  statusName: NotificationStatusName;
  message: string;
  at: Date;
}

/** One user; nobody is told about their own action. */
export async function notifyUser(tx: Queryable, effects: Effects, userId: string, notice: Notice): Promise<void> {
  if (userId === notice.actorId) return;
  const notification = await insertNotification(tx, {
    userId,
    actorId: notice.actorId,
    kind: 'ASSIGNED',
    statusName: notice.statusName,
    applicationId: notice.applicationId,
    message: notice.message,
    createdAt: notice.at,
  });
  effects.notifications.push({ userId, notification });
}

/** The members of a queue's teams (those named in the team, not allTeams holders), the actor left out. */
export async function notifyTeam(
  tx: Queryable,
  effects: Effects,
  teams: readonly Team[],
  notice: Notice,
): Promise<void> {
  if (teams.length === 0) return;
  const members = await tx.query<{ user_id: string }>(
    `SELECT DISTINCT user_id FROM user_teams WHERE team_id = ANY($1::text[]) AND user_id IS DISTINCT FROM $2
      ORDER BY user_id LIMIT $3`,
    [teams.map((t) => t.id), notice.actorId ?? null, TEAM_NOTIFY_LIMIT],
  );
  for (const { user_id } of members) {
    const notification = await insertNotification(tx, {
      userId: user_id,
      actorId: notice.actorId,
      kind: 'TEAM',
      statusName: notice.statusName,
      applicationId: notice.applicationId,
      message: notice.message,
      createdAt: notice.at,
    });
    effects.notifications.push({ userId: user_id, notification });
  }
}

/** Sends what a committed change collected. */
export async function publish(ctx: Pick<AppContext, 'db' | 'hub'>, effects: Effects): Promise<void> {
  for (const { userId, notification } of effects.notifications) {
    ctx.hub.emit('notification', userId, notification, await uncountedCount(ctx.db, userId));
  }
  for (const [applicationId, at] of effects.changed)
    ctx.hub.emit('applicationChanged', applicationId, at.toISOString());
}
