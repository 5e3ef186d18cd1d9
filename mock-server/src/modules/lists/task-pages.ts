// The back-office lists (GraphQL 'applications', local and global search): one page of tasks with the
// counts of the whole filtered list, filtered, sorted and paged in SQL (never more than a page is read
// into memory). Which rows each list holds is in the README "GraphQL"; the indexes each query uses in
// "Indexes" (migration 010).
import {
  APPLICATION_ACTIONS,
  type ApplicationList,
  type ApplicationStatus,
  type ApplicationsData,
  applyAction,
  CLOSED_STAGE,
  type FlowType,
  LIST_TABLE_IDS,
  type ListQueryArgs,
  type ListTask,
  type OperationalLevelAgreement,
  PAGE_SIZE_OPTIONS,
  type SlaClock,
  type SlaPart,
  seesAll,
  slaExpectedEnd,
  type TableConfig,
  type TaskProgress,
  type TaskReviewBucket,
  type Team,
  taskSubStatus,
} from '@originate/contract';
import type { Queryable } from '../../db';
import { forbidden, invalid, notFound } from '../../http/errors';
import { iso } from '../applications';
import { bankTimeZoneOf } from '../configs';
import {
  bankDayOfInstant,
  checkPage,
  filterCondition,
  keysetBatches,
  LIST_FIELDS,
  likePrefix,
  Params,
  parseBankDate,
  sortColumn,
  tableConfig,
} from './shared-query';

/** The caller as the lists need it. */
export interface ListCaller {
  userid: string;
  userName: string;
  roles: readonly string[];
  teams: readonly Team[];
}

const OPEN = `t.progress IN ('In Progress', 'Pending')`;

/**
 * shared inTaskTeam in SQL: one of the caller's teams matches any one of the task's teams (same type,
 * same id, or a team of that type with allTeams). Each match is a containment the GIN index answers.
 */
function teamMatch(caller: ListCaller, p: Params): string {
  if (caller.teams.length === 0) return 'false';
  const parts = caller.teams.map((team) => {
    const probe = team.allTeams ? [{ type: team.type }] : [{ type: team.type, id: team.id }];
    return `t.assigned_team @> ${p.add(JSON.stringify(probe))}::jsonb`;
  });
  return `(${parts.join(' OR ')})`;
}

/** Task access (server access.ts canAccessApplication, for the current task): assignee, allowed user, team, or ALL_*. */
function taskAccess(caller: ListCaller, p: Params): string {
  if (seesAll(caller)) return 'true';
  const me = p.add(caller.userid);
  const name = p.add(caller.userName);
  return `(t.assigned_to = ${me} OR t.allowed_users ? ${me} OR t.allowed_users ? ${name} OR ${teamMatch(caller, p)})`;
}

/** Which rows a list holds (README "GraphQL" has the same as a table). */
function listCondition(list: ApplicationList, caller: ListCaller, p: Params): string {
  switch (list) {
    case 'MY_APPLICATIONS':
      return `t.assigned_to = ${p.add(caller.userid)} AND ${OPEN}`;
    case 'TEAM_APPLICATIONS':
      return `${OPEN} AND ${teamMatch(caller, p)}`;
    case 'ALL':
      if (!seesAll(caller)) throw forbidden('The All list needs an ALL_APPLICATIONS permission');
      return `a.status <> 'DELETED'`;
    case 'REJECTED':
      return `a.status = 'REJECTED' AND ${taskAccess(caller, p)}`;
    case 'CANCELLED':
      return `a.status = 'CANCELLED' AND ${taskAccess(caller, p)}`;
    case 'MY_APPROVALS': {
      // Named to the caller, or queued to a level whose teams and roles are the caller's (approvals.ts);
      // the four-eyes rule is the approval's own to answer (canAct).
      const teams = p.add(caller.teams.map((t) => t.id));
      const roles = p.add([...caller.roles]);
      return `EXISTS (SELECT 1 FROM approvals ap WHERE ap.status = 'PENDING' AND ap.application_id = a.application_id
                 AND (ap.approver = ${p.add(caller.userid)}
                      OR (ap.approver IS NULL AND (ap.approver_team = '[]' OR ap.approver_team ?| ${teams}::text[])
                          AND (ap.approver_roles = '[]' OR ap.approver_roles ?| ${roles}::text[]))))`;
    }
    case 'MY_QUERIES':
      return `EXISTS (SELECT 1 FROM sub_tasks q WHERE q.assigned_to = ${p.add(caller.userid)}
                 AND q.status = 'OPEN' AND q.application_id = a.application_id)`;
    case 'MY_INTERNAL':
      return `a.initiated_by = ${p.add(caller.userid)} AND a.source = 'BRANCH' AND a.status <> 'DELETED'`;
    case 'NEW_INTERNAL':
      return `a.initiated_by IS NOT NULL AND a.source = 'BRANCH' AND a.status = 'ACTIVE'
              AND ${OPEN} AND t.assigned_to IS NULL AND ${taskAccess(caller, p)}`;
  }
}

