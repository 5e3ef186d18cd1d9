// Application actions (spec §4, §7; README "State machine"): the contract's applyAction decides where an action
// leads and actionPermission who may take it; this service checks both, applies the effects on tasks and
// stage in one transaction with its worklog and audit rows, and collects the notifications to send.
import { randomUUID } from 'node:crypto';
import {
  type ActionAnswer,
  type ActionState,
  type ApplicationAction,
  type ApplicationActionBody,
  type AssignAction,
  actionPermission,
  applyAction,
  assignRefusal,
  CLOSED_STAGE,
  COMPLETION_ERRORS,
  type CompletionError,
  futureTimeProblem,
  type RebookAnswer,
  type RebookBody,
  rebookRefusal,
  type Team,
} from '@originate/contract';
import type { Db, Queryable } from '../../db';
import { conflict, forbidden, HttpError, invalid } from '../../http/errors';
import type { UserRecord } from '../../platform/context';
import {
  addWorklog,
  currentTask,
  type Effects,
  iso,
  newEffects,
  notifyTeam,
  notifyUser,
  recordAudits,
  type TaskRow,
} from '../applications';
import { findUserById } from '../users';
import { nextStep } from './workflow';
import { loadTaskContext, type TaskContext } from './write-context';

const CHANGED_MEANWHILE = 'The application changed meanwhile; reload and try again';

/** What the state machine needs of a task (the contract's ActionState). */
export function stateOf(ctx: TaskContext): ActionState {
  return {
    status: ctx.stored.application._applicationStatus,
    progress: ctx.task.progress,
    assigned: ctx.task.assigned_to !== null,
    callbackRequested: ctx.task.callback_requested,
    hasPreviousStep: ctx.hasPreviousStep,
  };
}

const COMPLETION_REASONS: Record<CompletionError, (n: number) => string> = {
  EXCEPTIONS_RAISED_PENDING_FOR_APPROVAL: (n) => `${n} raised exception(s) still await approval`,
  APPROVALS_PENDING: (n) => `${n} approval(s) are still pending`,
  QUERIES_PENDING: (n) => `${n} query(ies) are still open`,
};

/**
 * 409 whose message is the completion error's name (the browser shows it as such) and whose one error
 * item says how many are outstanding.
 */
const completionRefused = (error: CompletionError, n: number) =>
  new HttpError(409, { code: 409, message: error, errors: [{ label: error, reason: COMPLETION_REASONS[error](n) }] });

/** Spec §4 completion errors, in COMPLETION_ERRORS order; checked inside the completing transaction. */
async function checkCompletion(tx: Queryable, applicationId: string): Promise<void> {
  const [counts] = await tx.query<{ exceptions: number; approvals: number; queries: number }>(
    `SELECT (SELECT count(*)::int FROM approvals WHERE application_id = $1 AND status = 'PENDING' AND kind = 'EXCEPTION') AS exceptions,
            (SELECT count(*)::int FROM approvals WHERE application_id = $1 AND status = 'PENDING' AND kind = 'APPROVAL') AS approvals,
            (SELECT count(*)::int FROM sub_tasks WHERE application_id = $1 AND status = 'OPEN') AS queries`,
    [applicationId],
  );
  const pending: Record<CompletionError, number> = {
    EXCEPTIONS_RAISED_PENDING_FOR_APPROVAL: counts?.exceptions ?? 0,
    APPROVALS_PENDING: counts?.approvals ?? 0,
    QUERIES_PENDING: counts?.queries ?? 0,
  };
  for (const error of COMPLETION_ERRORS) if (pending[error] > 0) throw completionRefused(error, pending[error]);
}

