// Notifications of spec §3: stored per recipient; 'count' is always the recipient's uncounted ones.
import { randomUUID } from 'node:crypto';
import {
  formatBankDateTime,
  type Notification,
  type NotificationKind,
  type NotificationStatusName,
  relativeTime,
} from '@originate/contract';
import type { Queryable } from '../../db';

interface NotificationRow extends Record<string, unknown> {
  id: string;
  kind: NotificationKind;
  status_name: NotificationStatusName | null;
  application_id: string | null;
  message: string;
  status: '0' | '1';
  is_counted: boolean;
  created_at: Date | string;
  username: string;
  /** The bank's time zone (migration 040's bank_zone(): config bankTimeZone). */
  zone: string;
}

// 'username' names who caused the notification (its avatar); system notifications fall back to the recipient.
const SELECT = `SELECT n.id, n.kind, n.status_name, n.application_id, n.message, n.status, n.is_counted, n.created_at,
                       COALESCE(a.display_name, u.display_name) AS username, bank_zone() AS zone
                  FROM notifications n
                  JOIN users u ON u.userid = n.user_id
                  LEFT JOIN users a ON a.userid = n.actor_id`;

const NOTIFICATION_PAGE = 50;

/** The wire form (spec §3 Notification): timeText is relative to `now`, the moment it is sent. */
function toNotification(row: NotificationRow, now: Date): Notification {
  const metadata: Notification['metadata'] = { type: row.kind };
  if (row.status_name) metadata.status = row.status_name;
  if (row.application_id) metadata.application_id = row.application_id;
  const createdAt = new Date(row.created_at);
  return {
    notificationId: row.id,
    _id: row.id,
    createdAT: createdAt.toISOString(),
    status: row.status,
    isCounted: row.is_counted,
    metadata,
    messages: row.message,
    username: row.username,
    timeText: relativeTime(createdAt, now, row.zone),
    // Spec §9 date-time format, on the bank's clock.
    createdDate: formatBankDateTime(createdAt, row.zone),
  };
}

export interface NewNotification {
  userId: string;
  /** The user whose action caused it; absent for system notifications. */
  actorId?: string;
  kind: NotificationKind;
  statusName?: NotificationStatusName;
  applicationId?: string;
  message: string;
  createdAt: Date;
}

export async function insertNotification(tx: Queryable, n: NewNotification): Promise<Notification> {
  const id = randomUUID();
  await tx.query(
    `INSERT INTO notifications (id, user_id, actor_id, kind, status_name, application_id, message, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [id, n.userId, n.actorId ?? null, n.kind, n.statusName ?? null, n.applicationId ?? null, n.message, n.createdAt],
  );
  const [row] = await tx.query<NotificationRow>(`${SELECT} WHERE n.id = $1`, [id]);
  if (!row) throw new Error('notification vanished after insert');
  // Sent live the moment it is made.
  return toNotification(row, n.createdAt);
}

export async function uncountedCount(db: Queryable, userId: string): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM notifications WHERE user_id = $1 AND NOT is_counted',
    [userId],
  );
  return row?.count ?? 0;
}

/** Newest first; timeText relative to `now`. */
export async function latestNotifications(
  db: Queryable,
  userId: string,
  now: Date,
  limit = NOTIFICATION_PAGE,
): Promise<Notification[]> {
  const rows = await db.query<NotificationRow>(
    `${SELECT} WHERE n.user_id = $1 ORDER BY n.created_at DESC, n.id LIMIT $2`,
    [userId, limit],
  );
  return rows.map((row) => toNotification(row, now));
}

/** Marks all of the user's notifications counted; returns the ids that changed. */
export async function markAllCounted(db: Queryable, userId: string): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    'UPDATE notifications SET is_counted = true WHERE user_id = $1 AND NOT is_counted RETURNING id',
    [userId],
  );
  return rows.map((r) => r.id);
}

/** Changes one notification of the user; false when it is not theirs or does not exist. */
export async function updateOwn(
  db: Queryable,
  userId: string,
  notificationId: string,
  change: 'counted' | 'viewed' | 'delete',
): Promise<boolean> {
  const sql = {
    counted: 'UPDATE notifications SET is_counted = true WHERE id = $1 AND user_id = $2 RETURNING id',
    viewed: "UPDATE notifications SET status = '1' WHERE id = $1 AND user_id = $2 RETURNING id",
    delete: 'DELETE FROM notifications WHERE id = $1 AND user_id = $2 RETURNING id',
  }[change];
  return (await db.query(sql, [notificationId, userId])).length > 0;
}

/** Mark-all-unread: every notification of the user back to status '0', and counted (spec §4). */
export async function markAllUnread(db: Queryable, userId: string): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    "UPDATE notifications SET status = '0', is_counted = true WHERE user_id = $1 RETURNING id",
    [userId],
  );
  return rows.map((r) => r.id);
}
