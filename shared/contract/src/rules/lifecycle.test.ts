import { LIFECYCLE_CASES_KNOWN, LIFECYCLE_PROBLEM_CASES, lifecycleCaseBase } from '../cases/lifecycle';
import type { LifecycleBody, LifecycleTask } from '../contracts/lifecycle';
import { breachPolicyOf, diffLifecycles, lifecycleProblems, nextTasks, slaExpectedEnd, stepDone } from './lifecycle';

/** The item at `i`, which the test's own document has. */
function nth<T>(items: readonly T[], i: number): T {
  const item = items[i];
  if (item === undefined) throw new Error(`no item ${i}`);
  return item;
}

const task = (taskName: string, over: Partial<LifecycleTask> = {}): LifecycleTask => ({
  taskName,
  blocking: true,
  workedBy: { branchTeam: true, hierarchyLevel: 0, departments: [], allowedUsers: [] },
  handOut: 'QUEUE',
  sla: { clock: 'CALENDAR', queuedMins: 60, assignedMins: 120, overallMins: 240 },
  ...over,
});

const doc = (): LifecycleBody => ({
  product_code: 'HL',
  flowName: 'Home Loan lifecycle',
  verNum: 1,
  steps: [
    { stepName: 'Capture', type: 'CUST_FLOW', summaryEnabled: false, tasks: [task('Capture Applicant Details')] },
    {
      stepName: 'Valuation',
      type: 'USER',
      summaryEnabled: true,
      tasks: [
        task('Legal Valuation', {
          workedBy: { branchTeam: false, hierarchyLevel: 0, departments: ['D-LEGAL'], allowedUsers: [] },
        }),
        task('Technical Valuation', { handOut: 'ROUND_ROBIN' }),
      ],
    },
    { stepName: 'Sanction', type: 'APPLICATION_SUMMARY', summaryEnabled: true, tasks: [task('Sanction Approval')] },
  ],
  approvalMatrix: {
    sendBackTo: 'Capture',
    levels: [
      {
        level: 1,
        name: 'Branch',
        maxAmount: 500_000,
        approvers: { teams: ['T-BRANCH'], roles: [] },
        requiredApprovers: 1,
      },
      {
        level: 2,
        name: 'Region',
        maxAmount: null,
        approvers: { teams: [], roles: ['APPROVER'] },
        requiredApprovers: 2,
      },
    ],
  },
  breach: { notifyTeamLead: true, escalateTo: 'NONE' },
});

const known = { teams: ['T-BRANCH', 'D-LEGAL'], departments: ['D-LEGAL'], users: ['USR-1'] };

