// The field history (GET /v3/audits/getAudits): a staff save records every changed field with its old and
// new value, the user and the source; the route needs access to the application.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { API_PATHS } from '@originate/contract';
import { fieldChanges } from '../src/modules/applications/audits';
import { assignCurrentTask, encrypted, newPersonalLoan, personalLoanBody } from './flow-helpers';
import { call, type Login, labels, login, startServer, type TestServer } from './helpers';

let s: TestServer;
let officer: Login;
let developer: Login;

before(async () => {
  s = await startServer();
  officer = await login(s.app, 'officer');
  developer = await login(s.app, 'developer');
});
after(() => s.close());

describe('GET /v3/audits/getAudits', () => {
  it('a staff save records the changed field: old and new value, the user, the source', async () => {
    const a = await newPersonalLoan(s.app);
    await assignCurrentTask(s.app, a.applicationId, 'officer');
    const body = personalLoanBody({
      application_id: a.applicationId,
      customFields: { customer_type: 'new', pl_full_name: 'Asha R. Rao', pl_mobile: '9876543210' },
    });
    const saved = await encrypted(s.app, 'POST', API_PATHS.userSaveOrUpdate, officer.headers, body);
    assert.equal(saved.statusCode, 200, saved.body);
    const url = `${API_PATHS.getAudits}?application_id=${a.applicationId}&fieldKey=pl_full_name`;
    const res = await call(s.app, 'GET', url, officer);
    assert.equal(res.statusCode, 200, res.body);
    const [latest] = res.json().data;
    assert.deepEqual(
      { oldValue: latest.oldValue, newValue: latest.newValue, userId: latest.userId, source: latest.source },
      { oldValue: 'Asha Rao', newValue: 'Asha R. Rao', userId: 'USR-1001', source: 'staff' },
    );
    // Unchanged fields leave no row.
    const mobile = await call(
      s.app,
      'GET',
      `${API_PATHS.getAudits}?application_id=${a.applicationId}&fieldKey=pl_mobile`,
      officer,
    );
    assert.equal(mobile.json().data.filter((r: { source: string }) => r.source === 'staff').length, 0);
    assert.equal((await call(s.app, 'GET', url, developer)).statusCode, 403);
    assert.equal((await call(s.app, 'GET', url, undefined)).statusCode, 401);
    assert.deepEqual(labels(await call(s.app, 'GET', `${url}&extra=1`, officer)), ['extra']);
  });
});

describe('fieldChanges', () => {
  it('records changed, added and removed values; empty to empty (absent, null, "", []) is no change', () => {
    assert.deepEqual(
      fieldChanges(
        { name: 'Asha', city: 'Pune', note: null, tags: [], gone: 'x' },
        { name: 'Asha Rao', city: 'Pune', note: '', tags: [], empty: '', added: 'y' },
      ),
      [
        { fieldKey: 'name', oldValue: 'Asha', newValue: 'Asha Rao' },
        { fieldKey: 'gone', oldValue: 'x', newValue: null },
        { fieldKey: 'added', oldValue: null, newValue: 'y' },
      ],
    );
  });
});

describe('a staff save audits only the form’s fields', () => {
  it('a key the flow does not have (the loanAmount the answer carries) and empty-to-empty leave no row', async () => {
    const a = await newPersonalLoan(s.app);
    await assignCurrentTask(s.app, a.applicationId, 'officer');
    const body = personalLoanBody({
      application_id: a.applicationId,
      customFields: {
        customer_type: 'new',
        pl_full_name: 'Asha Rao',
        pl_mobile: '9876543210',
        loanAmount: 500000,
        pl_purpose: '',
      },
    });
    const saved = await encrypted(s.app, 'POST', API_PATHS.userSaveOrUpdate, officer.headers, body);
    assert.equal(saved.statusCode, 200, saved.body);
    const rows = await s.app.ctx.db.query<{ field_key: string }>(
      "SELECT field_key FROM audits WHERE application_id = $1 AND source = 'staff'",
      [a.applicationId],
    );
    assert.deepEqual(rows, []);
  });
});
