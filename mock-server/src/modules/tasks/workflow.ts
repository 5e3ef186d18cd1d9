// The lifecycle every application walks (README "State machine"): complete_step/user moves to the next
// step here; revert_stage goes back to the previous one. The demo seed's steps are these four.
import type { FlowType, Team } from '@originate/contract';

export interface WorkflowStep {
  stepNumber: number;
  stepName: string;
  /** The task's name. */
  name: string;
  type: FlowType;
  /** The queue of the step's task; null: the queue of the step before (the application's branch). */
  team: Team[] | null;
}

/** Sanction is decided by the region's credit approvers; the earlier steps stay in the branch's queue. */
export const WORKFLOW_STEPS: readonly WorkflowStep[] = [
  { stepNumber: 1, stepName: 'Application Capture', name: 'Capture Applicant Details', type: 'CUST_FLOW', team: null },
  { stepNumber: 2, stepName: 'Document Verification', name: 'Verify KYC Documents', type: 'APPVD', team: null },
  { stepNumber: 3, stepName: 'Credit Assessment', name: 'Assess Credit', type: 'APPVD', team: null },
  {
    stepNumber: 4,
    stepName: 'Sanction',
    name: 'Sanction Approval',
    type: 'APPLICATION_SUMMARY',
    team: [
      { type: 'HIERARCHY', id: 'TEAM-WEST-REGION' },
      { type: 'DEPT', id: 'TEAM-CREDIT-APPROVALS' },
    ],
  },
];

/** The step after `stepNumber`, or null when it is the last (the application completes). */
export function nextStep(stepNumber: number): WorkflowStep | null {
  return WORKFLOW_STEPS.find((s) => s.stepNumber === stepNumber + 1) ?? null;
}
