// My Leads and Team Leads (POST /v3/lead/leads) against a reading of the same rows straight from the
// database: which leads each caller's list holds, filters per kind, search, 'due today', sort, paging,
// the counts (from the rows and from the lead_counts counters), the table configurations and saved
// filters of the lead tables, and refusals.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  API_PATHS,
  apiPath,
  isFollowUpDue,
  type LeadListBody,
  type LeadRow,
  type LeadsPage,
  type TableConfig,
} from '@originate/contract';
import { LeadsPageSchema, schemaIssues } from '@originate/contract/schemas';
import { call, type Login, labels, loginStaff, opened, startServer, type TestServer } from './helpers';

let s: TestServer;
let as: Awaited<ReturnType<typeof loginStaff>>;
before(async () => {
  s = await startServer();
  as = await loginStaff(s.app);
});
after(() => s.close());

type Args = Omit<LeadListBody, 'page'> & { page?: LeadListBody['page'] };

async function page(who: Login, args: Args): Promise<LeadsPage> {
  const res = await call(s.app, 'POST', API_PATHS.leads, who, { page: { page: 0, size: 100 }, ...args });
  assert.equal(res.statusCode, 200, res.body);
  const data = res.json<{ data: LeadsPage }>().data;
  assert.deepEqual(schemaIssues(LeadsPageSchema, data), []);
  return data;
}

/** Every row of a list, page by page, its total checked against the rows. */
async function rows(who: Login, args: Args): Promise<LeadRow[]> {
  const all: LeadRow[] = [];
  for (let n = 0; ; n++) {
    const got = await page(who, { ...args, page: { page: n, size: 100 } });
    all.push(...got.leads);
    if (got.leads.length < 100) {
      assert.equal(all.length, got.count);
      return all;
    }
  }
}

async function truth(where: string, values: unknown[] = []): Promise<string[]> {
  const found = await s.app.ctx.db.query<{ lead_id: string }>(
    `SELECT lead_id FROM leads l WHERE ${where} ORDER BY lead_id`,
    values,
  );
  return found.map((r) => r.lead_id);
}
const ids = (list: LeadRow[]) => list.map((r) => r.lead_id).sort();

describe('which leads each list holds', () => {
  it("My Leads: the caller's own; Team Leads: their branch teams'; the admin's Team Leads: every lead", async () => {
    assert.deepEqual(ids(await rows(as.officer, { list: 'MY_LEADS' })), await truth(`owner_id = 'USR-1001'`));
    const team = await truth(`team_id = 'TEAM-MUM-WEST'`);
    assert.ok(team.length > 50);
    assert.deepEqual(ids(await rows(as.officer, { list: 'TEAM_LEADS' })), team);
    assert.deepEqual(ids(await rows(as.lead, { list: 'TEAM_LEADS' })), team);
    const every = await truth('true');
    assert.ok(every.length > team.length);
    assert.equal((await page(as.admin, { list: 'TEAM_LEADS' })).count, every.length);
  });

  it('403 for one who does not work leads; 400 naming bad input; 401 without a token', async () => {
    const res = await call(s.app, 'POST', API_PATHS.leads, as.approver, {
      list: 'MY_LEADS',
      page: { page: 0, size: 10 },
    });
    assert.equal(res.statusCode, 403);
    assert.match(res.json<{ message: string }>().message, /working leads needs one of the roles/);
    const bad = (body: object) => call(s.app, 'POST', API_PATHS.leads, as.officer, body);
    assert.deepEqual(labels(await bad({ list: 'ALL', page: { page: 0, size: 10 } })), ['list']);
    assert.deepEqual(labels(await bad({ list: 'MY_LEADS', page: { page: 0, size: 7 } })), ['page.size']);
    assert.deepEqual(labels(await bad({ list: 'MY_LEADS', page: { page: 0, size: 10 }, bucket: 'Today' })), ['bucket']);
    assert.deepEqual(labels(await bad({ list: 'MY_LEADS', page: { page: 0, size: 10 }, search: '  ' })), ['search']);
    assert.deepEqual(
      labels(await bad({ list: 'MY_LEADS', page: { page: 0, size: 10 }, sort: { field: 'city', direction: 'asc' } })),
      ['sort.field'],
    );
    const filter = (f: unknown) => bad({ list: 'TEAM_LEADS', page: { page: 0, size: 10 }, filters: [f] });
    assert.deepEqual(labels(await filter({ field: 'city', operator: 'EQUAL', value: 'Pune' })), ['filters[0].field']);
    assert.deepEqual(labels(await filter({ field: 'status', operator: 'CONTAINS', value: 'NEW' })), [
      'filters[0].operator',
    ]);
    assert.deepEqual(labels(await filter({ field: 'status', operator: 'EQUAL', value: 'OPEN' })), ['filters[0].value']);
    assert.deepEqual(labels(await filter({ field: 'followUpAt', operator: 'EQUAL', value: '31/02/2026' })), [
      'filters[0].value',
    ]);
    assert.equal(
      (await call(s.app, 'POST', API_PATHS.leads, {}, { list: 'MY_LEADS', page: { page: 0, size: 10 } })).statusCode,
      401,
    );
  });
});

