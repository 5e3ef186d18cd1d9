// What the application detail view reads (README "Detail"): the task configuration (current task,
// sub-status, tabs, actions the caller may take, all from the contract's rules), notes and related applications.
import {
  APPLICATION_ACTIONS,
  type ApplicationStatus,
  actionPermission,
  applyAction,
  type Note,
  type NoteBody,
  type RelatedApplication,
  type TaskConfigsAnswer,
  taskActionsFor,
  taskSubStatus,
  visibleTabs,
} from '@originate/contract';
import type { Db, Queryable } from '../../db';
import { invalid } from '../../errors';
import { operationalLevelAgreement } from '../lists';
import { actorOn, loadApplication, stateOf, WORKFLOW_STEPS } from '../tasks';
import { findUserById, type UserRecord } from '../users';
import { canAccessApplication, toActor, toTaskAccess } from './access';
import { currentTask, iso, type StoredApplication, type TaskRow } from './applications';
import { type Effects, newEffects } from './effects';
import { addWorklog } from './worklog';

/**
 * Spec §5: editing is disabled when the application's stage differs from the task's step. Access control
 * is per field (FieldConfig.accessControl: the form shows those fields read only, staff saves refuse
 * changes to them), so it never disables the whole form.
 */
function editingDisabledOn(stored: StoredApplication, task: TaskRow): boolean {
  return (stored.application.appLifeCycle?.stage ?? '') !== task.step_name;
}

/** GET /v3/taskconfigs/getConfigs: the named task (taskId, or the latest of stepNumber), else the current one. */
export async function taskConfigs(
  db: Queryable,
  user: UserRecord,
  applicationId: string,
  pick: { taskId?: string; stepNumber?: number },
  now: Date,
): Promise<TaskConfigsAnswer> {
  const stored = await loadApplication(db, user, applicationId);
  let task: TaskRow | null;
  if (pick.taskId !== undefined) {
    task = stored.tasks.find((t) => t.task_id === pick.taskId) ?? null;
    if (!task) throw invalid('taskId', `is not a task of application ${applicationId}`);
  } else if (pick.stepNumber !== undefined) {
    task = currentTask(stored.tasks.filter((t) => t.step_number === pick.stepNumber));
    if (!task) throw invalid('stepNumber', `is not a step of application ${applicationId}`);
  } else {
    task = currentTask(stored.tasks);
  }
  const app = stored.application;
  const stage = app.appLifeCycle?.stage ?? '';
  const actor = actorOn(user, stored, task);
  if (!task) {
    return { application_id: applicationId, status: app._applicationStatus, stage, task: null, assigned: false };
  }
  const first = Math.min(...stored.tasks.map((t) => t.step_number));
  const hasPreviousStep = task.step_number > first;
  const subStatus = taskSubStatus(task.progress, task.callback_requested, iso(task.review_date), now);
  const editingDisabled = editingDisabledOn(stored, task);
  const state = stateOf({ stored, task, actor, hasPreviousStep });
  const sla = operationalLevelAgreement(task, now);
  const assignee = task.assigned_to ? await findUserById(db, task.assigned_to) : null;
  const actions = APPLICATION_ACTIONS.filter(
    (a) => applyAction(a, state).ok && actionPermission(a, actor, app._applicationStatus) === null,
  );
  return {
    application_id: applicationId,
    status: app._applicationStatus,
    stage,
    task: {
      taskId: task.task_id,
      name: task.name,
      stepName: task.step_name,
      stepNumber: task.step_number,
      type: task.type,
      progress: task.progress,
      assignedTo: task.assigned_to,
      assignedToName: assignee?.displayName ?? null,
      assignedTeam: task.assigned_team,
      allowedUsers: task.allowed_users,
      reviewDate: iso(task.review_date),
      callbackRequested: task.callback_requested,
      callbackAt: iso(task.callback_at),
      start_time: iso(task.start_time) as string,
      end_time: iso(task.end_time),
      due_time: sla.overall.timeLimit.expectedEndTS,
      operationalLevelAgreement: sla,
    },
    subStatus,
    editingDisabled,
    hasPreviousStep,
    assigned: actor.assigned,
    tabs: visibleTabs({
      status: app._applicationStatus,
      subStatus,
      roles: user.roles,
      assigned: actor.assigned,
      editingDisabled,
    }),
    taskActions: taskActionsFor(
      {
        status: app._applicationStatus,
        progress: task.progress,
        assignedTo: task.assigned_to,
        callbackRequested: task.callback_requested,
        hasPreviousStep,
      },
      actor,
    ),
    actions,
    steps: WORKFLOW_STEPS.map((s) => ({ stepNumber: s.stepNumber, stepName: s.stepName })),
  };
}

/**
 * Why a staff save of this application is refused (spec §5, §6: the Save tab's own rule), or null. An
 * application with no task yet (a draft before submission) is judged by access alone.
 */
export function staffEditRefusal(stored: StoredApplication, user: UserRecord): string | null {
  const task = currentTask(stored.tasks);
  if (!task) return null;
  const app = stored.application;
  if (!actorOn(user, stored, task).assigned) {
    return 'Editing is disabled: this application is not assigned to you (its task must be yours, In Progress, and the application ACTIVE)';
  }
  if (editingDisabledOn(stored, task)) {
    const stage = app.appLifeCycle?.stage ?? '';
    return `Editing is disabled: the application's stage (${stage}) differs from the task's step (${task.step_name})`;
  }
  return null;
}

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
