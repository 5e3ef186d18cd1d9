// What an approval decision is judged on (contract rules/approvals): the approval matrix of the lifecycle
// version the application walks, the loan it decides on, the four-eyes facts, and who may approve at a level.

import type { CreditSummaryAnswer } from '@originate/contract';
import {
  type ApprovalLevel,
  type ApprovalMatrix,
  type FourEyesFacts,
  fourEyesRefusal,
  type Lifecycle,
  type LifecycleRef,
  PORTAL_APP_NAME,
} from '@originate/contract';
import type { Queryable } from '../../db';
import { conflict } from '../../http/errors';
import { lifecycleOf } from '../lifecycle';

/** An approval's decision as stored (approvals.decisions, migration 025). */
export interface StoredDecision {
  level: number;
  action: 'approve' | 'reject' | 'forward' | 'send_back';
  by: string;
  at: string;
  comment: string | null;
  toLevel: number | null;
  to: string | null;
  /** An approval: the credit summary as the approver saw it (README "Credit summary"), what was approved. */
  summary?: CreditSummaryAnswer;
}

/** The application as approvals see it: its product and lifecycle version, the loan, who started it and when it was submitted. */
export interface ApprovalSubject {
  applicationId: string;
  productCode: string;
  amount: number;
  riskGrade: string | null;
  /** The approval level the latest credit decision's deviations need (modules/decisions), or null. */
  decisionLevel: number | null;
  /** The lifecycle version the application walks, and its approval matrix. */
  lifecycle: Lifecycle;
  matrix: ApprovalMatrix;
  /** The user who started it and whoever holds or held a task of its first (capture) step. */
  capturedBy: string[];
  /** Staff who changed its data or documents after it was submitted. */
  editedAfterSubmitBy: string[];
}

/** Audit sources that are an edit of the application (a staff save of its fields, a replaced document). */
const EDIT_SOURCES = ['staff', 'document:replace'];

interface SubjectRow extends Record<string, unknown> {
  product_code: string;
  loan_amount: string | number;
  lifecycle: Partial<LifecycleRef> | null;
  initiated_by: string | null;
  risk_grade: unknown;
  decision_level: unknown;
  submitted_at: Date | string | null;
}

/**
 * The application's approval subject: 409 when its lifecycle version has no approval matrix (a product
 * without a lifecycle). Submission is the portal's submit, or for staff-captured applications the end of
 * the capture step; an application not yet submitted has no edits after it.
 */
export async function approvalSubject(db: Queryable, applicationId: string): Promise<ApprovalSubject> {
  const [row] = await db.query<SubjectRow>(
    `SELECT a.product_code, a.loan_amount, a.doc -> 'lifecycle' AS lifecycle, a.doc -> 'initiatedBy' ->> 'id' AS initiated_by,
            a.doc -> 'riskGrade' AS risk_grade, a.doc -> 'decision' -> 'approvalLevel' AS decision_level,
            COALESCE((a.doc ->> 'submitted_at')::timestamptz,
                     (SELECT min(t.end_time) FROM tasks t WHERE t.application_id = a.application_id
                         AND t.step_number = (SELECT min(f.step_number) FROM tasks f WHERE f.application_id = a.application_id)))
              AS submitted_at
       FROM applications a WHERE a.application_id = $1`,
    [applicationId],
  );
  if (!row) throw conflict(`Application ${applicationId} changed meanwhile; reload and try again`);
  const lifecycle = await lifecycleOf(db, row.product_code, row.lifecycle);
  if (!lifecycle) throw conflict(`Product ${row.product_code} has no lifecycle, so no approval matrix to follow`);
  const [captured, edited] = await Promise.all([
    db.query<{ user_id: string }>(
      `SELECT DISTINCT assigned_to AS user_id FROM tasks
        WHERE application_id = $1 AND assigned_to IS NOT NULL
          AND step_number = (SELECT min(step_number) FROM tasks WHERE application_id = $1)`,
      [applicationId],
    ),
    row.submitted_at === null
      ? Promise.resolve([])
      : db.query<{ user_id: string }>(
          `SELECT DISTINCT user_id FROM audits
            WHERE application_id = $1 AND user_id IS NOT NULL AND source = ANY($2::text[]) AND created_at > $3`,
          [applicationId, EDIT_SOURCES, row.submitted_at],
        ),
  ]);
  const capturedBy = [...new Set([...(row.initiated_by ? [row.initiated_by] : []), ...captured.map((r) => r.user_id)])];
  return {
    applicationId,
    productCode: row.product_code,
    amount: Number(row.loan_amount),
    riskGrade: typeof row.risk_grade === 'string' ? row.risk_grade : null,
    decisionLevel: typeof row.decision_level === 'number' ? row.decision_level : null,
    lifecycle,
    matrix: lifecycle.approvalMatrix,
    capturedBy,
    editedAfterSubmitBy: edited.map((r) => r.user_id).sort(),
  };
}

/** The level of the matrix an approval is at; 409 when the matrix has no such level. */
export function levelOf(subject: ApprovalSubject, level: number): ApprovalLevel {
  const found = subject.matrix.levels.find((l) => l.level === level);
  if (!found) throw conflict(`The approval matrix of ${subject.productCode} has no level ${level}`);
  return found;
}

/** The four-eyes facts of an approval at `level` with its decisions so far. */
export function fourEyesFacts(
  subject: ApprovalSubject,
  level: number,
  decisions: readonly StoredDecision[],
): FourEyesFacts {
  const approvers = (match: (d: StoredDecision) => boolean) => [
    ...new Set(decisions.filter((d) => d.action === 'approve' && match(d)).map((d) => d.by)),
  ];
  return {
    capturedBy: subject.capturedBy,
    editedAfterSubmitBy: subject.editedAfterSubmitBy,
    approvedAtEarlierLevelsBy: approvers((d) => d.level < level),
    approvedAtThisLevelBy: approvers((d) => d.level === level),
  };
}

/** A level's approver as the queue names them. */
export interface LevelApprover {
  userid: string;
  displayName: string;
}

/** At most this many approvers of one level are given access and told (a level's queue is a handful of people). */
const LEVEL_APPROVERS_LIMIT = 50;

/**
 * Staff who approve at `level` (contract isLevelApprover in SQL: in one of its teams when it names teams,
 * holding one of its roles when it names roles) and whom the four-eyes rule lets decide this approval.
 */
export async function levelApprovers(
  db: Queryable,
  level: ApprovalLevel,
  facts: FourEyesFacts,
): Promise<LevelApprover[]> {
  const { teams, roles } = level.approvers;
  if (teams.length === 0 && roles.length === 0) return [];
  const rows = await db.query<{ userid: string; display_name: string }>(
    `SELECT u.userid, u.display_name FROM users u
      WHERE u.applications ? $1
        AND (cardinality($2::text[]) = 0 OR EXISTS (SELECT 1 FROM user_teams ut WHERE ut.user_id = u.userid AND ut.team_id = ANY($2::text[])))
        AND (cardinality($3::text[]) = 0 OR u.roles ?| $3::text[])
      ORDER BY u.userid LIMIT $4`,
    [PORTAL_APP_NAME, teams, roles, LEVEL_APPROVERS_LIMIT],
  );
  return rows
    .filter((r) => fourEyesRefusal(r.userid, facts) === null)
    .map((r) => ({ userid: r.userid, displayName: r.display_name }));
}

/** "level 2 (Regional Credit Head)", as messages name a level. */
export const levelLabel = (level: ApprovalLevel) => `level ${level.level} (${level.name})`;
