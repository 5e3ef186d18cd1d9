import type { Lifecycle, LifecycleTask } from '@originate/contract';
import {
  addLevel,
  addStep,
  addTask,
  fromDocument,
  groupAmount,
  knownFor,
  levelRanges,
  mayEditLifecycles,
  moveLevel,
  moveStep,
  parseAmount,
  parseMinutes,
  problemsByField,
  problemsUnder,
  refusedFields,
  removeLevel,
  removeStep,
  removeTask,
  roleChoices,
  toDocument,
  updateLevel,
  updateStep,
  updateTask,
} from './lifecycleEditor';

const task = (taskName: string, sla: Partial<LifecycleTask['sla']> = {}): LifecycleTask => ({
  taskName,
  blocking: true,
  workedBy: { branchTeam: true, hierarchyLevel: 0, departments: [], allowedUsers: [] },
  handOut: 'QUEUE',
  sla: { clock: 'WORKING_HOURS', queuedMins: 60, assignedMins: 240, overallMins: null, ...sla },
});

const personalLoan: Lifecycle = {
  product_code: 'PL',
  flowName: 'Personal Loan lifecycle',
  verNum: 3,
  steps: [
    { stepName: 'Application Capture', type: 'CUST_FLOW', summaryEnabled: false, tasks: [task('Application Capture')] },
    {
      stepName: 'Credit Assessment',
      type: 'USER',
      summaryEnabled: true,
      tasks: [task('Assess Credit', { breach: { notifyTeamLead: true, escalateTo: 'NEXT_LEVEL' } })],
    },
    { stepName: 'Sanction', type: 'APPVD', summaryEnabled: true, tasks: [task('Sanction')] },
  ],
  approvalMatrix: {
    sendBackTo: 'Credit Assessment',
    levels: [
      {
        level: 1,
        name: 'Branch',
        maxAmount: 500_000,
        approvers: { teams: ['TEAM-MUM-WEST'], roles: ['BCM'] },
        requiredApprovers: 1,
      },
      {
        level: 2,
        name: 'Credit',
        maxAmount: null,
        riskGrades: ['A', 'B'],
        approvers: { teams: ['TEAM-CREDIT-APPROVALS'], roles: [] },
        requiredApprovers: 2,
      },
    ],
  },
  breach: { notifyTeamLead: true, escalateTo: 'NONE' },
  updatedBy: 'USR-1004',
  updatedAt: '2026-12-01T10:00:00.000Z',
};

const { updatedBy: _by, updatedAt: _at, ...body } = personalLoan;

describe('lifecycle editor: document ⇄ draft', () => {
  it('gives back the same document it was made from (without who saved it and when)', () => {
    expect(toDocument(fromDocument(personalLoan))).toEqual({ doc: body, problems: [] });
  });

  it('shows amounts in lakh grouping and minutes as numbers', () => {
    const draft = fromDocument(personalLoan);
    expect(draft.levels.map((l) => l.maxAmount)).toEqual(['5,00,000', '']);
    expect(draft.steps[0]?.tasks[0]?.mins).toEqual({ queuedMins: '60', assignedMins: '240', overallMins: '' });
  });

  it('keeps numbers as typed: minutes and amounts with grouping commas; empty is no limit', () => {
    let draft = fromDocument(personalLoan);
    draft = updateTask(draft, 1, 0, { mins: { queuedMins: '30', assignedMins: '', overallMins: '1440' } });
    draft = updateLevel(draft, 0, { maxAmount: '10,00,000' });
    const { doc, problems } = toDocument(draft);
    expect(problems).toEqual([]);
    expect(doc.steps[1]?.tasks[0]?.sla).toMatchObject({ queuedMins: 30, assignedMins: null, overallMins: 1440 });
    expect(doc.approvalMatrix.levels[0]?.maxAmount).toBe(1_000_000);
  });

  it('names the field it could not read and why', () => {
    let draft = fromDocument(personalLoan);
    draft = updateTask(draft, 2, 0, { mins: { queuedMins: '1.5', assignedMins: '0', overallMins: '' } });
    draft = updateLevel(draft, 0, { maxAmount: '5 lakh' });
    expect(toDocument(draft).problems).toEqual([
      { field: 'steps[2].tasks[0].sla.queuedMins', reason: 'must be whole minutes (or empty for no limit)' },
      { field: 'steps[2].tasks[0].sla.assignedMins', reason: 'must be at least 1 minute (or empty for no limit)' },
      {
        field: 'approvalMatrix.levels[0].maxAmount',
        reason: 'must be a whole amount in rupees (digits, commas allowed)',
      },
    ]);
  });

  it('reads risk grades from comma-separated text and numbers the levels in their order', () => {
    let draft = fromDocument(personalLoan);
    draft = updateLevel(draft, 0, { riskGrades: ' A, B+ ,' });
    draft = moveLevel(draft, 1, -1);
    const levels = toDocument(draft).doc.approvalMatrix.levels;
    expect(levels.map((l) => [l.level, l.name])).toEqual([
      [1, 'Credit'],
      [2, 'Branch'],
    ]);
    expect(levels[1]?.riskGrades).toEqual(['A', 'B+']);
  });

  it('drops a task breach override set back to the lifecycle default', () => {
    const draft = updateTask(fromDocument(personalLoan), 1, 0, { breach: null });
    expect(toDocument(draft).doc.steps[1]?.tasks[0]?.sla.breach).toBeUndefined();
  });
});

