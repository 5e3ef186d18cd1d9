// The application detail view's notes and related applications (README "Detail").
import type { ApplicationStatus, Note, NoteBody, RelatedApplication } from '@originate/contract';
import type { Db, Queryable } from '../../db';
import type { UserRecord } from '../../platform/context';
import { canAccessApplication, toActor, toTaskAccess } from './access';
import { loadApplication } from './caller-view';
import { type Effects, newEffects } from './effects';
import type { TaskRow } from './stored';
import { addWorklog } from './worklog';

interface NoteRow extends Record<string, unknown> {
  id: string;
  user_id: string;
  display_name: string;
  text: string;
  created_at: Date | string;
}

export async function notesOf(db: Queryable, user: UserRecord, applicationId: string): Promise<Note[]> {
  await loadApplication(db, user, applicationId);
  const rows = await db.query<NoteRow>(
    `SELECT n.id, n.user_id, u.display_name, n.text, n.created_at FROM notes n JOIN users u ON u.userid = n.user_id
      WHERE n.application_id = $1 ORDER BY n.created_at DESC, n.id DESC LIMIT 500`,
    [applicationId],
  );
  return rows.map((r) => ({
    id: String(r.id),
    userId: r.user_id,
    userName: r.display_name,
    text: r.text,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

/** A note by anyone with access to the application; recorded in the worklog. */
export async function addNote(db: Db, user: UserRecord, applicationId: string, body: NoteBody, now: Date) {
  await loadApplication(db, user, applicationId);
  const effects: Effects = newEffects();
  const id = await db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: string }>(
      'INSERT INTO notes (application_id, user_id, text, created_at) VALUES ($1, $2, $3, $4) RETURNING id',
      [applicationId, user.userid, body.text, now],
    );
    await addWorklog(tx, {
      applicationId,
      taskId: null,
      userId: user.userid,
      action: 'add_note',
      detail: { noteId: String(row?.id) },
      at: now,
    });
    return String(row?.id);
  });
  effects.changed.set(applicationId, now);
  return { result: { id, text: body.text, userId: user.userid, createdAt: now.toISOString() }, effects };
}

const RELATED_LIMIT = 50;

/**
 * Other applications of the same primary applicant (same mobile or e-mail), newest first, only those the
 * caller may open (indexed by migration 011).
 */
export async function relatedApplications(
  db: Queryable,
  user: UserRecord,
  applicationId: string,
): Promise<RelatedApplication[]> {
  const stored = await loadApplication(db, user, applicationId);
  const primary = (stored.application.applicant as { primary?: { mobile?: unknown; email?: unknown } }).primary ?? {};
  const mobile = typeof primary.mobile === 'string' && primary.mobile !== '' ? primary.mobile : null;
  const email = typeof primary.email === 'string' && primary.email !== '' ? primary.email.toLowerCase() : null;
  if (!mobile && !email) return [];
  const rows = await db.query<{
    application_id: string;
    product_name: string;
    status: ApplicationStatus;
    stage: string;
    applicant: { primary?: { fullName?: string } };
    cre_time: Date | string;
    tasks: TaskRow[];
  }>(
    `SELECT a.application_id, a.product_name, a.status, a.stage, a.applicant, a.cre_time,
            (SELECT coalesce(jsonb_agg(jsonb_build_object('assigned_to', t.assigned_to, 'assigned_team', t.assigned_team,
                                                          'allowed_users', t.allowed_users)), '[]')
               FROM tasks t WHERE t.application_id = a.application_id) AS tasks
       FROM applications a
      WHERE a.application_id <> $1
        AND ((a.applicant -> 'primary' ->> 'mobile') = $2 OR lower(a.applicant -> 'primary' ->> 'email') = $3)
      ORDER BY a.cre_time DESC LIMIT $4`,
    [applicationId, mobile, email, RELATED_LIMIT],
  );
  const actor = toActor(user);
  return rows
    .filter((r) => canAccessApplication(actor, r.tasks.map(toTaskAccess)))
    .map((r) => ({
      application_id: r.application_id,
      product_name: r.product_name,
      _applicationStatus: r.status,
      stage: r.stage,
      applicantName: r.applicant.primary?.fullName ?? null,
      cre_time: new Date(r.cre_time).toISOString(),
    }));
}