/**
 * Free text: an application id or an applicant name that starts with it (case-insensitive). Prefixes,
 * so both are index range scans (applications_id_prefix, applications_name_prefix) at any scale.
 */
function searchCondition(search: string, p: Params): string {
  const text = search.trim();
  if (text === '') throw invalid('search', 'is empty');
  return `(a.application_id LIKE ${p.add(likePrefix(text.toUpperCase()))}
           OR lower(a.applicant_name) LIKE ${p.add(likePrefix(text.toLowerCase()))})`;
}

/**
 * Spec §4 task-review buckets: Today = due for review by the end of today (the bank's day, overdue included),
 * Future = later.
 */
function bucketCondition(bucket: TaskReviewBucket, now: Date, zone: string, p: Params): string | null {
  if (bucket === 'All') return null;
  const tomorrow = p.add(bankDayOfInstant(now, zone).end);
  return bucket === 'Today' ? `t.review_date < ${tomorrow}` : `t.review_date >= ${tomorrow}`;
}

interface Built {
  /** The rows of the page: an application joined to its current task. */
  from: string;
  /** What counting needs: the application alone when the conditions read nothing of the task. */
  countFrom: string;
  where: string;
  params: Params;
  order: string;
  /** The whole-bank counters answer this list's counts (no per-row condition), or null. */
  counters: { where: string; values: unknown[] } | null;
}

/** A list of a table configuration: its sort column leads the order, the application id breaks ties. */
interface ListQuery extends Built {
  sort: ReturnType<typeof sortColumn>;
  table: TableConfig;
  /** The bank's time zone the query's days were read in. */
  zone: string;
}

/** Application-driven lists: each listed application (one with a current task) joined to that task by key. */
const FROM = 'FROM applications a JOIN tasks t ON t.task_id = a.current_task_id';
const LISTED = 'a.current_task_id IS NOT NULL';
/** Every reference to the task is spelt `t.` (LIST_FIELDS, the list conditions): none means no join to count. */
const readsTask = (sql: string) => /\bt\./.test(sql);

/** The columns application_counts (migration 016) keeps, by list field. */
const COUNTER_COLUMNS: Readonly<Record<string, string>> = {
  _applicationStatus: 'c.status',
  stage: 'c.stage',
  product_code: 'c.product_code',
  name: 'c.task_name',
  verNum: 'c.ver_num',
};

/**
 * The counters' condition for a list they can answer: All, or Rejected / Cancelled for a caller who sees
 * every application, filtered only on the counted columns, without search or review bucket.
 */
function countersCondition(
  args: Omit<ListQueryArgs, 'page'>,
  caller: ListCaller,
  table: TableConfig,
  zone: string,
): Built['counters'] {
  if (args.search != null || (args.bucket && args.bucket !== 'All')) return null;
  const filters = args.filters ?? [];
  if (!filters.every((f) => f.field in COUNTER_COLUMNS)) return null;
  let base: string;
  if (args.list === 'ALL') base = `c.status <> 'DELETED'`;
  else if ((args.list === 'REJECTED' || args.list === 'CANCELLED') && seesAll(caller))
    base = `c.status = '${args.list}'`;
  else return null;
  const p = new Params();
  const parts = [
    base,
    ...filters.map((f, i) => filterCondition(f, i, table, LIST_FIELDS, p, zone, COUNTER_COLUMNS[f.field])),
  ];
  return { where: parts.join(' AND '), values: p.values };
}

/**
 * What the list call's query narrows a list by (spec §7 "POST {client}/{url}"), each any of its values: the
 * task's assignees, allowed users, teams, progress, step and task names; the application's statuses and flow
 * versions; an OPEN query to staff or to the applicant. The GraphQL variables leave it out.
 */
