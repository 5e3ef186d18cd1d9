// The back-office lists: GraphQL 'applications' per list and caller against a brute-force reading of the
// same rows in JavaScript (shared inTaskTeam), filters per kind and operator, sort, paging, counts,
// 'application', 'applicationTasks', table configs, saved filters, global and local search, products.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  API_PATHS,
  APPLICATION_LISTS,
  APPLICATION_QUERY,
  APPLICATIONS_QUERY,
  type ApplicationDetail,
  type ApplicationList,
  type ApplicationsData,
  apiPath,
  decryptPayload,
  encryptPayload,
  inTaskTeam,
  LIST_TABLE_IDS,
  type ListTask,
  type SearchPage,
  type TableConfig,
  type Team,
} from '@originate/contract';
import { ApplicationDetailSchema, ApplicationsDataSchema, schemaIssues } from '@originate/contract/schemas';
import { flowFor } from '../src/modules/configs';
import type { FlowContext } from '../src/modules/customer-flow/flow-applications';
import { type ApplicationValues, flowIssues } from '../src/modules/customer-flow/flow-rules';
import { LIST_FIELDS } from '../src/modules/lists/shared-query';
import { call, type Login, labels, login, opened, startServer, type TestServer } from './helpers';

let server: TestServer;
const as: Record<string, Login> = {};
const USERS = ['officer', 'teamlead', 'approver', 'opsadmin', 'developer'] as const;

async function graphql(who: Login, variables: Record<string, unknown>, query = APPLICATIONS_QUERY) {
  const data = await encryptPayload({ query, variables }, who.access_token);
  return call(server.app, 'POST', API_PATHS.graphql, who, { data });
}

async function list(who: Login, variables: Record<string, unknown>): Promise<ApplicationsData> {
  const res = await graphql(who, { page: { page: 0, size: 100 }, ...variables });
  assert.equal(res.statusCode, 200, res.body);
  const body = await decryptPayload<{ data: { applications: { data: ApplicationsData } } }>(
    res.json<{ data: string }>().data,
    who.access_token,
  );
  // APPLICATIONS_QUERY asks for every field: what the resolver answered is the whole contract type.
  assert.deepEqual(schemaIssues(ApplicationsDataSchema, body.data.applications.data), []);
  return body.data.applications.data;
}

/** Every row of a list, page by page (size 100). */
async function allRows(who: Login, variables: Record<string, unknown>): Promise<ListTask[]> {
  const rows: ListTask[] = [];
  for (let page = 0; ; page++) {
    const got = await list(who, { ...variables, page: { page, size: 100 } });
    rows.push(...got.tasks);
    if (got.tasks.length < 100) {
      assert.equal(rows.length, got.count);
      return rows;
    }
  }
}

interface Truth extends Record<string, unknown> {
  task_id: string;
  application_id: string;
  name: string;
  progress: string;
  assigned_to: string | null;
  assigned_team: Team[];
  allowed_users: string[];
  status: string;
  stage: string;
  ver_num: number | null;
  loan_amount: string;
  product_code: string;
  initiated_by: string | null;
  source: string | null;
  pending_approvers: string[];
  open_query_assignees: string[];
}

let truth: Truth[];
const userOf: Record<string, { userid: string; userName: string; roles: string[]; teams: Team[] }> = {};

before(async () => {
  server = await startServer({ SEED_APPLICATIONS: '600' });
  for (const u of USERS) as[u] = await login(server.app, u);
  // The rows read plainly: every current task with its application, approvals and queries.
  truth = await server.app.ctx.db.query<Truth>(
    `SELECT t.task_id, t.application_id, t.name, t.progress, t.assigned_to, t.assigned_team, t.allowed_users, a.status,
            a.stage, a.ver_num, a.loan_amount::text, a.product_code, a.doc -> 'initiatedBy' ->> 'id' AS initiated_by,
            a.doc ->> 'source_id' AS source,
            ARRAY(SELECT approver FROM approvals p WHERE p.application_id = a.application_id AND p.status = 'PENDING') AS pending_approvers,
            ARRAY(SELECT assigned_to FROM sub_tasks q WHERE q.application_id = a.application_id AND q.status = 'OPEN') AS open_query_assignees
       FROM tasks t JOIN applications a USING (application_id)
      WHERE t.step_number = (SELECT max(step_number) FROM tasks x WHERE x.application_id = t.application_id)`,
  );
  for (const u of USERS) {
    const res = await call(server.app, 'GET', apiPath('user', { userid: as[u]?.user.userid ?? '' }), as[u]);
    const user = res.json<{ userid: string; userName: string; roles: string[]; teams: Team[] }>();
    userOf[u] = user;
  }
});
after(() => server.close());

