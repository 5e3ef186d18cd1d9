// The bank's days in its configured time zone (README "Time zone"): New York (EST, EDT from 08/03/2026, a day of
// 23 hours) against the default Asia/Kolkata, for list date filters, an export's title and times, the reports'
// day and month counters (recounted when the zone is saved) and the leads' 'due today'.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  API_PATHS,
  bankDayOf,
  type CountByRange,
  formatBankDateTime,
  isFollowUpDue,
  type LeadRow,
  type LeadsPage,
  type UserProductRows,
  zoneLabel,
  zoneMidnight,
} from '@originate/contract';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { latestNotifications } from '../src/modules/notifications';
import { call, type Login, loginStaff, startServer, type TestServer } from './helpers';

const NY = 'America/New_York';
const IST = 'Asia/Kolkata';
let s: TestServer;
let as: Awaited<ReturnType<typeof loginStaff>>;
const db = () => s.app.ctx.db;
/** Applications whose creation is set here: A 08/03 23:30 EDT (09/03 09:00 IST), B 09/03 00:30 EDT, C 28/02 22:00 EST (01/03 IST). */
const app: Record<'A' | 'B' | 'C', string> = { A: '', B: '', C: '' };
const CREATED = { A: '2026-03-09T03:30:00Z', B: '2026-03-09T04:30:00Z', C: '2026-03-01T03:00:00Z' };

const configUrl = API_PATHS.setupConfig.replace(':type', 'Admin').replace(':name', 'Configurations');
async function setZone(zone: string) {
  const res = await call(s.app, 'PUT', configUrl, as.admin, { chatbotScriptUrl: null, bankTimeZone: zone });
  assert.equal(res.statusCode, 200, res.body);
}

async function workbookOf(res: LightMyRequestResponse): Promise<ExcelJS.Worksheet> {
  assert.equal(res.statusCode, 200, res.body.slice(0, 300));
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  assert.ok(sheet);
  return sheet;
}

/** Title rows (title, who and when, filters), then the header row. */
const HEADER_ROW = 4;
/** The All list exported with a filter on its Created column: the sheet, and its rows by application id. */
async function createdOn(operator: string, value: string) {
  const res = await call(s.app, 'POST', `${API_PATHS.exportApplications}?exportFile=xlsx`, as.admin, {
    list: 'ALL',
    filters: [{ field: 'cre_time', operator, value }],
  });
  const sheet = await workbookOf(res);
  const headers = (sheet.getRow(HEADER_ROW).values as unknown[]).map(String);
  const idColumn = headers.indexOf('Application ID');
  const createdColumn = headers.indexOf('Created');
  assert.ok(idColumn > 0 && createdColumn > 0, headers.join(', '));
  const rows = new Map<string, unknown>();
  for (let r = HEADER_ROW + 1; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    rows.set(String(row.getCell(idColumn).value), row.getCell(createdColumn).value);
  }
  return { sheet, rows };
}

/** Applications created per bank day of the zone, straight from the rows (never the counters the reports read). */
async function sqlCount(zone: string, from: string, to: string): Promise<number> {
  const [row] = await db().query<{ n: string }>(
    `SELECT count(*) AS n FROM applications
      WHERE (cre_time AT TIME ZONE $3::text)::date BETWEEN $1::date AND $2::date AND status <> 'DELETED'`,
    [from, to, zone],
  );
  return Number(row?.n ?? 0);
}

const report = async <T>(path: string, body: object): Promise<T> => {
  const res = await call(s.app, 'POST', path, as.admin, body);
  assert.equal(res.statusCode, 200, res.body.slice(0, 300));
  return res.json<T>();
};

/** Every month bucket of February and March 2026 and the per-user figures of both whole months equal the rows' own in the zone. */
async function reportsFollow(zone: string) {
  const filter = { from: '2026-02-01', to: '2026-03-31' };
  const byMonth = await report<CountByRange>(API_PATHS.applicationsCountByRange, { filter, interval: 'month' });
  assert.deepEqual(
    byMonth.buckets.map((b) => b.count),
    [await sqlCount(zone, '2026-02-01', '2026-02-28'), await sqlCount(zone, '2026-03-01', '2026-03-31')],
  );
  const perUser = await report<UserProductRows>(API_PATHS.applicationsByInitiatedByAndProductType, {
    filter: { from: '2026-02-01', to: '2026-02-28' },
  });
  assert.equal(
    perUser.rows.reduce((n, r) => n + r.count, 0),
    await sqlCount(zone, '2026-02-01', '2026-02-28'),
  );
}