export interface ListScope {
  userIds?: readonly string[];
  allowedUsers?: readonly string[];
  teams?: readonly string[];
  progress?: readonly string[];
  stepNames?: readonly string[];
  taskNames?: readonly string[];
  statuses?: readonly string[];
  verNums?: readonly number[];
  queryType?: 'STAFF' | 'APPLICANT';
}

export type ListArgs = Omit<ListQueryArgs, 'page'> & { scope?: ListScope };

function scopeConditions(scope: ListScope, p: Params): string[] {
  const parts: string[] = [];
  const any = (sql: string, values: readonly unknown[] | undefined, type: string) => {
    if (values?.length) parts.push(`${sql} = ANY(${p.add([...values])}::${type}[])`);
  };
  any('t.assigned_to', scope.userIds, 'text');
  if (scope.allowedUsers?.length) parts.push(`t.allowed_users ?| ${p.add([...scope.allowedUsers])}::text[]`);
  if (scope.teams?.length) {
    parts.push(
      `EXISTS (SELECT 1 FROM jsonb_array_elements(t.assigned_team) e WHERE e ->> 'id' = ANY(${p.add([...scope.teams])}::text[]))`,
    );
  }
  any('t.progress', scope.progress, 'text');
  any('t.step_name', scope.stepNames, 'text');
  any('t.name', scope.taskNames, 'text');
  any('a.status', scope.statuses, 'text');
  any('a.ver_num', scope.verNums, 'int');
  if (scope.queryType) {
    parts.push(`EXISTS (SELECT 1 FROM sub_tasks q WHERE q.application_id = a.application_id AND q.status = 'OPEN'
                  AND q.recipient = ${p.add(scope.queryType)})`);
  }
  return parts;
}

const hasScope = (scope: ListScope | undefined) =>
  scope !== undefined && Object.values(scope).some((v) => v !== undefined && (!Array.isArray(v) || v.length > 0));

async function build(db: Queryable, caller: ListCaller, args: ListArgs, now: Date): Promise<ListQuery> {
  const table = await tableConfig(db, LIST_TABLE_IDS[args.list]);
  if (!table) throw notFound(`No table configuration for ${args.list}`);
  const zone = await bankTimeZoneOf(db);
  const p = new Params();
  const condition = listCondition(args.list, caller, p);
  // My and Team lists are a few hundred or thousand tasks of a million: read those first (OFFSET 0 keeps
  // the subquery from being flattened) rather than let the planner walk an application index in sort
  // order probing tasks for each (measured at 1M: 300 ms against a few).
  const taskDriven = args.list === 'MY_APPLICATIONS' || args.list === 'TEAM_APPLICATIONS';
  const from = taskDriven
    ? `FROM (SELECT * FROM tasks t WHERE t.is_current AND ${condition} OFFSET 0) t
       JOIN applications a ON a.application_id = t.application_id`
    : FROM;
  const parts = taskDriven ? ['true'] : [LISTED, condition];
  (args.filters ?? []).forEach((f, i) => {
    parts.push(filterCondition(f, i, table, LIST_FIELDS, p, zone));
  });
  if (args.search != null) parts.push(searchCondition(args.search, p));
  const bucket = args.bucket ? bucketCondition(args.bucket, now, zone, p) : null;
  if (bucket) parts.push(bucket);
  if (args.scope) parts.push(...scopeConditions(args.scope, p));
  const sort = sortColumn(table, LIST_FIELDS, args.sort ?? table.defaultSort);
  const where = parts.join(' AND ');
  return {
    from,
    countFrom: taskDriven || readsTask(where) ? from : 'FROM applications a',
    where,
    params: p,
    // NULLS LAST only where a value can be missing: on a NOT NULL column it would keep the index that
    // holds the order (DESC is NULLS FIRST there) from serving the sort. One row per application, so its
    // id breaks ties.
    order: `${sort.sql} ${sort.direction}${sort.nullsLast}, a.application_id ${sort.direction}`,
    sort,
    table,
    zone,
    // The counters hold no task or scope columns: a scoped list is counted row by row.
    counters: hasScope(args.scope) ? null : countersCondition(args, caller, table, zone),
  };
}

