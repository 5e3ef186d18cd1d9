// The applicant portal (README "Applicant portal"): sign-in by an e-mail code, 'applicationTasks' for
// the proved e-mail only, the requests for information staff sent (GET /v3/queries/{id}) and the
// applicant's answer (POST /v3/queries/updateAndResolveQuery) reaching staff as a comment, a worklog row
// and a notification; refusals change nothing.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  API_PATHS,
  APPLICATION_TASKS_QUERY,
  apiPath,
  decryptPayload,
  encryptPayload,
  type PortalApplication,
} from '@originate/contract';
import { ApplicantRequestsAnswerSchema, ApplicationTasksResultSchema, schemaIssues } from '@originate/contract/schemas';
import type { LightMyRequestResponse } from 'fastify';
import { type Applicant, newHomeLoan } from './flow-helpers';
import { call, type Login, labels, login, startServer, type TestServer } from './helpers';

let s: TestServer;
let officer: Login;
let lead: Login;
let developer: Login;
let mine: Applicant;
let theirs: Applicant;
const MY_EMAIL = 'asha.rao@example.in';
const THEIR_EMAIL = 'vikas.iyer@example.in';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

const homeLoan = (email: string) =>
  newHomeLoan(s.app, { customFields: { loan_purpose: 'purchase', loan_amount: '2500000', email } });

/** The officer takes the application's task (assigned by the team lead) and asks the applicant for things. */
async function requestFromApplicant(applicationId: string, fields: string[], title = 'Your ID document') {
  const configs = await call(s.app, 'GET', `${API_PATHS.taskConfigs}?application_id=${applicationId}`, lead);
  assert.equal(configs.statusCode, 200, configs.body);
  const taskId = configs.json().task.taskId as string;
  if (configs.json().task.assignedTo !== 'USR-1001') {
    const assigned = await call(s.app, 'POST', apiPath('applicationAction', { action: 'assign' }), lead, {
      application_id: applicationId,
      taskId,
      assignTo: 'USR-1001',
    });
    assert.equal(assigned.statusCode, 200, assigned.body);
  }
  const created = await call(s.app, 'POST', API_PATHS.requestUserInfo, officer, {
    application_id: applicationId,
    taskId,
    title,
    description: 'Please upload a clear copy and tell us the name on it.',
    fields,
  });
  assert.equal(created.statusCode, 200, created.body);
  return created.json().subTaskId as string;
}

/** The code the outbox holds for this e-mail (DEVELOPERs read it: there is no mail gateway). */
async function codeFor(email: string): Promise<string> {
  const outbox = await call(s.app, 'GET', `${API_PATHS.otpOutbox}?recipient=${encodeURIComponent(email)}`, developer);
  const message = outbox.json()[0]?.message as string | undefined;
  const code = /^(\d{6})/.exec(message ?? '')?.[1];
  assert.ok(code, `no code in the outbox for ${email}: ${outbox.body}`);
  return code;
}

async function signIn(email: string) {
  // A new code at most every 30 s (README "OTP"): the clock moves on instead of the test waiting.
  s.advance(31);
  const sent = await call(s.app, 'POST', API_PATHS.portalSendCode, undefined, { email });
  assert.equal(sent.statusCode, 200, sent.body);
  // The code verifies only with the sign-in challenge cookie of the client that asked for it.
  const challenge = sent.cookies.find((c) => c.name === 'portal-sign-in')?.value ?? '';
  const verified = await s.app.inject({
    method: 'POST',
    url: API_PATHS.portalVerifyCode,
    cookies: { 'portal-sign-in': challenge },
    payload: { email: email.toUpperCase(), code: await codeFor(email) },
  });
  assert.equal(verified.statusCode, 200, verified.body);
  const body = verified.json();
  return {
    applicationId: body.application_id as string,
    email: body.email as string,
    challenge,
    headers: { access_token: body.session.access_token, sessionid: body.session.sessionid },
  };
}