const OPEN = ['In Progress', 'Pending'];
const ALL_PERMS = ['ALL_APPLICATIONS_ASSIGN', 'ALL_APPLICATIONS_REASSIGN', 'ALL_APPLICATIONS_ASSIGN_SELF'];

/** The lists' rules written out plainly over the rows (README "GraphQL" table). */
function expected(listName: ApplicationList, u: (typeof userOf)[string]): string[] {
  const all = u.roles.some((r) => ALL_PERMS.includes(r));
  const access = (t: Truth) =>
    all ||
    t.assigned_to === u.userid ||
    t.allowed_users.includes(u.userid) ||
    t.allowed_users.includes(u.userName) ||
    inTaskTeam(u.teams, t.assigned_team);
  const rules: Record<ApplicationList, (t: Truth) => boolean> = {
    MY_APPLICATIONS: (t) => t.assigned_to === u.userid && OPEN.includes(t.progress),
    TEAM_APPLICATIONS: (t) => OPEN.includes(t.progress) && inTaskTeam(u.teams, t.assigned_team),
    ALL: (t) => t.status !== 'DELETED',
    REJECTED: (t) => t.status === 'REJECTED' && access(t),
    CANCELLED: (t) => t.status === 'CANCELLED' && access(t),
    MY_APPROVALS: (t) => t.pending_approvers.includes(u.userid),
    MY_QUERIES: (t) => t.open_query_assignees.includes(u.userid),
    MY_INTERNAL: (t) => t.initiated_by === u.userid && t.source === 'BRANCH' && t.status !== 'DELETED',
    NEW_INTERNAL: (t) =>
      t.initiated_by !== null &&
      t.source === 'BRANCH' &&
      t.status === 'ACTIVE' &&
      OPEN.includes(t.progress) &&
      t.assigned_to === null &&
      access(t),
  };
  return truth
    .filter(rules[listName])
    .map((t) => t.task_id)
    .sort();
}

describe('GraphQL applications: each list holds exactly its rows', () => {
  for (const listName of APPLICATION_LISTS) {
    for (const u of ['officer', 'teamlead', 'approver', 'opsadmin'] as const) {
      it(`${listName} for ${u}`, async () => {
        const who = as[u] as Login;
        if (listName === 'ALL' && u !== 'opsadmin') {
          const res = await graphql(who, { list: 'ALL', page: { page: 0, size: 10 } });
          assert.equal(res.statusCode, 403, res.body);
          assert.equal(res.json().code, 403);
          assert.match(res.json().message, /ALL_APPLICATIONS/);
          assert.equal(res.body.includes('tasks'), false);
          return;
        }
        const rows = await allRows(who, { list: listName });
        const want = expected(listName, userOf[u] as (typeof userOf)[string]);
        assert.deepEqual(rows.map((r) => r.taskId).sort(), want);
        // The seed gives the demo people work in their own lists.
        const seeded = [
          'MY_APPLICATIONS officer',
          'MY_APPLICATIONS approver',
          'MY_APPROVALS approver',
          'MY_QUERIES officer',
          'TEAM_APPLICATIONS teamlead',
          'MY_INTERNAL officer',
          'NEW_INTERNAL teamlead',
          'REJECTED opsadmin',
          'CANCELLED opsadmin',
        ];
        if (seeded.includes(`${listName} ${u}`)) assert.ok(want.length > 0, `${listName} ${u} is empty`);
      });
    }
  }

  it('counts equal a brute-force count of the whole filtered list, not the page', async () => {
    const who = as.opsadmin as Login;
    const got = await list(who, { list: 'ALL', page: { page: 0, size: 5 } });
    const rows = truth.filter((t) => t.status !== 'DELETED');
    assert.equal(got.tasks.length, 5);
    assert.equal(got.count, rows.length);
    const tally = <K extends string | number>(key: (t: Truth) => K) => {
      const m = new Map<K, number>();
      for (const t of rows) m.set(key(t), (m.get(key(t)) ?? 0) + 1);
      return m;
    };
    assert.deepEqual(
      new Map(got.stageWise.map((s) => [s.stepName, s.count])),
      tally((t) => t.stage),
    );
    assert.deepEqual(
      new Map(got.taskNameWise.map((s) => [s.taskName, s.count])),
      tally((t) => t.name),
    );
    assert.deepEqual(
      new Map(got.versionNumberWise.map((s) => [s.versionNumber, s.count])),
      tally((t) => t.ver_num ?? 0),
    );
    assert.equal(got.closedCount, rows.filter((t) => t.stage === 'Closed').length);
    assert.ok(got.closedCount > 0);
    // Every status of the spec is in the seeded bank.
    assert.deepEqual([...new Set(truth.map((t) => t.status))].sort(), [
      'ACTIVE',
      'CANCELLED',
      'COMPLETED',
      'DELETED',
      'INACTIVE',
      'REJECTED',
    ]);
  });

  it('a row carries the list shape: SLA parts, sub-status, applicant, assignee name', async () => {
    const got = await list(as.officer as Login, { list: 'MY_APPLICATIONS', page: { page: 0, size: 10 } });
    const row = got.tasks[0] as ListTask;
    assert.equal(row.assignedTo, 'USR-1001');
    assert.equal(row.assignedToName, 'Rahul Verma');
    assert.ok(row.applicantName.length > 0);
    assert.ok(['RUNNING', 'BREACHED', 'MET', 'NOT_STARTED'].includes(row.operationalLevelAgreement.overall.status));
    assert.ok(['In Progress', 'Pending', 'SNOOZED', 'CALLBACK_REQUESTED'].includes(row.subStatus));
  });
});