interface ListRow extends Record<string, unknown> {
  task_id: string;
  name: string;
  step_name: string;
  step_number: number;
  type: FlowType;
  progress: TaskProgress;
  assigned_to: string | null;
  assigned_to_name: string | null;
  assigned_team: Team[];
  allowed_users: string[];
  review_date: Date | null;
  callback_requested: boolean;
  start_time: Date;
  end_time: Date | null;
  assigned_at: Date | null;
  sla_overall_mins: number | null;
  sla_queued_mins: number | null;
  sla_assigned_mins: number | null;
  sla_clock: SlaClock;
  blocking: boolean;
  lifecycle_ver: number | null;
  flow_name: string | null;
  step_type: string | null;
  sla_queued_breached_at: Date | null;
  sla_assigned_breached_at: Date | null;
  sla_overall_breached_at: Date | null;
  application_id: string;
  product_code: string;
  product_name: string;
  status: ApplicationStatus;
  stage: string;
  ver_num: number | null;
  loan_amount: string | number;
  applicant_name: string;
  initiated_by_doc: { id: string; username: string; displayName: string } | null;
  cre_time: Date;
  mod_time: Date;
}

const ROW_COLUMNS = `t.task_id, t.name, t.step_name, t.step_number, t.type, t.progress, t.assigned_to,
  u.display_name AS assigned_to_name, t.assigned_team, t.allowed_users, t.review_date, t.callback_requested,
  t.start_time, t.end_time, t.assigned_at, t.sla_overall_mins, t.sla_queued_mins, t.sla_assigned_mins, t.sla_clock,
  t.blocking, lv.ver_num AS lifecycle_ver, lv.doc ->> 'flowName' AS flow_name,
  CASE WHEN lv.doc -> 'steps' -> (t.step_number - 1) ->> 'stepName' = t.step_name
       THEN lv.doc -> 'steps' -> (t.step_number - 1) ->> 'type' END AS step_type,
  t.sla_queued_breached_at, t.sla_assigned_breached_at, t.sla_overall_breached_at, a.application_id, a.product_code, a.product_name, a.status, a.stage, a.ver_num, a.loan_amount, a.applicant_name,
  a.doc -> 'initiatedBy' AS initiated_by_doc, a.cre_time, a.mod_time`;

/**
 * One SLA part: running until it ends; met or breached against its limit (none: never breached). A part the
 * sweep marked (modules/sla) says breached whatever the clock reads now, so the list agrees with the
 * notification that went out.
 */
function slaPart(
  start: Date | string | null,
  end: Date | string | null,
  limitMins: number | null,
  now: Date,
  marked: Date | string | null,
  clock: SlaClock,
): SlaPart {
  const enabled = limitMins !== null && limitMins > 0;
  const valueInMins = enabled ? limitMins : 0;
  const expected = start && enabled ? slaExpectedEnd(new Date(start), valueInMins, clock) : null;
  const timeLimit = { enabled, valueInMins, expectedEndTS: iso(expected) };
  if (!start) return { status: 'NOT_STARTED', startTS: null, endTS: null, timeLimit };
  const until = end ? new Date(end) : now;
  const breached = marked !== null || (expected !== null && until.getTime() > expected.getTime());
  return {
    status: breached ? 'BREACHED' : end ? 'MET' : 'RUNNING',
    startTS: iso(start),
    endTS: iso(end),
    timeLimit,
  };
}

/** The sweep's marks of a task's parts (migration 026); absent where a caller did not read them. */
interface SlaMarks {
  sla_queued_breached_at?: Date | string | null;
  sla_assigned_breached_at?: Date | string | null;
  sla_overall_breached_at?: Date | string | null;
}

/**
 * Spec §3 operationalLevelAgreement: overall from the task's start to its end; queued from its start
 * until someone took it (or it ended unassigned); assigned from then to its end. The assigned part starts
 * again on a reassignment: a mark older than assigned_at belonged to the previous assignee.
 */