describe('lifecycleProblems', () => {
  it('finds nothing wrong with a sound lifecycle', () => {
    expect(lifecycleProblems(doc(), known)).toEqual([]);
  });

  it('refuses an empty lifecycle', () => {
    const empty = { ...doc(), steps: [] };
    expect(lifecycleProblems(empty, known)).toContainEqual({
      field: 'steps',
      reason: 'a lifecycle needs at least one step',
    });
  });

  it('names the second of two steps with one name', () => {
    const d = doc();
    d.steps[2] = { ...nth(d.steps, 2), stepName: 'Valuation' };
    expect(lifecycleProblems(d, known)).toContainEqual({
      field: 'steps[2].stepName',
      reason: "Step 'Valuation': another step has the same name",
    });
  });

  it('names the step and the task nobody can work, and the unknown teams and users', () => {
    const d = doc();
    nth(d.steps, 1).tasks[0] = task('Legal Valuation', {
      workedBy: { branchTeam: false, hierarchyLevel: 0, departments: [], allowedUsers: [] },
    });
    nth(d.steps, 1).tasks[1] = task('Technical Valuation', {
      workedBy: { branchTeam: false, hierarchyLevel: 0, departments: ['T-BRANCH', 'NOPE'], allowedUsers: ['USR-9'] },
    });
    expect(lifecycleProblems(d, known)).toEqual([
      {
        field: 'steps[1].tasks[0].workedBy',
        reason:
          "Step 'Valuation', task 'Legal Valuation': nobody can work it (name the branch team, a department or users)",
      },
      {
        field: 'steps[1].tasks[1].workedBy.departments[0]',
        reason: "Step 'Valuation', task 'Technical Valuation': team T-BRANCH is not a department",
      },
      {
        field: 'steps[1].tasks[1].workedBy.departments[1]',
        reason: "Step 'Valuation', task 'Technical Valuation': team NOPE is not a known team",
      },
      {
        field: 'steps[1].tasks[1].workedBy.allowedUsers[0]',
        reason: "Step 'Valuation', task 'Technical Valuation': user USR-9 is not a known user",
      },
    ]);
  });

  it('refuses duplicate task names, a level without the branch team, a part longer than the whole', () => {
    const d = doc();
    nth(d.steps, 1).tasks[1] = task('Legal Valuation', {
      workedBy: { branchTeam: false, hierarchyLevel: 1, departments: ['D-LEGAL'], allowedUsers: [] },
      sla: { clock: 'WORKING_HOURS', queuedMins: 500, assignedMins: null, overallMins: 300 },
    });
    const fields = lifecycleProblems(d, known).map((p) => p.field);
    expect(fields).toEqual([
      'steps[1].tasks[1].taskName',
      'steps[1].tasks[1].workedBy.hierarchyLevel',
      'steps[1].tasks[1].sla.queuedMins',
    ]);
  });

  it('checks the approval matrix: the send-back step, its teams, its amounts', () => {
    const d = doc();
    d.approvalMatrix.sendBackTo = 'Nowhere';
    nth(d.approvalMatrix.levels, 0).approvers.teams = ['T-GONE'];
    nth(d.approvalMatrix.levels, 1).maxAmount = 100;
    const fields = lifecycleProblems(d, known).map((p) => p.field);
    expect(fields).toEqual([
      'approvalMatrix.sendBackTo',
      'approvalMatrix.levels[0].approvers.teams[0]',
      'approvalMatrix.levels[1].maxAmount',
    ]);
  });
});

describe('lifecycleProblems: the shared cases', () => {
  it.each(LIFECYCLE_PROBLEM_CASES.map((c) => [c.name, c] as const))('%s', (_, c) => {
    const doc = lifecycleCaseBase();
    c.change(doc);
    expect(lifecycleProblems(doc, LIFECYCLE_CASES_KNOWN)).toEqual(c.problems);
  });
});

describe('diffLifecycles', () => {
  it('says nothing for the same document', () => {
    expect(diffLifecycles(doc(), doc())).toEqual([]);
  });

  it('says where a step was added, what was removed, and each changed SLA part', () => {
    const prev = doc();
    const next = doc();
    next.steps.splice(1, 0, {
      stepName: 'Document Verification',
      type: 'APPVD',
      summaryEnabled: false,
      tasks: [task('Verify KYC Documents')],
    });
    nth(next.steps, 2).tasks.pop();
    nth(nth(next.steps, 3).tasks, 0).sla = {
      clock: 'WORKING_HOURS',
      queuedMins: 30,
      assignedMins: 120,
      overallMins: 240,
    };
    nth(next.approvalMatrix.levels, 0).maxAmount = 1_000_000;
    expect(diffLifecycles(prev, next)).toEqual([
      "Step 'Document Verification' added after 'Capture'",
      "Task 'Technical Valuation' removed from step 'Valuation'",
      "SLA clock of 'Sanction Approval' of step 'Sanction' CALENDAR → WORKING_HOURS",
      "SLA of 'Sanction Approval' of step 'Sanction' queued 60 min → 30 min",
      "Approval level 1 'Branch' limit INR 500000 → INR 1000000",
    ]);
  });

  it('notices steps moved and a removed step', () => {
    const prev = doc();
    const next = doc();
    next.steps = [nth(next.steps, 1), nth(next.steps, 0)];
    expect(diffLifecycles(prev, next)).toEqual(["Step 'Sanction' removed", 'Steps reordered: Valuation → Capture']);
  });
});