describe('filters, search, due today, sort and paging', () => {
  it('filters per kind read as the application lists read them', async () => {
    const team = `team_id = 'TEAM-MUM-WEST'`;
    const cases: [Args['filters'], string][] = [
      [[{ field: 'status', operator: 'EQUAL', value: 'QUALIFIED' }], `status = 'QUALIFIED'`],
      [[{ field: 'source', operator: 'NOT_EQUAL', value: 'WEB_CALLBACK' }], `source <> 'WEB_CALLBACK'`],
      [[{ field: 'product_code', operator: 'EQUAL', value: 'HL' }], `product_code = 'HL'`],
      [[{ field: 'loanAmount', operator: 'GREATER_THAN', value: '1000000' }], 'loan_amount > 1000000'],
      [[{ field: 'ownerName', operator: 'CONTAINS', value: 'priya' }], `owner_id = 'USR-1002'`],
      [[{ field: 'prospectName', operator: 'ENDS_WITH', value: 'patel' }], `prospect_name ILIKE '%patel'`],
    ];
    for (const [filters, where] of cases) {
      assert.deepEqual(
        ids(await rows(as.officer, { list: 'TEAM_LEADS', filters })),
        await truth(`${team} AND ${where}`),
      );
    }
    const [one] = await s.app.ctx.db.query<{ day: string }>(
      `SELECT to_char(follow_up_at AT TIME ZONE 'Asia/Kolkata', 'DD/MM/YYYY') AS day FROM leads
        WHERE team_id = 'TEAM-MUM-WEST' AND follow_up_at IS NOT NULL ORDER BY lead_id LIMIT 1`,
    );
    const onDay = await rows(as.officer, {
      list: 'TEAM_LEADS',
      filters: [{ field: 'followUpAt', operator: 'EQUAL', value: one?.day ?? '' }],
    });
    assert.ok(onDay.length > 0);
    assert.deepEqual(
      ids(onDay),
      await truth(`${team} AND to_char(follow_up_at AT TIME ZONE 'Asia/Kolkata', 'DD/MM/YYYY') = $1`, [one?.day]),
    );
  });

  it('search by lead id, prospect name or mobile prefix', async () => {
    const ours = await rows(as.officer, { list: 'TEAM_LEADS' });
    const sample = ours[5] as LeadRow;
    assert.deepEqual(ids(await rows(as.officer, { list: 'TEAM_LEADS', search: sample.lead_id.toLowerCase() })), [
      sample.lead_id,
    ]);
    const byMobile = await rows(as.officer, { list: 'TEAM_LEADS', search: sample.mobile.slice(0, 6) });
    assert.ok(byMobile.some((r) => r.lead_id === sample.lead_id));
    assert.ok(byMobile.every((r) => r.mobile.startsWith(sample.mobile.slice(0, 6))));
    const first = sample.prospectName.split(' ')[0] as string;
    const byName = await rows(as.officer, { list: 'TEAM_LEADS', search: first.slice(0, 3).toLowerCase() });
    assert.ok(
      byName.length > 0 &&
        byName.every((r) => r.prospectName.toLowerCase().startsWith(first.slice(0, 3).toLowerCase())),
    );
    assert.equal((await page(as.officer, { list: 'TEAM_LEADS', search: '100%_' })).count, 0);
  });

  it('due today: open leads whose follow-up falls today or earlier (bank day), and its count', async () => {
    const now = s.app.ctx.now();
    const all = await rows(as.officer, { list: 'MY_LEADS' });
    const due = await rows(as.officer, { list: 'MY_LEADS', dueToday: true });
    assert.ok(due.length > 0);
    assert.deepEqual(ids(due), ids(all.filter((r) => isFollowUpDue(r, now))));
    assert.equal((await page(as.officer, { list: 'MY_LEADS' })).dueTodayCount, due.length);
  });

  it('sorts by any sortable column (nulls last, then the lead id); My Leads by follow-up first by default', async () => {
    const byAmount = await rows(as.officer, { list: 'TEAM_LEADS', sort: { field: 'loanAmount', direction: 'desc' } });
    const amounts = byAmount.map((r) => r.loanAmount);
    const firstNull = amounts.indexOf(null);
    assert.ok(firstNull > 0);
    assert.ok(amounts.slice(firstNull).every((a) => a === null));
    const known = amounts.slice(0, firstNull) as number[];
    assert.deepEqual(
      known,
      [...known].sort((a, b) => b - a),
    );
    const mine = await rows(as.officer, { list: 'MY_LEADS' });
    const follow = mine.map((r) => r.followUpAt);
    const nulls = follow.indexOf(null);
    const dated = (nulls < 0 ? follow : follow.slice(0, nulls)) as string[];
    assert.deepEqual(dated, [...dated].sort());
  });

  it('pages are disjoint slices of one order', async () => {
    const sort = { field: 'mod_time', direction: 'desc' } as const;
    const whole = (await page(as.officer, { list: 'TEAM_LEADS', sort, page: { page: 0, size: 25 } })).leads;
    const first = await page(as.officer, { list: 'TEAM_LEADS', sort, page: { page: 0, size: 10 } });
    const second = await page(as.officer, { list: 'TEAM_LEADS', sort, page: { page: 1, size: 10 } });
    assert.deepEqual(
      [...first.leads, ...second.leads].map((r) => r.lead_id),
      whole.slice(0, 20).map((r) => r.lead_id),
    );
    assert.equal(first.count, second.count);
  });
});

