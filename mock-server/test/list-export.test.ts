// Spreadsheet export of the application lists (POST /backstage/getApplications?exportFile=xlsx): read
// back with exceljs, every export holds exactly the list's rows (the GraphQL list's count and order),
// typed cells with spec §9's formats and fills; the keyset batches agree with paging across batch edges;
// bad input, no token and a list the caller may not see are refused before a byte is written.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  API_PATHS,
  APPLICATIONS_QUERY,
  type ApplicationsData,
  decryptPayload,
  encryptPayload,
  type LeadRow,
  type LeadsPage,
  type ListTask,
  numberFormat,
  SPREADSHEET_FILLS,
  SPREADSHEET_MIME,
} from '@originate/contract';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import JSZip from 'jszip';
import { exportLeads } from '../src/modules/leads/worklists';
import { exportList } from '../src/modules/lists/task-pages';
import { findUserById } from '../src/modules/users';
import { call, type Login, labels, login, startServer, type TestServer } from './helpers';

let server: TestServer;
const as: Record<string, Login> = {};
const EXPORT_URL = `${API_PATHS.exportApplications}?exportFile=xlsx`;
/** Title rows (title, who and when, filters), then the header row. */
const HEADER_ROW = 4;

async function rows(who: Login, variables: Record<string, unknown>): Promise<ListTask[]> {
  const all: ListTask[] = [];
  for (let page = 0; ; page++) {
    const data = await encryptPayload(
      { query: APPLICATIONS_QUERY, variables: { ...variables, page: { page, size: 100 } } },
      who.access_token,
    );
    const res = await call(server.app, 'POST', API_PATHS.graphql, who, { data });
    assert.equal(res.statusCode, 200, res.body);
    const body = await decryptPayload<{ data: { applications: { data: ApplicationsData } } }>(
      res.json<{ data: string }>().data,
      who.access_token,
    );
    const got = body.data.applications.data;
    all.push(...got.tasks);
    if (got.tasks.length < 100) {
      assert.equal(all.length, got.count);
      return all;
    }
  }
}

async function workbookOf(res: LightMyRequestResponse): Promise<ExcelJS.Worksheet> {
  assert.equal(res.statusCode, 200, res.body.slice(0, 300));
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  assert.ok(sheet, 'the workbook has a sheet');
  return sheet;
}

/** exceljs reads a format code unescaped ('##\\,##0' as '##,##0'); the file's own text is checked apart. */
const unescaped = (format: string | undefined) => format?.replace(/\\/g, '');

/** The number format codes as the file holds them (xl/styles.xml), unescaped from XML. */
async function formatCodes(res: LightMyRequestResponse): Promise<string[]> {
  const zip = await JSZip.loadAsync(res.rawPayload);
  const styles = (await zip.file('xl/styles.xml')?.async('string')) ?? '';
  return [...styles.matchAll(/formatCode="([^"]*)"/g)].map((m) => (m[1] ?? '').replace(/&quot;/g, '"'));
}

const fillOf = (cell: ExcelJS.Cell) => (cell.fill as ExcelJS.FillPattern | undefined)?.fgColor?.argb;

before(async () => {
  // PGlite: its batches of 250 and the background lane they read in (README "Spreadsheet export").
  server = await startServer({}, {}, 'pglite');
  for (const name of ['officer', 'opsadmin', 'approver']) as[name] = await login(server.app, name);
});
after(() => server.close());

