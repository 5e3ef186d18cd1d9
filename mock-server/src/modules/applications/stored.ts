// Applications and their tasks, read into the wire shapes of spec §3.

import type {
  Application,
  ApplicationStatus,
  AssignmentInfo,
  LifecycleRef,
  SlaClock,
  TaskProgress,
  Team,
} from '@originate/contract';
import type { Queryable } from '../../db';
import { lifecycleOf } from '../lifecycle';

export interface TaskRow extends Record<string, unknown> {
  task_id: string;
  application_id: string;
  name: string;
  step_name: string;
  step_number: number;
  type: 'APPVD' | 'CUST_FLOW' | 'APPLICATION_SUMMARY' | 'none';
  progress: TaskProgress;
  assigned_to: string | null;
  assigned_team: Team[];
  allowed_users: string[];
  callback_requested: boolean;
  callback_at: Date | string | null;
  review_date: Date | string | null;
  start_time: Date | string;
  end_time: Date | string | null;
  assigned_at: Date | string | null;
  sla_overall_mins: number | null;
  sla_queued_mins: number | null;
  sla_assigned_mins: number | null;
  /** Whether its step waits for it (lifecycle tasks; true for every other). */
  blocking: boolean;
  sla_clock: SlaClock;
  /** When the SLA sweep found each part breached (modules/sla), or null. */
  sla_queued_breached_at: Date | string | null;
  sla_assigned_breached_at: Date | string | null;
  sla_overall_breached_at: Date | string | null;
}

/** A timestamp column (PGlite answers Date, node-postgres may answer a string) as ISO 8601, or null. */
export const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

interface ApplicationRow extends Record<string, unknown> {
  application_id: string;
  product_code: string;
  product_name: string;
  product_type_code: string | null;
  status: ApplicationStatus;
  stage: string;
  loan_amount: string | number;
  applicant: Application['applicant'];
  doc: Partial<Application>;
  cre_time: Date | string;
  mod_time: Date | string;
  /** Its tasks as JSON objects, by start time (see findApplication). */
  tasks: Record<string, unknown>[];
}

export interface StoredApplication {
  /** Read from the database: its lifecycle is always there. */
  application: Application & Required<Pick<Application, 'appLifeCycle'>>;
  tasks: TaskRow[];
}

const TASK_COLUMNS = `task_id, application_id, name, step_name, step_number, type, progress, assigned_to, assigned_team,
  allowed_users, callback_requested, callback_at, review_date, start_time, end_time, assigned_at, sla_overall_mins,
  sla_queued_mins, sla_assigned_mins, blocking, sla_clock, sla_queued_breached_at, sla_assigned_breached_at,
  sla_overall_breached_at`;

/** The task columns that are timestamps: json_agg answers them as text, the drivers answer them as Date. */
const TASK_TIMESTAMPS = [
  'callback_at',
  'review_date',
  'start_time',
  'end_time',
  'assigned_at',
  'sla_queued_breached_at',
  'sla_assigned_breached_at',
  'sla_overall_breached_at',
] as const;

/**
 * A task as json_agg answers it, as the drivers answer a task row: its timestamps as Date (both drivers parse
 * timestamptz with new Date semantics, truncating microseconds to milliseconds, as new Date does here).
 */
function taskFromJson(task: Record<string, unknown>): TaskRow {
  for (const column of TASK_TIMESTAMPS) {
    const value = task[column];
    if (typeof value === 'string') task[column] = new Date(value);
  }
  return task as TaskRow;
}

function toAssignment(task: TaskRow): AssignmentInfo {
  const info: AssignmentInfo = {
    assignedTeam: task.assigned_team,
    allowedUsers: task.allowed_users,
    progress: task.progress,
    taskName: task.name,
    taskId: task.task_id,
  };
  if (task.assigned_to) info.assignedTo = task.assigned_to;
  return info;
}

type LifeCycleSteps = NonNullable<Application['appLifeCycle']>['steps'];

/**
 * appLifeCycle.steps: the steps of the lifecycle version the application walks, in order, each with the
 * tasks it has had; then any step its tasks name that the version does not have (none but for data older
 * than lifecycles). Without a lifecycle, the steps its tasks name.
 */
