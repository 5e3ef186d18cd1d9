// The lifecycle editor's state and every edit it makes, as plain functions: the editor keeps a draft of
// the document (numbers as the text typed, so a half-typed amount is never lost or silently rounded),
// each list item with a stable key (moving a step keeps its inputs), and turns the draft back into the
// document the server takes, naming each field it could not read.
import type {
  ApprovalLevel,
  BreachPolicy,
  HandOutMode,
  Lifecycle,
  LifecycleBody,
  LifecycleStep,
  LifecycleStepType,
  LifecycleTask,
  SlaClock,
} from '@originate/contract';
import { rupees } from './amounts';

export interface FieldProblem {
  field: string;
  reason: string;
}

const SLA_PARTS = ['queuedMins', 'assignedMins', 'overallMins'] as const;
export type SlaPartField = (typeof SLA_PARTS)[number];

export interface TaskDraft {
  key: string;
  taskName: string;
  blocking: boolean;
  workedBy: LifecycleTask['workedBy'];
  handOut: HandOutMode;
  clock: SlaClock;
  /** Minutes as typed; empty = no limit on that part. */
  mins: Record<SlaPartField, string>;
  /** null: the lifecycle's breach policy applies. */
  breach: BreachPolicy | null;
}

export interface StepDraft {
  key: string;
  stepName: string;
  type: LifecycleStepType;
  summaryEnabled: boolean;
  tasks: TaskDraft[];
}

export interface LevelDraft {
  key: string;
  name: string;
  /** INR as typed (grouping commas allowed); empty = no limit (the final level). */
  maxAmount: string;
  /** Comma-separated grades as typed; empty = every grade. */
  riskGrades: string;
  approvers: ApprovalLevel['approvers'];
  requiredApprovers: number;
}

export interface LifecycleDraft {
  product_code: string;
  flowName: string;
  /** The version the editor started from: the server refuses the save (409) when another was saved since. */
  verNum: number;
  steps: StepDraft[];
  sendBackTo: string;
  levels: LevelDraft[];
  breach: BreachPolicy;
  /** The next list item's key. */
  nextKey: number;
}

/** Field paths as the contract's lifecycleProblems names them. */
export const fieldOf = {
  step: (s: number, name?: string) => `steps[${s}]${name ? `.${name}` : ''}`,
  task: (s: number, t: number, name?: string) => `steps[${s}].tasks[${t}]${name ? `.${name}` : ''}`,
  level: (l: number, name?: string) => `approvalMatrix.levels[${l}]${name ? `.${name}` : ''}`,
};

// ---------------------------------------------------------------------------------------------------------
// Document ⇄ draft

function taskDraft(task: LifecycleTask, key: string): TaskDraft {
  const { sla } = task;
  return {
    key,
    taskName: task.taskName,
    blocking: task.blocking,
    workedBy: task.workedBy,
    handOut: task.handOut,
    clock: sla.clock,
    mins: {
      queuedMins: minsText(sla.queuedMins),
      assignedMins: minsText(sla.assignedMins),
      overallMins: minsText(sla.overallMins),
    },
    breach: sla.breach ?? null,
  };
}

const minsText = (mins: number | null) => (mins === null ? '' : String(mins));

export function fromDocument(doc: Lifecycle | LifecycleBody): LifecycleDraft {
  let next = 0;
  const key = () => `k${next++}`;
  const steps = doc.steps.map((step) => ({
    key: key(),
    stepName: step.stepName,
    type: step.type,
    summaryEnabled: step.summaryEnabled,
    tasks: step.tasks.map((task) => taskDraft(task, key())),
  }));
  const levels = doc.approvalMatrix.levels.map((level) => ({
    key: key(),
    name: level.name,
    maxAmount: level.maxAmount === null ? '' : groupAmount(String(level.maxAmount)),
    riskGrades: (level.riskGrades ?? []).join(', '),
    approvers: level.approvers,
    requiredApprovers: level.requiredApprovers,
  }));
  return {
    product_code: doc.product_code,
    flowName: doc.flowName,
    verNum: doc.verNum,
    steps,
    sendBackTo: doc.approvalMatrix.sendBackTo,
    levels,
    breach: doc.breach,
    nextKey: next,
  };
}