describe('lifecycle editor: steps', () => {
  it('adds a USER step after the one named, with one blocking queue task of its name, worked by the branch', () => {
    const draft = addStep(fromDocument(personalLoan), 1);
    const { doc } = toDocument(draft);
    expect(doc.steps.map((s) => s.stepName)).toEqual([
      'Application Capture',
      'Credit Assessment',
      'New step',
      'Sanction',
    ]);
    expect(doc.steps[2]).toEqual({
      stepName: 'New step',
      type: 'USER',
      summaryEnabled: false,
      tasks: [
        {
          taskName: 'New step',
          blocking: true,
          workedBy: { branchTeam: true, hierarchyLevel: 0, departments: [], allowedUsers: [] },
          handOut: 'QUEUE',
          sla: { clock: 'WORKING_HOURS', queuedMins: null, assignedMins: null, overallMins: null },
        },
      ],
    });
    // A second one gets a name of its own and a key of its own.
    const twice = addStep(draft, -1);
    expect(twice.steps[0]?.stepName).toBe('New step 2');
    const items = [...twice.steps, ...twice.steps.flatMap((s) => s.tasks)];
    expect(new Set(items.map((i) => i.key)).size).toBe(items.length);
  });

  it('moves a step up and down keeping its key; out of range changes nothing', () => {
    const draft = fromDocument(personalLoan);
    const keys = draft.steps.map((s) => s.key);
    expect(moveStep(draft, 2, -1).steps.map((s) => s.key)).toEqual([keys[0], keys[2], keys[1]]);
    expect(moveStep(draft, 0, 1).steps.map((s) => s.stepName)).toEqual([
      'Credit Assessment',
      'Application Capture',
      'Sanction',
    ]);
    expect(moveStep(draft, 0, -1).steps).toEqual(draft.steps);
    expect(moveStep(draft, 2, 1).steps).toEqual(draft.steps);
  });

  it('removes a step', () => {
    expect(toDocument(removeStep(fromDocument(personalLoan), 1)).doc.steps.map((s) => s.stepName)).toEqual([
      'Application Capture',
      'Sanction',
    ]);
  });

  it('renaming a step renames the send back that named it and a single task named like it', () => {
    const draft = updateStep(fromDocument(personalLoan), 1, { stepName: 'Credit Review' });
    expect(draft.sendBackTo).toBe('Credit Review');
    // Its task has a name of its own, so it keeps it.
    expect(draft.steps[1]?.tasks[0]?.taskName).toBe('Assess Credit');
    const sanction = updateStep(draft, 2, { stepName: 'Final Sanction' });
    expect(sanction.steps[2]?.tasks[0]?.taskName).toBe('Final Sanction');
    expect(sanction.sendBackTo).toBe('Credit Review');
  });

  it('adds parallel tasks with names of their own and removes them', () => {
    let draft = addTask(fromDocument(personalLoan), 1);
    draft = addTask(draft, 1);
    expect(draft.steps[1]?.tasks.map((t) => t.taskName)).toEqual(['Assess Credit', 'New task', 'New task 2']);
    draft = removeTask(draft, 1, 0);
    expect(draft.steps[1]?.tasks.map((t) => t.taskName)).toEqual(['New task', 'New task 2']);
    expect(addTask(draft, 9)).toBe(draft);
  });
});

