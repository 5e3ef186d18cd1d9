// Approvals (spec §4, §7; README "State machine"): the assignee asks an approver (APPROVAL) or raises
// an exception (EXCEPTION); only the current approver approves, rejects (the application too), forwards
// or sends back. An approver becomes an allowed user of the task, which is what lets them open it.
import { randomUUID } from 'node:crypto';
import {
  type Approval,
  type ApprovalAction,
  type ApprovalActionBody,
  type ApprovalStatus,
  applyAction,
  ERROR_CODES,
  inTaskTeam,
  type RequestApprovalBody,
  type Team,
} from '@originate/contract';
import type { Db, Queryable } from '../../db';
import { conflict, forbidden, HttpError, invalid, notFound } from '../../http/errors';
import type { UserRecord } from '../../platform/context';
import { type Effects, loadApplication, newEffects, notifyUser, recordAudits, touchApplication } from '../applications';
import { findUserById } from '../users';
import { stateOf } from './actions';
import { loadTaskContext } from './write-context';

interface ApprovalRow extends Record<string, unknown> {
  approval_id: string;
  application_id: string;
  task_id: string;
  kind: Approval['kind'];
  status: ApprovalStatus;
  reason: string;
  requested_by: string;
  approver: string;
  decided_by: string | null;
  decision_comment: string | null;
  history: Approval['history'];
  created_at: Date | string;
  decided_at: Date | string | null;
}

/** Spec §8 'Error while sending back' (1167, status 500): the catalogue's own words and a reason. */
const sendBackFailed = (reason: string) => {
  const { code, status, message } = ERROR_CODES.ERROR_WHILE_SENDING_BACK;
  return new HttpError(status, { code, message, errors: [{ reason }] });
};

/** Adds a user to a task's allowedUsers (access to the application), once. */
async function allowUser(tx: Queryable, taskId: string, userId: string): Promise<void> {
  await tx.query(
    `UPDATE tasks SET allowed_users = allowed_users || to_jsonb($2::text)
      WHERE task_id = $1 AND NOT allowed_users ? $2`,
    [taskId, userId],
  );
}