/** '5,00,000' or '500000' → 500000; '' → null; anything else → a reason. */
export function parseAmount(text: string): number | null | { reason: string } {
  const plain = text.replace(/[,\s₹]/g, '');
  if (plain === '') return null;
  if (!/^\d+$/.test(plain)) return { reason: 'must be a whole amount in rupees (digits, commas allowed)' };
  const value = Number(plain);
  if (value < 1) return { reason: 'must be at least ₹1' };
  if (value > 1_000_000_000_000) return { reason: 'must be at most ₹1,00,000 crore' };
  return value;
}

/** '90' → 90; '' → null (no limit); anything else → a reason. */
export function parseMinutes(text: string): number | null | { reason: string } {
  const plain = text.trim();
  if (plain === '') return null;
  if (!/^\d+$/.test(plain)) return { reason: 'must be whole minutes (or empty for no limit)' };
  const value = Number(plain);
  if (value < 1) return { reason: 'must be at least 1 minute (or empty for no limit)' };
  if (value > 525_600) return { reason: 'must be at most 525600 minutes (a year)' };
  return value;
}

const isReason = (v: unknown): v is { reason: string } => typeof v === 'object' && v !== null && 'reason' in v;

/**
 * The document the server takes, and the fields whose text could not be read (those keep the value the
 * document had: null). Levels are numbered 1..n in their order.
 */
