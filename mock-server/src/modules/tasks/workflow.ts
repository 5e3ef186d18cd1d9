// The lifecycle every application walks (README "State machine", "Lifecycles"): the version of its product's
// lifecycle it started with. Opening a step opens each of its tasks (several run in parallel), each in the
// queues its configuration resolves (the application's branch or an ancestor of it, departments, named
// users), handed out as configured, with its SLA limits and clock; a step is done when every blocking task of
// it is Completed (the contract's stepDone).
import { randomUUID } from 'node:crypto';
import type { FlowType, Lifecycle, LifecycleStep, LifecycleTask, Team } from '@originate/contract';
import type { Queryable } from '../../db';
import { type Effects, notifyTeam, notifyUser, type TaskRow } from '../applications';

/** The task's flow type: a USER step is worked in the back office only (no flow of the applicant's). */
const flowTypeOf = (step: LifecycleStep): FlowType => (step.type === 'USER' ? 'none' : step.type);

/** A task id no other task of the application has: TSK-<app>-<step>, then TSK-<app>-<step>.<n>. */
export async function newTaskId(tx: Queryable, applicationId: string, stepNumber: number): Promise<string> {
  const base = `TSK-${applicationId}-${stepNumber}`;
  const [row] = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM tasks WHERE application_id = $1 AND (task_id = $2 OR task_id LIKE $2 || '.%')`,
    [applicationId, base],
  );
  const n = row?.n ?? 0;
  const id = n === 0 ? base : `${base}.${n + 1}`;
  // A fixed id may exceed the id length of 64 for a very long application id: a random one then.
  return id.length <= 64 ? id : `TSK-${randomUUID()}`;
}

/** The application's branch: the first hierarchy team of its earliest task (the queue it started in). */
export function branchOf(tasks: readonly Pick<TaskRow, 'assigned_team'>[]): string | null {
  for (const task of tasks) {
    const branch = task.assigned_team.find((t) => t.type === 'HIERARCHY');
    if (branch) return branch.id;
  }
  return null;
}

/** The team `levels` up from `teamId` through teams.parent_id (0: itself), or null when the tree is shorter. */
async function ancestor(tx: Queryable, teamId: string, levels: number): Promise<string | null> {
  if (levels === 0) return teamId;
  const [row] = await tx.query<{ id: string }>(
    `WITH RECURSIVE up (id, parent_id, depth) AS (
       SELECT id, parent_id, 0 FROM teams WHERE id = $1
       UNION ALL SELECT t.id, t.parent_id, up.depth + 1 FROM teams t JOIN up ON t.id = up.parent_id WHERE up.depth < $2)
     SELECT id FROM up WHERE depth = $2`,
    [teamId, levels],
  );
  return row?.id ?? null;
}

/**
 * The queues of a task: the branch team (or its ancestor) and the departments. Where the branch cannot be
 * resolved (no branch, or no parent that far up), the queue of the step before stands in, as it did when
 * every step after the first went to it.
 */
async function queuesOf(
  tx: Queryable,
  workedBy: LifecycleTask['workedBy'],
  branch: string | null,
  previousTeam: readonly Team[],
): Promise<Team[]> {
  const departments: Team[] = workedBy.departments.map((id) => ({ type: 'DEPT', id }));
  if (!workedBy.branchTeam) return departments;
  const team = branch ? await ancestor(tx, branch, workedBy.hierarchyLevel) : null;
  if (!team) return [...previousTeam.filter((t) => !workedBy.departments.includes(t.id)), ...departments];
  return [{ type: 'HIERARCHY', id: team }, ...departments];
}

/** One queue's name in lifecycle_rotation: its teams and named users, each in order. */
const queueKey = (teams: readonly Team[], allowedUsers: readonly string[]) =>
  `${teams
    .map((t) => t.id)
    .sort()
    .join(',')}|${[...allowedUsers].sort().join(',')}`;

/** Who may be handed the task: the members of its queues and its named users, in id order. */
async function candidatesOf(tx: Queryable, teams: readonly Team[], allowedUsers: readonly string[]): Promise<string[]> {
  const rows = await tx.query<{ user_id: string }>(
    `SELECT user_id FROM user_teams WHERE team_id = ANY($1::text[])
     UNION SELECT userid FROM users WHERE userid = ANY($2::text[]) ORDER BY 1`,
    [teams.map((t) => t.id), allowedUsers],
  );
  return rows.map((r) => r.user_id);
}

/**
 * ROUND_ROBIN: the candidate after the one this task of this product's step went to last in the same queue (each
 * branch's team keeps its own turn; the row of lifecycle_rotation is locked by the upsert, so two hand-outs at
 * once take turns). LEAST_LOADED: the candidate with the fewest open tasks, the lower id on a tie. Nobody to
 * hand it to: nobody (the queue).
 */
async function handOut(
  tx: Queryable,
  mode: Exclude<LifecycleTask['handOut'], 'QUEUE'>,
  candidates: readonly string[],
  key: { productCode: string; stepName: string; taskName: string; queue: string },
): Promise<string | null> {
  if (candidates.length === 0) return null;
  if (mode === 'LEAST_LOADED') {
    const [row] = await tx.query<{ user_id: string }>(
      `SELECT c.user_id FROM unnest($1::text[]) AS c (user_id)
         LEFT JOIN LATERAL (SELECT count(*) AS n FROM tasks t
                             WHERE t.assigned_to = c.user_id AND t.progress IN ('In Progress', 'Pending')) l ON true
        ORDER BY l.n, c.user_id LIMIT 1`,
      [candidates],
    );
    return row?.user_id ?? null;
  }
  const [last] = await tx.query<{ last_user: string | null }>(
    `INSERT INTO lifecycle_rotation (product_code, step_name, task_name, queue_key, last_user)
     VALUES ($1, $2, $3, $4, NULL)
     ON CONFLICT (product_code, step_name, task_name, queue_key) DO UPDATE SET last_user = lifecycle_rotation.last_user
     RETURNING last_user`,
    [key.productCode, key.stepName, key.taskName, key.queue],
  );
  const next = candidates.find((c) => last?.last_user == null || c > last.last_user) ?? (candidates[0] as string);
  await tx.query(
    `UPDATE lifecycle_rotation SET last_user = $5
      WHERE product_code = $1 AND step_name = $2 AND task_name = $3 AND queue_key = $4`,
    [key.productCode, key.stepName, key.taskName, key.queue, next],
  );
  return next;
}

/** The application a step opens on, and where its queues resolve from. */
export interface StepTarget {
  applicationId: string;
  productCode: string;
  /** "Application X (Product)", the start of each notice. */
  label: string;
  /** The application's branch team (branchOf). */
  branch: string | null;
  /** The queue of the step before: where a branch queue that cannot be resolved goes. */
  previousTeam: readonly Team[];
  /** Who completed the step before (undefined: the applicant). */
  actorId?: string;
}

export interface OpenedTask {
  taskId: string;
  name: string;
  assignedTo: string | null;
  team: Team[];
}

/** Who takes a reopened task (revert_stage): whoever had it, in the queue it was in. */
export interface Reopen {
  assignedTo: string | null;
  team: Team[];
}

/** What the assignee or the queue of an opened task is told. */
export interface OpenNotices {
  assigned: (step: string, task: string) => string;
  queued: (step: string, task: string) => string;
}

const OPENED: (label: string) => OpenNotices = (label) => ({
  assigned: (step, task) => `${label} is assigned to you at ${step} (${task})`,
  queued: (step, task) => `${label} is waiting in your team's queue at ${step} (${task})`,
});

