// The rest of spec §7's lists (README "Routes"): New Internal and Rejected pages, products and product types,
// and the NSM and geo-limit lists on the team hierarchy (branches under the West Region).

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { API_PATHS, encryptPayload, type ListTask } from '@originate/contract';
import { call, type Login, labels, login, startServer, type TestServer } from './helpers';

let server: TestServer;
let officer: Login;
let approver: Login;

before(async () => {
  server = await startServer();
  officer = await login(server.app, 'officer');
  approver = await login(server.app, 'approver');
});
after(() => server.close());

const post = (who: Login, url: string, body: unknown) => call(server.app, 'POST', url, who, body as object);
type Page = { data: ListTask[]; count: number };

describe('lists on the team hierarchy', () => {
  it("a region's lead has the region and its branches as zone group; a branch officer only the branch", async () => {
    const region = (await post(approver, API_PATHS.nsmZoneGroup, {})).json<{
      data: { id: string; level: number; parentId: string | null }[];
    }>();
    const ids = new Set(region.data.map((t) => t.id));
    for (const id of ['TEAM-MUM-WEST', 'TEAM-PUNE-CENTRAL', 'TEAM-WEST-REGION']) assert.ok(ids.has(id), id);
    // Every team below the top one hangs from a team of the group.
    for (const t of region.data.slice(1)) assert.ok(t.parentId !== null && ids.has(t.parentId), t.id);
    assert.equal(region.data[0]?.id, 'TEAM-WEST-REGION');
    assert.equal(region.data[0]?.level, 0);
    const branch = (await post(officer, API_PATHS.nsmZoneGroup, {})).json<{ data: { id: string; level: number }[] }>();
    assert.deepEqual(
      branch.data.map((t) => [t.id, t.level]),
      [['TEAM-MUM-WEST', 1]],
    );
    assert.deepEqual(labels(await post(officer, API_PATHS.nsmZoneGroup, { teamIds: [] })), ['teamIds']);
  });

  it("NSM applications are the zone's open applications; a team outside the zone is refused", async () => {
    const all = (await post(approver, API_PATHS.nsmApplications, {})).json<Page>();
    assert.ok(all.count > 0);
    const pune = (await post(approver, API_PATHS.nsmApplications, { teamIds: ['TEAM-PUNE-CENTRAL'] })).json<Page>();
    assert.ok(pune.count > 0 && pune.count < all.count, `${pune.count} of ${all.count}`);
    for (const task of pune.data) {
      assert.ok(task.assignedTeam.some((t) => t.id === 'TEAM-PUNE-CENTRAL'));
      assert.equal(task._applicationStatus, 'ACTIVE');
    }
    assert.deepEqual(labels(await post(officer, API_PATHS.nsmApplications, { teamIds: ['TEAM-PUNE-CENTRAL'] })), [
      'teamIds[0]',
    ]);
  });

  it('filtered NSM: the staff of the zone by name', async () => {
    const staff = (await post(approver, API_PATHS.filteredNsm, { search: 'ra' })).json<{
      data: { userName: string; displayName: string }[];
    }>();
    assert.ok(staff.data.length > 0);
    assert.ok(staff.data.every((u) => /^ra/i.test(u.displayName) || /^ra/i.test(u.userName)));
    const officerStaff = (await post(officer, API_PATHS.filteredNsm, {})).json<{ data: { userName: string }[] }>();
    assert.ok(officerStaff.data.some((u) => u.userName === 'teamlead'));
    assert.ok(!officerStaff.data.some((u) => u.userName === 'outsider'));
  });

  it('geo-limit status: within the zone for its region, refused to a branch officer without access', async () => {
    const pune = (await post(approver, API_PATHS.nsmApplications, { teamIds: ['TEAM-PUNE-CENTRAL'] })).json<Page>();
    const id = pune.data[0]?.application_id as string;
    const status = await post(approver, API_PATHS.geoLimitStatus, { application_id: id });
    assert.equal(status.statusCode, 200, status.body);
    assert.deepEqual(status.json(), {
      application_id: id,
      team: { id: 'TEAM-PUNE-CENTRAL', name: 'Pune Central Branch' },
      chain: [
        { id: 'TEAM-PUNE-CENTRAL', name: 'Pune Central Branch' },
        { id: 'TEAM-WEST-REGION', name: 'West Region' },
      ],
      withinLimit: true,
    });
    assert.equal((await post(officer, API_PATHS.geoLimitStatus, { application_id: id })).statusCode, 403);
    assert.equal((await post(officer, API_PATHS.geoLimitStatus, { application_id: 'PL-2099-000001' })).statusCode, 404);
  });
});

describe('list pages and products', () => {
  it('getApplicationsDeclined pages the Rejected list as GraphQL does; getApplicationsNew New Internal', async () => {
    const admin = await login(server.app, 'opsadmin');
    const declined = await post(admin, API_PATHS.applicationsDeclined, { size: 5 });
    assert.equal(declined.statusCode, 200, declined.body);
    const page = declined.json<Page>();
    assert.ok(page.data.length <= 5);
    assert.ok(page.data.every((t) => t._applicationStatus === 'REJECTED'));
    const fresh = await post(officer, API_PATHS.applicationsNew, {});
    assert.equal(fresh.statusCode, 200, fresh.body);
    assert.ok(fresh.json<Page>().data.every((t) => t.assignedTo == null));
    assert.deepEqual(labels(await post(officer, API_PATHS.applicationsNew, { size: 7 })), ['page.size']);
  });

  it('Products and product types come from the master products', async () => {
    const products = (await call(server.app, 'GET', API_PATHS.backstageProducts, officer)).json<
      { product_code: string; product_type_code: string }[]
    >();
    assert.ok(products.some((p) => p.product_code === 'HL'));
    const types = (await call(server.app, 'GET', API_PATHS.productTypeDetails, officer)).json<{
      data: { product_type_code: string; products: { product_code: string }[] }[];
    }>();
    const counted = types.data.reduce((n, t) => n + t.products.length, 0);
    assert.equal(counted, products.length);
  });
});

