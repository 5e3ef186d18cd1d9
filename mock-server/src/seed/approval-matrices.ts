// The demo bank's approval matrices, one per product (each product's lifecycle document carries its own):
// a branch credit manager decides small loans, the region's credit head larger ones, and home loans above
// 25 lakh go to a credit committee of two. Amounts in INR; a level decides loans up to its maxAmount.
import type { ApprovalMatrix } from '@originate/contract';

/** The Mumbai and Pune branch managers (BCM) decide at the first level of every product. */
const BRANCH_CREDIT_MANAGER = { teams: ['TEAM-MUM-WEST', 'TEAM-PUNE-CENTRAL'], roles: ['BCM'] };
/** The West Region's head (BH) at the second. */
const REGIONAL_CREDIT_HEAD = { teams: ['TEAM-WEST-REGION'], roles: ['BH'] };

type Level = ApprovalMatrix['levels'][number];

/** The branch credit manager up to `limit`; the region's credit head above it (or up to `regionLimit`). */
const branchThenRegion = (limit: number, regionLimit: number | null = null): Level[] => [
  { level: 1, name: 'Branch Credit Manager', maxAmount: limit, approvers: BRANCH_CREDIT_MANAGER, requiredApprovers: 1 },
  {
    level: 2,
    name: 'Regional Credit Head',
    maxAmount: regionLimit,
    approvers: REGIONAL_CREDIT_HEAD,
    requiredApprovers: 1,
  },
];

export const APPROVAL_MATRICES: Readonly<Record<'HL' | 'PL' | 'CL', ApprovalMatrix>> = {
  HL: {
    sendBackTo: 'Credit Assessment',
    levels: [
      ...branchThenRegion(500_000, 2_500_000),
      {
        level: 3,
        name: 'Credit Committee',
        maxAmount: null,
        approvers: { teams: ['TEAM-CREDIT-COMMITTEE'], roles: [] },
        requiredApprovers: 2,
      },
    ],
  },
  PL: { sendBackTo: 'Credit Assessment', levels: branchThenRegion(500_000) },
  CL: { sendBackTo: 'Credit Assessment', levels: branchThenRegion(1_000_000) },
};