export function toDocument(draft: LifecycleDraft): { doc: LifecycleBody; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const read = <T>(value: T | { reason: string }, field: string): T | null => {
    if (!isReason(value)) return value;
    problems.push({ field, reason: value.reason });
    return null;
  };
  const steps: LifecycleStep[] = draft.steps.map((step, s) => ({
    stepName: step.stepName.trim(),
    type: step.type,
    summaryEnabled: step.summaryEnabled,
    tasks: step.tasks.map((task, t) => {
      const mins = (part: SlaPartField) => read(parseMinutes(task.mins[part]), fieldOf.task(s, t, `sla.${part}`));
      return {
        taskName: task.taskName.trim(),
        blocking: task.blocking,
        workedBy: task.workedBy,
        handOut: task.handOut,
        sla: {
          clock: task.clock,
          queuedMins: mins('queuedMins'),
          assignedMins: mins('assignedMins'),
          overallMins: mins('overallMins'),
          ...(task.breach ? { breach: task.breach } : {}),
        },
      };
    }),
  }));
  const levels: ApprovalLevel[] = draft.levels.map((level, l) => {
    const grades = level.riskGrades
      .split(',')
      .map((g) => g.trim())
      .filter((g) => g !== '');
    return {
      level: l + 1,
      name: level.name.trim(),
      maxAmount: read(parseAmount(level.maxAmount), fieldOf.level(l, 'maxAmount')),
      ...(grades.length > 0 ? { riskGrades: grades } : {}),
      approvers: level.approvers,
      requiredApprovers: level.requiredApprovers,
    };
  });
  return {
    doc: {
      product_code: draft.product_code,
      flowName: draft.flowName.trim(),
      verNum: draft.verNum,
      steps,
      approvalMatrix: { sendBackTo: draft.sendBackTo, levels },
      breach: draft.breach,
    },
    problems,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Edits: each returns a new draft; an index out of range changes nothing.

function moved<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (index < 0 || index >= items.length || to < 0 || to >= items.length) return [...items];
  const copy = [...items];
  [copy[index], copy[to]] = [copy[to] as T, copy[index] as T];
  return copy;
}

/** A name not yet used in `taken`: 'New step', then 'New step 2', … */
function freeName(base: string, taken: readonly string[]): string {
  const used = new Set(taken.map((n) => n.trim().toLowerCase()));
  if (!used.has(base.toLowerCase())) return base;
  for (let n = 2; ; n++) if (!used.has(`${base} ${n}`.toLowerCase())) return `${base} ${n}`;
}

/** A new task: worked by the application's branch team from a queue, no SLA limit, blocking. */
function newTask(key: string, name: string): TaskDraft {
  return {
    key,
    taskName: name,
    blocking: true,
    workedBy: { branchTeam: true, hierarchyLevel: 0, departments: [], allowedUsers: [] },
    handOut: 'QUEUE',
    clock: 'WORKING_HOURS',
    mins: { queuedMins: '', assignedMins: '', overallMins: '' },
    breach: null,
  };
}

export function moveStep(draft: LifecycleDraft, index: number, by: -1 | 1): LifecycleDraft {
  return { ...draft, steps: moved(draft.steps, index, by) };
}

/** A USER step with one task of the same name, after `afterIndex` (-1: first). */
export function addStep(draft: LifecycleDraft, afterIndex: number): LifecycleDraft {
  const name = freeName(
    'New step',
    draft.steps.map((s) => s.stepName),
  );
  const step: StepDraft = {
    key: `k${draft.nextKey}`,
    stepName: name,
    type: 'USER',
    summaryEnabled: false,
    tasks: [newTask(`k${draft.nextKey + 1}`, name)],
  };
  const at = Math.max(0, Math.min(afterIndex + 1, draft.steps.length));
  return { ...draft, steps: [...draft.steps.slice(0, at), step, ...draft.steps.slice(at)], nextKey: draft.nextKey + 2 };
}

export function removeStep(draft: LifecycleDraft, index: number): LifecycleDraft {
  return { ...draft, steps: draft.steps.filter((_, i) => i !== index) };
}

/**
 * Changes a step's fields. Renaming the step the send back returns to renames the send back too, and a
 * single task named like its step keeps following the step's name (the usual one-task step).
 */
export function updateStep(
  draft: LifecycleDraft,
  index: number,
  patch: Partial<Omit<StepDraft, 'key' | 'tasks'>>,
): LifecycleDraft {
  const current = draft.steps[index];
  if (!current) return draft;
  const renamed = patch.stepName !== undefined && patch.stepName !== current.stepName;
  const only = current.tasks.length === 1 ? current.tasks[0] : undefined;
  const tasks =
    renamed && only && only.taskName === current.stepName
      ? [{ ...only, taskName: patch.stepName as string }]
      : current.tasks;
  const steps = draft.steps.map((s, i) => (i === index ? { ...s, ...patch, tasks } : s));
  const sendBackTo = renamed && draft.sendBackTo === current.stepName ? (patch.stepName as string) : draft.sendBackTo;
  return { ...draft, steps, sendBackTo };
}

function withTasks(draft: LifecycleDraft, s: number, tasks: (tasks: TaskDraft[]) => TaskDraft[]): LifecycleDraft {
  if (!draft.steps[s]) return draft;
  return { ...draft, steps: draft.steps.map((step, i) => (i === s ? { ...step, tasks: tasks(step.tasks) } : step)) };
}

/** A task run in parallel with the step's others. */
export function addTask(draft: LifecycleDraft, s: number): LifecycleDraft {
  const step = draft.steps[s];
  if (!step) return draft;
  const name = freeName(
    'New task',
    step.tasks.map((t) => t.taskName),
  );
  return {
    ...withTasks(draft, s, (tasks) => [...tasks, newTask(`k${draft.nextKey}`, name)]),
    nextKey: draft.nextKey + 1,
  };
}

export function removeTask(draft: LifecycleDraft, s: number, t: number): LifecycleDraft {
  return withTasks(draft, s, (tasks) => tasks.filter((_, i) => i !== t));
}

export function updateTask(
  draft: LifecycleDraft,
  s: number,
  t: number,
  patch: Partial<Omit<TaskDraft, 'key'>>,
): LifecycleDraft {
  return withTasks(draft, s, (tasks) => tasks.map((task, i) => (i === t ? { ...task, ...patch } : task)));
}

/**
 * A level inserted before the last (open-ended) one, so the matrix stays open-ended: its limit is left
 * empty for the admin to fill.
 */
export function addLevel(draft: LifecycleDraft): LifecycleDraft {
  const level: LevelDraft = {
    key: `k${draft.nextKey}`,
    name: freeName(
      'New level',
      draft.levels.map((l) => l.name),
    ),
    maxAmount: '',
    riskGrades: '',
    approvers: { teams: [], roles: [] },
    requiredApprovers: 1,
  };
  const at = Math.max(0, draft.levels.length - 1);
  return {
    ...draft,
    levels: [...draft.levels.slice(0, at), level, ...draft.levels.slice(at)],
    nextKey: draft.nextKey + 1,
  };
}

export function removeLevel(draft: LifecycleDraft, index: number): LifecycleDraft {
  return { ...draft, levels: draft.levels.filter((_, i) => i !== index) };
}

export function moveLevel(draft: LifecycleDraft, index: number, by: -1 | 1): LifecycleDraft {
  return { ...draft, levels: moved(draft.levels, index, by) };
}

export function updateLevel(
  draft: LifecycleDraft,
  index: number,
  patch: Partial<Omit<LevelDraft, 'key'>>,
): LifecycleDraft {
  return { ...draft, levels: draft.levels.map((l, i) => (i === index ? { ...l, ...patch } : l)) };
}

// ---------------------------------------------------------------------------------------------------------
// Showing problems

/** Problems by field; several reasons of one field joined. */
export function problemsByField(problems: readonly FieldProblem[]): Map<string, string> {
  const byField = new Map<string, string>();
  for (const { field, reason } of problems) {
    const had = byField.get(field);
    byField.set(field, had ? `${had}; ${reason}` : reason);
  }
  return byField;
}

/** The reasons at `prefix` itself or below it (a step's card shows its tasks' problems as a count). */
export function problemsUnder(problems: readonly FieldProblem[], prefix: string): FieldProblem[] {
  return problems.filter(
    (p) => p.field === prefix || p.field.startsWith(`${prefix}.`) || p.field.startsWith(`${prefix}[`),
  );
}

/** Each level's range as words: 'up to ₹5,00,000 (5 lakh)', 'above ₹5,00,000 (5 lakh), up to …', 'above …'. */
export function levelRanges(draft: LifecycleDraft): string[] {
  let below: number | null = null;
  return draft.levels.map((level) => {
    const max = parseAmount(level.maxAmount);
    const from: string = below === null ? '' : `above ${rupees(below)}`;
    let text: string;
    if (isReason(max)) text = from || 'amount not readable';
    else if (max === null) text = from || 'any amount';
    else text = from ? `${from}, up to ${rupees(max)}` : `up to ${rupees(max)}`;
    if (!isReason(max) && max !== null) below = max;
    return text;
  });
}

/** Digits regrouped the Indian way when an amount field is left ('2000000' → '20,00,000'); other text stays. */
export function groupAmount(text: string): string {
  const plain = text.replace(/[,\s₹]/g, '');
  return /^\d+$/.test(plain) ? new Intl.NumberFormat('en-IN').format(Number(plain)) : text;
}

// ---------------------------------------------------------------------------------------------------------
// What the editor checks against

interface DirectoryLike {
  users: readonly { userid: string; roles: readonly string[] }[];
  teams: readonly { id: string; type: 'HIERARCHY' | 'DEPT' }[];
}

/**
 * The teams, departments and users a lifecycle may name, as the editor knows them: those its directory lists,
 * and those the stored version names already (the server checked them when it was saved; a viewer's
 * directory may hold fewer). New choices come from the directory's lists only.
 */
export function knownFor(
  directory: DirectoryLike,
  stored: Pick<LifecycleBody, 'steps' | 'approvalMatrix'>,
): { teams: string[]; departments: string[]; users: string[] } {
  const tasks = stored.steps.flatMap((s) => s.tasks);
  const storedDepartments = tasks.flatMap((t) => t.workedBy.departments);
  const departments = new Set([
    ...directory.teams.filter((t) => t.type === 'DEPT').map((t) => t.id),
    ...storedDepartments,
  ]);
  const teams = new Set([
    ...directory.teams.map((t) => t.id),
    ...storedDepartments,
    ...stored.approvalMatrix.levels.flatMap((l) => l.approvers.teams),
  ]);
  const users = new Set([...directory.users.map((u) => u.userid), ...tasks.flatMap((t) => t.workedBy.allowedUsers)]);
  return { teams: [...teams], departments: [...departments], users: [...users] };
}

/** Roles a level may name: the platform's, those staff hold, and those the lifecycle names already. */
export function roleChoices(
  platformRoles: readonly string[],
  directory: Pick<DirectoryLike, 'users'>,
  stored: Pick<LifecycleBody, 'approvalMatrix'>,
): string[] {
  const roles = new Set(platformRoles);
  for (const u of directory.users) for (const r of u.roles) roles.add(r);
  for (const l of stored.approvalMatrix.levels) for (const r of l.approvers.roles) roles.add(r);
  // Role names as the matrix's schema takes them (app names such as the portal's are no roles).
  return [...roles].filter((r) => /^[A-Za-z0-9_]+$/.test(r)).sort();
}

/** A refusal's `errors` ({label or field, reason}; the label is the field path) as field problems. */
export function refusedFields(body: unknown): FieldProblem[] {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.flatMap((e: { label?: unknown; field?: unknown; reason?: unknown }) => {
    const field = typeof e.field === 'string' ? e.field : typeof e.label === 'string' ? e.label : null;
    return field !== null && typeof e.reason === 'string' ? [{ field, reason: e.reason }] : [];
  });
}

/** Who changes lifecycles: an operations admin (the server's isOpsAdmin); everyone else reads them. */
export function mayEditLifecycles(roles: readonly string[]): boolean {
  return roles.includes('ADMIN');
}
