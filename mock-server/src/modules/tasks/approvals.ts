// Approvals (spec §4, §7; README "Approvals"): the assignee of a task asks for an approval (APPROVAL) or
// raises an exception (EXCEPTION); it walks the product's approval matrix from level 1. An approval at a
// level whose limit is below the loan (or whose risk grades leave the application's out) goes up to the
// next level by itself; a level needing N approvers waits for N distinct ones; the level that decides the
// loan, or the last one, approves it. Reject rejects the application too; forward goes up one level; send
// back reopens the step the matrix names (sendBackTo) when the application is past it, else returns the task
// to the requester. The four-eyes rule (contract fourEyesRefusal) refuses anyone who
// captured the application, edited it after submission or already approved it. Whoever may approve at the
// level becomes an allowed user of the task, which is what lets them open it.
import { randomUUID } from 'node:crypto';
import {
  type AfterApprove,
  type Approval,
  type ApprovalAction,
  type ApprovalActionBody,
  type ApprovalDecisionAnswer,
  type ApprovalLevel,
  type ApprovalStatus,
  afterApprove,
  applyAction,
  type CreditSummaryAnswer,
  ERROR_CODES,
  type FourEyesFacts,
  fourEyesRefusal,
  inTaskTeam,
  isLevelApprover,
  type Lifecycle,
  nextApprovalLevel,
  type RequestApprovalBody,
  type RequestedApprovalAnswer,
  type Team,
} from '@originate/contract';
import type { Db, Queryable } from '../../db';
import { conflict, forbidden, HttpError, invalid, notFound } from '../../http/errors';
import type { LifecycleAnnouncer, UserRecord } from '../../platform/context';
import { type Effects, loadApplication, newEffects, notifyUser, recordAudits, touchApplication } from '../applications';
import { insertNotification } from '../notifications';
import { findUserById } from '../users';
import { lastHolders, stateOf } from './actions';
import {
  type ApprovalSubject,
  approvalSubject,
  fourEyesFacts,
  type LevelApprover,
  levelApprovers,
  levelLabel,
  levelOf,
  type StoredDecision,
} from './approval-matrix';
import { branchOf, openStep } from './workflow';
import { loadTaskContext, type TaskContext } from './write-context';

interface ApprovalRow extends Record<string, unknown> {
  approval_id: string;
  application_id: string;
  task_id: string;
  kind: Approval['kind'];
  status: ApprovalStatus;
  reason: string;
  requested_by: string;
  approver: string | null;
  level: number;
  approver_team: string[];
  approver_roles: string[];
  decisions: StoredDecision[];
  decided_by: string | null;
  decision_comment: string | null;
  created_at: Date | string;
  decided_at: Date | string | null;
}

/** Spec §8 'Error while sending back' (1167, status 500): the catalogue's own words and a reason. */
const sendBackFailed = (reason: string) => {
  const { code, status, message } = ERROR_CODES.ERROR_WHILE_SENDING_BACK;
  return new HttpError(status, { code, message, errors: [{ reason }] });
};

/** Adds users to a task's allowedUsers (access to the application), each once. */
async function allowUsers(tx: Queryable, taskId: string, userIds: readonly string[]): Promise<void> {
  await tx.query(
    `UPDATE tasks SET allowed_users = allowed_users || (
        SELECT COALESCE(jsonb_agg(u), '[]'::jsonb) FROM unnest($2::text[]) u WHERE NOT tasks.allowed_users ? u)
      WHERE task_id = $1`,
    [taskId, userIds],
  );
}

/** Where an approval goes at a level: one named approver, or the level's queue (approver null). */
interface Placement {
  level: ApprovalLevel;
  approver: LevelApprover | null;
  queue: LevelApprover[];
}

/**
 * Places an approval at `level`: with the approver `named` (400 on `field` when they may not approve there),
 * else in the queue of the level's approvers whom the four-eyes rule allows, one of them named when only
 * one is left. 409 when nobody is left who may approve there.
 */
