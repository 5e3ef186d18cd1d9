// Dashboard, reports and targets (README "Dashboard, reports and targets"): managers act on these figures, so
// every route's figures are checked against SQL over the rows themselves (never the counters they read), scope
// by caller, bad input (400/1101 naming the field), no token (401), callers who may not (403), and the
// spreadsheet exports read back with exceljs.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { API_PATHS, bankDayOf, bankMonthOf, monthDays, SPREADSHEET_FILLS, SPREADSHEET_MIME } from '@originate/contract';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { call, type Login, labels, login, startServer, type TestServer } from './helpers';

let server: TestServer;
const as: Record<string, Login> = {};
const db = () => server.app.ctx.db;

before(async () => {
  server = await startServer();
  for (const name of ['officer', 'teamlead', 'approver', 'opsadmin']) as[name] = await login(server.app, name);
});
after(() => server.close());

const post = (who: Login | undefined, url: string, body: object) => call(server.app, 'POST', url, who, body);
const ok = <T>(res: LightMyRequestResponse): T => {
  assert.equal(res.statusCode, 200, res.body.slice(0, 400));
  return res.json<T>();
};

const NOW_DAY = () => bankDayOf(server.app.ctx.now());
/** The longest range a report takes (731 days) ending today: every recent seeded application. */
const range = () => {
  const start = new Date(`${NOW_DAY()}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() - 730);
  return { from: start.toISOString().slice(0, 10), to: NOW_DAY() };
};

/** Independent SQL over applications: count and amount created in [from, to] IST, not deleted, of users (null: all). */
async function sqlCount(users: string[] | null, from: string, to: string, extra = `status <> 'DELETED'`) {
  const [row] = await db().query<{ n: string; amount: string | null }>(
    `SELECT count(*) AS n, sum(loan_amount) AS amount FROM applications
      WHERE (cre_time AT TIME ZONE 'Asia/Kolkata')::date BETWEEN $1::date AND $2::date AND ${extra}
        ${users === null ? '' : 'AND initiated_by = ANY($3::text[])'}`,
    users === null ? [from, to] : [from, to, users],
  );
  return { count: Number(row?.n ?? 0), amount: Number(row?.amount ?? 0) };
}

describe('scope', () => {
  it('getReporteeDetails: ALL for the admin, TEAM for the lead (members and self), OWN for the officer', async () => {
    type R = {
      scope: string;
      users: { userid: string; canSetTarget: boolean }[];
      teams: { id: string }[];
      canSetTargets: boolean;
    };
    const settable = (r: R) => r.users.filter((u) => u.canSetTarget).map((u) => u.userid);
    const admin = ok<R>(await post(as.opsadmin, API_PATHS.reporteeDetails, {}));
    const lead = ok<R>(await post(as.teamlead, API_PATHS.reporteeDetails, {}));
    const officer = ok<R>(await post(as.officer, API_PATHS.reporteeDetails, {}));
    assert.equal(admin.scope, 'ALL');
    assert.equal(admin.canSetTargets, true);
    assert.equal(lead.scope, 'TEAM');
    assert.deepEqual(lead.users.map((u) => u.userid).sort(), ['USR-1001', 'USR-1002']);
    assert.deepEqual(lead.teams.map((t) => t.id).sort(), ['TEAM-MUM-WEST', 'TEAM-RETAIL-LENDING']);
    assert.equal(lead.canSetTargets, true);
    // Whose target each may set, per user (the Set targets dialog's choices): only users below the caller.
    assert.deepEqual(settable(lead), ['USR-1001']);
    assert.deepEqual(
      admin.users.filter((u) => !u.canSetTarget).map((u) => u.userid),
      ['USR-1004'],
      "the operations admin (USR-1004) sets anyone else's target",
    );
    assert.deepEqual(settable(officer), []);
    assert.equal(officer.scope, 'OWN');
    assert.deepEqual(
      officer.users.map((u) => u.userid),
      ['USR-1001'],
    );
    assert.deepEqual(officer.teams, []);
    assert.equal(officer.canSetTargets, false);
  });

  it('per user and product: the lead sees USR-1001 and USR-1002, never USR-1003; figures equal SQL', async () => {
    const filter = range();
    type Rows = { rows: { userId: string | null; count: number; amount: number }[] };
    const lead = ok<Rows>(await post(as.teamlead, API_PATHS.applicationsByInitiatedByAndProductType, { filter }));
    const users = new Set(lead.rows.map((r) => r.userId));
    assert.ok(users.has('USR-1001') && users.has('USR-1002'));
    assert.ok(!users.has('USR-1003') && !users.has(null));
    for (const id of ['USR-1001', 'USR-1002']) {
      const got = lead.rows.filter((r) => r.userId === id);
      const want = await sqlCount([id], filter.from, filter.to);
      assert.equal(
        got.reduce((s, r) => s + r.count, 0),
        want.count,
        id,
      );
      assert.equal(
        got.reduce((s, r) => s + r.amount, 0),
        want.amount,
        id,
      );
    }
    const officer = ok<Rows>(await post(as.officer, API_PATHS.applicationsByInitiatedByAndProductType, { filter }));
    assert.deepEqual([...new Set(officer.rows.map((r) => r.userId))], ['USR-1001']);
    const admin = ok<Rows>(await post(as.opsadmin, API_PATHS.applicationsByInitiatedByAndProductType, { filter }));
    const all = await sqlCount(null, filter.from, filter.to);
    assert.equal(
      admin.rows.reduce((s, r) => s + r.count, 0),
      all.count,
    );
  });

  it('403 for a team or user outside the scope', async () => {
    const filter = range();
    const res = await post(as.officer, API_PATHS.reportPipeline, { filter: { ...filter, teamId: 'TEAM-WEST-REGION' } });
    assert.equal(res.statusCode, 403, res.body);
    const lead = await post(as.teamlead, API_PATHS.reportPipeline, { filter: { ...filter, userId: 'USR-1003' } });
    assert.equal(lead.statusCode, 403);
    const leadTeam = await post(as.teamlead, API_PATHS.reportPipeline, {
      filter: { ...filter, teamId: 'TEAM-MUM-WEST' },
    });
    assert.equal(leadTeam.statusCode, 200, leadTeam.body);
  });
});

describe('figures move with the applications', () => {
  it('counts by range: every bucket, zeros included; a new application and its decision move count, pipeline and turnaround', async () => {
    const today = NOW_DAY();
    const body = { filter: { from: today, to: today }, interval: 'day' };
    type C = { buckets: { start: string; count: number; amount: number }[] };
    const before = ok<C>(await post(as.officer, API_PATHS.applicationsCountByRange, body));
    assert.equal(before.buckets.length, 1);
    const t0 = ok<{ decided: number }>(
      await post(as.officer, API_PATHS.reportTurnaround, { filter: { from: today, to: today } }),
    );
    const now = server.app.ctx.now();
    const created = new Date(now.getTime() - 3 * 3_600_000);
    await db().query(
      `INSERT INTO applications (application_id, product_code, product_name, status, stage, loan_amount, applicant, doc, cre_time, mod_time)
       VALUES ('PL-2026-990001', 'PL', 'Personal Loan', 'ACTIVE', 'Lead Capture', 250000, '{}'::jsonb,
               jsonb_build_object('initiatedBy', jsonb_build_object('id', 'USR-1001', 'username', 'officer'), 'flowName', 'Report test flow'),
               $1, $1)`,
      [bankDayOf(created) === today ? created : now],
    );
    const after = ok<C>(await post(as.officer, API_PATHS.applicationsCountByRange, body));
    assert.equal(after.buckets[0]?.count, (before.buckets[0]?.count ?? 0) + 1);
    assert.equal(after.buckets[0]?.amount, (before.buckets[0]?.amount ?? 0) + 250000);
    const flows = ok<{ rows: { flowName: string; count: number }[] }>(
      await post(as.officer, API_PATHS.applicationCountByInitiatedByAndFlowName, {
        userId: 'USR-1001',
        from: today,
        to: today,
      }),
    );
    assert.equal(flows.rows.find((r) => r.flowName === 'Report test flow')?.count, 1);
    // The decision: turnaround counts it on today's decision day.
    await db().query(
      `UPDATE applications SET status = 'COMPLETED', stage = 'Closed', mod_time = $1 WHERE application_id = 'PL-2026-990001'`,
      [now],
    );
    const t1 = ok<{ decided: number; averageHours: number | null }>(
      await post(as.officer, API_PATHS.reportTurnaround, { filter: { from: today, to: today } }),
    );
    assert.equal(t1.decided, t0.decided + 1);
    assert.ok(t1.averageHours !== null && t1.averageHours >= 0);
    // Deleted: it leaves every figure.
    await db().query(`UPDATE applications SET status = 'DELETED' WHERE application_id = 'PL-2026-990001'`);
    const gone = ok<C>(await post(as.officer, API_PATHS.applicationsCountByRange, body));
    assert.equal(gone.buckets[0]?.count, before.buckets[0]?.count);
  });

  it('weeks start on Monday and cover the range; the sum equals SQL', async () => {
    const filter = range();
    type C = { buckets: { start: string; end: string; count: number }[] };
    const week = ok<C>(await post(as.opsadmin, API_PATHS.applicationsCountByRange, { filter, interval: 'week' }));
    assert.equal(week.buckets[0]?.start, filter.from);
    assert.equal(week.buckets.at(-1)?.end, filter.to);
    for (const b of week.buckets.slice(1)) assert.equal(new Date(`${b.start}T00:00:00Z`).getUTCDay(), 1, b.start);
    const sum = week.buckets.reduce((s, b) => s + b.count, 0);
    assert.equal(sum, (await sqlCount(null, filter.from, filter.to)).count);
  });

  it('pipeline, conversion, SLA breaches, pending equal SQL over the rows for the lead', async () => {
    const filter = range();
    const team = ['USR-1001', 'USR-1002'];
    const pipe = ok<{ rows: { count: number }[] }>(await post(as.teamlead, API_PATHS.reportPipeline, { filter }));
    const active = await sqlCount(team, filter.from, filter.to, `status = 'ACTIVE'`);
    assert.equal(
      pipe.rows.reduce((s, r) => s + r.count, 0),
      active.count,
    );
    const conv = ok<{ leads: number; converted: number; sanctioned: number }>(
      await post(as.teamlead, API_PATHS.reportConversion, { filter }),
    );
    const [leads] = await db().query<{ n: string; c: string }>(
      `SELECT count(*) AS n, count(application_id) AS c FROM leads WHERE owner_id = ANY($1::text[])
        AND (cre_time AT TIME ZONE 'Asia/Kolkata')::date BETWEEN $2::date AND $3::date`,
      [team, filter.from, filter.to],
    );
    assert.equal(conv.leads, Number(leads?.n));
    assert.equal(conv.converted, Number(leads?.c));
    assert.ok(conv.leads > 0, 'the seed gives the team leads');
    const sla = ok<{ rows: { queue: string; open: number; breached: number }[] }>(
      await post(as.opsadmin, API_PATHS.reportSlaBreaches, { filter }),
    );
    const [tasks] = await db().query<{ open: string; breached: string }>(
      `SELECT count(*) AS open, count(*) FILTER (WHERE sla_overall_mins > 0 AND start_time + sla_overall_mins * interval '1 minute' < $1) AS breached
         FROM tasks WHERE is_current AND progress IN ('In Progress', 'Pending')`,
      [server.app.ctx.now()],
    );
    assert.equal(
      sla.rows.reduce((s, r) => s + r.open, 0),
      Number(tasks?.open),
    );
    assert.equal(
      sla.rows.reduce((s, r) => s + r.breached, 0),
      Number(tasks?.breached),
    );
    const pend = ok<{ approvals: number; queries: number }>(
      await post(as.approver, API_PATHS.reportPending, { filter }),
    );
    const [p] = await db().query<{ a: string; q: string }>(
      `SELECT (SELECT count(*) FROM approvals WHERE status = 'PENDING' AND approver = ANY($1::text[])) AS a,
              (SELECT count(*) FROM sub_tasks WHERE status = 'OPEN' AND assigned_to = ANY($1::text[])) AS q`,
      [
        (
          await db().query<{ user_id: string }>(
            `SELECT DISTINCT user_id FROM user_teams WHERE team_id IN (SELECT id FROM teams WHERE lead_user_id = 'USR-1003')
         UNION SELECT 'USR-1003'`,
          )
        ).map((r) => r.user_id),
      ],
    );
    assert.deepEqual(pend, { approvals: Number(p?.a), queries: Number(p?.q) });
  });
});

describe('targets', () => {
  const month = () => bankMonthOf(server.app.ctx.now());

  it('getTarget: seeded targets, achievement from the rows, percent to 2 decimals', async () => {
    type T = {
      rows: {
        userId: string;
        targetCount: number | null;
        achievedCount: number;
        achievedAmount: number;
        countPercent: number | null;
      }[];
    };
    const got = ok<T>(await post(as.teamlead, API_PATHS.targets, { month: month() }));
    assert.deepEqual(got.rows.map((r) => r.userId).sort(), ['USR-1001', 'USR-1002']);
    const days = monthDays(month());
    assert.ok(days);
    for (const row of got.rows) {
      const want = await sqlCount(
        [row.userId],
        days.from,
        days.to,
        `status NOT IN ('DELETED', 'CANCELLED', 'REJECTED')`,
      );
      assert.equal(row.achievedCount, want.count);
      assert.equal(row.achievedAmount, want.amount);
      assert.ok(row.targetCount !== null, 'seeded target');
      assert.equal(row.countPercent, Math.round((want.count / row.targetCount) * 10_000) / 100);
    }
    const overall = ok<{ targetCount: number; achievedCount: number }>(
      await call(server.app, 'GET', `${API_PATHS.overallTarget}?month=${month()}`, as.teamlead),
    );
    assert.equal(
      overall.targetCount,
      got.rows.reduce((s, r) => s + (r.targetCount ?? 0), 0),
    );
    // The overall figure sets the targets against what their users achieved (a user without one is left out).
    assert.equal(
      overall.achievedCount,
      got.rows.filter((r) => r.targetCount !== null).reduce((s, r) => s + r.achievedCount, 0),
    );
  });

  it('saveTarget: the lead for a reportee; not for USR-1003; never the officer; past months refused', async () => {
    const body = { userId: 'USR-1001', month: month(), targetCount: 7, targetAmount: 3_000_000 };
    const saved = ok<{ targetCount: number; targetAmount: number }>(
      await post(as.teamlead, API_PATHS.saveTarget, body),
    );
    assert.equal(saved.targetCount, 7);
    const byUser = ok<{ targetCount: number }>(
      await post(as.officer, API_PATHS.targetByUserId, { userId: 'USR-1001', month: month() }),
    );
    assert.equal(byUser.targetCount, 7);
    assert.equal((await post(as.teamlead, API_PATHS.saveTarget, { ...body, userId: 'USR-1003' })).statusCode, 403);
    assert.equal((await post(as.officer, API_PATHS.saveTarget, body)).statusCode, 403);
    assert.equal(
      (await post(as.officer, API_PATHS.targetByUserId, { userId: 'USR-1002', month: month() })).statusCode,
      403,
    );
    assert.equal((await post(as.opsadmin, API_PATHS.saveTarget, { ...body, userId: 'USR-1003' })).statusCode, 200);
    assert.deepEqual(labels(await post(as.opsadmin, API_PATHS.saveTarget, { ...body, month: '2020-01' })), ['month']);
  });

  it('saveTarget: only for users below the caller: never oneself, an operations admin or a lead above (403 with the reason)', async () => {
    const body = (userId: string) => ({ userId, month: month(), targetCount: 5, targetAmount: 1_000_000 });
    const refused = async (who: Login | undefined, userId: string, message: string) => {
      const res = await post(who, API_PATHS.saveTarget, body(userId));
      assert.equal(res.statusCode, 403, `${userId}: ${res.body}`);
      assert.equal(res.json().message, message);
    };
    // The team lead leads both of their own teams: they are no reportee of themselves.
    await refused(as.teamlead, 'USR-1002', 'Nobody sets their own target');
    // The approver leads West Region, of which the operations admin is an (all-teams) member: not below him.
    await refused(
      as.approver,
      'USR-1004',
      'Only an operations admin, or a team lead for the members of the teams they lead below them, sets targets',
    );
    await refused(as.approver, 'USR-1003', 'Nobody sets their own target');
    await refused(as.opsadmin, 'USR-1004', 'Nobody sets their own target');
    // Below the approver: the generated approvers named in West Region.
    assert.equal((await post(as.approver, API_PATHS.saveTarget, body('USR-A00'))).statusCode, 200);
    assert.equal((await post(as.teamlead, API_PATHS.saveTarget, body('USR-1001'))).statusCode, 200);
    assert.equal((await post(as.opsadmin, API_PATHS.saveTarget, body('USR-1002'))).statusCode, 200);
    const stored = await db().query<{ user_id: string; set_by: string }>(
      'SELECT user_id, set_by FROM targets WHERE month = $1::date AND user_id = set_by',
      [`${month()}-01`],
    );
    assert.deepEqual(stored, []);
  });

  it('getLoanAmountByUserID and the per-user product route equal SQL', async () => {
    const { from, to } = range();
    const want = await sqlCount(['USR-1002'], from, to, `status NOT IN ('DELETED', 'CANCELLED', 'REJECTED')`);
    const got = ok<{ count: number; amount: number }>(
      await post(as.teamlead, API_PATHS.loanAmountByUserId, { userId: 'USR-1002', from, to }),
    );
    assert.deepEqual({ count: got.count, amount: got.amount }, want);
    const rows = ok<{ rows: { count: number }[] }>(
      await post(as.teamlead, API_PATHS.applicationByInitiatedByAndProductType, { userId: 'USR-1002', from, to }),
    );
    assert.equal(
      rows.rows.reduce((s, r) => s + r.count, 0),
      want.count,
    );
  });
});

describe('bad input and access', () => {
  it('400/1101 naming the field: from after to, an unreal day, too long a range, too many buckets, extra field', async () => {
    const url = API_PATHS.applicationsCountByRange;
    assert.deepEqual(
      labels(await post(as.officer, url, { filter: { from: '2026-02-02', to: '2026-02-01' }, interval: 'day' })),
      ['filter.from'],
    );
    assert.deepEqual(
      labels(await post(as.officer, url, { filter: { from: '2026-02-30', to: '2026-03-01' }, interval: 'day' })),
      ['filter.from'],
    );
    assert.deepEqual(
      labels(await post(as.officer, url, { filter: { from: '2020-01-01', to: '2026-03-01' }, interval: 'month' })),
      ['filter.to'],
    );
    assert.deepEqual(
      labels(await post(as.officer, url, { filter: { from: '2024-01-01', to: '2025-06-01' }, interval: 'day' })),
      ['interval'],
    );
    assert.deepEqual(
      labels(await post(as.officer, url, { filter: { from: '2026-01-01', to: '2026-01-02', x: 1 }, interval: 'day' })),
      ['filter.x'],
    );
    assert.deepEqual(
      labels(
        await post(as.officer, API_PATHS.loanAmountByUserId, {
          userId: 'USR-1001',
          from: '2026-01-02',
          to: '2026-01-01',
        }),
      ),
      ['from'],
    );
    assert.deepEqual(labels(await post(as.officer, API_PATHS.targets, { month: '2026-13' })), ['month']);
  });

  it('401 without a token', async () => {
    assert.equal((await post(undefined, API_PATHS.reportPipeline, { filter: range() })).statusCode, 401);
    assert.equal((await call(server.app, 'GET', `${API_PATHS.overallTarget}?month=2026-01`)).statusCode, 401);
  });
});

describe('spreadsheet exports', () => {
  async function sheetOf(res: LightMyRequestResponse) {
    assert.equal(res.statusCode, 200, res.body.slice(0, 300));
    assert.equal(res.headers['content-type'], SPREADSHEET_MIME);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    assert.ok(sheet);
    return sheet;
  }
  const fill = (cell: ExcelJS.Cell) => (cell.fill as ExcelJS.FillPattern).fgColor?.argb;

  it('applications by user and product: fills, typed cells, formats, rows equal the JSON answer', async () => {
    const filter = { ...range(), productCode: 'PL' };
    const json = ok<{ rows: { displayName: string | null; count: number; amount: number }[] }>(
      await post(as.teamlead, API_PATHS.applicationsByInitiatedByAndProductType, { filter }),
    );
    const res = await post(as.teamlead, `${API_PATHS.applicationsByInitiatedByAndProductType}?exportFile=xlsx`, {
      filter,
    });
    assert.match(String(res.headers['content-disposition']), /Applications_by_user_and_product_export_\d+\.xlsx/);
    const sheet = await sheetOf(res);
    assert.equal(fill(sheet.getCell(1, 1)), SPREADSHEET_FILLS.title);
    assert.match(String(sheet.getCell(3, 1).value), /product PL/);
    assert.equal(fill(sheet.getCell(4, 1)), SPREADSHEET_FILLS.header);
    assert.equal(sheet.rowCount - 4, json.rows.length);
    json.rows.forEach((r, i) => {
      const row = sheet.getRow(5 + i);
      assert.equal(row.getCell(1).value, r.displayName);
      assert.equal(row.getCell(4).value, r.count);
      assert.equal(typeof row.getCell(5).value, 'number');
      assert.equal(row.getCell(5).value, r.amount);
      assert.match(row.getCell(5).numFmt, /₹/);
    });
  });

  it('target achievement and applications over time', async () => {
    const month = bankMonthOf(server.app.ctx.now());
    const json = ok<{ rows: { countPercent: number | null }[] }>(await post(as.opsadmin, API_PATHS.targets, { month }));
    const sheet = await sheetOf(await post(as.opsadmin, `${API_PATHS.targets}?exportFile=xlsx`, { month }));
    assert.equal(sheet.rowCount - 4, json.rows.length);
    const first = json.rows[0];
    assert.ok(first);
    if (first.countPercent !== null) {
      assert.equal(sheet.getCell(5, 6).value, first.countPercent / 100);
      assert.equal(sheet.getCell(5, 6).numFmt, '0.00%');
    }
    const filter = { from: `${month}-01`, to: NOW_DAY() };
    const over = ok<{ buckets: { count: number }[] }>(
      await post(as.officer, API_PATHS.applicationsCountByRange, { filter, interval: 'day' }),
    );
    const days = await sheetOf(
      await post(as.officer, `${API_PATHS.applicationsCountByRange}?exportFile=xlsx`, { filter, interval: 'day' }),
    );
    assert.equal(days.rowCount - 4, over.buckets.length);
    assert.ok(days.getCell(5, 1).value instanceof Date);
    assert.equal(days.getCell(5, 1).numFmt, 'dd/mm/yyyy');
    assert.equal(days.getCell(5, 3).value, over.buckets[0]?.count);
  });

  it('applications by flow: the user in the filters row, fills, typed cells, rows equal the JSON answer; scope kept', async () => {
    const body = { userId: 'USR-1001', ...range() };
    const json = ok<{ rows: { flowName: string; count: number; amount: number }[] }>(
      await post(as.teamlead, API_PATHS.applicationCountByInitiatedByAndFlowName, body),
    );
    assert.ok(json.rows.length > 0, 'the seed gives USR-1001 applications in some flow');
    const res = await post(as.teamlead, `${API_PATHS.applicationCountByInitiatedByAndFlowName}?exportFile=xlsx`, body);
    assert.match(String(res.headers['content-disposition']), /Applications_by_flow_export_\d+\.xlsx/);
    const sheet = await sheetOf(res);
    assert.equal(sheet.getCell(1, 1).value, 'Applications by flow');
    assert.equal(fill(sheet.getCell(1, 1)), SPREADSHEET_FILLS.title);
    assert.match(String(sheet.getCell(2, 1).value), new RegExp(`by teamlead: ${json.rows.length} rows`));
    assert.match(
      String(sheet.getCell(3, 1).value),
      new RegExp(`^Filters: from ${body.from}; to ${body.to}; user USR-1001 \\(.+\\)$`),
    );
    assert.equal(fill(sheet.getCell(4, 1)), SPREADSHEET_FILLS.header);
    assert.deepEqual(
      [1, 2, 3].map((c) => sheet.getCell(4, c).value),
      ['Flow', 'Applications', 'Loan amount'],
    );
    assert.equal(sheet.rowCount - 4, json.rows.length);
    json.rows.forEach((r, i) => {
      const row = sheet.getRow(5 + i);
      assert.equal(row.getCell(1).value, r.flowName);
      assert.equal(row.getCell(2).value, r.count);
      assert.equal(typeof row.getCell(3).value, 'number');
      assert.equal(row.getCell(3).value, r.amount);
      assert.match(row.getCell(3).numFmt, /₹/);
    });
    // The export is the same route: a user outside the scope is refused, a format that is not xlsx is bad input.
    const outside = await post(as.teamlead, `${API_PATHS.applicationCountByInitiatedByAndFlowName}?exportFile=xlsx`, {
      ...body,
      userId: 'USR-1003',
    });
    assert.equal(outside.statusCode, 403);
    const csv = await post(as.teamlead, `${API_PATHS.applicationCountByInitiatedByAndFlowName}?exportFile=csv`, body);
    assert.equal(csv.statusCode, 400);
    assert.equal(csv.json<{ code: number }>().code, 1101);
  });
});
