// A product's approval matrix (part of its lifecycle, setup config type Workflow): who decides a loan at
// which amount, in which order, and how many distinct approvers each level needs. The rules that walk it
// are rules/approvals.ts; the server and the lifecycle editor both check documents with these schemas.
import Type, { type Static } from 'typebox';
import { closed, Id, Nullable } from './primitives';

/** A role name as users carry them (constants.ts Roles, permissions and the bank's own). */
const RoleName = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_]+$' });
/** A risk grade an application may carry (e.g. A, B+, HIGH). */
const RiskGrade = Type.String({ minLength: 1, maxLength: 16, pattern: '^[A-Za-z0-9+-]+$' });

/** The most levels a matrix has, and the most distinct approvers one level may require. */
const APPROVAL_MAX_LEVELS = 10;
const APPROVAL_MAX_REQUIRED_APPROVERS = 5;

/**
 * Who decides at a level: a user qualifies when they are in one of `teams` (if any are named) and hold one
 * of `roles` (if any are named); at least one of the two lists names someone.
 */
const ApprovalApproversSchema = Type.Object(
  {
    teams: Type.Array(Id, { maxItems: 20, uniqueItems: true }),
    roles: Type.Array(RoleName, { maxItems: 20, uniqueItems: true }),
  },
  closed,
);

const ApprovalLevelSchema = Type.Object(
  {
    /** 1..n in the matrix's order. */
    level: Type.Integer({ minimum: 1, maximum: APPROVAL_MAX_LEVELS }),
    name: Type.String({ minLength: 1, maxLength: 80 }),
    /** INR; the level decides loans up to and including this amount. null: no limit (the final level). */
    maxAmount: Nullable(Type.Integer({ minimum: 1, maximum: 1_000_000_000_000 })),
    /** When present, the level decides only applications of these grades; others are forwarded. */
    riskGrades: Type.Optional(Type.Array(RiskGrade, { minItems: 1, maxItems: 20, uniqueItems: true })),
    approvers: ApprovalApproversSchema,
    /** Distinct approvers needed at this level before it decides or forwards. */
    requiredApprovers: Type.Integer({ minimum: 1, maximum: APPROVAL_MAX_REQUIRED_APPROVERS }),
  },
  closed,
);
export type ApprovalLevel = Static<typeof ApprovalLevelSchema>;

export const ApprovalMatrixSchema = Type.Object(
  {
    /** The lifecycle step (stepName) a send back returns the application to. */
    sendBackTo: Type.String({ minLength: 1, maxLength: 120 }),
    /** In order; amounts ascending, the last level open-ended (rules/approvals.ts approvalMatrixProblems). */
    levels: Type.Array(ApprovalLevelSchema, { minItems: 1, maxItems: APPROVAL_MAX_LEVELS }),
  },
  closed,
);
export type ApprovalMatrix = Static<typeof ApprovalMatrixSchema>;