describe('the list call: the spec query and the GraphQL variables on one implementation', () => {
  const list = (who: Login, query: string, body: unknown = {}) =>
    call(server.app, 'POST', `${API_PATHS.exportApplications}${query}`, who, body as object);
  type Data = { data: { tasks: ListTask[]; count: number; stageWise: unknown[] } };

  it('the query narrows the list as the body does, and both together agree', async () => {
    const admin = await login(server.app, 'opsadmin');
    const all = await list(admin, '?filter=ALL&pagination=0,5');
    assert.equal(all.statusCode, 200, all.body);
    const whole = all.json<Data>().data;
    assert.equal(whole.tasks.length, 5);
    assert.ok(whole.stageWise.length > 0);
    // The same page asked through the body (GraphQL's variables) is the same page.
    const viaBody = await list(admin, '', { list: 'ALL', page: { page: 0, size: 5 } });
    assert.deepEqual(viaBody.json<Data>().data.tasks, whole.tasks);

    const hl = (await list(admin, '?filter=ALL&product_code=HL&_applicationStatus=ACTIVE')).json<Data>().data;
    assert.ok(hl.count > 0 && hl.count < whole.count);
    assert.ok(hl.tasks.every((t) => t.product_code === 'HL' && t._applicationStatus === 'ACTIVE'));

    const pending = (await list(admin, `?filter=ALL&progress=${encodeURIComponent('Pending')}`)).json<Data>().data;
    assert.ok(pending.tasks.every((t) => t.progress === 'Pending'));
    const officers = (await list(admin, '?filter=ALL&userIds=USR-1001,USR-1002')).json<Data>().data;
    assert.ok(officers.tasks.every((t) => t.assignedTo === 'USR-1001' || t.assignedTo === 'USR-1002'));
    const pune = (await list(admin, '?filter=ALL&teams=TEAM-PUNE-CENTRAL')).json<Data>().data;
    assert.ok(
      pune.count > 0 && pune.tasks.every((t) => t.assignedTeam.some((team) => team.id === 'TEAM-PUNE-CENTRAL')),
    );
  });

  it("access is the list's own; disagreeing or broken query parameters are refused by name", async () => {
    assert.equal((await list(officer, '?filter=ALL')).statusCode, 403);
    const mine = (await list(officer, '?filter=MY_APPLICATIONS&teams=TEAM-PUNE-CENTRAL')).json<Data>().data;
    assert.equal(mine.count, 0);
    assert.deepEqual(labels(await list(officer, '?filter=ALL', { list: 'MY_APPLICATIONS' })), ['filter']);
    assert.deepEqual(labels(await list(officer, '')), ['filter']);
    // The query alone is a whole call: no body at all.
    const bare = await call(server.app, 'POST', `${API_PATHS.exportApplications}?filter=MY_APPLICATIONS`, officer);
    assert.equal(bare.statusCode, 200, bare.body);
    assert.deepEqual(labels(await list(officer, '?filter=MY_APPLICATIONS&pagination=0,7')), ['page.size']);
    assert.deepEqual(labels(await list(officer, '?filter=MY_APPLICATIONS&progress=Sleeping')), ['progress']);
    assert.deepEqual(labels(await list(officer, '?filter=MY_APPLICATIONS&color=red')), ['color']);
  });

  it("takes the variables sealed as {data} with the caller's access token (spec §7), alone and only with that key", async () => {
    const plain = await list(officer, '?filter=MY_APPLICATIONS', { page: { page: 0, size: 5 } });
    assert.equal(plain.statusCode, 200, plain.body);
    const data = await encryptPayload({ page: { page: 0, size: 5 } }, officer.access_token);
    const sealed = await list(officer, '?filter=MY_APPLICATIONS', { data });
    assert.equal(sealed.statusCode, 200, sealed.body);
    assert.deepEqual(sealed.json<Data>().data, plain.json<Data>().data);
    // What the sealed variables hold is checked as the plain ones are.
    const badPage = await encryptPayload({ page: { page: 0, size: 7 } }, officer.access_token);
    assert.deepEqual(labels(await list(officer, '?filter=MY_APPLICATIONS', { data: badPage })), ['page.size']);
    assert.deepEqual(labels(await list(officer, '?filter=MY_APPLICATIONS', { data, list: 'MY_APPLICATIONS' })), [
      'data',
    ]);
    const othersKey = await encryptPayload({ page: { page: 0, size: 5 } }, approver.access_token);
    assert.deepEqual(labels(await list(officer, '?filter=MY_APPLICATIONS', { data: othersKey })), ['data']);
  });

  it('exportFile=xlsx answers the narrowed list as a spreadsheet', async () => {
    const admin = await login(server.app, 'opsadmin');
    const res = await list(admin, '?filter=ALL&product_code=HL&exportFile=xlsx');
    assert.equal(res.statusCode, 200, res.body.slice(0, 200));
    assert.match(String(res.headers['content-type']), /spreadsheetml/);
    const hl = (await list(admin, '?filter=ALL&product_code=HL')).json<Data>().data;
    assert.equal(res.headers['x-export-rows'], String(hl.count));
  });
});
