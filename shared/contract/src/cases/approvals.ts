// Cases of the approval rules (rules/approvals.ts): the level that decides, what an approval leads to,
// who approves at a level and the four-eyes rule, run by the contract's jest, the server's node:test
// and the browser's jest against one matrix.
import type { ApprovalMatrix } from '../contracts/approvalMatrix';
import { type AfterApprove, type ApprovalState, FOUR_EYES_REASONS, type FourEyesFacts } from '../rules/approvals';

/** Three levels as a bank sets them for home loans: branch up to 5 lakh, region up to 25 lakh for good grades, committee. */
export const CASES_MATRIX: ApprovalMatrix = {
  sendBackTo: 'Credit Assessment',
  levels: [
    {
      level: 1,
      name: 'Branch Credit Manager',
      maxAmount: 500_000,
      approvers: { teams: ['TEAM-BRANCH'], roles: ['BCM'] },
      requiredApprovers: 1,
    },
    {
      level: 2,
      name: 'Regional Credit Head',
      maxAmount: 2_500_000,
      riskGrades: ['A', 'B'],
      approvers: { teams: ['TEAM-REGION'], roles: ['BH'] },
      requiredApprovers: 1,
    },
    {
      level: 3,
      name: 'Credit Committee',
      maxAmount: null,
      approvers: { teams: ['TEAM-COMMITTEE'], roles: [] },
      requiredApprovers: 2,
    },
  ],
};

export const APPROVAL_LEVEL_CASES: readonly {
  name: string;
  amount: number;
  riskGrade: string | null;
  level: number;
}[] = [
  { name: 'a small loan: the branch', amount: 300_000, riskGrade: null, level: 1 },
  {
    name: 'exactly the branch limit: the branch (limits include their amount)',
    amount: 500_000,
    riskGrade: 'C',
    level: 1,
  },
  { name: 'one rupee above it, grade A: the region', amount: 500_001, riskGrade: 'A', level: 2 },
  { name: '20 lakh, grade B: the region', amount: 2_000_000, riskGrade: 'B', level: 2 },
  { name: '20 lakh, grade C: the region may not, the committee', amount: 2_000_000, riskGrade: 'C', level: 3 },
  { name: '20 lakh without a grade: the committee', amount: 2_000_000, riskGrade: null, level: 3 },
  { name: '1 crore: the committee', amount: 10_000_000, riskGrade: 'A', level: 3 },
];

export const AFTER_APPROVE_CASES: readonly { name: string; state: ApprovalState; after: AfterApprove }[] = [
  {
    name: 'the branch approves a loan within its limit: approved',
    state: { level: 1, amount: 400_000, approvedAtThisLevelBy: ['u-bcm'] },
    after: { kind: 'approved' },
  },
  {
    name: 'the branch approves a 20-lakh loan: forwarded to the region',
    state: { level: 1, amount: 2_000_000, riskGrade: 'A', approvedAtThisLevelBy: ['u-bcm'] },
    after: { kind: 'forward', toLevel: 2 },
  },
  {
    name: 'the region approves a 20-lakh grade A loan: approved',
    state: { level: 2, amount: 2_000_000, riskGrade: 'A', approvedAtThisLevelBy: ['u-bh'] },
    after: { kind: 'approved' },
  },
  {
    name: 'the region approves a grade C loan within its amount: forwarded to the committee',
    state: { level: 2, amount: 2_000_000, riskGrade: 'C', approvedAtThisLevelBy: ['u-bh'] },
    after: { kind: 'forward', toLevel: 3 },
  },
  {
    name: 'the committee needs two: one approval waits for one more',
    state: { level: 3, amount: 10_000_000, approvedAtThisLevelBy: ['u-c1'] },
    after: { kind: 'wait', needed: 1 },
  },
  {
    name: 'the same member twice still counts once',
    state: { level: 3, amount: 10_000_000, approvedAtThisLevelBy: ['u-c1', 'u-c1'] },
    after: { kind: 'wait', needed: 1 },
  },
  {
    name: 'two distinct members: approved (the last level decides any amount)',
    state: { level: 3, amount: 10_000_000, approvedAtThisLevelBy: ['u-c1', 'u-c2'] },
    after: { kind: 'approved' },
  },
];

export const LEVEL_APPROVER_CASES: readonly {
  name: string;
  level: number;
  user: { roles: string[]; teams: { id: string }[] };
  approver: boolean;
}[] = [
  { name: 'a BCM of the branch', level: 1, user: { roles: ['BCM'], teams: [{ id: 'TEAM-BRANCH' }] }, approver: true },
  { name: 'a BCM of another branch', level: 1, user: { roles: ['BCM'], teams: [{ id: 'TEAM-X' }] }, approver: false },
  {
    name: 'an officer of the branch',
    level: 1,
    user: { roles: ['CPA'], teams: [{ id: 'TEAM-BRANCH' }] },
    approver: false,
  },
  { name: 'a BH of the region', level: 2, user: { roles: ['BH'], teams: [{ id: 'TEAM-REGION' }] }, approver: true },
  {
    name: 'a BH of the region at level 1',
    level: 1,
    user: { roles: ['BH'], teams: [{ id: 'TEAM-REGION' }] },
    approver: false,
  },
  {
    name: 'any committee member (the level names no role)',
    level: 3,
    user: { roles: [], teams: [{ id: 'TEAM-COMMITTEE' }] },
    approver: true,
  },
];

const noFacts: FourEyesFacts = {
  capturedBy: [],
  editedAfterSubmitBy: [],
  approvedAtEarlierLevelsBy: [],
  approvedAtThisLevelBy: [],
};

export const FOUR_EYES_CASES: readonly {
  name: string;
  userId: string;
  facts: FourEyesFacts;
  refusal: string | null;
}[] = [
  { name: 'someone with no part in it may decide', userId: 'u-bh', facts: noFacts, refusal: null },
  {
    name: 'who captured it may not',
    userId: 'u-officer',
    facts: { ...noFacts, capturedBy: ['u-officer'] },
    refusal: FOUR_EYES_REASONS.captured,
  },
  {
    name: 'who worked its capture step may not, though someone else started it',
    userId: 'u-lead',
    facts: { ...noFacts, capturedBy: ['u-officer', 'u-lead'] },
    refusal: FOUR_EYES_REASONS.captured,
  },
  {
    name: 'who edited it after submission may not',
    userId: 'u-bh',
    facts: { ...noFacts, editedAfterSubmitBy: ['u-bh'] },
    refusal: FOUR_EYES_REASONS.edited,
  },
  {
    name: 'who approved it at an earlier level may not approve it again above',
    userId: 'u-bcm',
    facts: { ...noFacts, approvedAtEarlierLevelsBy: ['u-bcm'] },
    refusal: FOUR_EYES_REASONS.earlierLevel,
  },
  {
    name: 'who approved it at this level may not count twice',
    userId: 'u-c1',
    facts: { ...noFacts, approvedAtThisLevelBy: ['u-c1'] },
    refusal: FOUR_EYES_REASONS.thisLevel,
  },
  {
    name: 'capture is named first when several apply',
    userId: 'u-officer',
    facts: { ...noFacts, capturedBy: ['u-officer'], editedAfterSubmitBy: ['u-officer'] },
    refusal: FOUR_EYES_REASONS.captured,
  },
  {
    name: 'others approving earlier do not refuse a new approver',
    userId: 'u-c2',
    facts: { ...noFacts, approvedAtEarlierLevelsBy: ['u-bcm'], approvedAtThisLevelBy: ['u-c1'] },
    refusal: null,
  },
];
