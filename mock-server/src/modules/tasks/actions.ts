// Application actions (spec §4, §7; README "State machine"): the contract's applyAction decides where an action
// leads and actionPermission who may take it; this service checks both, applies the effects on tasks and
// stage in one transaction with its worklog and audit rows, and collects the notifications to send.
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
  type Lifecycle,
  type LifecycleRef,
  nextTasks,
  type RebookAnswer,
  type RebookBody,
  rebookRefusal,
  stepDone,
  stepOf,
  type Team,
} from '@originate/contract';
import type { Db, Queryable } from '../../db';
import { conflict, forbidden, HttpError, invalid } from '../../http/errors';
import type { LifecycleAnnouncer, UserRecord } from '../../platform/context';
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
import { notifyFollowers } from '../follows';
import { lifecycleOf } from '../lifecycle';
import { findUserById } from '../users';
import { branchOf, newTaskId, openStep, type Reopen, type StepTarget } from './workflow';
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

interface NewTask {
  applicationId: string;
  name: string;
  stepName: string;
  stepNumber: number;
  type: TaskRow['type'];
  assignedTo: string | null;
  team: readonly Team[];
  at: Date;
  /** The reopened task's limits, clock and blocking, as it had them. */
  sla: Pick<TaskRow, 'blocking' | 'sla_clock' | 'sla_queued_mins' | 'sla_assigned_mins' | 'sla_overall_mins'>;
}

/** One task opened again as it was (reappraisal, or a step its lifecycle version does not have). */
async function openTask(tx: Queryable, t: NewTask): Promise<string> {
  const taskId = await newTaskId(tx, t.applicationId, t.stepNumber);
  await tx.query(
    `INSERT INTO tasks (task_id, application_id, name, step_name, step_number, type, progress, assigned_to, assigned_team,
       allowed_users, start_time, mod_time, assigned_at, blocking, sla_clock, sla_queued_mins, sla_assigned_mins,
       sla_overall_mins)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, '[]'::jsonb, $10, $10, $11, $12, $13, $14, $15, $16)`,
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
      t.sla.blocking,
      t.sla.sla_clock,
      t.sla.sla_queued_mins,
      t.sla.sla_assigned_mins,
      t.sla.sla_overall_mins,
    ],
  );
  return taskId;
}

/** The lifecycle version an application records (doc.lifecycle), if any. */
const lifecycleRefOf = (app: object): Partial<LifecycleRef> | undefined =>
  (app as { lifecycle?: Partial<LifecycleRef> }).lifecycle;