export function operationalLevelAgreement(
  row: {
    start_time: Date | string | null;
    end_time: Date | string | null;
    assigned_at: Date | string | null;
    sla_overall_mins: number | null;
    sla_queued_mins: number | null;
    sla_assigned_mins: number | null;
    /** The clock a lifecycle task's parts count on (rules/lifecycle slaExpectedEnd); absent: calendar. */
    sla_clock?: SlaClock;
  } & SlaMarks,
  now: Date,
): OperationalLevelAgreement {
  const clock = row.sla_clock ?? 'CALENDAR';
  const assignedMark =
    row.assigned_at &&
    row.sla_assigned_breached_at &&
    new Date(row.sla_assigned_breached_at) >= new Date(row.assigned_at)
      ? row.sla_assigned_breached_at
      : null;
  return {
    overall: slaPart(
      row.start_time,
      row.end_time,
      row.sla_overall_mins,
      now,
      row.sla_overall_breached_at ?? null,
      clock,
    ),
    queued: slaPart(
      row.start_time,
      row.assigned_at ?? row.end_time,
      row.sla_queued_mins,
      now,
      row.sla_queued_breached_at ?? null,
      clock,
    ),
    assigned: slaPart(
      row.assigned_at,
      row.assigned_at ? row.end_time : null,
      row.sla_assigned_mins,
      now,
      assignedMark,
      clock,
    ),
  };
}

/** The lifecycle version a task's application walks, as the task answers name it (flowInfo, stepInfo). */
export interface TaskLifecycle {
  product_code: string;
  flowName: string;
  verNum: number;
  /** The type of the task's step in that version; null when the version has no such step. */
  stepType: string | null;
}

/**
 * Spec §3 Task fields of a lifecycle task: blocking, flowInfo, stepInfo, actions (the application actions the
 * state machine allows on it, whoever asks) and activeOn (its review date while snoozed past its start).
 */
export function taskLifecycleFields(
  row: {
    step_name: string;
    step_number: number;
    type: FlowType;
    progress: TaskProgress;
    assigned_to: string | null;
    callback_requested: boolean;
    blocking: boolean;
    start_time: Date | string;
    review_date: Date | string | null;
  },
  status: ApplicationStatus,
  lifecycle: TaskLifecycle | null,
): Pick<ListTask, 'blocking' | 'flowInfo' | 'stepInfo' | 'actions' | 'activeOn'> {
  const state = {
    status,
    progress: row.progress,
    assigned: row.assigned_to !== null,
    callbackRequested: row.callback_requested,
    hasPreviousStep: row.step_number > 1,
  };
  const start = new Date(row.start_time);
  const review = row.review_date === null ? null : new Date(row.review_date);
  return {
    blocking: row.blocking,
    flowInfo: lifecycle
      ? { product_code: lifecycle.product_code, flowName: lifecycle.flowName, verNum: lifecycle.verNum }
      : null,
    stepInfo: {
      stepType: lifecycle?.stepType ?? (row.type === 'none' ? 'USER' : row.type),
      stepName: row.step_name,
      stepNumber: row.step_number,
    },
    actions: APPLICATION_ACTIONS.filter((a) => applyAction(a, state).ok).map((value) => ({
      type: 'APPLICATION_ACTION',
      value,
    })),
    activeOn: (review && review > start ? review : start).toISOString(),
  };
}

function toListTask(row: ListRow, now: Date): ListTask {
  const sla = operationalLevelAgreement(row, now);
  const lifecycle =
    row.lifecycle_ver !== null && row.flow_name !== null
      ? { product_code: row.product_code, flowName: row.flow_name, verNum: row.lifecycle_ver, stepType: row.step_type }
      : null;
  return {
    taskId: row.task_id,
    name: row.name,
    stepName: row.step_name,
    stepNumber: row.step_number,
    type: row.type,
    progress: row.progress,
    subStatus: taskSubStatus(row.progress, row.callback_requested, iso(row.review_date), now),
    assignedTo: row.assigned_to,
    assignedToName: row.assigned_to_name,
    assignedTeam: row.assigned_team,
    allowedUsers: row.allowed_users,
    reviewDate: iso(row.review_date),
    due_time: sla.overall.timeLimit.expectedEndTS,
    start_time: iso(row.start_time) as string,
    end_time: iso(row.end_time),
    operationalLevelAgreement: sla,
    ...taskLifecycleFields(row, row.status, lifecycle),
    application_id: row.application_id,
    product_code: row.product_code,
    product_name: row.product_name,
    _applicationStatus: row.status,
    stage: row.stage,
    verNum: row.ver_num ?? 0,
    loanAmount: Number(row.loan_amount),
    applicantName: row.applicant_name,
    initiatedBy: row.initiated_by_doc,
    cre_time: iso(row.cre_time) as string,
    mod_time: iso(row.mod_time) as string,
  };
}