describe('filters, sort and paging', () => {
  const ops = async (filters: { field: string; operator: string; value: string }[], extra = {}) =>
    allRows(as.opsadmin as Login, { list: 'ALL', filters, ...extra });
  const active = () => truth.filter((t) => t.status !== 'DELETED');

  it('amount: every operator', async () => {
    const v = 1_000_000;
    const cases: [string, (n: number) => boolean][] = [
      ['EQUAL', (n) => n === v],
      ['NOT_EQUAL', (n) => n !== v],
      ['GREATER_THAN', (n) => n > v],
      ['LESS_THAN', (n) => n < v],
      ['GREATER_THAN_OR_EQUAL', (n) => n >= v],
      ['LESS_THAN_OR_EQUAL', (n) => n <= v],
    ];
    for (const [operator, keep] of cases) {
      const rows = await ops([{ field: 'loanAmount', operator, value: String(v) }]);
      assert.deepEqual(
        rows.map((r) => r.taskId).sort(),
        active()
          .filter((t) => keep(Number(t.loan_amount)))
          .map((t) => t.task_id)
          .sort(),
        operator,
      );
    }
  });

  it('text: EQUAL, NOT_EQUAL, CONTAINS, ENDS_WITH; dropdown: EQUAL, NOT_EQUAL', async () => {
    const eq = await ops([{ field: 'name', operator: 'EQUAL', value: 'Assess Credit' }]);
    assert.ok(eq.length > 0 && eq.every((r) => r.name === 'Assess Credit'));
    const ne = await ops([{ field: 'name', operator: 'NOT_EQUAL', value: 'Assess Credit' }]);
    assert.equal(eq.length + ne.length, active().length);
    const contains = await ops([{ field: 'application_id', operator: 'CONTAINS', value: '-2025-000' }]);
    assert.ok(contains.length > 0 && contains.every((r) => r.application_id.includes('-2025-000')));
    const ends = await ops([{ field: 'application_id', operator: 'ENDS_WITH', value: '7' }]);
    assert.deepEqual(
      ends.map((r) => r.application_id).sort(),
      active()
        .filter((t) => t.application_id.endsWith('7'))
        .map((t) => t.application_id)
        .sort(),
    );
    const hl = await ops([{ field: 'product_code', operator: 'EQUAL', value: 'HL' }]);
    assert.equal(hl.length, active().filter((t) => t.product_code === 'HL').length);
    const notHl = await ops([{ field: 'product_code', operator: 'NOT_EQUAL', value: 'HL' }]);
    assert.equal(notHl.length, active().filter((t) => t.product_code !== 'HL').length);
    // Two filters narrow together.
    const both = await ops([
      { field: 'product_code', operator: 'EQUAL', value: 'HL' },
      { field: 'loanAmount', operator: 'GREATER_THAN', value: '5000000' },
    ]);
    assert.ok(both.every((r) => r.product_code === 'HL' && r.loanAmount > 5_000_000));
  });

  it('date: EQUAL, NOT_EQUAL, GREATER_THAN, LESS_THAN over bank days (DD/MM/YYYY)', async () => {
    const [{ day } = { day: '' }] = await server.app.ctx.db.query<{ day: string }>(
      `SELECT to_char(cre_time AT TIME ZONE 'Asia/Kolkata', 'DD/MM/YYYY') AS day FROM applications
        WHERE status <> 'DELETED' ORDER BY cre_time DESC LIMIT 1 OFFSET 100`,
    );
    const parts = await Promise.all(
      ['EQUAL', 'NOT_EQUAL', 'GREATER_THAN', 'LESS_THAN'].map((operator) =>
        ops([{ field: 'cre_time', operator, value: day }]),
      ),
    );
    const [eq, ne, gt, lt] = parts as [ListTask[], ListTask[], ListTask[], ListTask[]];
    assert.ok(eq.length > 0);
    assert.equal(eq.length + ne.length, active().length);
    assert.equal(eq.length + gt.length + lt.length, active().length);
    const [d, m, y] = day.split('/');
    assert.ok(
      eq.every(
        (r) => new Date(r.cre_time).toLocaleDateString('en-GB', { timeZone: 'Asia/Kolkata' }) === `${d}/${m}/${y}`,
      ),
    );
  });

  it('refuses an operator the kind does not allow, a bad value, an unknown field: 400 naming it', async () => {
    const bad = async (filter: Record<string, string>) =>
      labels(await graphql(as.opsadmin as Login, { list: 'ALL', filters: [filter], page: { page: 0, size: 10 } }));
    assert.deepEqual(await bad({ field: 'product_code', operator: 'CONTAINS', value: 'H' }), ['filters[0].operator']);
    assert.deepEqual(await bad({ field: 'loanAmount', operator: 'ENDS_WITH', value: '5' }), ['filters[0].operator']);
    assert.deepEqual(await bad({ field: 'cre_time', operator: 'GREATER_THAN_OR_EQUAL', value: '01/01/2026' }), [
      'filters[0].operator',
    ]);
    assert.deepEqual(await bad({ field: 'loanAmount', operator: 'EQUAL', value: 'ten lakh' }), ['filters[0].value']);
    assert.deepEqual(await bad({ field: 'cre_time', operator: 'EQUAL', value: '31/02/2026' }), ['filters[0].value']);
    assert.deepEqual(await bad({ field: 'product_code', operator: 'EQUAL', value: 'XX' }), ['filters[0].value']);
    assert.deepEqual(await bad({ field: 'password_hash', operator: 'EQUAL', value: 'x' }), ['filters[0].field']);
    assert.deepEqual(await bad({ field: 'loanAmount', operator: 'LIKE', value: '5' }), ['filters[0].operator']);
  });

  it('sorts by a whitelisted column either way; refuses others', async () => {
    const asc = await list(as.opsadmin as Login, { list: 'ALL', sort: { field: 'loanAmount', direction: 'asc' } });
    const amounts = asc.tasks.map((t) => t.loanAmount);
    assert.deepEqual(
      amounts,
      [...amounts].sort((a, b) => a - b),
    );
    assert.equal(amounts[0], Math.min(...active().map((t) => Number(t.loan_amount))));
    const desc = await list(as.opsadmin as Login, {
      list: 'ALL',
      sort: { field: 'application_id', direction: 'desc' },
    });
    const ids = desc.tasks.map((t) => t.application_id);
    assert.deepEqual(ids, [...ids].sort().reverse());
    const res = await graphql(as.opsadmin as Login, {
      list: 'ALL',
      sort: { field: 'doc', direction: 'asc' },
      page: { page: 0, size: 10 },
    });
    assert.deepEqual(labels(res), ['sort.field']);
  });

  it("sorts by due time on each task's own SLA clock (working hours skip the bank's days off)", async () => {
    const [saturday, sunday] = await server.app.ctx.db.query<{ task_id: string }>(
      `SELECT task_id FROM tasks WHERE is_current AND progress IN ('In Progress', 'Pending')
        AND sla_overall_mins > 0 ORDER BY task_id LIMIT 2`,
    );
    assert.ok(saturday && sunday);
    // Saturday 21/11/2026 (a working third Saturday) 18:00 IST plus an hour of working hours (to 18:30) is Monday
    // 10:00 IST; Sunday 15:30 IST plus an hour of calendar time comes first, though it started the day after.
    const stage = (taskId: string, start: string, clock: string) =>
      server.app.ctx.db.query(
        'UPDATE tasks SET start_time = $2, sla_overall_mins = 60, sla_clock = $3 WHERE task_id = $1',
        [taskId, start, clock],
      );
    await stage(saturday.task_id, '2026-11-21T12:30:00Z', 'WORKING_HOURS');
    await stage(sunday.task_id, '2026-11-22T10:00:00Z', 'CALENDAR');
    const rows = await allRows(as.opsadmin as Login, { list: 'ALL', sort: { field: 'due_time', direction: 'asc' } });
    const due = rows.map((r) => r.due_time).filter((d): d is string => d !== null);
    assert.deepEqual(
      due,
      [...due].sort((a, b) => Date.parse(a) - Date.parse(b)),
    );
    const at = (taskId: string) => rows.findIndex((r) => r.taskId === taskId);
    assert.ok(at(sunday.task_id) < at(saturday.task_id), 'the Sunday task is due first');
    assert.equal(rows[at(saturday.task_id)]?.due_time, '2026-11-23T04:30:00.000Z');
  });

  it('pages without overlap; page sizes are the spec options only', async () => {
    const a = await list(as.opsadmin as Login, { list: 'ALL', page: { page: 0, size: 6 } });
    const b = await list(as.opsadmin as Login, { list: 'ALL', page: { page: 1, size: 6 } });
    const both = await list(as.opsadmin as Login, { list: 'ALL', page: { page: 0, size: 27 } });
    assert.deepEqual(
      [...a.tasks, ...b.tasks].map((t) => t.taskId),
      both.tasks.slice(0, 12).map((t) => t.taskId),
    );
    for (const size of [7, 0, 101]) {
      const res = await graphql(as.opsadmin as Login, { list: 'ALL', page: { page: 0, size } });
      assert.deepEqual(labels(res), ['page.size']);
    }
    assert.deepEqual(labels(await graphql(as.opsadmin as Login, { list: 'ALL', page: { page: -1, size: 10 } })), [
      'page.page',
    ]);
  });

  it('search and review buckets', async () => {
    const found = await list(as.opsadmin as Login, { list: 'ALL', search: 'hl-2025-00001' });
    assert.ok(found.count > 0 && found.tasks.every((t) => t.application_id.startsWith('HL-2025-00001')));
    const today = await allRows(as.opsadmin as Login, { list: 'ALL', bucket: 'Today' });
    const future = await allRows(as.opsadmin as Login, { list: 'ALL', bucket: 'Future' });
    assert.ok(today.length + future.length > 0);
    const now = Date.now();
    assert.ok(future.every((t) => Date.parse(t.reviewDate ?? '') > now));
    assert.ok(today.every((t) => t.reviewDate !== null));
  });
});