describe('list export', () => {
  it("writes the officer's My Applications: the list's rows in its order, typed cells, the spec's fills", async () => {
    const officer = as.officer as Login;
    const expected = await rows(officer, { list: 'MY_APPLICATIONS' });
    assert.ok(expected.length > 0, 'the officer has applications');
    const res = await call(server.app, 'POST', EXPORT_URL, officer, { list: 'MY_APPLICATIONS' });
    assert.equal(res.headers['content-type'], SPREADSHEET_MIME);
    assert.match(String(res.headers['content-disposition']), /filename="My_Applications_export_\d{13}\.xlsx"/);
    assert.equal(res.headers['x-export-rows'], String(expected.length));
    const sheet = await workbookOf(res);

    assert.equal(sheet.getCell(1, 1).value, 'My Applications');
    assert.match(
      String(sheet.getCell(2, 1).value),
      /^Exported \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} \(IST\) by officer/,
    );
    assert.equal(sheet.getCell(3, 1).value, 'Filters: none');
    const header = sheet.getRow(HEADER_ROW);
    const headers = (header.values as unknown[]).slice(1);
    assert.deepEqual(headers.slice(0, 4), ['Application ID', 'Applicant', 'Product', 'Loan amount']);
    for (let c = 1; c <= headers.length; c++) {
      assert.equal(fillOf(sheet.getCell(1, c)), SPREADSHEET_FILLS.title);
      assert.equal(fillOf(header.getCell(c)), SPREADSHEET_FILLS.header);
    }
    assert.equal(sheet.rowCount, HEADER_ROW + expected.length);

    // INR's lakh grouping is literal commas: the file must keep them escaped, or Excel groups by thousands.
    const codes = await formatCodes(res);
    for (const amount of new Set(expected.map((t) => numberFormat('INR', t.loanAmount)))) {
      assert.ok(codes.includes(amount as string), `${amount} in ${codes.join(' | ')}`);
    }
    assert.ok(codes.includes('dd/mm/yyyy hh:mm:ss'));
    const column = (name: string) => headers.indexOf(name) + 1;
    expected.forEach((task, i) => {
      const row = sheet.getRow(HEADER_ROW + 1 + i);
      assert.equal(row.getCell(column('Application ID')).value, task.application_id);
      const amount = row.getCell(column('Loan amount'));
      assert.equal(amount.value, task.loanAmount);
      assert.equal(amount.numFmt, unescaped(numberFormat('INR', task.loanAmount)));
      const version = row.getCell(column('Flow version'));
      assert.equal(version.value, task.verNum);
      assert.equal(version.numFmt, '#,##0');
      const created = row.getCell(column('Created'));
      assert.ok(created.value instanceof Date, 'a date is a date cell');
      // The bank's wall clock (IST), stored as the serial Excel shows.
      assert.equal((created.value as Date).getTime(), new Date(task.cre_time).getTime() + 330 * 60_000);
      assert.equal(created.numFmt, 'dd/mm/yyyy hh:mm:ss');
    });
  });

  it('holds the filters in force, in the title and in the rows', async () => {
    const admin = as.opsadmin as Login;
    const filters = [{ field: 'product_code', operator: 'EQUAL', value: 'PL' }];
    const sort = { field: 'loanAmount', direction: 'desc' };
    const expected = await rows(admin, { list: 'ALL', filters, sort });
    const sheet = await workbookOf(await call(server.app, 'POST', EXPORT_URL, admin, { list: 'ALL', filters, sort }));
    assert.equal(sheet.getCell(3, 1).value, 'Filters: product_code EQUAL PL');
    assert.equal(sheet.rowCount, HEADER_ROW + expected.length);
    const ids: unknown[] = [];
    sheet.eachRow((row, n) => {
      if (n > HEADER_ROW) ids.push(row.getCell(1).value);
    });
    assert.deepEqual(
      ids,
      expected.map((t) => t.application_id),
    );
  });

  it('reads a list in keyset batches in exactly the order paging gives, across batch edges and nulls', async () => {
    const admin = as.opsadmin as Login;
    const record = await findUserById(server.app.ctx.db, admin.user.userid);
    assert.ok(record);
    const callerOf = { userid: record.userid, userName: record.userName, roles: record.roles, teams: record.teams };
    for (const sort of [
      { field: 'reviewDate', direction: 'asc' },
      { field: 'reviewDate', direction: 'desc' },
      { field: 'loanAmount', direction: 'asc' },
      { field: 'applicantName', direction: 'desc' },
    ] as const) {
      const expected = await rows(admin, { list: 'ALL', sort });
      const found = await exportList(server.app.ctx.db, callerOf, { list: 'ALL', sort }, new Date(), 7);
      const got: string[] = [];
      for await (const batch of found.batches) got.push(...batch.map((t) => String(t.application_id)));
      assert.equal(found.count, expected.length);
      assert.deepEqual(
        got,
        expected.map((t) => t.application_id),
        `${sort.field} ${sort.direction}`,
      );
    }
  });

  it('refuses bad input naming the field, before any byte', async () => {
    const officer = as.officer as Login;
    const bad: [string, unknown, string][] = [
      // Without exportFile the same call answers a page (the list call): an export is the whole list, no page.
      [`${EXPORT_URL}&pagination=0,10`, { list: 'MY_APPLICATIONS' }, 'pagination'],
      [`${API_PATHS.exportApplications}?exportFile=csv`, { list: 'MY_APPLICATIONS' }, 'exportFile'],
      [EXPORT_URL, { list: 'EVERYTHING' }, 'list'],
      [EXPORT_URL, { list: 'MY_APPLICATIONS', page: { page: 0, size: 10 } }, 'page'],
      [EXPORT_URL, { list: 'MY_APPLICATIONS', sort: { field: 'taskId', direction: 'asc' } }, 'sort.field'],
      [
        EXPORT_URL,
        { list: 'MY_APPLICATIONS', filters: [{ field: 'loanAmount', operator: 'EQUAL', value: 'x' }] },
        'filters[0].value',
      ],
    ];
    for (const [url, body, label] of bad) {
      const res = await call(server.app, 'POST', url, officer, body as Record<string, unknown>);
      assert.ok(
        labels(res).some((l) => l.includes(label)),
        `${url} ${JSON.stringify(body)}: ${res.body}`,
      );
    }
  });

  it('refuses a caller without a token, and a list the caller may not see, as the list does', async () => {
    const none = await call(server.app, 'POST', EXPORT_URL, undefined, { list: 'MY_APPLICATIONS' });
    assert.equal(none.statusCode, 401, none.body);
    // The officer holds no ALL_APPLICATIONS_* permission: the All list is refused, and so is its export.
    const officer = as.officer as Login;
    const data = await encryptPayload(
      { query: APPLICATIONS_QUERY, variables: { list: 'ALL', page: { page: 0, size: 10 } } },
      officer.access_token,
    );
    const listed = await call(server.app, 'POST', API_PATHS.graphql, officer, { data });
    assert.equal(listed.statusCode, 403, listed.body);
    const exported = await call(server.app, 'POST', EXPORT_URL, officer, { list: 'ALL' });
    assert.equal(exported.statusCode, 403, exported.body);
    assert.equal(exported.headers['content-type']?.toString().startsWith('application/json'), true);
  });
});

