// Applications started by staff (README "Applications started by staff", "Resume links from staff"):
// POST /v3/application/create and POST /v3/application/resume-link — good input, bad input (400/1101
// naming the field), no token, callers who may not (403 with the reason), the application in My
// Internal, and the link issued, replaced, expired and refused after submit.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  API_PATHS,
  APPLICATIONS_QUERY,
  type ApplicationsData,
  decryptPayload,
  encryptPayload,
  STAFF_RESUME_LINK_HOURS,
} from '@originate/contract';
import { createSession } from '../src/modules/auth/sessions';
import { startStaffApplication } from '../src/modules/customer-flow';
import { findUserByName } from '../src/modules/users/directory';
import { acceptConsents, completePersonalLoan, encrypted, issues, personalLoanBody } from './flow-helpers';
import { call, type Login, login, startServer, type TestServer } from './helpers';

let s: TestServer;
let officer: Login;
let lead: Login;
let approver: Login;
let outsider: Record<string, string>;

before(async () => {
  s = await startServer({ STARTS_PER_USER_PER_HOUR: '12' });
  officer = await login(s.app, 'officer');
  lead = await login(s.app, 'teamlead');
  approver = await login(s.app, 'approver');
  // Login refuses a user without the portal app (403), so its session is made directly.
  const user = await findUserByName(s.app.ctx.db, 'outsider');
  assert.ok(user, 'the demo seed has outsider');
  const session = await createSession(s.app.ctx.db, user.userid, s.config, new Date());
  outsider = { access_token: session.access_token, sessionid: session.sessionid };
});
after(() => s.close());

const start = (who: Login | Record<string, string> | undefined, body: unknown) =>
  call(s.app, 'POST', API_PATHS.startApplication, who, body as Record<string, unknown>);
const resumeLink = (who: Login | Record<string, string> | undefined, applicationId: string) =>
  call(s.app, 'POST', API_PATHS.resumeLink, who, { application_id: applicationId });

async function myInternal(who: Login): Promise<ApplicationsData> {
  const variables = { list: 'MY_INTERNAL', page: { page: 0, size: 100 } };
  const data = await encryptPayload({ query: APPLICATIONS_QUERY, variables }, who.access_token);
  const res = await call(s.app, 'POST', API_PATHS.graphql, who, { data });
  assert.equal(res.statusCode, 200, res.body);
  const body = await decryptPayload<{ data: { applications: { data: ApplicationsData } } }>(
    res.json<{ data: string }>().data,
    who.access_token,
  );
  return body.data.applications.data;
}