async function place(
  db: Queryable,
  level: ApprovalLevel,
  facts: FourEyesFacts,
  named: { field: string; userid: string } | null,
): Promise<Placement> {
  if (named) {
    const user = await findUserById(db, named.userid);
    if (!user) throw invalid(named.field, 'is not a known user');
    if (!isLevelApprover(level, user)) throw invalid(named.field, `is not an approver of ${levelLabel(level)}`);
    const refusal = fourEyesRefusal(user.userid, facts);
    if (refusal) throw invalid(named.field, `may not decide this approval: ${refusal.replace(/^you/, 'they')}`);
    return { level, approver: { userid: user.userid, displayName: user.displayName }, queue: [] };
  }
  const queue = await levelApprovers(db, level, facts);
  if (queue.length === 0) {
    throw conflict(`Nobody may approve this application at ${levelLabel(level)}: ask an operations admin`);
  }
  return { level, approver: queue.length === 1 ? (queue[0] as LevelApprover) : null, queue };
}

/**
 * Tells the placement's people: the named approver (AssignedToApprovalUser), else each approver of the
 * level's queue (AssignedToApprovalTeam, a TEAM notification); and gives them access to the task.
 */
async function announce(
  tx: Queryable,
  effects: Effects,
  placement: Placement,
  notice: { actorId: string; applicationId: string; taskId: string; message: string; at: Date },
): Promise<void> {
  const people = placement.approver ? [placement.approver] : placement.queue;
  await allowUsers(
    tx,
    notice.taskId,
    people.map((p) => p.userid),
  );
  const base = { actorId: notice.actorId, applicationId: notice.applicationId, message: notice.message, at: notice.at };
  if (placement.approver) {
    await notifyUser(tx, effects, placement.approver.userid, { ...base, statusName: 'AssignedToApprovalUser' });
    return;
  }
  for (const person of placement.queue) {
    if (person.userid === notice.actorId) continue;
    const notification = await insertNotification(tx, {
      userId: person.userid,
      actorId: notice.actorId,
      kind: 'TEAM',
      statusName: 'AssignedToApprovalTeam',
      applicationId: notice.applicationId,
      message: notice.message,
      createdAt: notice.at,
    });
    effects.notifications.push({ userId: person.userid, notification });
  }
}

/**
 * Send back to an earlier step of the lifecycle: its tasks open again to whoever worked them last (told the
 * reason), the application's other open tasks end (Cancelled) and its stage moves back; audited.
 */
async function reopenStep(
  tx: Queryable,
  effects: Effects,
  ctx: TaskContext,
  lifecycle: Lifecycle,
  stepNumber: number,
  why: { user: UserRecord; label: string; reason: string; at: Date },
): Promise<void> {
  const app = ctx.stored.application;
  const stepName = lifecycle.steps[stepNumber - 1]?.stepName ?? '';
  const open = await tx.query<{ task_id: string; progress: string }>(
    `SELECT task_id, progress FROM tasks WHERE application_id = $1 AND progress IN ('In Progress', 'Pending') FOR UPDATE`,
    [app.application_id],
  );
  if (!open.some((t) => t.task_id === ctx.task.task_id)) throw sendBackFailed('the task changed meanwhile');
  const by = why.user.displayName;
  await openStep(
    tx,
    effects,
    {
      applicationId: app.application_id,
      productCode: app.product_code,
      label: why.label,
      branch: branchOf(ctx.stored.tasks),
      previousTeam: ctx.task.assigned_team,
      actorId: why.user.userid,
    },
    lifecycle,
    stepNumber,
    why.at,
    await lastHolders(tx, app.application_id, stepNumber),
    {
      assigned: (step) => `${why.label} was sent back to ${step} by ${by}: ${why.reason}`,
      queued: (step) => `${why.label} is back in your team's queue at ${step} (sent back by ${by}): ${why.reason}`,
    },
  );
  await tx.query(
    `UPDATE tasks SET progress = 'Cancelled', end_time = $2, mod_time = $2 WHERE task_id = ANY($1::text[])`,
    [open.map((t) => t.task_id), why.at],
  );
  await tx.query('UPDATE applications SET stage = $2 WHERE application_id = $1', [app.application_id, stepName]);
  await recordAudits(
    tx,
    app.application_id,
    [
      { fieldKey: 'stage', oldValue: app.appLifeCycle?.stage ?? null, newValue: stepName },
      ...open.map((t) => ({ fieldKey: `task.${t.task_id}.progress`, oldValue: t.progress, newValue: 'Cancelled' })),
    ].filter((c) => c.oldValue !== c.newValue),
    { userId: why.user.userid, source: 'approval:send_back' },
    why.at,
  );
  effects.changed.set(app.application_id, why.at);
}