/** Who had each task of step `stepNumber` last, by task name: a step returned to goes back to them. */
export async function lastHolders(
  tx: Queryable,
  applicationId: string,
  stepNumber: number,
): Promise<Map<string, Reopen>> {
  const rows = await tx.query<{ name: string; assigned_to: string | null; assigned_team: Team[] }>(
    `SELECT DISTINCT ON (name) name, assigned_to, assigned_team FROM tasks
      WHERE application_id = $1 AND step_number = $2 ORDER BY name, start_time DESC`,
    [applicationId, stepNumber],
  );
  return new Map(rows.map((r) => [r.name, { assignedTo: r.assigned_to, team: r.assigned_team }]));
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
  announce: LifecycleAnnouncer,
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

  // The version the application started with: its steps, whatever was saved since.
  const lifecycle: Lifecycle | null = ['complete_step/user', 'revert_stage'].includes(action)
    ? await lifecycleOf(db, app.product_code, lifecycleRefOf(app))
    : null;
  // Without a lifecycle there is no next step to open: completing would close the application unchecked (an
  // installation without the demo data has none until an operations admin saves one).
  if (action === 'complete_step/user' && !lifecycle) {
    throw conflict(
      `Product ${app.product_code} has no lifecycle yet: an operations admin saves one in Settings → Lifecycles, then its steps can be completed`,
    );
  }
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

    const stepTarget: StepTarget = {
      applicationId: app.application_id,
      productCode: app.product_code,
      label,
      branch: branchOf(stored.tasks),
      previousTeam: task.assigned_team,
      actorId: user.userid,
    };
    /** Tasks this action opened: they stay open when the others of the application are closed below. */
    const opened: string[] = [];

    if (action === 'revert_stage') {
      // Back to the step before (reappraisal: the last step again), to whoever completed it (In
      // Progress), or its queue when nobody did. A step of the application's lifecycle version opens
      // every task of it again; a task of a step the version does not have is reopened on its own.
      const [previous] = reappraisal
        ? [task]
        : await tx.query<TaskRow>(
            `SELECT task_id, name, step_name, step_number, type, assigned_to, assigned_team, blocking, sla_clock,
                    sla_queued_mins, sla_assigned_mins, sla_overall_mins FROM tasks
              WHERE application_id = $1 AND step_number < $2 ORDER BY step_number DESC, start_time DESC LIMIT 1`,
            [app.application_id, task.step_number],
          );
      if (!previous) throw conflict('revert_stage does not apply: the task is at the first step');
      const why = reappraisal ? 'reopened for reappraisal at' : 'sent back to';
      const notices = {
        assigned: (step: string) => `${label} was ${why} ${step} by ${user.displayName}`,
        queued: (step: string) => `${label} is back in your team's queue at ${step}`,
      };
      const step = lifecycle ? stepOf(lifecycle, previous.step_number) : null;
      if (lifecycle && step?.stepName === previous.step_name && !reappraisal) {
        const holders = await lastHolders(tx, app.application_id, previous.step_number);
        const reopened = await openStep(
          tx,
          effects,
          stepTarget,
          lifecycle,
          previous.step_number,
          now,
          holders,
          notices,
        );
        opened.push(...reopened.map((t) => t.taskId));
      } else {
        opened.push(
          await openTask(tx, {
            applicationId: app.application_id,
            name: previous.name,
            stepName: previous.step_name,
            stepNumber: previous.step_number,
            type: previous.type,
            assignedTo: previous.assigned_to,
            team: previous.assigned_team,
            at: now,
            sla: previous,
          }),
        );
        if (previous.assigned_to) {
          await notifyUser(
            tx,
            effects,
            previous.assigned_to,
            notice('AssignedToUser', notices.assigned(previous.step_name)),
          );
        } else {
          await notifyTeam(
            tx,
            effects,
            previous.assigned_team,
            notice('AssignedToTeam', notices.queued(previous.step_name)),
          );
        }
      }
      nextTaskId = opened[0] ?? null;
      stage = previous.step_name;
    }

    if (action === 'complete_step/user') {
      // The step is done when every blocking task of this run of it is Completed (its tasks opened together).
      const ofStep = await tx.query<{ blocking: boolean; progress: string }>(
        'SELECT blocking, progress FROM tasks WHERE application_id = $1 AND step_number = $2 AND start_time = $3',
        [app.application_id, task.step_number, task.start_time],
      );
      if (stepDone(ofStep)) {
        const next = lifecycle ? nextTasks(lifecycle, task.step_number) : null;
        if (lifecycle && next) {
          const tasks = await openStep(tx, effects, stepTarget, lifecycle, next.stepNumber, now);
          opened.push(...tasks.map((t) => t.taskId));
          nextTaskId = opened[0] ?? null;
          stage = next.step.stepName;
        } else {
          newStatus = 'COMPLETED';
          stage = CLOSED_STAGE;
        }
      } else {
        // The step waits for its other blocking tasks: one of them, still open, becomes the current task.
        await tx.query('SELECT tasks_mark_current(ARRAY[$1])', [app.application_id]);
      }
    }

    // The application left its step (sent back) or ended: its other open tasks (parallel or non-blocking
    // ones of the step) end with it.
    if (
      action === 'revert_stage' ||
      (newStatus !== status && ['COMPLETED', 'REJECTED', 'CANCELLED'].includes(newStatus))
    ) {
      await tx.query(
        `UPDATE tasks SET progress = 'Cancelled', end_time = $3, mod_time = $3
          WHERE application_id = $1 AND progress IN ('In Progress', 'Pending') AND NOT task_id = ANY($2::text[])`,
        [app.application_id, [task.task_id, ...opened], now],
      );
    }

    // The applicant hears of a rejection (the lifecycle event's templates, in this transaction).
    if (newStatus === 'REJECTED' && status !== 'REJECTED') await announce(tx, app.application_id, 'REJECTED', now);
    const before = { _applicationStatus: status, stage: app.appLifeCycle?.stage ?? null };
    await tx.query('UPDATE applications SET status = $2, stage = $3 WHERE application_id = $1', [
      app.application_id,
      newStatus,
      stage,
    ]);
    // Its followers hear of every step change (modules/follows), the one who made it aside.
    if (before.stage !== stage) {
      await notifyFollowers(tx, effects, {
        applicationId: app.application_id,
        actorId: user.userid,
        message: `${label} moved from ${before.stage ?? 'its start'} to ${stage}`,
        at: now,
      });
    }
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
