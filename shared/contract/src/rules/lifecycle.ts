// The rules of a product's lifecycle (contracts/lifecycle.ts), run by the server when it saves one or opens
// a step's tasks and by the lifecycle editor as the admin types: what is wrong with a document, what changed
// between two versions, when an SLA part ends on its clock, which tasks a step opens and when it is done.
import type { ApprovalLevel, ApprovalMatrix } from '../contracts/approvalMatrix';
import type {
  BreachPolicy,
  Lifecycle,
  LifecycleBody,
  LifecycleStep,
  LifecycleTask,
  SlaClock,
} from '../contracts/lifecycle';
import { approvalMatrixProblems } from './approvals';

/** One problem of a lifecycle: the field path and why, naming the step (answered with a 400). */
export interface LifecycleProblem {
  field: string;
  reason: string;
}

/** What a lifecycle may name: every team id, the department (DEPT) team ids, the user ids. */
export interface LifecycleKnown {
  teams: readonly string[];
  departments: readonly string[];
  users: readonly string[];
}

type LifecycleDoc = Pick<LifecycleBody, 'steps' | 'approvalMatrix'>;

const duplicates = (names: readonly string[]) => names.filter((name, i) => names.indexOf(name) !== i);

function taskProblems(task: LifecycleTask, at: string, where: string, known: LifecycleKnown): LifecycleProblem[] {
  const problems: LifecycleProblem[] = [];
  const { workedBy, sla } = task;
  if (!workedBy.branchTeam && workedBy.departments.length === 0 && workedBy.allowedUsers.length === 0) {
    problems.push({
      field: `${at}.workedBy`,
      reason: `${where}: nobody can work it (name the branch team, a department or users)`,
    });
  }
  if (!workedBy.branchTeam && workedBy.hierarchyLevel !== 0) {
    problems.push({
      field: `${at}.workedBy.hierarchyLevel`,
      reason: `${where}: a hierarchy level applies to the branch team only`,
    });
  }
  workedBy.departments.forEach((id, i) => {
    if (known.departments.includes(id)) return;
    problems.push({
      field: `${at}.workedBy.departments[${i}]`,
      reason: known.teams.includes(id)
        ? `${where}: team ${id} is not a department`
        : `${where}: team ${id} is not a known team`,
    });
  });
  workedBy.allowedUsers.forEach((id, i) => {
    if (!known.users.includes(id)) {
      problems.push({ field: `${at}.workedBy.allowedUsers[${i}]`, reason: `${where}: user ${id} is not a known user` });
    }
  });
  for (const part of ['queuedMins', 'assignedMins'] as const) {
    const mins = sla[part];
    if (mins !== null && sla.overallMins !== null && mins > sla.overallMins) {
      problems.push({
        field: `${at}.sla.${part}`,
        reason: `${where}: ${mins} min is longer than the overall SLA of ${sla.overallMins} min`,
      });
    }
  }
  return problems;
}

/**
 * What is wrong with a lifecycle beyond its schema, each naming the step (and task) and the reason: an empty
 * lifecycle, two steps or two tasks of a step with one name, a task nobody can work, unknown teams or users,
 * a part's SLA longer than the whole, a send-back step that is not a step, and the matrix's own problems.
 */