describe('slaExpectedEnd', () => {
  it('counts every minute on the calendar clock', () => {
    const start = new Date('2026-12-05T17:00:00.000Z'); // Saturday 22:30 IST
    expect(slaExpectedEnd(start, 90, 'CALENDAR').toISOString()).toBe('2026-12-05T18:30:00.000Z');
  });

  it('counts inside a working day', () => {
    const start = new Date('2026-12-07T05:00:00.000Z'); // Monday 10:30 IST
    expect(slaExpectedEnd(start, 60, 'WORKING_HOURS').toISOString()).toBe('2026-12-07T06:00:00.000Z');
  });

  it('ends at 18:30 when the minutes run out exactly then, not the next morning', () => {
    const start = new Date('2026-12-07T04:00:00.000Z'); // Monday 09:30 IST
    expect(slaExpectedEnd(start, 540, 'WORKING_HOURS').toISOString()).toBe('2026-12-07T13:00:00.000Z');
  });

  it('starts at the next opening when started after hours or on a Sunday, and skips Sunday', () => {
    // Saturday 18:00 IST: 30 min that day, then Monday 09:30 + 30 min.
    const saturday = new Date('2026-12-05T12:30:00.000Z');
    expect(slaExpectedEnd(saturday, 60, 'WORKING_HOURS').toISOString()).toBe('2026-12-07T04:30:00.000Z');
    // Sunday noon IST: Monday 09:30 + 60.
    const sunday = new Date('2026-12-06T06:30:00.000Z');
    expect(slaExpectedEnd(sunday, 60, 'WORKING_HOURS').toISOString()).toBe('2026-12-07T05:00:00.000Z');
    // Tuesday 07:00 IST: Tuesday 09:30 + 15.
    const early = new Date('2026-12-08T01:30:00.000Z');
    expect(slaExpectedEnd(early, 15, 'WORKING_HOURS').toISOString()).toBe('2026-12-08T04:15:00.000Z');
  });

  it('agrees with a minute-by-minute count over long limits', () => {
    const working = (t: number) => {
      const local = new Date(t + 330 * 60_000);
      const minute = local.getUTCHours() * 60 + local.getUTCMinutes();
      return local.getUTCDay() !== 0 && minute >= 570 && minute < 1110;
    };
    const start = new Date('2026-12-02T11:17:00.000Z');
    for (const limit of [1, 539, 540, 541, 3240, 3241, 6480, 10_000]) {
      let t = start.getTime();
      let left = limit;
      while (left > 0) {
        if (working(t)) left--;
        t += 60_000;
      }
      expect(slaExpectedEnd(start, limit, 'WORKING_HOURS').getTime()).toBe(t);
    }
  });
});

describe('step progression', () => {
  it('opens the first step after none, the next after each, nothing after the last', () => {
    const d = doc();
    expect(nextTasks(d, 0)?.step.stepName).toBe('Capture');
    expect(nextTasks(d, 1)).toEqual({ stepNumber: 2, step: d.steps[1] });
    expect(nextTasks(d, 3)).toBeNull();
  });

  it('a step is done when every blocking task is Completed, whatever the non-blocking ones', () => {
    expect(
      stepDone([
        { blocking: true, progress: 'Completed' },
        { blocking: true, progress: 'Pending' },
      ]),
    ).toBe(false);
    expect(
      stepDone([
        { blocking: true, progress: 'Completed' },
        { blocking: false, progress: 'Pending' },
      ]),
    ).toBe(true);
    expect(
      stepDone([
        { blocking: false, progress: 'Pending' },
        { blocking: false, progress: 'Completed' },
      ]),
    ).toBe(true);
    expect(stepDone([{ blocking: false, progress: 'Pending' }])).toBe(false);
  });

  it("a task's own breach policy overrides its lifecycle's", () => {
    const d = doc();
    const own = { notifyTeamLead: false, escalateTo: 'NEXT_LEVEL' as const };
    expect(breachPolicyOf(d, task('X'))).toEqual(d.breach);
    expect(breachPolicyOf(d, task('X', { sla: { ...task('X').sla, breach: own } }))).toEqual(own);
  });
});