async function lifeCycleSteps(db: Queryable, row: ApplicationRow, tasks: readonly TaskRow[]): Promise<LifeCycleSteps> {
  const lifecycle = await lifecycleOf(
    db,
    row.product_code,
    (row.doc as { lifecycle?: Partial<LifecycleRef> }).lifecycle,
  );
  const configured = lifecycle?.steps ?? [];
  const names = configured.map((s) => s.stepName);
  const steps: LifeCycleSteps = configured.map((step) => ({
    stepName: step.stepName,
    type: step.type === 'USER' ? 'none' : step.type,
    summaryEnabled: step.summaryEnabled,
    assignmentInfo: tasks.filter((t) => t.step_name === step.stepName).map(toAssignment),
  }));
  for (const stepName of new Set(tasks.map((t) => t.step_name))) {
    if (names.includes(stepName)) continue;
    const ofStep = tasks.filter((t) => t.step_name === stepName);
    steps.push({ stepName, type: ofStep[0]?.type ?? 'none', assignmentInfo: ofStep.map(toAssignment) });
  }
  return steps;
}

export async function findApplication(db: Queryable, applicationId: string): Promise<StoredApplication | null> {
  // The tasks in the application's own statement: one round trip, not two, on every route that loads one.
  const rows = await db.query<ApplicationRow>(
    `SELECT a.application_id, a.product_code, a.product_name, a.product_type_code, a.status, a.stage, a.loan_amount,
            a.applicant, a.doc, a.cre_time, a.mod_time,
            coalesce((SELECT json_agg(t ORDER BY t.start_time, t.step_number, t.task_id)
                        FROM (SELECT ${TASK_COLUMNS} FROM tasks WHERE application_id = a.application_id) t), '[]') AS tasks
       FROM applications a WHERE a.application_id = $1`,
    [applicationId],
  );
  const row = rows[0];
  if (!row) return null;
  const tasks = row.tasks.map(taskFromJson);
  const steps = await lifeCycleSteps(db, row, tasks);
  // A flow application the bank seeded records no flow position: answered as a form the applicant
  // submitted, so the portal's FlowApplication check (./FlowForm in the detail) accepts it.
  const flowDefaults =
    typeof row.doc.flowId === 'string' ? { mode: 'SAVED' as const, jointApplicants: [], progress: [] } : {};
  const application: StoredApplication['application'] = {
    ...flowDefaults,
    ...row.doc,
    application_id: row.application_id,
    product_code: row.product_code,
    product_name: row.product_name,
    application_status: row.status,
    _applicationStatus: row.status,
    applicant: row.applicant,
    cre_time: new Date(row.cre_time).toISOString(),
    mod_time: new Date(row.mod_time).toISOString(),
    customFields: { ...row.doc.customFields, loanAmount: Number(row.loan_amount) },
    appLifeCycle: { stage: row.stage, steps },
  };
  if (row.product_type_code) application.product_type_code = row.product_type_code;
  return { application, tasks };
}

/** What an applicant sees of its application: no staff assignments, no initiating user. */
export function forApplicant(application: Application): Omit<Application, 'appLifeCycle' | 'initiatedBy'> {
  const { appLifeCycle: _lifecycle, initiatedBy: _by, ...rest } = application;
  return rest;
}

const OPEN_PROGRESS: readonly TaskProgress[] = ['In Progress', 'Pending'];

/**
 * The task the detail view and the actions work on when none is named: the open one (In Progress or
 * Pending), else the one started last (a rejected, cancelled or completed application's final task).
 */
export function currentTask(tasks: readonly TaskRow[]): TaskRow | null {
  const open = tasks.filter((t) => OPEN_PROGRESS.includes(t.progress));
  const pool = open.length > 0 ? open : tasks;
  // findApplication orders them by start time: the last is the latest.
  return pool[pool.length - 1] ?? null;
}

/** POST /app/fetch_applications: these applications as summaries (deleted ones left out); the caller checked access. */
export async function applicationSummaries(db: Queryable, ids: readonly string[]) {
  const rows = await db.query<{
    application_id: string;
    product_code: string;
    product_name: string;
    status: string;
    stage: string | null;
    applicant_name: string | null;
    cre_time: Date | string;
    mod_time: Date | string;
  }>(
    `SELECT application_id, product_code, product_name, status, stage, applicant_name, cre_time, mod_time
       FROM applications WHERE application_id = ANY($1::text[]) AND status <> 'DELETED'`,
    [ids],
  );
  return rows.map((r) => ({
    application_id: r.application_id,
    product_code: r.product_code,
    product_name: r.product_name,
    _applicationStatus: r.status,
    stage: r.stage,
    applicantName: r.applicant_name,
    cre_time: iso(r.cre_time),
    mod_time: iso(r.mod_time),
  }));
}