async function pageOf(db: Queryable, built: Built, page: { page: number; size: number }, now: Date) {
  const p = built.params;
  const limit = p.add(page.size);
  const offset = p.add(page.page * page.size);
  // The page's task ids first, in order; then the columns of those rows alone. Read in one pass, the stored
  // documents (the application's, its lifecycle version's: compressed, several KB) were opened for every row
  // of the list before the sort kept ten: 136 rows of the officer's Team list at 100,000 applications took
  // 10 ms of the page's 13.
  const rows = await db.query<ListRow>(
    `SELECT ${ROW_COLUMNS}
       FROM unnest(ARRAY(SELECT t.task_id ${built.from} WHERE ${built.where}
                          ORDER BY ${built.order} LIMIT ${limit} OFFSET ${offset})) WITH ORDINALITY AS page(task_id, pos)
       JOIN tasks t ON t.task_id = page.task_id
       JOIN applications a ON a.application_id = t.application_id
       LEFT JOIN users u ON u.userid = t.assigned_to
       LEFT JOIN lifecycle_versions lv ON lv.product_code = a.product_code
        AND lv.ver_num = coalesce((a.doc -> 'lifecycle' ->> 'verNum')::int, 1)
      ORDER BY page.pos`,
    p.values,
  );
  return rows.map((r) => toListTask(r, now));
}

/**
 * One page of a list and its total without the count groups (search, followed, zone lists), read at once: the
 * count's parameters are copied before the page adds its limit and offset to the shared Params.
 */
async function pageAndCount(
  db: Queryable,
  query: Omit<Built, 'counters'> & Partial<Pick<Built, 'counters'>>,
  args: { page: number; size: number },
  now: Date,
): Promise<{ tasks: ListTask[]; count: number }> {
  const built: Built = { counters: null, ...query };
  const countParams = [...query.params.values];
  const [tasks, [total]] = await Promise.all([
    pageOf(db, built, { page: args.page, size: args.size }, now),
    db.query<{ n: number }>(`SELECT count(*)::int AS n ${query.countFrom} WHERE ${query.where}`, countParams),
  ]);
  return { tasks, count: total?.n ?? 0 };
}

interface CountRow extends Record<string, unknown> {
  g_stage: number;
  g_name: number;
  g_ver: number;
  stage: string | null;
  name: string | null;
  ver_num: number | null;
  n: number | null;
  closed: number | null;
}

/** Where counts come from: the filtered rows themselves, or the counters' rows (each worth its n). */
interface CountSource {
  from: string;
  where: string;
  values: unknown[];
  stage: string;
  name: string;
  ver: string;
  weight: string;
}

function countSource(built: Built, values: unknown[]): CountSource {
  if (built.counters) {
    return {
      from: 'FROM application_counts c',
      where: `${built.counters.where} AND c.n <> 0`,
      values: built.counters.values,
      stage: 'c.stage',
      name: 'c.task_name',
      ver: 'c.ver_num',
      weight: 'c.n',
    };
  }
  return {
    from: built.countFrom,
    where: built.where,
    values,
    stage: 'a.stage',
    name: 'a.current_task_name',
    ver: 'a.ver_num',
    weight: '1',
  };
}

const totals = (s: CountSource) =>
  `coalesce(sum(${s.weight}), 0)::int AS n,
   coalesce(sum(${s.weight}) FILTER (WHERE ${s.stage} = '${CLOSED_STAGE}'), 0)::int AS closed`;

/** The three count groups, the total and the closed count in one pass over the filtered list. */
async function countsOf(db: Queryable, s: CountSource): Promise<Omit<ApplicationsData, 'tasks'>> {
  const rows = await db.query<CountRow>(
    `SELECT GROUPING(${s.stage})::int AS g_stage, GROUPING(${s.name})::int AS g_name, GROUPING(${s.ver})::int AS g_ver,
            ${s.stage} AS stage, ${s.name} AS name, ${s.ver} AS ver_num, ${totals(s)}
       ${s.from} WHERE ${s.where}
      GROUP BY GROUPING SETS ((${s.stage}), (${s.name}), (${s.ver}), ())`,
    s.values,
  );
  const result: Omit<ApplicationsData, 'tasks'> = {
    count: 0,
    stageWise: [],
    taskNameWise: [],
    versionNumberWise: [],
    closedCount: 0,
  };
  for (const r of rows) {
    const n = r.n ?? 0;
    if (r.g_stage && r.g_name && r.g_ver) {
      result.count = n;
      result.closedCount = r.closed ?? 0;
    } else if (n === 0) {
      // A group the counters keep at zero is no group of the list.
    } else if (!r.g_stage) result.stageWise.push({ stepName: r.stage ?? '', count: n });
    else if (!r.g_name) result.taskNameWise.push({ taskName: r.name ?? '', count: n });
    else result.versionNumberWise.push({ versionNumber: r.ver_num ?? 0, count: n });
  }
  result.stageWise.sort((x, y) => y.count - x.count || x.stepName.localeCompare(y.stepName));
  result.taskNameWise.sort((x, y) => y.count - x.count || x.taskName.localeCompare(y.taskName));
  result.versionNumberWise.sort((x, y) => y.versionNumber - x.versionNumber);
  return result;
}