async function leadsPage(who: Login, body: object): Promise<LeadsPage> {
  const res = await call(s.app, 'POST', API_PATHS.leads, who, { page: { page: 0, size: 100 }, ...body });
  assert.equal(res.statusCode, 200, res.body.slice(0, 300));
  return res.json<{ data: LeadsPage }>().data;
}
async function dueLeads(who: Login, list: 'MY_LEADS' | 'TEAM_LEADS'): Promise<LeadRow[]> {
  const all: LeadRow[] = [];
  for (let n = 0; ; n++) {
    const got = await leadsPage(who, { list, dueToday: true, page: { page: n, size: 100 } });
    all.push(...got.leads);
    if (got.leads.length < 100) return all;
  }
}

let lead = '';
/**
 * The lead's follow-up: a minute after the earlier of the two zones' next midnights, so it is due today in
 * exactly one of them.
 */
let followUp = new Date(0);

before(async () => {
  s = await startServer();
  as = await loginStaff(s.app);
  const picked = await db().query<{ application_id: string }>(
    `SELECT application_id FROM applications WHERE current_task_id IS NOT NULL AND status = 'ACTIVE'
      ORDER BY application_id LIMIT 3`,
  );
  [app.A, app.B, app.C] = picked.map((r) => r.application_id) as [string, string, string];
  for (const key of ['A', 'B', 'C'] as const) {
    await db().query('UPDATE applications SET cre_time = $2 WHERE application_id = $1', [app[key], CREATED[key]]);
  }
  const [own] = await db().query<{ lead_id: string }>(
    `SELECT lead_id FROM leads WHERE owner_id = $1 AND status IN ('NEW', 'CONTACTED', 'QUALIFIED') ORDER BY lead_id LIMIT 1`,
    [as.officer.user.userid],
  );
  assert.ok(own, 'the officer has an open lead');
  lead = own.lead_id;
  const now = s.app.ctx.now();
  const tomorrow = (zone: string) => {
    const [y, m, d] = bankDayOf(now, zone).split('-').map(Number) as [number, number, number];
    return zoneMidnight(y, m, d + 1, zone).getTime();
  };
  followUp = new Date(Math.min(tomorrow(NY), tomorrow(IST)) + 60_000);
  await db().query('UPDATE leads SET follow_up_at = $2 WHERE lead_id = $1', [lead, followUp]);
});
after(() => s.close());