describe('POST /v3/application/create', () => {
  it('starts a DRAFT application of the product, initiated by the caller, its task theirs, in My Internal', async () => {
    const res = await start(officer, { product_code: 'PL', customFields: { pl_full_name: 'Walk-in Customer' } });
    assert.equal(res.statusCode, 200, res.body);
    const app = res.json().application;
    assert.match(app.application_id, /^PL-\d{4}-\d{6}$/);
    assert.equal(app._applicationStatus, 'ACTIVE');
    assert.equal(app.mode, 'DRAFT');
    assert.equal(app.flowId, 'personal_loan');
    assert.equal(app.source_id, 'BRANCH');
    assert.deepEqual(app.initiatedBy, { id: 'USR-1001', username: 'officer', displayName: 'Rahul Verma' });
    assert.equal(app.customFields.pl_full_name, 'Walk-in Customer');
    assert.equal(app.appLifeCycle.stage, 'Application Capture');
    const [task] = app.appLifeCycle.steps[0].assignmentInfo;
    assert.equal(app.appLifeCycle.steps[0].type, 'CUST_FLOW');
    assert.equal(task.assignedTo, 'USR-1001');
    assert.equal(task.progress, 'In Progress');

    const mine = await myInternal(officer);
    assert.ok(mine.tasks.some((t) => t.application_id === app.application_id));
    assert.equal(
      (await myInternal(lead)).tasks.some((t) => t.application_id === app.application_id),
      false,
    );

    // Audited and worklogged like other writes.
    const worklogs = await call(s.app, 'GET', `/v3/application/${app.application_id}/worklogs`, officer);
    assert.equal(worklogs.statusCode, 200, worklogs.body);
    assert.ok(worklogs.json().data.some((w: { action: string }) => w.action === 'start_application'));
    const audits = await call(
      s.app,
      'GET',
      `${API_PATHS.getAudits}?application_id=${app.application_id}&fieldKey=pl_full_name`,
      officer,
    );
    assert.equal(audits.statusCode, 200, audits.body);
    assert.match(audits.body, /Walk-in Customer/);

    // The officer fills it as a staff save; it then follows the workflow like any other application.
    const saved = await encrypted(
      s.app,
      'POST',
      API_PATHS.userSaveOrUpdate,
      officer.headers,
      personalLoanBody({ application_id: app.application_id }),
    );
    assert.equal(saved.statusCode, 200, saved.body);
  });

  it('the team lead may start one too; without customFields the form is empty', async () => {
    const res = await start(lead, { product_code: 'HL' });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().application.flowId, 'home_loan');
    assert.equal(res.json().application.initiatedBy.username, 'teamlead');
  });

  it('refuses bad input naming the field: extra field, unknown product, bad customFields', async () => {
    assert.deepEqual(issues(await start(officer, { product_code: 'PL', colour: 'red' })), [
      { label: 'colour', reason: 'is not allowed' },
    ]);
    assert.deepEqual(issues(await start(officer, {})), [{ label: 'product_code', reason: 'is required' }]);
    assert.deepEqual(issues(await start(officer, { product_code: 'GOLD' })), [
      { label: 'product_code', reason: 'is not a known product' },
    ]);
    assert.deepEqual(issues(await start(officer, { product_code: 'PL', customFields: { shoe_size: '42' } })), [
      { label: 'customFields.shoe_size', reason: 'is not a field of flow personal_loan' },
    ]);
    const wrong = issues(
      await start(officer, { product_code: 'PL', customFields: { pl_pan: 'not a pan', pl_loan_amount: '1' } }),
    );
    assert.deepEqual(
      wrong.map((e) => e.label),
      ['customFields.pl_pan', 'customFields.pl_loan_amount'],
    );
    assert.match(wrong[1]?.reason ?? '', /^Please enter amount between the range of/);
    const typed = await start(officer, { product_code: 'PL', customFields: { pl_full_name: { a: 1 } } });
    assert.equal(typed.statusCode, 400, typed.body);
  });

  it('needs a token; a user who may not gets 403 with the reason; an applicant session 403', async () => {
    assert.equal((await start(undefined, { product_code: 'PL' })).statusCode, 401);
    const refused = await start(approver, { product_code: 'PL' });
    assert.equal(refused.statusCode, 403, refused.body);
    assert.equal(refused.json().message, 'Starting an application needs the role CPA or BCM (branch staff)');
    assert.equal((await start(outsider, { product_code: 'PL' })).statusCode, 403);
    const consumer = await s.app.inject({
      method: 'POST',
      url: API_PATHS.consumerSaveOrUpdate,
      payload: personalLoanBody(),
    });
    const applicant = { access_token: consumer.json().session.access_token };
    const byApplicant = await start(applicant, { product_code: 'PL' });
    assert.equal(byApplicant.statusCode, 403, byApplicant.body);
  });

  it('the service refuses a starter outside the product queue, naming why, before spending their budget', async () => {
    await assert.rejects(
      startStaffApplication(
        s.app.ctx,
        'PL',
        {
          userid: 'USR-1001',
          username: 'officer',
          displayName: 'Rahul Verma',
          roles: ['CPA'],
          teams: [{ type: 'HIERARCHY', id: 'TEAM-PUNE-CENTRAL' }],
        },
        async () => assert.fail('a refused start spends none of the budget'),
      ),
      (e: { statusCode?: number; body?: { message: string } }) =>
        e.statusCode === 403 && e.body?.message === "You are in none of the teams that work product PL's applications",
    );
  });

  it('limits starts per user per hour (429 with Retry-After)', async () => {
    const budget = await login(s.app, 'teamlead');
    let last = await start(budget, { product_code: 'CL' });
    for (let i = 0; i < 12 && last.statusCode === 200; i += 1) last = await start(budget, { product_code: 'CL' });
    assert.equal(last.statusCode, 429, last.body);
    assert.match(last.json().message, /^You may start at most 12 applications per hour/);
    assert.ok(Number(last.headers['retry-after']) > 0);
  });
});