/** What a caller asked for: the page, the total, the count groups (GraphQL selections decide). */
export interface ListWants {
  tasks: boolean;
  count: boolean;
  groups: boolean;
}
const EVERYTHING: ListWants = { tasks: true, count: true, groups: true };

/** One page of a list and the counts of the whole filtered list; only the parts wanted are queried. */
export async function listApplications(
  db: Queryable,
  caller: ListCaller,
  args: ListQueryArgs & { scope?: ListScope },
  now: Date,
  wants: ListWants = EVERYTHING,
): Promise<ApplicationsData> {
  checkPage(args.page);
  const built = await build(db, caller, args, now);
  // The page query adds its limit and offset to the parameters; the counts take them as they are now.
  const values = [...built.params.values];
  const none: Omit<ApplicationsData, 'tasks'> = {
    count: 0,
    stageWise: [],
    taskNameWise: [],
    versionNumberWise: [],
    closedCount: 0,
  };
  const counts = async () => {
    const source = countSource(built, values);
    if (wants.groups) return countsOf(db, source);
    if (!wants.count) return none;
    const [row] = await db.query<{ n: number; closed: number }>(
      `SELECT ${totals(source)} ${source.from} WHERE ${source.where}`,
      source.values,
    );
    return { ...none, count: row?.n ?? 0, closedCount: row?.closed ?? 0 };
  };
  const [tasks, counted] = await Promise.all([wants.tasks ? pageOf(db, built, args.page, now) : [], counts()]);
  return { tasks, ...counted };
}

export interface ListExport {
  table: TableConfig;
  /** The bank's time zone: the sheet's times are its wall clock. */
  timeZone: string;
  /** The list's total when the export began (what the grid shows as its count). */
  count: number;
  /** Every row of the list in its order, a batch at a time: the table's fields, read as the list reads them. */
  batches: AsyncIterable<Record<string, unknown>[]>;
}

/**
 * A whole list for export, with exactly the rows and order the grid would page through (the same
 * conditions, so the same access). Read by keyset, never OFFSET: the millionth row costs what the first
 * does, and each batch is its own query (no transaction held open while the client downloads).
 */
export async function exportList(
  db: Queryable,
  caller: ListCaller,
  args: ListArgs,
  now: Date,
  batchRows: number,
): Promise<ListExport> {
  const built = await build(db, caller, args, now);
  const { count } = await listApplications(
    db,
    caller,
    { ...args, page: { page: 0, size: PAGE_SIZE_OPTIONS[0] } },
    now,
    { tasks: false, count: true, groups: false },
  );
  // Only the table's columns, each as its list field reads it (LIST_FIELDS): a whole list task per row (its
  // SLA parts, teams, users) made 170 MiB of garbage a 100,000-row export's heap grew by before collecting.
  const fields = built.table.columns.map((c) => c.field).filter((field) => Object.hasOwn(LIST_FIELDS, field));
  const select = [
    'a.application_id AS "export_row_id"',
    ...fields.map((field) => `${LIST_FIELDS[field]?.sql} AS "${field}"`),
  ].join(', ');
  async function* batches(): AsyncGenerator<Record<string, unknown>[]> {
    const query = { select, from: built.from, where: built.where, order: built.order, values: built.params.values };
    const id = { sql: 'a.application_id', of: (r: Record<string, unknown>) => String(r.export_row_id) };
    yield* keysetBatches<Record<string, unknown>>(db, query, built.sort, id, batchRows);
  }
  return { table: built.table, timeZone: built.zone, count, batches: batches() };
}

