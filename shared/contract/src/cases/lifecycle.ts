// Cases of lifecycleProblems (rules/lifecycle.ts), run by the contract's jest, the server's node:test (each
// document POSTed as a lifecycle: a 400 with exactly these problems) and the lifecycle editor's jest. The
// teams and users are the demo bank's, so the server checks them against its seeded directory.
import type { LifecycleBody, LifecycleTask } from '../contracts/lifecycle';
import type { LifecycleKnown, LifecycleProblem } from '../rules/lifecycle';

/** The demo bank's directory as far as the cases name it (a subset of the seed's). */
export const LIFECYCLE_CASES_KNOWN: LifecycleKnown = {
  teams: ['TEAM-MUM-WEST', 'TEAM-WEST-REGION', 'TEAM-CREDIT-APPROVALS', 'TEAM-OPERATIONS', 'TEAM-RETAIL-LENDING'],
  departments: ['TEAM-CREDIT-APPROVALS', 'TEAM-OPERATIONS', 'TEAM-RETAIL-LENDING'],
  users: ['USR-1001', 'USR-1002', 'USR-1003', 'USR-1004'],
};

const task = (taskName: string, over: Partial<LifecycleTask> = {}): LifecycleTask => ({
  taskName,
  blocking: true,
  workedBy: { branchTeam: true, hierarchyLevel: 0, departments: [], allowedUsers: [] },
  handOut: 'QUEUE',
  sla: { clock: 'CALENDAR', queuedMins: 240, assignedMins: 1440, overallMins: 2880 },
  ...over,
});

/** A sound personal-loan lifecycle the cases each break one way (verNum: the server sets the current one). */
export function lifecycleCaseBase(): LifecycleBody {
  return {
    product_code: 'PL',
    flowName: 'Personal Loan lifecycle',
    verNum: 0,
    steps: [
      { stepName: 'Application Capture', type: 'CUST_FLOW', summaryEnabled: false, tasks: [task('Capture')] },
      {
        stepName: 'Valuation',
        type: 'USER',
        summaryEnabled: true,
        tasks: [
          task('Legal Valuation', {
            workedBy: { branchTeam: false, hierarchyLevel: 0, departments: ['TEAM-OPERATIONS'], allowedUsers: [] },
            handOut: 'LEAST_LOADED',
          }),
          task('Technical Valuation', { handOut: 'ROUND_ROBIN' }),
        ],
      },
      {
        stepName: 'Sanction',
        type: 'APPLICATION_SUMMARY',
        summaryEnabled: true,
        tasks: [
          task('Sanction Approval', {
            workedBy: {
              branchTeam: true,
              hierarchyLevel: 1,
              departments: ['TEAM-CREDIT-APPROVALS'],
              allowedUsers: ['USR-1003'],
            },
          }),
        ],
      },
    ],
    approvalMatrix: {
      sendBackTo: 'Valuation',
      levels: [
        {
          level: 1,
          name: 'Credit approvals',
          maxAmount: 1_000_000,
          approvers: { teams: ['TEAM-CREDIT-APPROVALS'], roles: [] },
          requiredApprovers: 1,
        },
        {
          level: 2,
          name: 'Loan operations',
          maxAmount: null,
          approvers: { teams: ['TEAM-OPERATIONS'], roles: [] },
          requiredApprovers: 1,
        },
      ],
    },
    breach: { notifyTeamLead: true, escalateTo: 'NONE' },
  };
}

export const LIFECYCLE_PROBLEM_CASES: readonly {
  name: string;
  /** Breaks the base document (a fresh copy each time). */
  change: (doc: LifecycleBody) => void;
  problems: LifecycleProblem[];
}[] = [
  { name: 'the sound lifecycle', change: () => undefined, problems: [] },
  {
    name: 'an empty lifecycle',
    change: (doc) => {
      doc.steps = [];
      doc.approvalMatrix.sendBackTo = 'Valuation';
    },
    problems: [
      { field: 'steps', reason: 'a lifecycle needs at least one step' },
      { field: 'approvalMatrix.sendBackTo', reason: "Step 'Valuation' is not a step of this lifecycle" },
    ],
  },
  {
    name: 'two steps of one name',
    change: (doc) => {
      const last = doc.steps[2];
      if (last) last.stepName = 'Valuation';
    },
    problems: [{ field: 'steps[2].stepName', reason: "Step 'Valuation': another step has the same name" }],
  },
  {
    name: 'two tasks of one name in a step',
    change: (doc) => {
      const second = doc.steps[1]?.tasks[1];
      if (second) second.taskName = 'Legal Valuation';
    },
    problems: [
      {
        field: 'steps[1].tasks[1].taskName',
        reason: "Step 'Valuation', task 'Legal Valuation': another task of the step has the same name",
      },
    ],
  },
  {
    name: 'a task nobody can work',
    change: (doc) => {
      const legal = doc.steps[1]?.tasks[0];
      if (legal) legal.workedBy = { branchTeam: false, hierarchyLevel: 0, departments: [], allowedUsers: [] };
    },
    problems: [
      {
        field: 'steps[1].tasks[0].workedBy',
        reason:
          "Step 'Valuation', task 'Legal Valuation': nobody can work it (name the branch team, a department or users)",
      },
    ],
  },
  {
    name: 'an unknown team, a branch named as a department, an unknown user',
    change: (doc) => {
      const sanction = doc.steps[2]?.tasks[0];
      if (sanction) {
        sanction.workedBy.departments = ['TEAM-NOWHERE', 'TEAM-MUM-WEST'];
        sanction.workedBy.allowedUsers = ['USR-NOBODY'];
      }
    },
    problems: [
      {
        field: 'steps[2].tasks[0].workedBy.departments[0]',
        reason: "Step 'Sanction', task 'Sanction Approval': team TEAM-NOWHERE is not a known team",
      },
      {
        field: 'steps[2].tasks[0].workedBy.departments[1]',
        reason: "Step 'Sanction', task 'Sanction Approval': team TEAM-MUM-WEST is not a department",
      },
      {
        field: 'steps[2].tasks[0].workedBy.allowedUsers[0]',
        reason: "Step 'Sanction', task 'Sanction Approval': user USR-NOBODY is not a known user",
      },
    ],
  },
  {
    name: 'a queued SLA longer than the whole, and a send-back step that is not a step',
    change: (doc) => {
      const capture = doc.steps[0]?.tasks[0];
      if (capture) capture.sla = { clock: 'WORKING_HOURS', queuedMins: 3000, assignedMins: null, overallMins: 2880 };
      doc.approvalMatrix.sendBackTo = 'Underwriting';
    },
    problems: [
      {
        field: 'steps[0].tasks[0].sla.queuedMins',
        reason: "Step 'Application Capture', task 'Capture': 3000 min is longer than the overall SLA of 2880 min",
      },
      { field: 'approvalMatrix.sendBackTo', reason: "Step 'Underwriting' is not a step of this lifecycle" },
    ],
  },
];
