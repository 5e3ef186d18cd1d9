// The worklog (Worklogs tab): one row per action on an application, written in the action's own
// transaction, so an action that rolls back leaves no row behind.
import type { Worklog } from '@originate/contract';
import type { Queryable } from '../../db';

export interface WorklogEntry {
  applicationId: string;
  taskId: string | null;
  /** Null when the applicant acted (they are no user). */
  userId: string | null;
  action: string;
  detail: Record<string, unknown>;
  at: Date;
}

export async function addWorklog(tx: Queryable, entry: WorklogEntry): Promise<void> {
  await tx.query(
    `INSERT INTO worklogs (application_id, task_id, user_id, action, detail, created_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6)`,
    [entry.applicationId, entry.taskId, entry.userId, entry.action, JSON.stringify(entry.detail), entry.at],
  );
}

interface WorklogRow extends Record<string, unknown> {
  id: string;
  task_id: string | null;
  user_id: string | null;
  display_name: string | null;
  action: string;
  detail: Record<string, unknown>;
  created_at: Date | string;
}

const WORKLOG_LIMIT = 200;

/** Newest first, at most 200 rows (an application's whole history in practice). */
export async function worklogsOf(db: Queryable, applicationId: string): Promise<Worklog[]> {
  const rows = await db.query<WorklogRow>(
    `SELECT w.id, w.task_id, w.user_id, u.display_name, w.action, w.detail, w.created_at
       FROM worklogs w LEFT JOIN users u ON u.userid = w.user_id
      WHERE w.application_id = $1 ORDER BY w.created_at DESC, w.id DESC LIMIT $2`,
    [applicationId, WORKLOG_LIMIT],
  );
  return rows.map((r) => ({
    id: String(r.id),
    taskId: r.task_id,
    userId: r.user_id,
    userName: r.display_name,
    action: r.action,
    detail: r.detail,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}