/** The approval's columns for a placement. */
const placed = (p: Placement) => ({
  level: p.level.level,
  approver: p.approver?.userid ?? null,
  approverTeams: p.approver ? [] : p.level.approvers.teams,
  approverRoles: p.approver ? [] : p.level.approvers.roles,
});

const inr = (amount: number) => `₹${amount.toLocaleString('en-IN')}`;

/** Why a level that approved did not decide the loan: its amount limit, or the grades it decides. */
const beyond = (level: ApprovalLevel, subject: ApprovalSubject) =>
  level.maxAmount !== null && subject.amount > level.maxAmount
    ? `above its limit of ${inr(level.maxAmount)}`
    : `outside its risk grades`;

export async function requestApproval(
  db: Db,
  user: UserRecord,
  body: RequestApprovalBody,
  now: Date,
): Promise<{ result: RequestedApprovalAnswer; effects: Effects }> {
  const ctx = await loadTaskContext(db, user, body.application_id, body.taskId);
  if (!ctx.actor.assigned) throw forbidden('Only the assignee of the task may ask for an approval');
  if (body.approver === user.userid) throw invalid('approver', 'must be someone else than you');
  const subject = await approvalSubject(db, body.application_id);
  // A credit decision's deviations name the level that must decide: the approval starts there (the first level
  // when the matrix of the lifecycle the application walks has no such level).
  const first =
    subject.matrix.levels.find((l) => l.level === subject.decisionLevel) ?? (subject.matrix.levels[0] as ApprovalLevel);
  const placement = await place(
    db,
    first,
    fourEyesFacts(subject, first.level, []),
    body.approver === undefined ? null : { field: 'approver', userid: body.approver },
  );
  const effects = newEffects();
  const approvalId = `APR-${randomUUID()}`;
  const app = ctx.stored.application;
  const where = placed(placement);
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO approvals (approval_id, application_id, task_id, kind, status, reason, requested_by, approver, level,
                              approver_team, approver_roles, created_at)
       VALUES ($1, $2, $3, $4, 'PENDING', $5, $6, $7, $8, $9::jsonb, $10::jsonb, $11)`,
      [
        approvalId,
        app.application_id,
        ctx.task.task_id,
        body.kind,
        body.reason,
        user.userid,
        where.approver,
        where.level,
        JSON.stringify(where.approverTeams),
        JSON.stringify(where.approverRoles),
        now,
      ],
    );
    await touchApplication(tx, effects, {
      applicationId: app.application_id,
      taskId: ctx.task.task_id,
      userId: user.userid,
      action: body.kind === 'EXCEPTION' ? 'raise_exception' : 'request_approval',
      detail: { approvalId, level: where.level, approver: where.approver, reason: body.reason },
      at: now,
    });
    const what = body.kind === 'EXCEPTION' ? 'an exception raised on' : 'approval of';
    await announce(tx, effects, placement, {
      actorId: user.userid,
      applicationId: app.application_id,
      taskId: ctx.task.task_id,
      message: `${user.displayName} asks for ${what} application ${app.application_id} (${app.product_name}, ${inr(subject.amount)}) at ${levelLabel(first)}`,
      at: now,
    });
  });
  return {
    result: {
      approvalId,
      status: 'PENDING',
      level: where.level,
      approver: where.approver,
      approverTeams: where.approverTeams,
    },
    effects,
  };
}

/** Why `user` may not act on a pending approval now (four eyes first, then the level's rule), or null. */
function actRefusal(
  approval: Pick<ApprovalRow, 'approver' | 'level'>,
  level: ApprovalLevel,
  facts: FourEyesFacts,
  user: UserRecord,
  act: string,
): string | null {
  const refusal = fourEyesRefusal(user.userid, facts);
  if (refusal) return `You may not ${act} this approval: ${refusal}`;
  if (approval.approver !== null) {
    return approval.approver === user.userid ? null : `Only the current approver may ${act} this approval`;
  }
  return isLevelApprover(level, user) ? null : `Only an approver of ${levelLabel(level)} may ${act} this approval`;
}

interface Names {
  users: Map<string, string>;
  teams: Map<string, string>;
}

async function namesOf(db: Queryable, userIds: Iterable<string>, teamIds: Iterable<string>): Promise<Names> {
  const [users, teams] = await Promise.all([
    db.query<{ userid: string; display_name: string }>(
      'SELECT userid, display_name FROM users WHERE userid = ANY($1::text[])',
      [[...new Set(userIds)]],
    ),
    db.query<{ id: string; name: string }>('SELECT id, name FROM teams WHERE id = ANY($1::text[])', [
      [...new Set(teamIds)],
    ]),
  ]);
  return {
    users: new Map(users.map((u) => [u.userid, u.display_name])),
    teams: new Map(teams.map((t) => [t.id, t.name])),
  };
}

/** Every approval of an application, oldest first, with its level and what the caller may do (the caller needs access to it). */
export async function approvalsOf(db: Queryable, user: UserRecord, applicationId: string): Promise<Approval[]> {
  await loadApplication(db, user, applicationId);
  const rows = await db.query<ApprovalRow>(
    'SELECT * FROM approvals WHERE application_id = $1 ORDER BY created_at, approval_id',
    [applicationId],
  );
  if (rows.length === 0) return [];
  const subject = await approvalSubject(db, applicationId);
  const names = await namesOf(
    db,
    rows.flatMap((r) => [
      r.requested_by,
      ...(r.approver ? [r.approver] : []),
      ...r.decisions.flatMap((d) => [d.by, ...(d.to ? [d.to] : [])]),
    ]),
    rows.flatMap((r) => r.approver_team),
  );
  const person = (userid: string) => ({ userid, displayName: names.users.get(userid) ?? userid });
  return rows.map((r) => {
    const level = levelOf(subject, r.level);
    const facts = fourEyesFacts(subject, r.level, r.decisions);
    const refusal = r.status === 'PENDING' ? actRefusal(r, level, facts, user, 'decide') : null;
    return {
      approvalId: r.approval_id,
      application_id: r.application_id,
      taskId: r.task_id,
      kind: r.kind,
      status: r.status,
      reason: r.reason,
      requestedBy: person(r.requested_by),
      level: level.level,
      levelName: level.name,
      maxAmount: level.maxAmount,
      levelCount: subject.matrix.levels.length,
      requiredApprovers: level.requiredApprovers,
      loanAmount: subject.amount,
      approver: r.approver ? person(r.approver) : null,
      approverTeams: r.approver_team.map((id) => ({ id, name: names.teams.get(id) ?? id })),
      decisions: r.decisions.map((d) => ({
        level: d.level,
        action: d.action,
        by: person(d.by),
        at: new Date(d.at).toISOString(),
        comment: d.comment,
        toLevel: d.toLevel,
        to: d.to,
      })),
      fourEyes: {
        capturedBy: [...facts.capturedBy],
        editedAfterSubmitBy: [...facts.editedAfterSubmitBy],
        approvedAtEarlierLevelsBy: [...facts.approvedAtEarlierLevelsBy],
        approvedAtThisLevelBy: [...facts.approvedAtThisLevelBy],
      },
      decidedBy: r.decided_by,
      decisionComment: r.decision_comment,
      createdAt: new Date(r.created_at).toISOString(),
      decidedAt: r.decided_at ? new Date(r.decided_at).toISOString() : null,
      canAct: r.status === 'PENDING' && refusal === null,
      cannotActReason: refusal,
    };
  });
}

/** A pending approval (404, 409 otherwise) with its subject, level and four-eyes facts. */
async function pendingApproval(db: Queryable, approvalId: string) {
  const [approval] = await db.query<ApprovalRow>('SELECT * FROM approvals WHERE approval_id = $1', [approvalId]);
  if (!approval) throw notFound('Approval not found');
  if (approval.status !== 'PENDING') throw conflict(`The approval is already ${approval.status}`);
  const subject = await approvalSubject(db, approval.application_id);
  const level = levelOf(subject, approval.level);
  return { approval, subject, level, facts: fourEyesFacts(subject, approval.level, approval.decisions) };
}

/**
 * A pending approval `user` may act on now (404, 409, 403 with the reason otherwise); `act` names what they
 * would do. Answers the level above too, which a forward goes to (null at the last level).
 */
export async function pendingApprovalFor(db: Queryable, user: UserRecord, approvalId: string, act = 'act on') {
  const pending = await pendingApproval(db, approvalId);
  const refusal = actRefusal(pending.approval, pending.level, pending.facts, user, act);
  if (refusal) throw forbidden(refusal);
  return { ...pending, next: nextApprovalLevel(pending.subject.matrix, pending.level.level) };
}

/** What a decision did, for the answer's message and the worklog. */
function outcomeLine(
  action: ApprovalAction,
  level: ApprovalLevel,
  after: AfterApprove | null,
  next: Placement | null,
  why: { beyond: string; sentBackTo: string | null },
) {
  const at = levelLabel(level);
  if (action === 'reject') return `Rejected at ${at}: the application is rejected`;
  if (action === 'send_back')
    return `Sent back at ${at} to ${why.sentBackTo ? `step ${why.sentBackTo}` : 'the requester'}`;
  const to = next ? `${levelLabel(next.level)}${next.approver ? `, ${next.approver.displayName}` : ''}` : '';
  if (action === 'forward') return `Forwarded from ${at} to ${to}`;
  if (after?.kind === 'wait') return `Approved at ${at}; ${after.needed} more approver(s) of the level needed`;
  if (after?.kind === 'forward') return `Approved at ${at}, ${why.beyond}: forwarded to ${to}`;
  return `Approved at ${at}: the approval is granted`;
}

/** approve, reject, forward, send_back by someone who may act on the approval; nothing changes when refused. */
export async function decideApproval(
  db: Db,
  user: UserRecord,
  action: ApprovalAction,
  body: ApprovalActionBody,
  now: Date,
  announceEvent: LifecycleAnnouncer,
  /** The credit summary an approval records, read once the decision is allowed. */
  creditSummary: (applicationId: string) => Promise<CreditSummaryAnswer>,
): Promise<{ result: ApprovalDecisionAnswer; effects: Effects }> {
  if (action !== 'forward' && body.forwardTo !== undefined)
    throw invalid('forwardTo', `is only for forward, not ${action}`);
  if (action === 'send_back' && body.comment === undefined)
    throw invalid('comment', 'is required to send back: the reason goes into the application history');
  const { approval, subject, level, facts, next } = await pendingApprovalFor(db, user, body.approvalId, action);
  if (body.forwardTo === user.userid) throw invalid('forwardTo', 'must be someone else than you');
  // Those who may decide at the level are allowed users of the task: loadTaskContext's access check passes.
  const ctx = await loadTaskContext(db, user, approval.application_id, approval.task_id);
  const app = ctx.stored.application;
  const task = ctx.task;

  const decision: StoredDecision = {
    level: level.level,
    action,
    by: user.userid,
    at: now.toISOString(),
    comment: body.comment ?? null,
    toLevel: null,
    to: null,
    ...(action === 'approve' ? { summary: await creditSummary(approval.application_id) } : {}),
  };
  const decisions = [...approval.decisions, decision];
  let after: AfterApprove | null = null;
  let placement: Placement | null = null;
  if (action === 'approve') {
    after = afterApprove(subject.matrix, {
      level: level.level,
      amount: subject.amount,
      riskGrade: subject.riskGrade,
      approvedAtThisLevelBy: [...facts.approvedAtThisLevelBy, user.userid],
    });
    const toLevel = after.kind === 'forward' ? levelOf(subject, after.toLevel) : after.kind === 'wait' ? level : null;
    if (toLevel) placement = await place(db, toLevel, fourEyesFacts(subject, toLevel.level, decisions), null);
  }
  if (action === 'forward') {
    if (!next) throw conflict(`${levelLabel(level)} is the last level: approve or reject it`);
    const named = body.forwardTo === undefined ? null : { field: 'forwardTo', userid: body.forwardTo };
    placement = await place(db, next, fourEyesFacts(subject, next.level, decisions), named);
  }
  if (placement && placement.level.level !== level.level) {
    decision.toLevel = placement.level.level;
    decision.to = placement.approver?.userid ?? null;
  }

  // Send back: to the matrix's step when the application is past it (the step opens again, to whoever
  // worked it), else to the requester on the approval's own task.
  let requester: UserRecord | null = null;
  let sendBackStep = 0;
  if (action === 'send_back') {
    const open = task.progress === 'In Progress' || task.progress === 'Pending';
    if (app._applicationStatus !== 'ACTIVE' || !open) {
      throw sendBackFailed(`the task is ${task.progress} on a ${app._applicationStatus} application`);
    }
    sendBackStep = subject.lifecycle.steps.findIndex((step) => step.stepName === subject.matrix.sendBackTo) + 1;
    if (sendBackStep === 0) {
      throw sendBackFailed(`the lifecycle has no step ${subject.matrix.sendBackTo}, which the approval matrix names`);
    }
    if (sendBackStep >= task.step_number) {
      sendBackStep = 0;
      requester = await findUserById(db, approval.requested_by);
      if (!requester || !inTaskTeam(requester.teams, task.assigned_team as Team[])) {
        throw sendBackFailed('the requester can no longer take the task (not in its team)');
      }
    }
  }
  const rejecting = action === 'reject' ? applyAction('reject', stateOf(ctx)) : null;
  if (rejecting && !rejecting.ok) throw conflict(rejecting.reason);

  const newStatus: ApprovalStatus =
    action === 'reject'
      ? 'REJECTED'
      : action === 'send_back'
        ? 'SENT_BACK'
        : action === 'approve' && after?.kind === 'approved'
          ? 'APPROVED'
          : 'PENDING';
  const where = placement ? placed(placement) : null;
  const message = outcomeLine(action, level, after, placement, {
    beyond: beyond(level, subject),
    sentBackTo: sendBackStep > 0 ? subject.matrix.sendBackTo : null,
  });
  const effects = newEffects();
  await db.transaction(async (tx) => {
    // Guarded on the state read above (its level and the decisions so far): a racing second decision fails cleanly.
    const updated = await tx.query(
      `UPDATE approvals SET status = $2, decisions = $3::jsonb,
              level = COALESCE($4, level),
              approver = CASE WHEN $4::int IS NULL THEN approver ELSE $5 END,
              approver_team = CASE WHEN $4::int IS NULL THEN approver_team ELSE $6::jsonb END,
              approver_roles = CASE WHEN $4::int IS NULL THEN approver_roles ELSE $7::jsonb END,
              decided_by = CASE WHEN $2 = 'PENDING' THEN decided_by ELSE $8 END,
              decided_at = CASE WHEN $2 = 'PENDING' THEN decided_at ELSE $9::timestamptz END,
              decision_comment = CASE WHEN $2 = 'PENDING' THEN decision_comment ELSE $10 END
        WHERE approval_id = $1 AND status = 'PENDING' AND level = $11 AND jsonb_array_length(decisions) = $12
        RETURNING approval_id`,
      [
        approval.approval_id,
        newStatus,
        JSON.stringify(decisions),
        where?.level ?? null,
        where?.approver ?? null,
        JSON.stringify(where?.approverTeams ?? []),
        JSON.stringify(where?.approverRoles ?? []),
        user.userid,
        now,
        body.comment ?? null,
        level.level,
        approval.decisions.length,
      ],
    );
    if (updated.length === 0) throw conflict('The approval changed meanwhile; reload and try again');
    const label = `application ${app.application_id} (${app.product_name}, ${inr(subject.amount)})`;

    if (placement) {
      const why =
        action === 'forward'
          ? `${user.displayName} forwarded the approval of ${label} to ${levelLabel(placement.level)}`
          : placement.level.level === level.level
            ? `${user.displayName} approved ${label} at ${levelLabel(level)}; one more approver of the level is needed`
            : `${user.displayName} approved ${label} at ${levelLabel(level)}, ${beyond(level, subject)}: it needs ${levelLabel(placement.level)}`;
      await announce(tx, effects, placement, {
        actorId: user.userid,
        applicationId: app.application_id,
        taskId: task.task_id,
        message: why,
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
    // The loan's approval decided at its last level is the sanction; the applicant hears of it, and of a rejection.
    if (newStatus === 'APPROVED' && approval.kind === 'APPROVAL') {
      await announceEvent(tx, app.application_id, 'SANCTIONED', now);
    }
    if (rejecting?.ok) await announceEvent(tx, app.application_id, 'REJECTED', now);
    if (sendBackStep > 0) {
      await reopenStep(tx, effects, ctx, subject.lifecycle, sendBackStep, {
        user,
        label,
        reason: body.comment ?? '',
        at: now,
      });
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
        message: `${user.displayName} sent ${label} back to you: ${body.comment}`,
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
        level: level.level,
        outcome: message,
        ...(decision.toLevel ? { toLevel: decision.toLevel } : {}),
        ...(decision.to ? { forwardTo: decision.to } : {}),
        ...(body.comment ? { comment: body.comment } : {}),
      },
      at: now,
    });
  });
  return {
    result: {
      message,
      approvalId: approval.approval_id,
      status: newStatus,
      level: where?.level ?? level.level,
      approver: where ? where.approver : approval.approver,
      approverTeams: where ? where.approverTeams : approval.approver_team,
      application_status: rejecting?.ok ? 'REJECTED' : app._applicationStatus,
    },
    effects,
  };
}