describe('GraphQL input, application and applicationTasks', () => {
  it('bad variables and documents are 400/1101 naming the argument; no token 401', async () => {
    assert.deepEqual(labels(await graphql(as.officer as Login, { list: 'NOPE', page: { page: 0, size: 10 } })), [
      'list',
    ]);
    assert.deepEqual(labels(await graphql(as.officer as Login, { list: 'ALL' })), ['page']);
    const syntax = await graphql(as.officer as Login, {}, '{ applications(');
    assert.deepEqual(labels(syntax), ['query']);
    const unknown = await graphql(as.officer as Login, {}, '{ secrets }');
    assert.deepEqual(labels(unknown), ['query']);
    const plain = await call(server.app, 'POST', API_PATHS.graphql, as.officer, { query: '{ __typename }' });
    assert.equal(plain.statusCode, 400);
    const anonymous = await call(server.app, 'POST', API_PATHS.graphql, {}, { data: 'aa:bb' });
    assert.equal(anonymous.statusCode, 401);
    const foreignKey = await encryptPayload({ query: '{ __typename }' }, (as.teamlead as Login).access_token);
    assert.deepEqual(labels(await call(server.app, 'POST', API_PATHS.graphql, as.officer, { data: foreignKey })), [
      'data',
    ]);
  });

  it("'application' returns the lifecycle to those with access, 403 to others", async () => {
    const open = async (who: Login, id: string) => {
      const res = await graphql(who, { application_id: id }, APPLICATION_QUERY);
      return res;
    };
    const mine = await open(as.officer as Login, 'PL-2026-000101');
    assert.equal(mine.statusCode, 200);
    const body = await decryptPayload<{ data: { application: ApplicationDetail } }>(
      mine.json().data,
      (as.officer as Login).access_token,
    );
    assert.deepEqual(schemaIssues(ApplicationDetailSchema, body.data.application), []);
    assert.ok(body.data.application.appLifeCycle.steps.length > 0);
    // The Pune queue (index 3 → PL-2026-000104) is outside the officer's teams.
    assert.equal((await open(as.officer as Login, 'PL-2026-000104')).statusCode, 403);
    const none = await open(as.officer as Login, 'PL-2099-000001');
    const empty = await decryptPayload<{ data: { application: null } }>(
      none.json().data,
      (as.officer as Login).access_token,
    );
    assert.equal(empty.data.application, null);
  });

  it("'applicationTasks' finds an applicant's applications by e-mail, only where the caller has access", async () => {
    const [row] = await server.app.ctx.db.query<{ applicant_email: string; application_id: string }>(
      "SELECT applicant_email, application_id FROM applications WHERE application_id = 'PL-2026-000101'",
    );
    const query = `query($email: String!, $page: PageInput!) { applicationTasks(email: $email, page: $page) {
      count data { application_id _applicationStatus email tasks { taskId name stepName progress } } } }`;
    const res = await graphql(
      as.officer as Login,
      { email: row?.applicant_email.toUpperCase(), page: { page: 0, size: 10 } },
      query,
    );
    const got = await decryptPayload<{
      data: { applicationTasks: { count: number; data: { application_id: string; tasks: unknown[] }[] } };
    }>(res.json().data, (as.officer as Login).access_token);
    assert.equal(got.data.applicationTasks.count, 1);
    assert.equal(got.data.applicationTasks.data[0]?.application_id, 'PL-2026-000101');
    assert.ok((got.data.applicationTasks.data[0]?.tasks.length ?? 0) > 0);
    const dev = await graphql(
      as.developer as Login,
      { email: row?.applicant_email, page: { page: 0, size: 10 } },
      query,
    );
    const nothing = await decryptPayload<{ data: { applicationTasks: { count: number } } }>(
      dev.json().data,
      (as.developer as Login).access_token,
    );
    assert.equal(nothing.data.applicationTasks.count, 0);
  });
});

