import {
  AFTER_APPROVE_CASES,
  APPROVAL_LEVEL_CASES,
  CASES_MATRIX,
  FOUR_EYES_CASES,
  LEVEL_APPROVER_CASES,
} from '../cases/approvals';
import { type ApprovalMatrix, ApprovalMatrixSchema } from '../contracts/approvalMatrix';
import { schemaIssues } from '../contracts/schemaCheck';
import {
  afterApprove,
  approvalLevelFor,
  approvalMatrixProblems,
  fourEyesRefusal,
  isLevelApprover,
  nextApprovalLevel,
} from './approvals';

const level = (n: number) => {
  const found = CASES_MATRIX.levels.find((l) => l.level === n);
  if (!found) throw new Error(`no level ${n}`);
  return found;
};

describe('approval matrix schema', () => {
  it('accepts the cases matrix', () => {
    expect(schemaIssues(ApprovalMatrixSchema, CASES_MATRIX)).toEqual([]);
  });
  it('names each bad field: no levels, a zero limit, too many required approvers, an unknown key', () => {
    expect(schemaIssues(ApprovalMatrixSchema, { ...CASES_MATRIX, levels: [] }).map((i) => i.path)).toEqual(['levels']);
    const bad = {
      ...CASES_MATRIX,
      levels: [{ ...level(1), maxAmount: 0, requiredApprovers: 6, deputy: 'x' }, level(2), level(3)],
    };
    expect(schemaIssues(ApprovalMatrixSchema, bad).map((i) => i.path)).toEqual(
      expect.arrayContaining(['levels[0].maxAmount', 'levels[0].requiredApprovers', 'levels[0].deputy']),
    );
    expect(schemaIssues(ApprovalMatrixSchema, { levels: CASES_MATRIX.levels }).map((i) => i.path)).toEqual([
      'sendBackTo',
    ]);
  });
});

describe('approvalMatrixProblems', () => {
  it('finds none in a well-formed matrix', () => {
    expect(approvalMatrixProblems(CASES_MATRIX)).toEqual([]);
  });
  it('names levels out of order, limits not ascending, an open level before the last, a limited last level', () => {
    const broken: ApprovalMatrix = {
      sendBackTo: 'Credit Assessment',
      levels: [
        { ...level(1), level: 2 },
        { ...level(2), maxAmount: 400_000 },
        { ...level(3), level: 3, maxAmount: null },
        { ...level(3), level: 4, maxAmount: 9_000_000, riskGrades: ['A'], approvers: { teams: [], roles: [] } },
      ],
    };
    expect(approvalMatrixProblems(broken)).toEqual([
      { field: 'approvalMatrix.levels[0].level', reason: 'must be 1 (levels in order)' },
      { field: 'approvalMatrix.levels[1].maxAmount', reason: 'must be above the limit of the level below' },
      { field: 'approvalMatrix.levels[2].maxAmount', reason: 'only the last level has no limit' },
      { field: 'approvalMatrix.levels[3].approvers', reason: 'must name a team or a role' },
      { field: 'approvalMatrix.levels[3].maxAmount', reason: 'must be empty on the last level' },
      { field: 'approvalMatrix.levels[3].riskGrades', reason: 'the last level decides every grade' },
    ]);
  });
});

describe('approval rules (shared cases)', () => {
  it.each(APPROVAL_LEVEL_CASES)('approvalLevelFor: $name', (c) => {
    expect(approvalLevelFor(CASES_MATRIX, c.amount, c.riskGrade).level).toBe(c.level);
  });
  it.each(AFTER_APPROVE_CASES)('afterApprove: $name', (c) => {
    expect(afterApprove(CASES_MATRIX, c.state)).toEqual(c.after);
  });
  it.each(LEVEL_APPROVER_CASES)('isLevelApprover: $name', (c) => {
    expect(isLevelApprover(level(c.level), c.user)).toBe(c.approver);
  });
  it.each(FOUR_EYES_CASES)('fourEyesRefusal: $name', (c) => {
    expect(fourEyesRefusal(c.userId, c.facts)).toBe(c.refusal);
  });
});

describe('approval levels', () => {
  it('nextApprovalLevel climbs one level and stops at the last', () => {
    expect(nextApprovalLevel(CASES_MATRIX, 1)?.name).toBe('Regional Credit Head');
    expect(nextApprovalLevel(CASES_MATRIX, 3)).toBeNull();
  });
  it('a level naming neither teams nor roles has no approver', () => {
    const nobody = { ...level(1), approvers: { teams: [], roles: [] } };
    expect(isLevelApprover(nobody, { roles: ['BCM'], teams: [{ id: 'TEAM-BRANCH' }] })).toBe(false);
  });
  it('afterApprove refuses a level the matrix does not have', () => {
    expect(() => afterApprove(CASES_MATRIX, { level: 9, amount: 1, approvedAtThisLevelBy: ['u'] })).toThrow(
      'the approval matrix has no level 9',
    );
  });
});