/**
 * Opens every task of step `stepNumber` of `lifecycle` for the application, each with its queues, hand-out,
 * SLA limits and clock and whether the step waits for it; tells the assignee or the queue (`notices`). `reopen`
 * names, by task name, who takes a task again when the step is returned to.
 */
export async function openStep(
  tx: Queryable,
  effects: Effects,
  target: StepTarget,
  lifecycle: Lifecycle,
  stepNumber: number,
  at: Date,
  reopen: ReadonlyMap<string, Reopen> = new Map(),
  notices: OpenNotices = OPENED(target.label),
): Promise<OpenedTask[]> {
  const step = lifecycle.steps[stepNumber - 1];
  if (!step) throw new Error(`Lifecycle ${lifecycle.product_code} v${lifecycle.verNum} has no step ${stepNumber}`);
  const opened: OpenedTask[] = [];
  for (const task of step.tasks) {
    const again = reopen.get(task.taskName);
    const team = again?.team ?? (await queuesOf(tx, task.workedBy, target.branch, target.previousTeam));
    const assignedTo =
      again !== undefined
        ? again.assignedTo
        : task.handOut === 'QUEUE'
          ? null
          : await handOut(tx, task.handOut, await candidatesOf(tx, team, task.workedBy.allowedUsers), {
              productCode: target.productCode,
              stepName: step.stepName,
              taskName: task.taskName,
              queue: queueKey(team, task.workedBy.allowedUsers),
            });
    const taskId = await newTaskId(tx, target.applicationId, stepNumber);
    await tx.query(
      `INSERT INTO tasks (task_id, application_id, name, step_name, step_number, type, progress, assigned_to, assigned_team,
         allowed_users, start_time, mod_time, assigned_at, blocking, sla_clock, sla_queued_mins, sla_assigned_mins,
         sla_overall_mins)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10::jsonb, $11, $11, $12, $13, $14, $15, $16, $17)`,
      [
        taskId,
        target.applicationId,
        task.taskName,
        step.stepName,
        stepNumber,
        flowTypeOf(step),
        assignedTo ? 'In Progress' : 'Pending',
        assignedTo,
        JSON.stringify(team),
        JSON.stringify(task.workedBy.allowedUsers),
        at,
        assignedTo ? at : null,
        task.blocking,
        task.sla.clock,
        task.sla.queuedMins,
        task.sla.assignedMins,
        task.sla.overallMins,
      ],
    );
    const notice = {
      ...(target.actorId ? { actorId: target.actorId } : {}),
      applicationId: target.applicationId,
      at,
    };
    if (assignedTo) {
      await notifyUser(tx, effects, assignedTo, {
        ...notice,
        statusName: 'AssignedToUser',
        message: notices.assigned(step.stepName, task.taskName),
      });
    } else {
      await notifyTeam(tx, effects, team, {
        ...notice,
        statusName: 'AssignedToTeam',
        message: notices.queued(step.stepName, task.taskName),
      });
    }
    opened.push({ taskId, name: task.taskName, assignedTo, team });
  }
  return opened;
}