describe('table configs, saved filters, search, products', () => {
  it('GET getTableConfig: one per list, every column readable by the list service; 404 for an unknown id', async () => {
    for (const l of APPLICATION_LISTS) {
      const res = await call(server.app, 'GET', apiPath('tableConfig', { id: LIST_TABLE_IDS[l] }), as.officer);
      assert.equal(res.statusCode, 200, res.body);
      const config = res.json<TableConfig>();
      assert.equal(config.id, LIST_TABLE_IDS[l]);
      for (const c of config.columns) assert.equal(LIST_FIELDS[c.field]?.kind, c.kind, c.field);
      assert.ok(config.columns.some((c) => c.field === config.defaultSort.field));
    }
    assert.equal((await call(server.app, 'GET', apiPath('tableConfig', { id: 'NOPE' }), as.officer)).statusCode, 404);
    assert.deepEqual(labels(await call(server.app, 'GET', '/backstage/getTableConfig/bad%20id', as.officer)), ['id']);
    assert.equal((await call(server.app, 'GET', apiPath('tableConfig', { id: 'ALL_APPLICATIONS' }))).statusCode, 401);
  });

  it('saves a filter per user and table, updates it by name, and lists it; refuses bad ones', async () => {
    const body = {
      name: 'Big home loans',
      tableId: 'ALL_APPLICATIONS',
      filters: [
        { field: 'product_code', operator: 'EQUAL', value: 'HL' },
        { field: 'loanAmount', operator: 'GREATER_THAN', value: '5000000' },
      ],
      sort: { field: 'loanAmount', direction: 'desc' },
    };
    const saved = await call(server.app, 'POST', API_PATHS.saveFilter, as.opsadmin, body);
    assert.equal(saved.statusCode, 200, saved.body);
    assert.equal((await opened<{ name: string }>(saved, as.opsadmin as Login)).name, 'Big home loans');
    const again = await call(server.app, 'POST', API_PATHS.saveFilter, as.opsadmin, {
      ...body,
      filters: body.filters.slice(0, 1),
    });
    assert.equal(again.statusCode, 200);
    const mine = await call(server.app, 'POST', API_PATHS.getFilter, as.opsadmin, { tableId: 'ALL_APPLICATIONS' });
    const list = mine.json<{ data: { name: string; filters: unknown[] }[] }>().data;
    assert.equal(list.length, 1);
    assert.equal(list[0]?.filters.length, 1);
    const theirs = await call(server.app, 'POST', API_PATHS.getFilter, as.officer, { tableId: 'ALL_APPLICATIONS' });
    assert.deepEqual(theirs.json().data, []);
    const refuse = async (b: Record<string, unknown>) =>
      labels(await call(server.app, 'POST', API_PATHS.saveFilter, as.opsadmin, b));
    assert.deepEqual(await refuse({ ...body, tableId: 'NOPE' }), ['tableId']);
    assert.deepEqual(await refuse({ ...body, filters: [{ field: 'stage', operator: 'CONTAINS', value: 'x' }] }), [
      'filters[0].operator',
    ]);
    assert.deepEqual(await refuse({ ...body, owner: 'USR-1001' }), ['owner']);
    assert.deepEqual(labels(await call(server.app, 'POST', API_PATHS.getFilter, as.opsadmin, { tableId: 'NOPE' })), [
      'tableId',
    ]);
  });

  it('globalSearch: the spec fields, page size 10, only applications the caller may open', async () => {
    const search = (who: Login, body: Record<string, unknown>) =>
      call(server.app, 'POST', API_PATHS.globalSearch, who, body);
    const byId = await search(as.officer as Login, { query: 'PL-2026-00010' });
    const ids = byId.json<{ data: ListTask[] }>().data.map((t) => t.application_id);
    assert.ok(ids.includes('PL-2026-000101'));
    assert.ok(!ids.includes('PL-2026-000104'), 'the Pune queue is not the officer’s');
    const byStatus = await search(as.opsadmin as Login, { query: 'rejected' });
    const rejected = byStatus.json<SearchPage>();
    assert.equal(rejected.data.length, 10);
    assert.ok(rejected.data.every((t) => t._applicationStatus === 'REJECTED'));
    assert.equal(rejected.count, truth.filter((t) => t.status === 'REJECTED').length);
    const byInitiator = await search(as.opsadmin as Login, { query: 'teamlead', size: 25 });
    assert.ok(byInitiator.json<{ data: ListTask[] }>().data.every((t) => t.initiatedBy?.username === 'teamlead'));
    const [{ day } = { day: '' }] = await server.app.ctx.db.query<{ day: string }>(
      "SELECT to_char(cre_time AT TIME ZONE 'Asia/Kolkata', 'DD/MM/YYYY') AS day FROM applications WHERE application_id = 'PL-2026-000101'",
    );
    const byDay = await search(as.officer as Login, { query: day });
    assert.ok(byDay.json<{ data: ListTask[] }>().data.some((t) => t.application_id === 'PL-2026-000101'));
    assert.deepEqual(labels(await search(as.officer as Login, { query: 'x', size: 7 })), ['body.size']);
    assert.deepEqual(labels(await search(as.officer as Login, { query: '' })), ['query']);
  });

  it('localSearch: within one list only', async () => {
    const res = await call(server.app, 'POST', API_PATHS.localSearch, as.officer, {
      list: 'MY_APPLICATIONS',
      query: 'pl-',
    });
    assert.equal(res.statusCode, 200, res.body);
    const got = res.json<SearchPage>();
    const want = expected('MY_APPLICATIONS', userOf.officer as (typeof userOf)[string]).filter((id) =>
      id.startsWith('TSK-PL-'),
    );
    assert.equal(got.count, want.length);
    assert.ok(got.data.every((t) => t.assignedTo === 'USR-1001' && t.application_id.startsWith('PL-')));
    const all = await call(server.app, 'POST', API_PATHS.localSearch, as.officer, { list: 'ALL', query: 'pl' });
    assert.equal(all.statusCode, 403);
    assert.deepEqual(
      labels(await call(server.app, 'POST', API_PATHS.localSearch, as.officer, { list: 'EVERYTHING', query: 'p' })),
      ['list'],
    );
  });

  it('GET master_configs/products: the bank products, enveloped', async () => {
    const res = await call(server.app, 'GET', API_PATHS.products, as.officer);
    const products = await opened<{ product_code: string; product_name: string }[]>(res, as.officer as Login);
    assert.deepEqual(products.map((p) => p.product_code).sort(), ['CL', 'HL', 'PL']);
    assert.equal((await call(server.app, 'GET', API_PATHS.products)).statusCode, 401);
  });
});