describe('the bank’s days follow its configured time zone', () => {
  it('in IST (the default): A and B were created on 09/03/2026, the reports and leads read India’s days', async () => {
    const on9 = await createdOn('EQUAL', '09/03/2026');
    assert.ok(on9.rows.has(app.A) && on9.rows.has(app.B));
    assert.match(String(on9.sheet.getCell(2, 1).value), /^Exported \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} \(IST\) by /);
    // 09:00 IST as the spreadsheet's wall clock.
    assert.equal((on9.rows.get(app.A) as Date).toISOString(), '2026-03-09T09:00:00.000Z');
    assert.ok(!(await createdOn('EQUAL', '08/03/2026')).rows.has(app.A));
    await reportsFollow(IST);
    await leadsFollow(IST);
  });

  it('set to New York: list filters select New York days, a day of 23 hours included', async () => {
    await setZone(NY);
    const on8 = await createdOn('EQUAL', '08/03/2026');
    assert.ok(on8.rows.has(app.A), 'A: 23:30 EDT on 08/03');
    assert.ok(!on8.rows.has(app.B), 'B: 00:30 EDT on 09/03 (08/03 ended at 04:00Z, not 05:00Z)');
    const after8 = await createdOn('GREATER_THAN', '08/03/2026');
    assert.ok(after8.rows.has(app.B) && !after8.rows.has(app.A));
    const before9 = await createdOn('LESS_THAN', '09/03/2026');
    assert.ok(before9.rows.has(app.A) && !before9.rows.has(app.B));
  });

  it('set to New York: an export names the zone and writes New York wall clock', async () => {
    const { sheet, rows } = await createdOn('EQUAL', '08/03/2026');
    const label = zoneLabel(s.app.ctx.now(), NY);
    assert.match(label, /^E[SD]T$/);
    assert.match(
      String(sheet.getCell(2, 1).value),
      new RegExp(`^Exported \\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}:\\d{2} \\(${label}\\) by opsadmin`),
    );
    assert.equal((rows.get(app.A) as Date).toISOString(), '2026-03-08T23:30:00.000Z', '23:30 EDT');

    const res = await call(s.app, 'POST', `${API_PATHS.applicationsCountByRange}?exportFile=xlsx`, as.admin, {
      filter: { from: '2026-02-01', to: '2026-03-31' },
      interval: 'month',
    });
    const months = await workbookOf(res);
    assert.match(String(months.getCell(2, 1).value), new RegExp(`\\(${label}\\) by opsadmin`));
    // The months' first days at 00:00 New York wall clock: 01/02/2026 and 01/03/2026.
    assert.equal((months.getCell(HEADER_ROW + 1, 1).value as Date).toISOString(), '2026-02-01T00:00:00.000Z');
    assert.equal((months.getCell(HEADER_ROW + 2, 1).value as Date).toISOString(), '2026-03-01T00:00:00.000Z');
  });

  it('set to New York: the reports’ day and month counters are recounted in New York days (C moves to February)', async () => {
    const [c] = await db().query<{ day: string }>(
      'SELECT bank_day(cre_time)::text AS day FROM applications WHERE application_id = $1',
      [app.C],
    );
    assert.equal(c?.day, '2026-02-28');
    await reportsFollow(NY);
  });

  it('set to New York: leads are due by New York’s day, in the rows and in the counters', async () => {
    await leadsFollow(NY);
  });

  it('set to New York: a call back request tells the team its time on New York’s clock', async () => {
    const preferredTime = new Date(s.app.ctx.now().getTime() + 5 * 3_600_000).toISOString();
    const res = await s.app.inject({
      method: 'POST',
      url: API_PATHS.requestForCallback,
      remoteAddress: '10.9.30.1',
      payload: {
        product_code: 'PL',
        name: 'Asha Patil',
        mobile: '9876530001',
        email: 'asha@example.in',
        preferredTime,
        consent: true,
      },
    });
    assert.equal(res.statusCode, 200, res.body);
    const { reference } = res.json<{ reference: string }>();
    const [told] = await db().query<{ message: string }>('SELECT message FROM notifications WHERE message LIKE $1', [
      `Call back request ${reference} %`,
    ]);
    assert.ok(told?.message.endsWith(` for ${formatBankDateTime(preferredTime, NY)}`), told?.message);
    assert.match(told?.message ?? '', / E[SD]T$/);
    // The notification's own date (spec §3 createdDate) on the same clock.
    const [latest] = await latestNotifications(db(), as.officer.user.userid, s.app.ctx.now(), 1);
    assert.ok(latest);
    assert.equal(latest.createdDate, formatBankDateTime(latest.createdAT, NY));
  });

  it('set back to Asia/Kolkata: every figure is India’s again', async () => {
    await setZone(IST);
    assert.ok((await createdOn('EQUAL', '09/03/2026')).rows.has(app.A));
    await reportsFollow(IST);
    await leadsFollow(IST);
  });
});

/** The lead is in My Leads' 'due today' exactly when it is due in the zone; Team Leads' count (counters) equals its rows. */
async function leadsFollow(zone: string) {
  const now = s.app.ctx.now();
  const expected = isFollowUpDue({ status: 'NEW', followUpAt: followUp.toISOString() }, now, zone);
  const mine = await dueLeads(as.officer, 'MY_LEADS');
  assert.equal(
    mine.some((r) => r.lead_id === lead),
    expected,
  );
  assert.ok(mine.every((r) => isFollowUpDue(r, now, zone)));
  const team = await dueLeads(as.admin, 'TEAM_LEADS');
  assert.equal((await leadsPage(as.admin, { list: 'TEAM_LEADS' })).dueTodayCount, team.length);
  assert.ok(team.every((r) => isFollowUpDue(r, now, zone)));
}