export function lifecycleProblems(doc: LifecycleDoc, known: LifecycleKnown): LifecycleProblem[] {
  const problems: LifecycleProblem[] = [];
  if (doc.steps.length === 0) problems.push({ field: 'steps', reason: 'a lifecycle needs at least one step' });
  const stepNames = doc.steps.map((s) => s.stepName);
  const repeatedSteps = duplicates(stepNames);
  doc.steps.forEach((step, i) => {
    const at = `steps[${i}]`;
    if (repeatedSteps.includes(step.stepName) && stepNames.indexOf(step.stepName) !== i) {
      problems.push({ field: `${at}.stepName`, reason: `Step '${step.stepName}': another step has the same name` });
    }
    const taskNames = step.tasks.map((t) => t.taskName);
    if (step.tasks.length === 0) {
      problems.push({ field: `${at}.tasks`, reason: `Step '${step.stepName}': a step needs at least one task` });
    }
    step.tasks.forEach((task, j) => {
      const taskAt = `${at}.tasks[${j}]`;
      const where = `Step '${step.stepName}', task '${task.taskName}'`;
      if (taskNames.indexOf(task.taskName) !== j) {
        problems.push({ field: `${taskAt}.taskName`, reason: `${where}: another task of the step has the same name` });
      }
      problems.push(...taskProblems(task, taskAt, where, known));
    });
  });
  const matrix = doc.approvalMatrix;
  if (!stepNames.includes(matrix.sendBackTo)) {
    problems.push({
      field: 'approvalMatrix.sendBackTo',
      reason: `Step '${matrix.sendBackTo}' is not a step of this lifecycle`,
    });
  }
  matrix.levels.forEach((level, i) => {
    level.approvers.teams.forEach((id, j) => {
      if (!known.teams.includes(id)) {
        problems.push({
          field: `approvalMatrix.levels[${i}].approvers.teams[${j}]`,
          reason: `Approval level '${level.name}': team ${id} is not a known team`,
        });
      }
    });
  });
  problems.push(...approvalMatrixProblems(matrix));
  return problems;
}

const mins = (n: number | null) => (n === null ? 'none' : `${n} min`);
const policy = (b: BreachPolicy | undefined) =>
  b === undefined
    ? "the lifecycle's"
    : `${b.notifyTeamLead ? 'notify team lead' : 'no notice'}, escalate ${b.escalateTo === 'NONE' ? 'nowhere' : 'to next level'}`;
const list = (items: readonly string[]) => (items.length === 0 ? 'none' : items.join(', '));
const workers = (t: LifecycleTask) => {
  const w = t.workedBy;
  const branch = w.branchTeam ? [w.hierarchyLevel === 0 ? 'branch team' : `branch team level ${w.hierarchyLevel}`] : [];
  return list([...branch, ...w.departments, ...w.allowedUsers]);
};

function taskChanges(step: string, prev: LifecycleTask, next: LifecycleTask): string[] {
  const lines: string[] = [];
  const of = `'${next.taskName}' of step '${step}'`;
  if (prev.blocking !== next.blocking) {
    lines.push(`Task ${of} is ${next.blocking ? 'blocking' : 'no longer blocking'}`);
  }
  if (workers(prev) !== workers(next)) lines.push(`Task ${of} worked by ${workers(prev)} → ${workers(next)}`);
  if (prev.handOut !== next.handOut) lines.push(`Hand-out of ${of} ${prev.handOut} → ${next.handOut}`);
  if (prev.sla.clock !== next.sla.clock) lines.push(`SLA clock of ${of} ${prev.sla.clock} → ${next.sla.clock}`);
  for (const [part, label] of [
    ['queuedMins', 'queued'],
    ['assignedMins', 'assigned'],
    ['overallMins', 'overall'],
  ] as const) {
    if (prev.sla[part] !== next.sla[part]) {
      lines.push(`SLA of ${of} ${label} ${mins(prev.sla[part])} → ${mins(next.sla[part])}`);
    }
  }
  if (policy(prev.sla.breach) !== policy(next.sla.breach)) {
    lines.push(`Breach of ${of} ${policy(prev.sla.breach)} → ${policy(next.sla.breach)}`);
  }
  return lines;
}

function stepChanges(prev: LifecycleStep, next: LifecycleStep): string[] {
  const lines: string[] = [];
  const name = next.stepName;
  if (prev.type !== next.type) lines.push(`Step '${name}' type ${prev.type} → ${next.type}`);
  if (prev.summaryEnabled !== next.summaryEnabled) {
    lines.push(`Step '${name}' summary ${next.summaryEnabled ? 'enabled' : 'disabled'}`);
  }
  const prevNames = prev.tasks.map((t) => t.taskName);
  const nextNames = next.tasks.map((t) => t.taskName);
  for (const task of prev.tasks) {
    if (!nextNames.includes(task.taskName)) lines.push(`Task '${task.taskName}' removed from step '${name}'`);
  }
  for (const task of next.tasks) {
    const before = prev.tasks.find((t) => t.taskName === task.taskName);
    if (!before) lines.push(`Task '${task.taskName}' added to step '${name}'`);
    else lines.push(...taskChanges(name, before, task));
  }
  const kept = nextNames.filter((n) => prevNames.includes(n));
  if (kept.join('\n') !== prevNames.filter((n) => nextNames.includes(n)).join('\n')) {
    lines.push(`Tasks of step '${name}' reordered: ${kept.join(', ')}`);
  }
  return lines;
}