async function applicationTasks(headers: Record<string, string>, email: string): Promise<LightMyRequestResponse> {
  const body = { query: APPLICATION_TASKS_QUERY, variables: { email, page: { page: 0, size: 10 } } };
  return call(s.app, 'POST', API_PATHS.graphql, headers, {
    data: await encryptPayload(body, headers.access_token as string),
  });
}

async function openedGraphql<T>(res: LightMyRequestResponse, token: string): Promise<T> {
  assert.equal(res.statusCode, 200, res.body);
  return (await decryptPayload<{ data: T }>(res.json().data, token)).data;
}

function upload(headers: Record<string, string>, applicationId: string, fieldKey: string) {
  const boundary = `----originate${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="application_id"\r\n\r\n${applicationId}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="fieldKey"\r\n\r\n${fieldKey}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="aadhaar.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    ),
    PDF,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return s.app.inject({
    method: 'POST',
    url: API_PATHS.uploadDocument,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

const requestsOf = (headers: Record<string, string>, applicationId: string) =>
  call(s.app, 'GET', apiPath('applicationQueries', { applicationId }), headers);

before(async () => {
  s = await startServer();
  officer = await login(s.app, 'officer');
  lead = await login(s.app, 'teamlead');
  developer = await login(s.app, 'developer');
  mine = await homeLoan(MY_EMAIL);
  theirs = await homeLoan(THEIR_EMAIL);
});
after(() => s.close());

describe('e-mail sign-in', () => {
  it('answers the same for an e-mail without applications and sends it nothing', async () => {
    const email = 'nobody.here@example.in';
    const res = await call(s.app, 'POST', API_PATHS.portalSendCode, undefined, { email });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), { sent: true, resendAfterSeconds: 30, expiresInSeconds: 300 });
    const outbox = await call(s.app, 'GET', `${API_PATHS.otpOutbox}?recipient=${email}`, developer);
    assert.deepEqual(outbox.json(), []);
    const verify = await call(s.app, 'POST', API_PATHS.portalVerifyCode, undefined, { email, code: '123456' });
    assert.deepEqual(labels(verify), ['code']);
  });

  it('refuses bad input naming the field, and a wrong code', async () => {
    assert.deepEqual(
      labels(await call(s.app, 'POST', API_PATHS.portalSendCode, undefined, { email: 'not-an-email' })),
      ['email'],
    );
    assert.deepEqual(
      labels(await call(s.app, 'POST', API_PATHS.portalVerifyCode, undefined, { email: MY_EMAIL, code: '12ab56' })),
      ['code'],
    );
    const extra = await call(s.app, 'POST', API_PATHS.portalSendCode, undefined, { email: MY_EMAIL, admin: true });
    assert.deepEqual(labels(extra), ['admin']);
    await call(s.app, 'POST', API_PATHS.portalSendCode, undefined, { email: 'vikas.iyer@example.in' });
    const right = await codeFor(THEIR_EMAIL);
    const wrong = right === '000000' ? '111111' : '000000';
    const res = await call(s.app, 'POST', API_PATHS.portalVerifyCode, undefined, { email: THEIR_EMAIL, code: wrong });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json().errors, [{ label: 'code', reason: 'Oops, this is incorrect one time password (OTP)' }]);
  });

  it('a right code opens a session naming the e-mail; the code works once', async () => {
    const signed = await signIn(MY_EMAIL);
    assert.equal(signed.applicationId, mine.applicationId);
    assert.equal(signed.email, MY_EMAIL);
    const again = await s.app.inject({
      method: 'POST',
      url: API_PATHS.portalVerifyCode,
      cookies: { 'portal-sign-in': signed.challenge },
      payload: { email: MY_EMAIL, code: await codeFor(MY_EMAIL) },
    });
    assert.deepEqual(labels(again), ['code']);
  });
});

describe("'applicationTasks' for the portal", () => {
  it('lists the applications of the proved e-mail, with their open requests', async () => {
    const second = await homeLoan(MY_EMAIL.toUpperCase());
    await requestFromApplicant(second.applicationId, ['id_document']);
    const signed = await signIn(MY_EMAIL);
    const data = await openedGraphql<{ applicationTasks: { count: number; data: PortalApplication[] } }>(
      await applicationTasks(signed.headers, MY_EMAIL),
      signed.headers.access_token as string,
    );
    assert.deepEqual(schemaIssues(ApplicationTasksResultSchema, data.applicationTasks), []);
    assert.equal(data.applicationTasks.count, 2);
    const byId = new Map(data.applicationTasks.data.map((a) => [a.application_id, a]));
    assert.equal(byId.get(second.applicationId)?.openRequests, 1);
    assert.equal(byId.get(mine.applicationId)?.openRequests, 0);
    assert.equal(byId.get(mine.applicationId)?.mode, 'DRAFT');
    assert.equal(byId.get(mine.applicationId)?.product_code, 'HL');
    assert.equal(byId.get(mine.applicationId)?._applicationStatus, 'ACTIVE');
    assert.ok(((byId.get(mine.applicationId)?.tasks as unknown[]) ?? []).length > 0);
  });

  it('refuses another e-mail, and a session that proved none, with 403; no token 401', async () => {
    const signed = await signIn(MY_EMAIL);
    const other = await applicationTasks(signed.headers, THEIR_EMAIL);
    assert.equal(other.statusCode, 403, other.body);
    assert.equal(other.json().message, 'You may only see the applications of your own e-mail address');
    // The session of a first save proved no e-mail.
    const unproved = await applicationTasks(mine.headers, MY_EMAIL);
    assert.equal(unproved.statusCode, 403, unproved.body);
    const noToken = await call(s.app, 'POST', API_PATHS.graphql, undefined, { data: 'aa:bb' });
    assert.equal(noToken.statusCode, 401);
  });

  it("an applicant reads no staff list: 'applications' and 'application' answer 403", async () => {
    const signed = await signIn(MY_EMAIL);
    const token = signed.headers.access_token as string;
    for (const query of [
      '{ applications(list: ALL, page: {page: 0, size: 10}) { data { count } } }',
      `{ application(application_id: "${mine.applicationId}") { application_id } }`,
    ]) {
      const res = await call(s.app, 'POST', API_PATHS.graphql, signed.headers, {
        data: await encryptPayload({ query }, token),
      });
      assert.equal(res.statusCode, 403, res.body);
    }
  });

  it('staff still read it by access', async () => {
    const res = await applicationTasks(officer.headers, MY_EMAIL);
    const data = await openedGraphql<{ applicationTasks: { count: number } }>(res, officer.access_token);
    assert.ok(data.applicationTasks.count >= 0);
  });
});

describe('requests for information', () => {
  it('the applicant sees the request, uploads the document, answers; staff get comment, worklog, notification', async () => {
    const subTaskId = await requestFromApplicant(mine.applicationId, ['id_document', 'full_name']);
    // A query between staff is not the applicant's to see.
    await call(s.app, 'POST', API_PATHS.createSubTask, officer, {
      application_id: mine.applicationId,
      taskId: (
        await call(s.app, 'GET', `${API_PATHS.taskConfigs}?application_id=${mine.applicationId}`, officer)
      ).json().task.taskId,
      title: 'Internal: check the salary',
      description: 'Between us',
      assignTo: 'USR-1002',
    });
    const listed = await requestsOf(mine.headers, mine.applicationId);
    assert.equal(listed.statusCode, 200, listed.body);
    assert.deepEqual(schemaIssues(ApplicantRequestsAnswerSchema, listed.json()), []);
    const [request, ...others] = listed.json().data;
    assert.equal(others.length, 0, 'only requests to the applicant');
    assert.equal(request.subTaskId, subTaskId);
    assert.equal(request.askedBy, 'Rahul Verma');
    assert.deepEqual(
      request.fields.map((f: { key: string; kind: string }) => [f.key, f.kind]),
      [
        ['id_document', 'document'],
        ['full_name', 'value'],
      ],
    );
    assert.equal(request.fields[0].label, 'ID document');

    const uploaded = await upload(mine.headers, mine.applicationId, 'id_document');
    assert.equal(uploaded.statusCode, 200, uploaded.body);
    const fileId = uploaded.json().fileId as string;
    const answered = await call(s.app, 'POST', API_PATHS.updateAndResolveQuery, mine.headers, {
      subTaskId,
      application_id: mine.applicationId,
      answer: 'Here is my Aadhaar card; the name on it is Asha Rao.',
      fileIds: [fileId],
    });
    assert.equal(answered.statusCode, 200, answered.body);
    assert.equal(answered.json().status, 'OPEN');
    // Answered: no longer waiting for the applicant in their list.
    const signed = await signIn(MY_EMAIL);
    const list = await openedGraphql<{
      applicationTasks: { data: { application_id: string; openRequests: number }[] };
    }>(await applicationTasks(signed.headers, MY_EMAIL), signed.headers.access_token as string);
    assert.equal(list.applicationTasks.data.find((a) => a.application_id === mine.applicationId)?.openRequests, 0);

    const seen = (await requestsOf(mine.headers, mine.applicationId)).json().data[0];
    assert.equal(seen.answers.length, 1);
    assert.deepEqual(seen.answers[0].files, [{ fileId, fileName: 'aadhaar.pdf' }]);

    const details = await call(s.app, 'GET', apiPath('subTaskDetails', { subTaskId }), officer);
    assert.equal(details.json().status, 'OPEN');
    assert.ok(details.json().answeredAt);
    const [comment] = details.json().comments;
    assert.equal(comment.author, 'APPLICANT');
    assert.equal(comment.userName, 'Applicant');
    assert.equal(comment.comment, 'Here is my Aadhaar card; the name on it is Asha Rao.');
    assert.deepEqual(comment.files, [{ fileId, fileName: 'aadhaar.pdf' }]);

    const worklogs = await call(
      s.app,
      'GET',
      apiPath('applicationWorklogs', { applicationId: mine.applicationId }),
      officer,
    );
    const row = worklogs.json().data.find((w: { action: string }) => w.action === 'applicant_answered_request');
    assert.ok(row, worklogs.body);
    assert.equal(row.userId, null);
    assert.deepEqual(row.detail.files, ['aadhaar.pdf']);

    const notifications = await s.app.ctx.db.query<{ status_name: string; message: string }>(
      `SELECT status_name, message FROM notifications WHERE user_id = 'USR-1001' AND application_id = $1
        ORDER BY created_at DESC LIMIT 1`,
      [mine.applicationId],
    );
    assert.equal(notifications[0]?.status_name, 'AssignedQueriesToUser');
    assert.match(notifications[0]?.message ?? '', /The applicant answered your request/);

    // Staff close it once read; the applicant can no longer answer it.
    const closed = await call(s.app, 'POST', API_PATHS.closeSubTask, officer, { subTaskId });
    assert.equal(closed.json().status, 'CLOSED');
    const late = await call(s.app, 'POST', API_PATHS.updateAndResolveQuery, mine.headers, {
      subTaskId,
      application_id: mine.applicationId,
      answer: 'One more thing',
    });
    assert.equal(late.statusCode, 409, late.body);
  });

  it('bad input is 400 naming the field; files of no requested document are refused', async () => {
    const subTaskId = await requestFromApplicant(mine.applicationId, ['full_name'], 'Your full name');
    const answer = (body: Record<string, unknown>) =>
      call(s.app, 'POST', API_PATHS.updateAndResolveQuery, mine.headers, {
        subTaskId,
        application_id: mine.applicationId,
        ...body,
      });
    assert.deepEqual(labels(await answer({ answer: '' })), ['answer']);
    assert.deepEqual(labels(await answer({ answer: 'x'.repeat(2001) })), ['answer']);
    assert.deepEqual(labels(await answer({ answer: 'ok', fileIds: ['../../etc/passwd'] })), ['fileIds[0]']);
    assert.deepEqual(labels(await answer({ answer: 'ok', status: 'CLOSED' })), ['status']);
    const uploaded = await upload(mine.headers, mine.applicationId, 'id_document');
    assert.deepEqual(labels(await answer({ answer: 'ok', fileIds: [uploaded.json().fileId] })), ['fileIds']);
    const unchanged = await call(s.app, 'GET', apiPath('subTaskDetails', { subTaskId }), officer);
    assert.equal(unchanged.json().answeredAt, null);
    assert.deepEqual(unchanged.json().comments, []);
  });

  it('no token 401; another application, its requests and files 403/404, and nothing changes', async () => {
    const subTaskId = await requestFromApplicant(theirs.applicationId, ['id_document'], 'Their ID');
    assert.equal((await requestsOf({}, theirs.applicationId)).statusCode, 401);
    const noToken = await call(s.app, 'POST', API_PATHS.updateAndResolveQuery, undefined, {
      subTaskId,
      application_id: theirs.applicationId,
      answer: 'x',
    });
    assert.equal(noToken.statusCode, 401);

    assert.equal((await requestsOf(mine.headers, theirs.applicationId)).statusCode, 403);
    const foreign = await call(s.app, 'POST', API_PATHS.updateAndResolveQuery, mine.headers, {
      subTaskId,
      application_id: theirs.applicationId,
      answer: 'Not mine to answer',
    });
    assert.equal(foreign.statusCode, 403, foreign.body);
    // Their request named under my application: not found (it is not my application's).
    const smuggled = await call(s.app, 'POST', API_PATHS.updateAndResolveQuery, mine.headers, {
      subTaskId,
      application_id: mine.applicationId,
      answer: 'Not mine to answer',
    });
    assert.equal(smuggled.statusCode, 404, smuggled.body);
    // My e-mail session cannot open their application either.
    const signed = await signIn(MY_EMAIL);
    const open = await call(s.app, 'POST', API_PATHS.portalOpenApplication, signed.headers, {
      application_id: theirs.applicationId,
    });
    assert.equal(open.statusCode, 403);
    const details = await call(s.app, 'GET', apiPath('subTaskDetails', { subTaskId }), officer);
    assert.equal(details.json().answeredAt, null);
    assert.deepEqual(details.json().comments, []);
  });

  it("the applicant opens a request of their own application by its id; another application's is 404 as an unknown id", async () => {
    const own = await requestFromApplicant(mine.applicationId, ['id_document'], 'One request');
    const foreign = await requestFromApplicant(theirs.applicationId, ['id_document'], 'Their one request');
    const read = (headers: Record<string, string>, requestForInfoId: string) =>
      call(s.app, 'GET', apiPath('fetchFieldsForReqInfo', { requestForInfoId }), headers);
    const res = await read(mine.headers, own);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().subTaskId, own);
    assert.equal(res.json().application_id, mine.applicationId);
    assert.deepEqual(
      res.json().fields.map((f: { key: string; kind: string }) => [f.key, f.kind]),
      [['id_document', 'document']],
    );
    for (const [headers, id] of [
      [mine.headers, foreign],
      [theirs.headers, own],
      [mine.headers, 'SUB-0000-none'],
    ] as const) {
      const refused = await read(headers, id);
      assert.equal(refused.statusCode, 404, refused.body);
      assert.equal(refused.json().message, 'Request for information not found');
    }
  });

  it("the flow's captureAction takes the applicant's session for its own application: kept with no user", async () => {
    const capture = (headers: Record<string, string>, path: string, body: Record<string, unknown>) =>
      call(s.app, 'POST', path, headers, body);
    const kept = await capture(mine.headers, API_PATHS.captureAction, {
      application_id: mine.applicationId,
      action: 'download_kfs',
      detail: { fileName: 'kfs.pdf' },
    });
    assert.equal(kept.statusCode, 200, kept.body);
    const rows = await s.app.ctx.db.query<{ user_id: string | null; detail: unknown }>(
      `SELECT user_id, detail FROM worklogs WHERE application_id = $1 AND action = 'capture.download_kfs'`,
      [mine.applicationId],
    );
    assert.deepEqual(rows, [{ user_id: null, detail: { fileName: 'kfs.pdf' } }]);
    const foreign = await capture(mine.headers, API_PATHS.captureAction, {
      application_id: theirs.applicationId,
      action: 'download_kfs',
    });
    assert.equal(foreign.statusCode, 403, foreign.body);
    const withTask = await capture(mine.headers, API_PATHS.captureAction, {
      application_id: mine.applicationId,
      action: 'download_kfs',
      taskId: 'TASK-1',
    });
    assert.deepEqual(labels(withTask), ['taskId']);
    // The workflow's path is the back office's.
    const workflow = await capture(mine.headers, API_PATHS.workflowCaptureAction, {
      application_id: mine.applicationId,
      action: 'download_kfs',
    });
    assert.equal(workflow.statusCode, 403, workflow.body);
    const [count] = await s.app.ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM worklogs WHERE action = 'capture.download_kfs'`,
    );
    assert.equal(count?.n, 1);
  });

  it('an e-mail session opens its other application and answers there; staff answer-and-resolve their own', async () => {
    const second = await homeLoan(MY_EMAIL);
    const subTaskId = await requestFromApplicant(second.applicationId, ['id_document'], 'ID for the second loan');
    const signed = await signIn(MY_EMAIL);
    const opened = await call(s.app, 'POST', API_PATHS.portalOpenApplication, signed.headers, {
      application_id: second.applicationId,
    });
    assert.equal(opened.statusCode, 200, opened.body);
    const headers = { access_token: opened.json().session.access_token };
    const uploaded = await upload(headers, second.applicationId, 'id_document');
    assert.equal(uploaded.statusCode, 200, uploaded.body);
    const answered = await call(s.app, 'POST', API_PATHS.updateAndResolveQuery, headers, {
      subTaskId,
      application_id: second.applicationId,
      answer: 'Attached',
      fileIds: [uploaded.json().fileId],
    });
    assert.equal(answered.statusCode, 200, answered.body);
    // A first-save session proved no e-mail: it opens nothing else.
    const unproved = await call(s.app, 'POST', API_PATHS.portalOpenApplication, mine.headers, {
      application_id: second.applicationId,
    });
    assert.equal(unproved.statusCode, 403);

    // Staff: the recipient of a query answers and resolves it; the raiser may not, files are not theirs.
    const configs = await call(
      s.app,
      'GET',
      `${API_PATHS.taskConfigs}?application_id=${second.applicationId}`,
      officer,
    );
    const query = await call(s.app, 'POST', API_PATHS.createSubTask, officer, {
      application_id: second.applicationId,
      taskId: configs.json().task.taskId,
      title: 'Check the income',
      description: 'Please confirm the salary',
      assignTo: 'USR-1002',
    });
    const staffBody = { subTaskId: query.json().subTaskId, application_id: second.applicationId, answer: 'Confirmed' };
    assert.equal((await call(s.app, 'POST', API_PATHS.updateAndResolveQuery, officer, staffBody)).statusCode, 403);
    assert.deepEqual(
      labels(
        await call(s.app, 'POST', API_PATHS.updateAndResolveQuery, lead, {
          ...staffBody,
          fileIds: ['00000000-0000-4000-8000-000000000000'],
        }),
      ),
      ['fileIds'],
    );
    const resolved = await call(s.app, 'POST', API_PATHS.updateAndResolveQuery, lead, staffBody);
    assert.equal(resolved.statusCode, 200, resolved.body);
    assert.equal(resolved.json().status, 'RESOLVED');
    // Staff cannot answer for the applicant.
    const forApplicant = await call(s.app, 'POST', API_PATHS.updateAndResolveQuery, officer, {
      subTaskId,
      application_id: second.applicationId,
      answer: 'x',
    });
    assert.equal(forApplicant.statusCode, 403);
  });
});