/** One page of a list's free-text search, without the count groups (POST /backstage/localSearch). */
export async function localSearch(
  db: Queryable,
  caller: ListCaller,
  args: { list: ApplicationList; query: string; page: number; size: number },
  now: Date,
): Promise<{ tasks: ListTask[]; count: number }> {
  checkPage({ page: args.page, size: args.size });
  return pageAndCount(db, await build(db, caller, { list: args.list, search: args.query }, now), args, now);
}

/**
 * POST /backstage/globalSearch over spec §9's fields: application_id (prefix), _applicationStatus (a
 * status named exactly), initiatedBy (user id or user name) and cre_time (a day DD/MM/YYYY); only
 * applications whose current task the caller may access. Newest first.
 */
export async function globalSearch(
  db: Queryable,
  caller: ListCaller,
  args: { query: string; page: number; size: number },
  now: Date,
): Promise<{ tasks: ListTask[]; count: number }> {
  checkPage({ page: args.page, size: args.size }, 'body');
  const q = args.query.trim();
  if (q === '') throw invalid('query', 'is empty');
  const p = new Params();
  const matches = [`a.application_id LIKE ${p.add(likePrefix(q.toUpperCase()))}`];
  const status = q.toUpperCase();
  if (['ACTIVE', 'CANCELLED', 'REJECTED', 'DELETED', 'COMPLETED', 'INACTIVE'].includes(status)) {
    matches.push(`a.status = ${p.add(status)}`);
  }
  matches.push(`a.initiated_by = ${p.add(q)}`, `a.initiated_by_name = ${p.add(q.toLowerCase())}`);
  const day = parseBankDate(q, await bankTimeZoneOf(db));
  if (day) matches.push(`(a.cre_time >= ${p.add(day.start)} AND a.cre_time < ${p.add(day.end)})`);
  const where = `${LISTED} AND (${matches.join(' OR ')}) AND ${taskAccess(caller, p)}`;
  const countFrom = readsTask(where) ? FROM : 'FROM applications a';
  return pageAndCount(
    db,
    { from: FROM, countFrom, where, params: p, order: 'a.mod_time DESC, a.application_id DESC' },
    args,
    now,
  );
}

/**
 * POST /backstage/getApplicationsFollowed: the applications the caller follows (modules/follows), newest
 * follow first, each with its current task as the lists show it. Only those the caller may still see: by
 * any of the application's tasks, as the detail's access check reads them (the follow was checked so too).
 */
export async function followedApplications(
  db: Queryable,
  caller: ListCaller,
  args: { page: number; size: number },
  now: Date,
): Promise<{ tasks: ListTask[]; count: number }> {
  checkPage({ page: args.page, size: args.size }, 'body');
  const p = new Params();
  // The inner `t` is each task of the application in turn: taskAccess reads the task as `t`.
  const access = seesAll(caller)
    ? 'true'
    : `EXISTS (SELECT 1 FROM tasks t WHERE t.application_id = a.application_id AND ${taskAccess(caller, p)})`;
  const from = `FROM application_followers f JOIN applications a ON a.application_id = f.application_id
                JOIN tasks t ON t.task_id = a.current_task_id`;
  const where = `f.user_id = ${p.add(caller.userid)} AND a.status <> 'DELETED' AND ${access}`;
  return pageAndCount(
    db,
    { from, countFrom: from, where, params: p, order: 'f.followed_at DESC, a.application_id DESC' },
    args,
    now,
  );
}

/**
 * POST /backstage/getNsmApplications: the open applications (ACTIVE, current task In Progress or Pending)
 * whose current task is worked in one of these teams of the caller's zone group (lists/hierarchy.ts), newest
 * change first. The zone is the access: a lead of a region sees its branches' queues.
 */
export async function zoneApplications(
  db: Queryable,
  teamIds: readonly string[],
  args: { page: number; size: number },
  now: Date,
): Promise<{ tasks: ListTask[]; count: number }> {
  checkPage({ page: args.page, size: args.size }, 'body');
  const p = new Params();
  const probes = teamIds.map((id) => `t.assigned_team @> ${p.add(JSON.stringify([{ type: 'HIERARCHY', id }]))}::jsonb`);
  const where = `${LISTED} AND a.status = 'ACTIVE' AND ${OPEN} AND (${probes.length ? probes.join(' OR ') : 'false'})`;
  return pageAndCount(
    db,
    { from: FROM, countFrom: FROM, where, params: p, order: 'a.mod_time DESC, a.application_id DESC' },
    args,
    now,
  );
}