describe('seeded applications open with their form', () => {
  const FLOW_OF: Record<string, string> = { PL: 'personal_loan', HL: 'home_loan', CL: 'car_loan' };
  it('every one (demo and generated) names the product flow stored at its version, keyed by its fields, values it accepts', async () => {
    const rows = await server.app.ctx.db.query<{
      application_id: string;
      product_code: string;
      doc: { flowId: string; verNum: number; customFields: ApplicationValues['customFields'] };
    }>(`SELECT application_id, product_code, doc FROM applications WHERE application_id <> 'HL-2026-600001'`);
    const flows = new Map<string, FlowContext>();
    const today = new Date('2026-11-02T00:00:00Z');
    let checked = 0;
    for (const { application_id: id, product_code: code, doc } of rows) {
      assert.equal(doc.flowId, FLOW_OF[code], id);
      const key = `${doc.flowId}@${doc.verNum}`;
      const ctx = flows.get(key) ?? (await flowFor(server.app.ctx.db, doc.flowId, doc.verNum));
      flows.set(key, ctx);
      const fieldsOf = new Set([...ctx.components.values()].flatMap((c) => c.fields).map((f) => f.key));
      const given = Object.keys(doc.customFields);
      assert.deepEqual(
        given.filter((k) => !fieldsOf.has(k)),
        [],
        `${id}: every value under a field of ${key}`,
      );
      assert.ok(given.length >= 7, `${id}: the applicant's data is in the form`);
      const app = { existing_or_new_customer: 'new' as const, jointApplicants: [], customFields: doc.customFields };
      // By key, not label: the current address's 'State' and the property's 'State' are two fields.
      const refused = flowIssues(ctx, app, today, { mandatoryValidations: true }).filter((i) => given.includes(i.key));
      assert.deepEqual(refused, [], `${id}: the flow accepts every seeded value`);
      checked++;
    }
    assert.ok(checked > 300, `${checked} applications checked`);
    assert.deepEqual(
      [...flows.keys()]
        .map((k) => k.split('@')[1])
        .sort()
        .filter((v, i, a) => a.indexOf(v) === i),
      ['241', '242', '243'],
    );
  });
});