function levelChanges(prev: ApprovalLevel, next: ApprovalLevel): string[] {
  const lines: string[] = [];
  const name = `Approval level ${next.level} '${next.name}'`;
  if (prev.name !== next.name) lines.push(`Approval level ${next.level} renamed '${prev.name}' → '${next.name}'`);
  const amount = (a: number | null) => (a === null ? 'no limit' : `INR ${a}`);
  if (prev.maxAmount !== next.maxAmount)
    lines.push(`${name} limit ${amount(prev.maxAmount)} → ${amount(next.maxAmount)}`);
  const grades = (l: ApprovalLevel) => list(l.riskGrades ?? []);
  if (grades(prev) !== grades(next)) lines.push(`${name} risk grades ${grades(prev)} → ${grades(next)}`);
  const who = (l: ApprovalLevel) => list([...l.approvers.teams, ...l.approvers.roles]);
  if (who(prev) !== who(next)) lines.push(`${name} approvers ${who(prev)} → ${who(next)}`);
  if (prev.requiredApprovers !== next.requiredApprovers) {
    lines.push(`${name} required approvers ${prev.requiredApprovers} → ${next.requiredApprovers}`);
  }
  return lines;
}

function matrixChanges(prev: ApprovalMatrix, next: ApprovalMatrix): string[] {
  const lines: string[] = [];
  if (prev.sendBackTo !== next.sendBackTo) lines.push(`Send back to '${prev.sendBackTo}' → '${next.sendBackTo}'`);
  const count = Math.max(prev.levels.length, next.levels.length);
  for (let i = 0; i < count; i++) {
    const before = prev.levels[i];
    const after = next.levels[i];
    if (before && after) lines.push(...levelChanges(before, after));
    else if (after) lines.push(`Approval level ${after.level} '${after.name}' added`);
    else if (before) lines.push(`Approval level ${before.level} '${before.name}' removed`);
  }
  return lines;
}

type DiffDoc = Pick<Lifecycle, 'flowName' | 'steps' | 'approvalMatrix' | 'breach'>;

/**
 * What changed from `prev` to `next`, one human line each (shown before saving, answered by the save): steps
 * added (after which step), removed, moved; a step's type and summary; its tasks and their workers, hand-out,
 * SLA and breach policy; the lifecycle's breach policy and approval matrix. Steps and tasks match by name.
 */
export function diffLifecycles(prev: DiffDoc, next: DiffDoc): string[] {
  const lines: string[] = [];
  if (prev.flowName !== next.flowName) lines.push(`Name '${prev.flowName}' → '${next.flowName}'`);
  const prevNames = prev.steps.map((s) => s.stepName);
  const nextNames = next.steps.map((s) => s.stepName);
  for (const step of prev.steps) {
    if (!nextNames.includes(step.stepName)) lines.push(`Step '${step.stepName}' removed`);
  }
  next.steps.forEach((step, i) => {
    const before = prev.steps.find((s) => s.stepName === step.stepName);
    if (!before) {
      const after = next.steps[i - 1];
      lines.push(
        after ? `Step '${step.stepName}' added after '${after.stepName}'` : `Step '${step.stepName}' added first`,
      );
      return;
    }
    lines.push(...stepChanges(before, step));
  });
  const kept = nextNames.filter((n) => prevNames.includes(n));
  const keptBefore = prevNames.filter((n) => nextNames.includes(n));
  if (kept.join('\n') !== keptBefore.join('\n')) lines.push(`Steps reordered: ${kept.join(' → ')}`);
  if (policy(prev.breach) !== policy(next.breach)) {
    lines.push(`Breach policy ${policy(prev.breach)} → ${policy(next.breach)}`);
  }
  lines.push(...matrixChanges(prev.approvalMatrix, next.approvalMatrix));
  return lines;
}