/** A task id no other task of the application has: TSK-<app>-<step>, then TSK-<app>-<step>.<n> for a step run again. */
async function newTaskId(tx: Queryable, applicationId: string, stepNumber: number): Promise<string> {
  const base = `TSK-${applicationId}-${stepNumber}`;
  const [row] = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM tasks WHERE application_id = $1 AND (task_id = $2 OR task_id LIKE $2 || '.%')`,
    [applicationId, base],
  );
  const n = row?.n ?? 0;
  const id = n === 0 ? base : `${base}.${n + 1}`;
  // A fixed id may exceed the id length of 64 for a very long application id: a random one then.
  return id.length <= 64 ? id : `TSK-${randomUUID()}`;
}

interface NewTask {
  applicationId: string;
  name: string;
  stepName: string;
  stepNumber: number;
  type: TaskRow['type'];
  assignedTo: string | null;
  team: readonly Team[];
  at: Date;
}

async function openTask(tx: Queryable, t: NewTask): Promise<string> {
  const taskId = await newTaskId(tx, t.applicationId, t.stepNumber);
  await tx.query(
    `INSERT INTO tasks (task_id, application_id, name, step_name, step_number, type, progress, assigned_to, assigned_team,
       allowed_users, start_time, mod_time, assigned_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, '[]'::jsonb, $10, $10, $11)`,
    [
      taskId,
      t.applicationId,
      t.name,
      t.stepName,
      t.stepNumber,
      t.type,
      t.assignedTo ? 'In Progress' : 'Pending',
      t.assignedTo,
      JSON.stringify(t.team),
      t.at,
      t.assignedTo ? t.at : null,
    ],
  );
  return taskId;
}

const ASSIGN_ACTIONS: readonly ApplicationAction[] = ['assign', 'reassign'];

/**
 * One application action by `user`: 403 when the caller may not (nothing changes), 409 when it does not
 * apply to the application's state (or a completion error), else the change with its worklog, audits and
 * notifications.
 */
export async function performAction(
  db: Db,
  user: UserRecord,
  action: ApplicationAction,
  body: ApplicationActionBody,
  now: Date,
): Promise<{ result: ActionAnswer; effects: Effects }> {
  const ctx = await loadTaskContext(db, user, body.application_id, body.taskId);
  const { stored, task } = ctx;
  const app = stored.application;
  const status = app._applicationStatus;

  let target: UserRecord | null = null;
  if (ASSIGN_ACTIONS.includes(action)) {
    if (body.assignTo === undefined) throw invalid('assignTo', `is required to ${action}`);
    target = await findUserById(db, body.assignTo);
    if (!target) throw invalid('assignTo', 'is not a known user');
  } else if (body.assignTo !== undefined) {
    throw invalid('assignTo', `is only for assign and reassign, not ${action}`);
  }
  if (body.callbackAt !== undefined) {
    if (action !== 'request_for_callback')
      throw invalid('callbackAt', `is only for request_for_callback, not ${action}`);
    const timeProblem = futureTimeProblem(body.callbackAt, now);
    if (timeProblem) throw invalid('callbackAt', timeProblem);
  }

  const refused = actionPermission(action, ctx.actor, status);
  if (refused) throw forbidden(`You may not ${action} this application: ${refused}`);
  if (target) {
    const misdirected = assignRefusal(action as AssignAction, user, task.assigned_team, target);
    if (misdirected) throw forbidden(`You may not ${action} this task to ${target.displayName}: ${misdirected}`);
  }
  const outcome = applyAction(action, stateOf(ctx));
  if (!outcome.ok) throw conflict(outcome.reason);
  // Reappraisal reopens the step the application closed on: its latest task, not an earlier one.
  const reappraisal = action === 'revert_stage' && status === 'COMPLETED';
  if (reappraisal) {
    const latest = currentTask(stored.tasks);
    if (latest && latest.task_id !== task.task_id) {
      throw conflict(`revert_stage reopens a completed application at its last task, ${latest.task_id}`);
    }
  }
  /** What the worklog, the audit source and the answer call the action. */
  const named = reappraisal ? 'reappraise' : action;
  if (target && task.assigned_to === target.userid) throw invalid('assignTo', 'is already the assignee');

  const effects = newEffects();
  const result = await db.transaction(async (tx): Promise<ActionAnswer> => {
    // The guards on the state read above make a racing second action fail instead of both succeeding.
    const appUpdated = await tx.query(
      'UPDATE applications SET mod_time = $3 WHERE application_id = $1 AND status = $2 RETURNING application_id',
      [app.application_id, status, now],
    );
    const taskGuard = await tx.query(
      `SELECT task_id FROM tasks WHERE task_id = $1 AND progress = $2 AND assigned_to IS NOT DISTINCT FROM $3
          AND callback_requested = $4 FOR UPDATE`,
      [task.task_id, task.progress, task.assigned_to, task.callback_requested],
    );
    if (appUpdated.length === 0 || taskGuard.length === 0) throw conflict(CHANGED_MEANWHILE);

    let stage = app.appLifeCycle?.stage ?? task.step_name;
    let newStatus = outcome.status;
    let assignedTo = task.assigned_to;
    let nextTaskId: string | null = null;
    let notificationId: string | null = null;
    const closing =
      outcome.progress !== task.progress && ['Completed', 'Rejected', 'Cancelled'].includes(outcome.progress);
    const notice = (statusName: 'AssignedToUser' | 'AssignedToTeam', message: string) => ({
      actorId: user.userid,
      applicationId: app.application_id,
      statusName,
      message,
      at: now,
    });
    const label = `Application ${app.application_id} (${app.product_name})`;

    if (action === 'complete_step/user') await checkCompletion(tx, app.application_id);

    if (target) {
      assignedTo = target.userid;
      await tx.query(
        `INSERT INTO assignments (application_id, task_id, action, assigned_from, assigned_to, assigned_by, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [app.application_id, task.task_id, action, task.assigned_to, target.userid, user.userid, now],
      );
      const verb = action === 'assign' ? 'assigned' : 'reassigned';
      const sent = effects.notifications.length;
      await notifyUser(
        tx,
        effects,
        target.userid,
        notice('AssignedToUser', `${label} has been ${verb} to you by ${user.displayName}`),
      );
      notificationId = effects.notifications[sent]?.notification.notificationId ?? null;
    }
    if (action === 'release') {
      assignedTo = null;
      await notifyTeam(
        tx,
        effects,
        task.assigned_team,
        notice('AssignedToTeam', `${label} is waiting in your team's queue (released by ${user.displayName})`),
      );
    }

    await tx.query(
      `UPDATE tasks SET progress = $2, assigned_to = $3, callback_requested = $4,
              callback_at = CASE WHEN $4 THEN $5::timestamptz ELSE NULL END,
              assigned_at = CASE WHEN $3::text IS NULL THEN NULL WHEN $3 IS DISTINCT FROM assigned_to THEN $6 ELSE assigned_at END,
              end_time = CASE WHEN $7 THEN $6 WHEN $2 IN ('In Progress', 'Pending') THEN NULL ELSE end_time END,
              mod_time = $6
        WHERE task_id = $1`,
      [
        task.task_id,
        outcome.progress,
        assignedTo,
        outcome.callbackRequested,
        body.callbackAt ?? task.callback_at ?? null,
        now,
        closing,
      ],
    );

    if (action === 'revert_stage') {
      // Back to the step before (reappraisal: the last step again), to whoever completed it (In
      // Progress), or its queue when nobody did.
      const [previous] = reappraisal
        ? [task]
        : await tx.query<TaskRow>(
            `SELECT task_id, name, step_name, step_number, type, assigned_to, assigned_team FROM tasks
              WHERE application_id = $1 AND step_number < $2 ORDER BY step_number DESC, start_time DESC LIMIT 1`,
            [app.application_id, task.step_number],
          );
      if (!previous) throw conflict('revert_stage does not apply: the task is at the first step');
      nextTaskId = await openTask(tx, {
        applicationId: app.application_id,
        name: previous.name,
        stepName: previous.step_name,
        stepNumber: previous.step_number,
        type: previous.type,
        assignedTo: previous.assigned_to,
        team: previous.assigned_team,
        at: now,
      });
      stage = previous.step_name;
      const why = reappraisal ? 'reopened for reappraisal at' : 'sent back to';
      if (previous.assigned_to) {
        await notifyUser(
          tx,
          effects,
          previous.assigned_to,
          notice('AssignedToUser', `${label} was ${why} ${previous.step_name} by ${user.displayName}`),
        );
      } else {
        await notifyTeam(
          tx,
          effects,
          previous.assigned_team,
          notice('AssignedToTeam', `${label} is back in your team's queue at ${previous.step_name}`),
        );
      }
    }

    if (action === 'complete_step/user') {
      const next = nextStep(task.step_number);
      if (next) {
        const team = next.team ?? task.assigned_team;
        nextTaskId = await openTask(tx, {
          applicationId: app.application_id,
          name: next.name,
          stepName: next.stepName,
          stepNumber: next.stepNumber,
          type: next.type,
          assignedTo: null,
          team,
          at: now,
        });
        stage = next.stepName;
        await notifyTeam(
          tx,
          effects,
          team,
          notice('AssignedToTeam', `${label} is waiting in your team's queue at ${next.stepName}`),
        );
      } else {
        newStatus = 'COMPLETED';
        stage = CLOSED_STAGE;
      }
    }

    const before = { _applicationStatus: status, stage: app.appLifeCycle?.stage ?? null };
    await tx.query('UPDATE applications SET status = $2, stage = $3 WHERE application_id = $1', [
      app.application_id,
      newStatus,
      stage,
    ]);
    const changes = [
      { fieldKey: '_applicationStatus', oldValue: before._applicationStatus, newValue: newStatus },
      { fieldKey: 'stage', oldValue: before.stage, newValue: stage },
      { fieldKey: `task.${task.task_id}.progress`, oldValue: task.progress, newValue: outcome.progress },
      { fieldKey: `task.${task.task_id}.assignedTo`, oldValue: task.assigned_to, newValue: assignedTo },
    ].filter((c) => c.oldValue !== c.newValue);
    await recordAudits(tx, app.application_id, changes, { userId: user.userid, source: `action:${named}` }, now);
    await addWorklog(tx, {
      applicationId: app.application_id,
      taskId: task.task_id,
      userId: user.userid,
      action: named,
      detail: {
        from: { status, progress: task.progress, assignedTo: task.assigned_to },
        to: { status: newStatus, progress: outcome.progress, assignedTo, stage },
        ...(body.comment ? { comment: body.comment } : {}),
        ...(nextTaskId ? { nextTaskId } : {}),
        ...(body.callbackAt ? { callbackAt: body.callbackAt } : {}),
      },
      at: now,
    });
    effects.changed.set(app.application_id, now);
    return {
      message: `${named} done on application ${app.application_id}`,
      application_id: app.application_id,
      taskId: task.task_id,
      status: newStatus,
      stage,
      progress: outcome.progress,
      nextTaskId,
      assignedTo,
      notificationId,
    };
  });
  return { result, effects };
}