describe('lifecycle editor: approval levels', () => {
  it('adds a level before the open-ended last one and removes one', () => {
    const draft = addLevel(fromDocument(personalLoan));
    expect(draft.levels.map((l) => l.name)).toEqual(['Branch', 'New level', 'Credit']);
    expect(removeLevel(draft, 0).levels.map((l) => l.name)).toEqual(['New level', 'Credit']);
  });

  it('says each level range in lakh and crore', () => {
    let draft = addLevel(fromDocument(personalLoan));
    draft = updateLevel(draft, 1, { maxAmount: '2,50,00,000' });
    expect(levelRanges(draft)).toEqual([
      'up to ₹5,00,000 (5 lakh)',
      'above ₹5,00,000 (5 lakh), up to ₹2,50,00,000 (2.5 crore)',
      'above ₹2,50,00,000 (2.5 crore)',
    ]);
  });
});

describe('lifecycle editor: reading input and problems', () => {
  it('reads amounts and minutes', () => {
    expect(parseAmount('₹ 20,00,000')).toBe(2_000_000);
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('-5')).toEqual({ reason: 'must be a whole amount in rupees (digits, commas allowed)' });
    expect(parseAmount('0')).toEqual({ reason: 'must be at least ₹1' });
    expect(parseMinutes(' 45 ')).toBe(45);
    expect(parseMinutes('525601')).toEqual({ reason: 'must be at most 525600 minutes (a year)' });
  });

  it('groups problems by field and finds those under a step', () => {
    const problems = [
      { field: 'steps[1].stepName', reason: 'is used by another step' },
      { field: 'steps[1].tasks[0].workedBy', reason: 'nobody can work this task' },
      { field: 'steps[1].stepName', reason: 'must not be empty' },
      { field: 'steps[10]', reason: 'x' },
    ];
    expect(problemsByField(problems).get('steps[1].stepName')).toBe('is used by another step; must not be empty');
    expect(problemsUnder(problems, 'steps[1]')).toHaveLength(3);
  });
});

describe('lifecycle editor: what it checks against', () => {
  const directory = {
    users: [
      { userid: 'USR-1001', roles: ['CPA', 'NOTIFICATION'] },
      { userid: 'USR-1003', roles: ['BH', 'originate-portal'] },
    ],
    teams: [
      { id: 'TEAM-MUM-WEST', type: 'HIERARCHY' as const },
      { id: 'TEAM-CREDIT-APPROVALS', type: 'DEPT' as const },
    ],
  };

  it("knows the directory's teams, departments and users, and those the stored version names", () => {
    const stored = fromDocument(personalLoan);
    const named = updateTask(stored, 0, 0, {
      workedBy: { branchTeam: false, hierarchyLevel: 0, departments: ['TEAM-OPS'], allowedUsers: ['USR-1099'] },
    });
    const known = knownFor(directory, toDocument(named).doc);
    expect(known.departments.sort()).toEqual(['TEAM-CREDIT-APPROVALS', 'TEAM-OPS']);
    expect(known.teams.sort()).toEqual(['TEAM-CREDIT-APPROVALS', 'TEAM-MUM-WEST', 'TEAM-OPS']);
    expect(known.users.sort()).toEqual(['USR-1001', 'USR-1003', 'USR-1099']);
  });

  it('offers the platform roles, those staff hold and those the matrix names, never app names', () => {
    expect(roleChoices(['BCM', 'CPA'], directory, personalLoan)).toEqual(['BCM', 'BH', 'CPA', 'NOTIFICATION']);
  });

  it("reads a refusal's fields, by field or label", () => {
    expect(
      refusedFields({
        code: 1101,
        errors: [
          { label: 'steps[1].stepName', reason: "Step 'X': another step has the same name" },
          { field: 'approvalMatrix.sendBackTo', reason: 'not a step' },
          { reason: 'no field' },
        ],
      }),
    ).toEqual([
      { field: 'steps[1].stepName', reason: "Step 'X': another step has the same name" },
      { field: 'approvalMatrix.sendBackTo', reason: 'not a step' },
    ]);
    expect(refusedFields(null)).toEqual([]);
  });

  it('regroups a typed amount the Indian way; other text stays for its problem to show', () => {
    expect(groupAmount('2000000')).toBe('20,00,000');
    expect(groupAmount('5 lakh')).toBe('5 lakh');
  });

  it('lets only an operations admin edit', () => {
    expect(mayEditLifecycles(['ADMIN', 'NOTIFICATION'])).toBe(true);
    expect(mayEditLifecycles(['BH', 'CPA'])).toBe(false);
  });
});