/** IST is UTC+05:30 all year (no daylight saving). */
const IST_OFFSET_MS = 330 * 60_000;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** Working hours: Monday to Saturday, 09:30 to 18:30 IST. */
const WORK_START_MS = (9 * 60 + 30) * MINUTE_MS;
const WORK_END_MS = (18 * 60 + 30) * MINUTE_MS;
const WORK_DAY_MS = WORK_END_MS - WORK_START_MS;

/**
 * When an SLA part of `limitMins` started at `start` ends. CALENDAR: every minute counts. WORKING_HOURS: only
 * minutes Monday to Saturday 09:30–18:30 IST count; a part started outside them starts at the next opening,
 * and one that runs out exactly at 18:30 ends then (not the next morning).
 */
export function slaExpectedEnd(start: Date, limitMins: number, clock: SlaClock): Date {
  if (clock === 'CALENDAR') return new Date(start.getTime() + limitMins * MINUTE_MS);
  // IST wall time as if it were UTC, so getUTCDay and the day's milliseconds read the bank's calendar.
  let local = start.getTime() + IST_OFFSET_MS;
  let left = limitMins * MINUTE_MS;
  for (;;) {
    const dayStart = local - (((local % DAY_MS) + DAY_MS) % DAY_MS);
    const sunday = new Date(dayStart).getUTCDay() === 0;
    const into = local - dayStart;
    if (sunday || into >= WORK_END_MS) {
      local = dayStart + DAY_MS + WORK_START_MS;
      continue;
    }
    if (into < WORK_START_MS) local = dayStart + WORK_START_MS;
    const today = dayStart + WORK_END_MS - local;
    if (left <= today) return new Date(local + left - IST_OFFSET_MS);
    left -= today;
    // Whole working weeks at once (any seven days from a working day hold six), keeping some minutes for
    // the loop to end on: a long limit takes a few turns, not one per day.
    const weeks = Math.floor((left - 1) / (6 * WORK_DAY_MS));
    if (weeks > 0) {
      left -= weeks * 6 * WORK_DAY_MS;
      local = dayStart + weeks * 7 * DAY_MS + WORK_END_MS;
      continue;
    }
    local = dayStart + DAY_MS + WORK_START_MS;
  }
}

/** A step of a lifecycle with its 1-based number (tasks carry it as step_number). */
export interface NumberedStep {
  stepNumber: number;
  step: LifecycleStep;
}

/**
 * The step whose tasks open after step `completedStepNumber` completes (0: none yet, so the first step),
 * or null when it was the last (the application completes).
 */
export function nextTasks(lifecycle: Pick<Lifecycle, 'steps'>, completedStepNumber: number): NumberedStep | null {
  const step = lifecycle.steps[completedStepNumber];
  return step ? { stepNumber: completedStepNumber + 1, step } : null;
}

/** The step of a lifecycle by number, or null when the version has no such step. */
export function stepOf(lifecycle: Pick<Lifecycle, 'steps'>, stepNumber: number): LifecycleStep | null {
  return lifecycle.steps[stepNumber - 1] ?? null;
}

/** What the progression rule reads of a task of the step. */
export interface StepTaskState {
  blocking: boolean;
  progress: string;
}

/**
 * A step is done when every blocking task of it is Completed; its non-blocking tasks do not hold it back.
 * A step of no blocking task is done as soon as one of its tasks is Completed.
 */
export function stepDone(tasks: readonly StepTaskState[]): boolean {
  const blocking = tasks.filter((t) => t.blocking);
  if (blocking.length === 0) return tasks.some((t) => t.progress === 'Completed');
  return blocking.every((t) => t.progress === 'Completed');
}

/** The breach policy of a task: its own when it has one, else its lifecycle's. */
export function breachPolicyOf(lifecycle: Pick<Lifecycle, 'breach'>, task: LifecycleTask): BreachPolicy {
  return task.sla.breach ?? lifecycle.breach;
}
