// The approval matrix's rules (spec §4 approve / reject / forward / send back): which level decides a loan,
// what an approval at a level leads to, who may decide at a level, and the four-eyes rule. The server
// enforces them; the browser runs the same functions to offer only what the server would accept.
import type { ApprovalLevel, ApprovalMatrix } from '../contracts/approvalMatrix';

/** Whether `level` may decide a loan of `amount` (INR) and `riskGrade` itself, rather than forward it. */
function levelDecides(level: ApprovalLevel, amount: number, riskGrade?: string | null): boolean {
  if (level.maxAmount !== null && amount > level.maxAmount) return false;
  if (level.riskGrades === undefined) return true;
  return typeof riskGrade === 'string' && level.riskGrades.includes(riskGrade);
}

/**
 * The level that decides a loan: the first whose amount limit covers it and whose risk grades (if it names
 * any) include the application's. The last level when none does (approvalMatrixProblems makes the last one
 * open-ended, so a valid matrix always has one that decides).
 */
export function approvalLevelFor(matrix: ApprovalMatrix, amount: number, riskGrade?: string | null): ApprovalLevel {
  const levels = matrix.levels;
  return levels.find((l) => levelDecides(l, amount, riskGrade)) ?? (levels[levels.length - 1] as ApprovalLevel);
}

/** The level above `level`, or null at the final one. */
export function nextApprovalLevel(matrix: ApprovalMatrix, level: number): ApprovalLevel | null {
  return matrix.levels.find((l) => l.level === level + 1) ?? null;
}

/** Where an approval stands when someone approves it at its current level. */
export interface ApprovalState {
  /** The level it is at. */
  level: number;
  /** The loan amount in INR and the application's risk grade, if it has one. */
  amount: number;
  riskGrade?: string | null;
  /** Everyone who has approved it at this level, the approval being made included. */
  approvedAtThisLevelBy: readonly string[];
}

export type AfterApprove =
  | { kind: 'forward'; toLevel: number }
  | { kind: 'wait'; needed: number }
  | { kind: 'approved' };

/**
 * After an approval at a level: wait while the level lacks distinct approvers, then approved when the level
 * decides this loan (or it is the last level), else forwarded to the next level.
 */
export function afterApprove(matrix: ApprovalMatrix, state: ApprovalState): AfterApprove {
  const level = matrix.levels.find((l) => l.level === state.level);
  if (!level) throw new Error(`the approval matrix has no level ${state.level}`);
  const distinct = new Set(state.approvedAtThisLevelBy).size;
  if (distinct < level.requiredApprovers) return { kind: 'wait', needed: level.requiredApprovers - distinct };
  const next = nextApprovalLevel(matrix, level.level);
  if (next === null || levelDecides(level, state.amount, state.riskGrade)) return { kind: 'approved' };
  return { kind: 'forward', toLevel: next.level };
}

/** Who an approver is, as far as a level's rule needs: their roles and the ids of their teams. */
export interface ApproverIdentity {
  roles: readonly string[];
  teams: readonly { id: string }[];
}

/**
 * Whether a user decides at `level`: in one of its teams (when it names teams) and holding one of its roles
 * (when it names roles). A level naming neither has no approver.
 */
export function isLevelApprover(level: ApprovalLevel, user: ApproverIdentity): boolean {
  const { teams, roles } = level.approvers;
  if (teams.length === 0 && roles.length === 0) return false;
  const inTeam = teams.length === 0 || user.teams.some((t) => teams.includes(t.id));
  const hasRole = roles.length === 0 || user.roles.some((r) => roles.includes(r));
  return inTeam && hasRole;
}

/** What the four-eyes rule looks at: who captured, edited after submission, and approved the application. */
export interface FourEyesFacts {
  /** The user who started the application and whoever worked its capture step. */
  capturedBy: readonly string[];
  /** Staff who changed the application's data or documents after it was submitted. */
  editedAfterSubmitBy: readonly string[];
  /** Approvers of this approval at the levels below its current one. */
  approvedAtEarlierLevelsBy: readonly string[];
  /** Approvers of this approval at its current level. */
  approvedAtThisLevelBy: readonly string[];
}

/** The reasons, in the order they are checked; the server answers 403 with one of them. */
export const FOUR_EYES_REASONS = {
  captured: 'you captured this application; someone who did not must decide it',
  edited: 'you edited this application after it was submitted; someone who did not must decide it',
  earlierLevel: 'you already approved this application at an earlier level',
  thisLevel: 'you already approved this application at this level',
} as const;

/** Why `userId` may not decide this approval under the four-eyes rule, or null when they may. */
export function fourEyesRefusal(userId: string, facts: FourEyesFacts): string | null {
  if (facts.capturedBy.includes(userId)) return FOUR_EYES_REASONS.captured;
  if (facts.editedAfterSubmitBy.includes(userId)) return FOUR_EYES_REASONS.edited;
  if (facts.approvedAtEarlierLevelsBy.includes(userId)) return FOUR_EYES_REASONS.earlierLevel;
  if (facts.approvedAtThisLevelBy.includes(userId)) return FOUR_EYES_REASONS.thisLevel;
  return null;
}

/** One problem of a matrix: the field path and why (shown beside the field, answered with a 400). */
export interface ApprovalMatrixProblem {
  field: string;
  reason: string;
}

/**
 * What is wrong with a matrix beyond its schema: levels numbered 1..n in order, amount limits ascending, only
 * the last level open-ended and deciding every grade (so every loan has a level that decides it), each level
 * naming who approves it. `sendBackTo` is the lifecycle's to check against its steps.
 */
export function approvalMatrixProblems(matrix: ApprovalMatrix): ApprovalMatrixProblem[] {
  const problems: ApprovalMatrixProblem[] = [];
  const last = matrix.levels.length - 1;
  let previousMax = 0;
  matrix.levels.forEach((level, i) => {
    const at = `approvalMatrix.levels[${i}]`;
    if (level.level !== i + 1) problems.push({ field: `${at}.level`, reason: `must be ${i + 1} (levels in order)` });
    if (level.approvers.teams.length === 0 && level.approvers.roles.length === 0) {
      problems.push({ field: `${at}.approvers`, reason: 'must name a team or a role' });
    }
    if (i === last) {
      if (level.maxAmount !== null)
        problems.push({ field: `${at}.maxAmount`, reason: 'must be empty on the last level' });
      if (level.riskGrades !== undefined) {
        problems.push({ field: `${at}.riskGrades`, reason: 'the last level decides every grade' });
      }
      return;
    }
    if (level.maxAmount === null) {
      problems.push({ field: `${at}.maxAmount`, reason: 'only the last level has no limit' });
    } else if (level.maxAmount <= previousMax) {
      problems.push({ field: `${at}.maxAmount`, reason: 'must be above the limit of the level below' });
    } else {
      previousMax = level.maxAmount;
    }
  });
  return problems;
}