describe('counts', () => {
  async function expected(where: string) {
    const groups = async (column: string) =>
      s.app.ctx.db.query<{ key: string; n: number }>(
        `SELECT ${column} AS key, count(*)::int AS n FROM leads l WHERE ${where} GROUP BY 1`,
      );
    const toMap = (list: { key: string; n: number }[]) => Object.fromEntries(list.map((g) => [g.key, g.n]));
    return {
      status: toMap(await groups('status')),
      source: toMap(await groups('source')),
      product: toMap(await groups('product_code')),
    };
  }
  const got = (p: LeadsPage) => ({
    status: Object.fromEntries(p.statusWise.map((g) => [g.status, g.count])),
    source: Object.fromEntries(p.sourceWise.map((g) => [g.source, g.count])),
    product: Object.fromEntries(p.productWise.map((g) => [g.product_code, g.count])),
  });

  it('per status, source and product over the whole filtered list: from the counters and from the rows alike', async () => {
    // Team Leads filtered on counted columns only: the counters answer.
    const countersPage = await page(as.admin, {
      list: 'TEAM_LEADS',
      filters: [{ field: 'product_code', operator: 'EQUAL', value: 'HL' }],
    });
    assert.deepEqual(got(countersPage), await expected(`product_code = 'HL'`));
    // The same list with a condition the counters do not hold: counted from the rows.
    const rowsPage = await page(as.officer, {
      list: 'TEAM_LEADS',
      filters: [{ field: 'loanAmount', operator: 'GREATER_THAN_OR_EQUAL', value: '0' }],
    });
    assert.deepEqual(got(rowsPage), await expected(`team_id = 'TEAM-MUM-WEST' AND loan_amount >= 0`));
    assert.deepEqual(got(await page(as.officer, { list: 'MY_LEADS' })), await expected(`owner_id = 'USR-1001'`));
    const teamPage = await page(as.officer, { list: 'TEAM_LEADS' });
    assert.equal(
      teamPage.statusWise.reduce((n, g) => n + g.count, 0),
      teamPage.count,
    );
    assert.ok(teamPage.productWise.every((g) => g.product_name.length > 0));
    // 'Due today' from the counters' follow-up days equals the rows' own.
    const every = await page(as.admin, { list: 'TEAM_LEADS' });
    const due = await rows(as.admin, { list: 'TEAM_LEADS', dueToday: true });
    assert.ok(due.length > 0);
    assert.equal(every.dueTodayCount, due.length);
    const now = s.app.ctx.now();
    assert.ok(due.every((r) => isFollowUpDue(r, now)));
  });

  it('the counters follow every write', async () => {
    const lead = await call(s.app, 'POST', API_PATHS.createLead, as.officer, {
      product_code: 'CL',
      prospect: { firstName: 'Vikas', lastName: 'Jain', mobile: '9811100001' },
      source: 'PHONE',
    });
    const leadId = lead.json<{ lead: { lead_id: string } }>().lead.lead_id;
    await call(s.app, 'POST', API_PATHS.leadStatus, as.officer, {
      lead_id: leadId,
      action: 'lose',
      lostReason: 'OTHER',
    });
    const drift = await s.app.ctx.db.query(
      `SELECT * FROM (SELECT team_id, status, source, product_code, sum(n)::int AS n FROM lead_counts GROUP BY 1, 2, 3, 4) c
         FULL JOIN (SELECT team_id, status, source, product_code, count(*)::int AS n FROM leads GROUP BY 1, 2, 3, 4) r
         USING (team_id, status, source, product_code)
        WHERE coalesce(c.n, 0) <> coalesce(r.n, 0)`,
    );
    assert.deepEqual(drift, []);
  });
});