describe('GraphQL selections', () => {
  it('counts alone, or the page alone, answer the same as the whole query does', async () => {
    const who = as.officer as Login;
    const whole = await list(who, { list: 'TEAM_APPLICATIONS', page: { page: 0, size: 10 } });
    const countsOnly = `query($page: PageInput!) { applications(list: TEAM_APPLICATIONS, page: $page) {
      data { count stageWise { stepName count } taskNameWise { taskName count } versionNumberWise { versionNumber count } } } }`;
    const res = await graphql(who, { page: { page: 0, size: 10 } }, countsOnly);
    const counts = await decryptPayload<{ data: { applications: { data: Partial<ApplicationsData> } } }>(
      res.json().data,
      who.access_token,
    );
    const { tasks: _tasks, closedCount: _closed, ...groups } = whole;
    assert.deepEqual(counts.data.applications.data, groups);
    const pageOnly = `query($page: PageInput!) { applications(list: TEAM_APPLICATIONS, page: $page) { data { tasks { taskId } } } }`;
    const page = await decryptPayload<{ data: { applications: { data: { tasks: { taskId: string }[] } } } }>(
      (await graphql(who, { page: { page: 0, size: 10 } }, pageOnly)).json().data,
      who.access_token,
    );
    assert.deepEqual(
      page.data.applications.data.tasks.map((t) => t.taskId),
      whole.tasks.map((t) => t.taskId),
    );
  });
});