/**
 * Rebook (POST /backstage/rebook): the task's open callback moves to `callbackAt`. Who may is
 * complete_callback's rule, where it applies the contract's rebookRefusal (409); the change is guarded like an
 * action's, audited (`task.<id>.callbackAt`) and logged.
 */
export async function rebookCallback(
  db: Db,
  user: UserRecord,
  body: RebookBody,
  now: Date,
): Promise<{ result: RebookAnswer; effects: Effects }> {
  const ctx = await loadTaskContext(db, user, body.application_id, body.taskId);
  const { stored, task } = ctx;
  const app = stored.application;
  const refused = actionPermission('complete_callback', ctx.actor, app._applicationStatus);
  if (refused) throw forbidden(`You may not rebook this callback: ${refused}`);
  const notApplicable = rebookRefusal(stateOf(ctx));
  if (notApplicable) throw conflict(notApplicable);
  const timeProblem = futureTimeProblem(body.callbackAt, now);
  if (timeProblem) throw invalid('callbackAt', timeProblem);
  const at = new Date(body.callbackAt);
  const before = iso(task.callback_at);
  const effects = newEffects();
  await db.transaction(async (tx) => {
    // Guarded like performAction's: a change meanwhile makes this fail instead of both succeeding.
    const appUpdated = await tx.query(
      `UPDATE applications SET mod_time = $2 WHERE application_id = $1 AND status = 'ACTIVE' RETURNING application_id`,
      [app.application_id, now],
    );
    const moved = await tx.query(
      `UPDATE tasks SET callback_at = $2, mod_time = $3
        WHERE task_id = $1 AND callback_requested AND progress = $4 AND callback_at IS NOT DISTINCT FROM $5::timestamptz
        RETURNING task_id`,
      [task.task_id, at, now, task.progress, before],
    );
    if (appUpdated.length === 0 || moved.length === 0) throw conflict(CHANGED_MEANWHILE);
    await recordAudits(
      tx,
      app.application_id,
      [{ fieldKey: `task.${task.task_id}.callbackAt`, oldValue: before, newValue: at.toISOString() }],
      { userId: user.userid, source: 'action:rebook' },
      now,
    );
    await addWorklog(tx, {
      applicationId: app.application_id,
      taskId: task.task_id,
      userId: user.userid,
      action: 'rebook',
      detail: {
        from: { callbackAt: before },
        to: { callbackAt: at.toISOString() },
        ...(body.comment ? { comment: body.comment } : {}),
      },
      at: now,
    });
  });
  effects.changed.set(app.application_id, now);
  return {
    result: {
      message: `Callback for application ${app.application_id} rebooked`,
      application_id: app.application_id,
      taskId: task.task_id,
      callbackAt: at.toISOString(),
    },
    effects,
  };
}