describe('table configurations and saved filters', () => {
  it('GET /backstage/getTableConfig/MY_LEADS and TEAM_LEADS', async () => {
    for (const id of ['MY_LEADS', 'TEAM_LEADS']) {
      const res = await call(s.app, 'GET', apiPath('tableConfig', { id }), as.officer);
      assert.equal(res.statusCode, 200, res.body);
      const config = res.json<TableConfig>();
      assert.deepEqual(
        config.columns.map((c) => c.headerName),
        [
          'Lead ID',
          'Prospect',
          'Mobile',
          'Product',
          'Source',
          'Status',
          'Amount',
          'Owner',
          'Follow-up',
          'Created',
          'Updated',
        ],
      );
    }
  });

  it('a saved filter of a lead table is checked against the lead fields and read back', async () => {
    const saved = await call(s.app, 'POST', API_PATHS.saveFilter, as.officer, {
      name: 'Hot home loans',
      tableId: 'MY_LEADS',
      filters: [
        { field: 'product_code', operator: 'EQUAL', value: 'HL' },
        { field: 'prospectName', operator: 'CONTAINS', value: 'a' },
      ],
      sort: { field: 'followUpAt', direction: 'asc' },
    });
    assert.equal(saved.statusCode, 200, saved.body);
    const bad = await call(s.app, 'POST', API_PATHS.saveFilter, as.officer, {
      name: 'Wrong',
      tableId: 'MY_LEADS',
      filters: [{ field: 'applicantName', operator: 'CONTAINS', value: 'a' }],
    });
    assert.deepEqual(labels(bad), ['filters[0].field']);
    assert.equal((await opened<{ name: string }>(saved, as.officer)).name, 'Hot home loans');
    const list = await call(s.app, 'POST', API_PATHS.getFilter, as.officer, { tableId: 'MY_LEADS' });
    assert.equal(list.statusCode, 200, list.body);
    assert.deepEqual(
      list.json<{ data: { name: string }[] }>().data.map((f) => f.name),
      ['Hot home loans'],
    );
  });
});