export async function requestApproval(db: Db, user: UserRecord, body: RequestApprovalBody, now: Date) {
  const ctx = await loadTaskContext(db, user, body.application_id, body.taskId);
  if (!ctx.actor.assigned) throw forbidden('Only the assignee of the task may ask for an approval');
  const approver = await findUserById(db, body.approver);
  if (!approver) throw invalid('approver', 'is not a known user');
  if (approver.userid === user.userid) throw invalid('approver', 'must be someone else than you');
  const effects = newEffects();
  const approvalId = `APR-${randomUUID()}`;
  const app = ctx.stored.application;
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO approvals (approval_id, application_id, task_id, kind, status, reason, requested_by, approver, created_at)
       VALUES ($1, $2, $3, $4, 'PENDING', $5, $6, $7, $8)`,
      [approvalId, app.application_id, ctx.task.task_id, body.kind, body.reason, user.userid, approver.userid, now],
    );
    await allowUser(tx, ctx.task.task_id, approver.userid);
    await touchApplication(tx, effects, {
      applicationId: app.application_id,
      taskId: ctx.task.task_id,
      userId: user.userid,
      action: body.kind === 'EXCEPTION' ? 'raise_exception' : 'request_approval',
      detail: { approvalId, approver: approver.userid, reason: body.reason },
      at: now,
    });
    const what = body.kind === 'EXCEPTION' ? 'an exception raised on' : 'approval of';
    await notifyUser(tx, effects, approver.userid, {
      actorId: user.userid,
      applicationId: app.application_id,
      statusName: 'AssignedToApprovalUser',
      message: `${user.displayName} asks for ${what} application ${app.application_id} (${app.product_name})`,
      at: now,
    });
  });
  return { result: { approvalId, status: 'PENDING' as const, approver: approver.userid }, effects };
}

/** Every approval of an application, oldest first (the caller needs access to it). */
export async function approvalsOf(db: Queryable, user: UserRecord, applicationId: string): Promise<Approval[]> {
  await loadApplication(db, user, applicationId);
  const rows = await db.query<ApprovalRow & { requested_by_name: string; approver_name: string }>(
    `SELECT a.*, r.display_name AS requested_by_name, p.display_name AS approver_name
       FROM approvals a JOIN users r ON r.userid = a.requested_by JOIN users p ON p.userid = a.approver
      WHERE a.application_id = $1 ORDER BY a.created_at, a.approval_id`,
    [applicationId],
  );
  return rows.map((r) => ({
    approvalId: r.approval_id,
    application_id: r.application_id,
    taskId: r.task_id,
    kind: r.kind,
    status: r.status,
    reason: r.reason,
    requestedBy: { userid: r.requested_by, displayName: r.requested_by_name },
    approver: { userid: r.approver, displayName: r.approver_name },
    decidedBy: r.decided_by,
    decisionComment: r.decision_comment,
    history: r.history,
    createdAt: new Date(r.created_at).toISOString(),
    decidedAt: r.decided_at ? new Date(r.decided_at).toISOString() : null,
    /** Whether the caller may act on it now. */
    canAct: r.status === 'PENDING' && r.approver === user.userid,
  }));
}

/** A pending approval the user is the current approver of (404, 403, 409 otherwise); `act` names what they would do. */
export async function pendingApprovalFor(
  db: Queryable,
  user: UserRecord,
  approvalId: string,
  act = 'act on',
): Promise<ApprovalRow> {
  const [approval] = await db.query<ApprovalRow>('SELECT * FROM approvals WHERE approval_id = $1', [approvalId]);
  if (!approval) throw notFound('Approval not found');
  if (approval.approver !== user.userid) throw forbidden(`Only the current approver may ${act} this approval`);
  if (approval.status !== 'PENDING') throw conflict(`The approval is already ${approval.status}`);
  return approval;
}

/** approve, reject, forward, send_back by the current approver; nothing changes when refused. */
export async function decideApproval(
  db: Db,
  user: UserRecord,
  action: ApprovalAction,
  body: ApprovalActionBody,
  now: Date,
) {
  const approval = await pendingApprovalFor(db, user, body.approvalId);
  if (action === 'forward' && body.forwardTo === undefined) throw invalid('forwardTo', 'is required to forward');
  if (action !== 'forward' && body.forwardTo !== undefined)
    throw invalid('forwardTo', `is only for forward, not ${action}`);
  const forwardTo = body.forwardTo === undefined ? null : await findUserById(db, body.forwardTo);
  if (action === 'forward') {
    if (!forwardTo) throw invalid('forwardTo', 'is not a known user');
    if (forwardTo.userid === user.userid) throw invalid('forwardTo', 'is already the approver');
    if (forwardTo.userid === approval.requested_by) throw invalid('forwardTo', 'asked for the approval; use send_back');
  }
  // The approver is an allowed user of the task: loadTaskContext's access check passes.
  const ctx = await loadTaskContext(db, user, approval.application_id, approval.task_id);
  const app = ctx.stored.application;
  const task = ctx.task;

  let requester: UserRecord | null = null;
  if (action === 'send_back') {
    requester = await findUserById(db, approval.requested_by);
    const open = task.progress === 'In Progress' || task.progress === 'Pending';
    if (app._applicationStatus !== 'ACTIVE' || !open) {
      throw sendBackFailed(`the task is ${task.progress} on a ${app._applicationStatus} application`);
    }
    if (!requester || !inTaskTeam(requester.teams, task.assigned_team as Team[])) {
      throw sendBackFailed('the requester can no longer take the task (not in its team)');
    }
  }
  const rejecting = action === 'reject' ? applyAction('reject', stateOf(ctx)) : null;
  if (rejecting && !rejecting.ok) throw conflict(rejecting.reason);

  const effects = newEffects();
  const newStatus = (
    { approve: 'APPROVED', reject: 'REJECTED', forward: 'PENDING', send_back: 'SENT_BACK' } as const satisfies Record<
      ApprovalAction,
      ApprovalStatus
    >
  )[action];
  await db.transaction(async (tx) => {
    // Guarded on the approver and status read above: a racing second decision fails cleanly.
    const updated = await tx.query(
      `UPDATE approvals SET status = $3,
              approver = CASE WHEN $4::text IS NULL THEN approver ELSE $4 END,
              decided_by = CASE WHEN $3 = 'PENDING' THEN decided_by ELSE $2 END,
              decided_at = CASE WHEN $3 = 'PENDING' THEN decided_at ELSE $5 END,
              decision_comment = CASE WHEN $3 = 'PENDING' THEN decision_comment ELSE $6 END,
              history = CASE WHEN $4::text IS NULL THEN history
                             ELSE history || jsonb_build_array(jsonb_build_object('from', $2::text, 'to', $4::text,
                                  'by', $2::text, 'at', $5::timestamptz, 'comment', $6::text)) END
        WHERE approval_id = $1 AND approver = $2 AND status = 'PENDING' RETURNING approval_id`,
      [approval.approval_id, user.userid, newStatus, forwardTo?.userid ?? null, now, body.comment ?? null],
    );
    if (updated.length === 0) throw conflict('The approval changed meanwhile; reload and try again');
    const label = `application ${app.application_id} (${app.product_name})`;

    if (action === 'forward' && forwardTo) {
      await allowUser(tx, task.task_id, forwardTo.userid);
      await notifyUser(tx, effects, forwardTo.userid, {
        actorId: user.userid,
        applicationId: app.application_id,
        statusName: 'AssignedToApprovalUser',
        message: `${user.displayName} forwarded the approval of ${label} to you`,
        at: now,
      });
    }
    if (rejecting?.ok) {
      // Rejecting the approval rejects the application (README "State machine").
      const rows = await tx.query(
        `UPDATE applications SET status = 'REJECTED', mod_time = $2 WHERE application_id = $1 AND status = 'ACTIVE'
         RETURNING application_id`,
        [app.application_id, now],
      );
      if (rows.length === 0) throw conflict('The application changed meanwhile; reload and try again');
      await tx.query(`UPDATE tasks SET progress = 'Rejected', end_time = $2, mod_time = $2 WHERE task_id = $1`, [
        task.task_id,
        now,
      ]);
      await recordAudits(
        tx,
        app.application_id,
        [
          { fieldKey: '_applicationStatus', oldValue: 'ACTIVE', newValue: 'REJECTED' },
          { fieldKey: `task.${task.task_id}.progress`, oldValue: task.progress, newValue: 'Rejected' },
        ],
        { userId: user.userid, source: 'approval:reject' },
        now,
      );
    }
    if (action === 'send_back' && requester) {
      // Back to the requester, In Progress; guarded on the task as read.
      const rows = await tx.query(
        `UPDATE tasks SET assigned_to = $2, progress = 'In Progress', mod_time = $3,
                assigned_at = CASE WHEN assigned_to IS DISTINCT FROM $2 THEN $3 ELSE assigned_at END
          WHERE task_id = $1 AND progress = $4 AND assigned_to IS NOT DISTINCT FROM $5 RETURNING task_id`,
        [task.task_id, requester.userid, now, task.progress, task.assigned_to],
      );
      if (rows.length === 0) throw sendBackFailed('the task changed meanwhile');
      if (task.assigned_to !== requester.userid) {
        await recordAudits(
          tx,
          app.application_id,
          [{ fieldKey: `task.${task.task_id}.assignedTo`, oldValue: task.assigned_to, newValue: requester.userid }],
          { userId: user.userid, source: 'approval:send_back' },
          now,
        );
      }
      await notifyUser(tx, effects, requester.userid, {
        actorId: user.userid,
        applicationId: app.application_id,
        statusName: 'AssignedToUser',
        message: `${user.displayName} sent ${label} back to you`,
        at: now,
      });
    }
    await touchApplication(tx, effects, {
      applicationId: app.application_id,
      taskId: task.task_id,
      userId: user.userid,
      action: `approval:${action}`,
      detail: {
        approvalId: approval.approval_id,
        kind: approval.kind,
        ...(forwardTo ? { forwardTo: forwardTo.userid } : {}),
        ...(body.comment ? { comment: body.comment } : {}),
      },
      at: now,
    });
  });
  return {
    result: {
      approvalId: approval.approval_id,
      status: newStatus,
      approver: forwardTo?.userid ?? approval.approver,
      application_status: rejecting?.ok ? ('REJECTED' as const) : app._applicationStatus,
    },
    effects: effects as Effects,
  };
}
