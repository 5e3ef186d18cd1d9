// The SLA breach sweep (README "SLA breaches"): finds open tasks whose queued, assigned or overall part has
// run past its expected end, marks the part on the task, notifies whom the task's lifecycle names (the team
// lead; the next level's queue when it escalates) and tells open lists, all without anyone looking.
//
// Several API processes may share one PostgreSQL: the sweep takes a transaction-scoped advisory lock and
// skips its turn when another process holds it; inside, the candidate rows are locked with SKIP LOCKED and
// marked by an update that still requires the part unmarked, so a breach is handled once whatever happens.
import { type BreachPolicy, formatBankDateTime, type Team } from '@originate/contract';
import type { Queryable } from '../../db';
import type { AppContext } from '../../platform/context';
import { type Effects, newEffects, notifyTeam, publish } from '../applications';
import { bankTimeZoneOf } from '../configs';
import { insertNotification } from '../notifications';

const SLA_PARTS = ['queued', 'assigned', 'overall'] as const;
type SlaPartName = (typeof SLA_PARTS)[number];

/** The key of pg_try_advisory_xact_lock that one sweep at a time holds, across processes. */
const SWEEP_LOCK_ID = 7_246_101;

const OPEN = `progress IN ('In Progress', 'Pending')`;

/**
 * Each part's mark column, its expected end, and what "open and not yet marked" means for it: the same
 * expressions as the partial indexes of migration 026, so the planner reads each part's due range from one.
 */
const PART_SQL: Record<SlaPartName, { mark: string; due: string; unmarked: string }> = {
  queued: {
    mark: 'sla_queued_breached_at',
    due: 'task_sla_end(start_time, sla_queued_mins, sla_clock)',
    unmarked: `${OPEN} AND assigned_at IS NULL AND sla_queued_breached_at IS NULL AND sla_queued_mins > 0`,
  },
  assigned: {
    mark: 'sla_assigned_breached_at',
    due: 'task_sla_end(assigned_at, sla_assigned_mins, sla_clock)',
    unmarked: `${OPEN} AND assigned_at IS NOT NULL AND sla_assigned_mins > 0
               AND (sla_assigned_breached_at IS NULL OR sla_assigned_breached_at < assigned_at)`,
  },
  overall: {
    mark: 'sla_overall_breached_at',
    due: 'task_sla_end(start_time, sla_overall_mins, sla_clock)',
    unmarked: `${OPEN} AND sla_overall_breached_at IS NULL AND sla_overall_mins > 0`,
  },
};

/** What a breach does when the task's lifecycle says nothing (a task opened before lifecycles had policies). */
const DEFAULT_BREACH_POLICY: BreachPolicy = { notifyTeamLead: true, escalateTo: 'NONE' };

interface Breach {
  taskId: string;
  applicationId: string;
  taskName: string;
  stepName: string;
  part: SlaPartName;
  expectedEnd: Date;
  assignedTeam: Team[];
}

export interface SweepReport {
  /** False when another process held the sweep's lock: this turn was theirs. */
  ran: boolean;
  breaches: Breach[];
  /** Notifications sent (team leads and escalation queues). */
  notified: number;
  /** Tasks whose queue took the next level in. */
  escalated: number;
  ms: number;
}

interface BreachRow extends Record<string, unknown> {
  task_id: string;
  application_id: string;
  name: string;
  step_name: string;
  assigned_team: Team[];
  expected_end: Date | string;
}

/**
 * Marks up to `batch` breaches of one part, the earliest due first; rows another transaction holds wait for
 * the next sweep. Unqualified columns are the task's (the CTE has only task_id).
 */
async function markPart(tx: Queryable, part: SlaPartName, now: Date, batch: number): Promise<Breach[]> {
  const sql = PART_SQL[part];
  const rows = await tx.query<BreachRow>(
    `WITH due AS (
       SELECT task_id FROM tasks WHERE ${sql.unmarked} AND ${sql.due} <= $1
        ORDER BY ${sql.due} LIMIT $2 FOR UPDATE SKIP LOCKED)
     UPDATE tasks t SET ${sql.mark} = $1
       FROM due WHERE t.task_id = due.task_id AND ${sql.unmarked}
     RETURNING t.task_id, t.application_id, t.name, t.step_name, t.assigned_team, ${sql.due} AS expected_end`,
    [now, batch],
  );
  return rows.map((r) => ({
    taskId: r.task_id,
    applicationId: r.application_id,
    taskName: r.name,
    stepName: r.step_name,
    part,
    expectedEnd: new Date(r.expected_end),
    assignedTeam: r.assigned_team,
  }));
}