describe('POST /v3/application/resume-link', () => {
  async function started(): Promise<string> {
    const res = await start(officer, { product_code: 'PL', customFields: { pl_full_name: 'Asha Rao' } });
    assert.equal(res.statusCode, 200, res.body);
    return res.json().application.application_id;
  }
  const tokenOf = (link: string) => new URL(link).searchParams.get('transactionToken') ?? '';
  const validate = (token: string) =>
    call(s.app, 'POST', API_PATHS.validateTransactionToken, undefined, { transactionToken: token });

  it('issues a 72 h link to the portal that opens an applicant session, who can finish and submit', async () => {
    const id = await started();
    const res = await resumeLink(officer, id);
    assert.equal(res.statusCode, 200, res.body);
    const { link, expiresAt, application_id } = res.json();
    assert.equal(application_id, id);
    assert.match(link, /^http:\/\/127\.0\.0\.1:3000\/dynamic-resume\?transactionToken=[A-Za-z0-9_-]{43}$/);
    const hours = (Date.parse(expiresAt) - s.app.ctx.now().getTime()) / 3_600_000;
    assert.ok(Math.abs(hours - STAFF_RESUME_LINK_HOURS) < 0.1, `expires in ${hours} h`);
    const token = await validate(tokenOf(link));
    assert.equal(token.statusCode, 200, token.body);
    assert.equal(token.json().data.application_id, id);
    const applicant = { access_token: token.json().session.access_token, sessionid: token.json().session.sessionid };
    const got = await call(s.app, 'GET', `/v3/application/${id}`, applicant);
    assert.equal(got.statusCode, 200);
    assert.equal(got.json().initiatedBy, undefined, 'applicants never see the staff side');

    const sign = await call(s.app, 'POST', API_PATHS.uploadSignature, applicant, {
      dataURI: `data:image/png;base64,${PNG_1PX}`,
      app_id: id,
    });
    assert.equal(sign.statusCode, 200, sign.body);
    const complete = completePersonalLoan(sign.json().fileId);
    await acceptConsents(s.app, id, 'PL', applicant);
    const submit = await encrypted(
      s.app,
      'POST',
      API_PATHS.consumerSaveOrUpdate,
      applicant,
      personalLoanBody({
        application_id: id,
        mode: 'SAVED',
        section_id: 'pl_review',
        sub_section_id: 'pl_summary',
        customFields: complete,
      }),
    );
    assert.equal(submit.statusCode, 200, submit.body);
    assert.equal(submit.json().resumeToken, null);
    const tasks = await s.app.ctx.db.query<{ type: string; progress: string; step_name: string }>(
      'SELECT type, progress, step_name FROM tasks WHERE application_id = $1 ORDER BY step_number',
      [id],
    );
    assert.deepEqual(tasks, [
      { type: 'CUST_FLOW', progress: 'Completed', step_name: 'Application Capture' },
      { type: 'APPVD', progress: 'Pending', step_name: 'Document Verification' },
    ]);

    // Submitted: no link any more, and the old one is dead.
    const late = await resumeLink(officer, id);
    assert.equal(late.statusCode, 409, late.body);
    assert.equal(late.json().message, 'The application has already been submitted: there is nothing left to resume');
    assert.deepEqual(issues(await validate(tokenOf(link))), [{ label: 'transactionToken', reason: 'is invalid' }]);
  });

  it('a new link revokes the earlier staff-issued one', async () => {
    const id = await started();
    const first = tokenOf((await resumeLink(officer, id)).json().link);
    const second = await resumeLink(officer, id);
    assert.equal(second.statusCode, 200, second.body);
    assert.deepEqual(issues(await validate(first)), [{ label: 'transactionToken', reason: 'is invalid' }]);
    assert.equal((await validate(tokenOf(second.json().link))).statusCode, 200);
  });

  it('expires after 72 hours', async () => {
    const id = await started();
    const token = tokenOf((await resumeLink(officer, id)).json().link);
    s.advance(STAFF_RESUME_LINK_HOURS * 3600 + 1);
    try {
      assert.deepEqual(issues(await validate(token)), [{ label: 'transactionToken', reason: 'is invalid' }]);
    } finally {
      s.advance(-(STAFF_RESUME_LINK_HOURS * 3600 + 1));
    }
  });

  it('refuses bad input, no token, a caller without access and applicants', async () => {
    const id = await started();
    assert.deepEqual(issues(await call(s.app, 'POST', API_PATHS.resumeLink, officer, { application_id: id, ttl: 1 })), [
      { label: 'ttl', reason: 'is not allowed' },
    ]);
    assert.equal((await resumeLink(undefined, id)).statusCode, 401);
    const noAccess = await resumeLink(approver, id);
    assert.equal(noAccess.statusCode, 403, noAccess.body);
    assert.match(noAccess.json().message, /access/i);
    assert.equal((await resumeLink(officer, 'PL-2026-999999')).statusCode, 404);
    const token = tokenOf((await resumeLink(officer, id)).json().link);
    const session = (await validate(token)).json().session;
    assert.equal((await resumeLink({ access_token: session.access_token }, id)).statusCode, 403);
  });
});

const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