/** Every row of a lead list, page by page. */
async function leadRows(who: Login, body: Record<string, unknown>): Promise<LeadRow[]> {
  const all: LeadRow[] = [];
  for (let page = 0; ; page++) {
    const res = await call(server.app, 'POST', API_PATHS.leads, who, { ...body, page: { page, size: 100 } });
    assert.equal(res.statusCode, 200, res.body);
    const got = res.json<{ data: LeadsPage }>().data;
    all.push(...got.leads);
    if (got.leads.length < 100) {
      assert.equal(all.length, got.count);
      return all;
    }
  }
}

const LEADS_EXPORT = `${API_PATHS.leads}?exportFile=xlsx`;

describe('lead list export', () => {
  it("writes the admin's Team Leads, every page, in the list's order with its filters", async () => {
    const admin = as.opsadmin as Login;
    const body = {
      list: 'TEAM_LEADS',
      filters: [{ field: 'status', operator: 'NOT_EQUAL', value: 'CONVERTED' }],
      sort: { field: 'loanAmount', direction: 'desc' },
    };
    const expected = await leadRows(admin, body);
    assert.ok(expected.length > 100, 'more than one page of leads');
    const res = await call(server.app, 'POST', LEADS_EXPORT, admin, { ...body, page: { page: 3, size: 10 } });
    assert.match(String(res.headers['content-disposition']), /filename="Team_Leads_export_\d{13}\.xlsx"/);
    const sheet = await workbookOf(res);
    assert.equal(sheet.getCell(1, 1).value, 'Team Leads');
    assert.equal(sheet.getCell(3, 1).value, 'Filters: status NOT_EQUAL CONVERTED');
    assert.equal(fillOf(sheet.getCell(HEADER_ROW, 1)), SPREADSHEET_FILLS.header);
    assert.equal(sheet.rowCount, HEADER_ROW + expected.length);
    const headers = (sheet.getRow(HEADER_ROW).values as unknown[]).slice(1);
    const ids: unknown[] = [];
    sheet.eachRow((row, n) => {
      if (n > HEADER_ROW) ids.push(row.getCell(headers.indexOf('Lead ID') + 1).value);
    });
    assert.deepEqual(
      ids,
      expected.map((l) => l.lead_id),
    );
  });

  it('reads leads in keyset batches in exactly the order paging gives', async () => {
    const admin = as.opsadmin as Login;
    const record = await findUserById(server.app.ctx.db, admin.user.userid);
    assert.ok(record);
    for (const sort of [
      { field: 'followUpAt', direction: 'asc' },
      { field: 'followUpAt', direction: 'desc' },
      { field: 'prospectName', direction: 'asc' },
    ] as const) {
      const expected = await leadRows(admin, { list: 'TEAM_LEADS', sort });
      const found = await exportLeads(server.app.ctx.db, record, { list: 'TEAM_LEADS', sort }, new Date(), 11);
      const got: string[] = [];
      for await (const batch of found.batches) got.push(...batch.map((l) => l.lead_id));
      assert.equal(found.count, expected.length);
      assert.deepEqual(
        got,
        expected.map((l) => l.lead_id),
        `${sort.field} ${sort.direction}`,
      );
    }
  });

  it('writes text that starts like a formula as text (a leading apostrophe), and negative amounts as numbers', async () => {
    // Names come from applicants and staff: one starting with =, +, -, @, a tab or a carriage return is a
    // formula (OWASP CSV injection) once someone edits the cell, so the file holds it behind an apostrophe.
    const officer = as.officer as Login;
    const db = server.app.ctx.db;
    const mine = await db.query<{ lead_id: string }>(
      'SELECT lead_id FROM leads WHERE owner_id = $1 ORDER BY lead_id LIMIT 7',
      [officer.user.userid],
    );
    const names = ['=HYPERLINK("http://evil.example","click")', '+1+cmd', '-2+3', '@SUM(A1)', '\tTab', '\rReturn'];
    assert.equal(mine.length, names.length + 1, 'the officer owns enough leads');
    for (const [i, name] of names.entries()) {
      await db.query(`UPDATE leads SET first_name = $2, last_name = 'Lead' WHERE lead_id = $1`, [
        mine[i]?.lead_id,
        name,
      ]);
    }
    const negative = mine[names.length]?.lead_id;
    await db.query(
      `UPDATE leads SET loan_amount = -250000, first_name = 'Plain', last_name = 'Name' WHERE lead_id = $1`,
      [negative],
    );
    const sheet = await workbookOf(
      await call(server.app, 'POST', LEADS_EXPORT, officer, { list: 'MY_LEADS', page: { page: 0, size: 10 } }),
    );
    const headers = (sheet.getRow(HEADER_ROW).values as unknown[]).slice(1);
    const byId = new Map<unknown, ExcelJS.Row>();
    sheet.eachRow((row, n) => {
      if (n > HEADER_ROW) byId.set(row.getCell(headers.indexOf('Lead ID') + 1).value, row);
    });
    const prospect = headers.indexOf('Prospect') + 1;
    for (const [i, name] of names.entries()) {
      const cell = byId.get(mine[i]?.lead_id)?.getCell(prospect);
      assert.equal(cell?.type, ExcelJS.ValueType.String, name);
      // An XML reader reads a carriage return as a line feed.
      assert.equal(cell?.value, `'${name.replace('\r', '\n')} Lead`);
    }
    const row = byId.get(negative);
    assert.equal(row?.getCell(prospect).value, 'Plain Name');
    const amount = row?.getCell(headers.indexOf('Amount') + 1);
    assert.equal(amount?.type, ExcelJS.ValueType.Number);
    assert.equal(amount?.value, -250000);
  });

  it('refuses one who does not work leads, bad input and no token, as the list does', async () => {
    const body = { list: 'MY_LEADS', page: { page: 0, size: 10 } };
    const refused = await call(server.app, 'POST', LEADS_EXPORT, as.approver as Login, body);
    assert.equal(refused.statusCode, 403, refused.body);
    assert.deepEqual(
      labels(await call(server.app, 'POST', `${API_PATHS.leads}?exportFile=csv`, as.officer as Login, body)),
      ['exportFile'],
    );
    assert.deepEqual(
      labels(await call(server.app, 'POST', LEADS_EXPORT, as.officer as Login, { ...body, list: 'ALL' })),
      ['list'],
    );
    const none = await call(server.app, 'POST', LEADS_EXPORT, undefined, body);
    assert.equal(none.statusCode, 401, none.body);
  });
});