interface TeamRow extends Record<string, unknown> {
  id: string;
  name: string;
  type: Team['type'];
  lead_user_id: string | null;
  parent_id: string | null;
}

/**
 * The breach policy of each breached task, by task id: its lifecycle task's own, else its lifecycle's, else
 * the default. A task's lifecycle is the version its application started with (`doc.lifecycle`); the task
 * is found in it by step and task name.
 */
async function policiesOf(tx: Queryable, breaches: readonly Breach[]): Promise<Map<string, BreachPolicy>> {
  const rows = await tx.query<{
    task_id: string;
    task_policy: BreachPolicy | null;
    lifecycle_policy: BreachPolicy | null;
  }>(
    `SELECT t.task_id,
            (SELECT k -> 'sla' -> 'breach' FROM jsonb_array_elements(lv.doc -> 'steps') s,
                    jsonb_array_elements(s -> 'tasks') k
              WHERE s ->> 'stepName' = t.step_name AND k ->> 'taskName' = t.name LIMIT 1) AS task_policy,
            lv.doc -> 'breach' AS lifecycle_policy
       FROM tasks t
       JOIN applications a ON a.application_id = t.application_id
       LEFT JOIN lifecycle_versions lv ON lv.product_code = a.doc -> 'lifecycle' ->> 'product_code'
                                     AND lv.ver_num = (a.doc -> 'lifecycle' ->> 'verNum')::int
      WHERE t.task_id = ANY($1::text[])`,
    [breaches.map((b) => b.taskId)],
  );
  return new Map(rows.map((r) => [r.task_id, r.task_policy ?? r.lifecycle_policy ?? DEFAULT_BREACH_POLICY]));
}

const PART_LABEL: Record<SlaPartName, string> = { queued: 'queued', assigned: 'assigned', overall: 'overall' };

/** One worklog row per breach (the application's history), in one statement however many there are. */
async function logBreaches(tx: Queryable, breaches: readonly Breach[], notified: ReadonlySet<Breach>, now: Date) {
  await tx.query(
    `INSERT INTO worklogs (application_id, task_id, user_id, action, detail, created_at)
     SELECT b.application_id, b.task_id, NULL, 'sla_breached',
            jsonb_build_object('part', b.part, 'expectedEnd', b.expected_end, 'notified', b.notified), $5
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $6::boolean[])
            AS b(application_id, task_id, part, expected_end, notified)`,
    [
      breaches.map((b) => b.applicationId),
      breaches.map((b) => b.taskId),
      breaches.map((b) => b.part),
      breaches.map((b) => b.expectedEnd.toISOString()),
      now,
      breaches.map((b) => notified.has(b)),
    ],
  );
}

/**
 * What one fresh breach tells: the lead of each of the task's teams (TEAM / TeamApplication), and for an
 * escalating policy the next level's queue: the parents of the task's teams not already in it join the
 * task's queue and their members hear of it (TEAM / AssignedToTeam). A second breach of the same task
 * escalates one level further, since its queue then holds the parents. Open lists hear of the change.
 */
async function handle(
  tx: Queryable,
  effects: Effects,
  breach: Breach,
  policy: BreachPolicy,
  teams: ReadonlyMap<string, TeamRow>,
  now: Date,
  /** The bank's time zone: the message's time is on its clock. */
  zone: string,
): Promise<{ notified: number; escalated: boolean }> {
  effects.changed.set(breach.applicationId, now);
  const before = effects.notifications.length;
  const message = `Application ${breach.applicationId}: the ${PART_LABEL[breach.part]} SLA of '${breach.taskName}' (${breach.stepName}) ran out at ${formatBankDateTime(breach.expectedEnd, zone)}`;
  if (policy.notifyTeamLead) {
    const leads = new Set<string>();
    for (const team of breach.assignedTeam) {
      const lead = teams.get(team.id)?.lead_user_id;
      if (lead) leads.add(lead);
    }
    for (const userId of [...leads].sort()) {
      const notification = await insertNotification(tx, {
        userId,
        kind: 'TEAM',
        statusName: 'TeamApplication',
        applicationId: breach.applicationId,
        message,
        createdAt: now,
      });
      effects.notifications.push({ userId, notification });
    }
  }
  let escalated = false;
  if (policy.escalateTo === 'NEXT_LEVEL') {
    const queued = new Set(breach.assignedTeam.map((t) => t.id));
    const parents = new Map<string, Team>();
    for (const team of breach.assignedTeam) {
      const parent = teams.get(teams.get(team.id)?.parent_id ?? '');
      if (parent && !queued.has(parent.id))
        parents.set(parent.id, { type: parent.type, id: parent.id, name: parent.name });
    }
    if (parents.size > 0) {
      const added = [...parents.values()];
      await tx.query('UPDATE tasks SET assigned_team = assigned_team || $2::jsonb WHERE task_id = $1', [
        breach.taskId,
        JSON.stringify(added),
      ]);
      await notifyTeam(tx, effects, added, {
        applicationId: breach.applicationId,
        statusName: 'AssignedToTeam',
        message: `${message}; escalated to your team's queue`,
        at: now,
      });
      escalated = true;
    }
  }
  return { notified: effects.notifications.length - before, escalated };
}

/** The teams the breaches name and their parents (the escalation's next level), by id. */
async function teamsOf(tx: Queryable, breaches: readonly Breach[]): Promise<Map<string, TeamRow>> {
  const ids = [...new Set(breaches.flatMap((b) => b.assignedTeam.map((t) => t.id)))];
  const rows = await tx.query<TeamRow>(
    `SELECT id, name, type, lead_user_id, parent_id FROM teams
      WHERE id = ANY($1::text[]) OR id IN (SELECT parent_id FROM teams WHERE id = ANY($1::text[]))`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/** What a sweep needs of the server: a process of its own may sweep too (scripts/sla-sweep.ts). */
export type SweepContext = Pick<AppContext, 'db' | 'config' | 'hub' | 'now'>;

/** One sweep at the context's clock: marks, notifies and, once committed, tells sockets and lists. */
export async function sweepSlaBreaches(ctx: SweepContext): Promise<SweepReport> {
  const started = performance.now();
  const now = ctx.now();
  const { batch, notifyWithinHours } = ctx.config.slaSweep;
  const oldest = now.getTime() - notifyWithinHours * 3_600_000;
  const effects = newEffects();
  const outcome = await ctx.db.transaction(async (tx) => {
    const [lock] = await tx.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS locked', [
      SWEEP_LOCK_ID,
    ]);
    if (!lock?.locked) return null;
    const breaches: Breach[] = [];
    for (const part of SLA_PARTS) breaches.push(...(await markPart(tx, part, now, batch)));
    if (breaches.length === 0) return { breaches, notified: 0, escalated: 0 };
    // Old news (a breach older than the window: after a stop, or a seeded bank) is marked and logged only:
    // nobody is told, and a list already showed it breached by the clock.
    const fresh = breaches.filter((b) => b.expectedEnd.getTime() >= oldest);
    await logBreaches(tx, breaches, new Set(fresh), now);
    if (fresh.length === 0) return { breaches, notified: 0, escalated: 0 };
    const policies = await policiesOf(tx, fresh);
    const teams = await teamsOf(tx, fresh);
    const zone = await bankTimeZoneOf(tx);
    let notified = 0;
    let escalated = 0;
    for (const breach of fresh) {
      const policy = policies.get(breach.taskId) ?? DEFAULT_BREACH_POLICY;
      const done = await handle(tx, effects, breach, policy, teams, now, zone);
      notified += done.notified;
      if (done.escalated) escalated++;
    }
    return { breaches, notified, escalated };
  });
  if (outcome) await publish(ctx, effects);
  return {
    ran: outcome !== null,
    breaches: outcome?.breaches ?? [],
    notified: outcome?.notified ?? 0,
    escalated: outcome?.escalated ?? 0,
    ms: performance.now() - started,
  };
}

/**
 * Runs the sweep every `intervalMs` after the previous one ended (never two at once in a process); the
 * returned function stops it and waits for a sweep under way. A failed sweep is logged and the next one
 * tries again: every breach it missed is still unmarked.
 */
export function scheduleSlaSweep(ctx: AppContext): () => Promise<void> {
  const { intervalMs } = ctx.config.slaSweep;
  if (intervalMs === 0) return async () => {};
  let stopped = false;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout;
  const next = () => {
    timer = setTimeout(tick, intervalMs);
    timer.unref();
  };
  const tick = () => {
    if (ctx.drain.draining) return;
    running = sweepSlaBreaches(ctx).then(
      (report) => {
        if (report.breaches.length > 0)
          ctx.log.info({ breaches: report.breaches.length, ms: Math.round(report.ms) }, 'SLA sweep');
      },
      (error: unknown) => ctx.log.error({ err: error }, 'SLA sweep failed'),
    );
    void running.finally(() => {
      running = null;
      if (!stopped) next();
    });
  };
  next();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
