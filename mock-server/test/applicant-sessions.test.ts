// Sessions end with what made them (README "Applicant sessions", "Resume tokens"): a resume token opens one session;
// a submit ends the application's device sessions (reads, refresh and signature upload refused); every
// applicant session ends APPLICANT_SESSION_MAX_HOURS after it began, refreshed or not.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { API_PATHS, apiPath, type SessionData } from '@originate/contract';
import {
  type Applicant,
  acceptConsents,
  completePersonalLoan,
  encrypted,
  issues,
  newHomeLoan,
  newPersonalLoan,
  personalLoanBody,
} from './flow-helpers';
import { call, startServer, type TestServer } from './helpers';

const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
let s: TestServer;

before(async () => {
  s = await startServer();
});
after(() => s.close());

const headersOf = (session: SessionData) => ({ access_token: session.access_token, sessionid: session.sessionid });
/** Opens a link on the device that made the application (its device cookie). */
const resume = (transactionToken: string, device: Record<string, string>) =>
  call(s.app, 'POST', API_PATHS.validateTransactionToken, device, { transactionToken });
const read = (headers: Record<string, string>, applicationId: string) =>
  call(s.app, 'GET', apiPath('application', { applicationId }), headers);
const refresh = (session: SessionData) =>
  call(s.app, 'POST', API_PATHS.refreshToken, undefined, { refresh_token: session.refresh_token });
const signature = (headers: Record<string, string>, applicationId: string) =>
  call(s.app, 'POST', API_PATHS.uploadSignature, headers, {
    dataURI: `data:image/png;base64,${PNG_1PX}`,
    app_id: applicationId,
  });

/** Saves the personal loan complete on its last step: the submit. */
async function submit(a: Applicant) {
  const sign = await signature(a.headers, a.applicationId);
  assert.equal(sign.statusCode, 200, sign.body);
  const complete = completePersonalLoan(sign.json().fileId);
  const body = personalLoanBody({
    application_id: a.applicationId,
    mode: 'SAVED',
    section_id: 'pl_review',
    sub_section_id: 'pl_summary',
    customFields: complete,
  });
  await acceptConsents(s.app, a.applicationId, 'PL', a.headers);
  const res = await encrypted(s.app, 'POST', API_PATHS.consumerSaveOrUpdate, a.headers, body);
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.json().resumeToken, null, 'submitted');
}

describe('resume tokens', () => {
  it('a resume link opens one session; opened again it is invalid; a save keeps the live link as it is', async () => {
    const a = await newPersonalLoan(s.app);
    const first = await resume(a.resumeToken, a.device);
    assert.equal(first.statusCode, 200, first.body);
    assert.deepEqual(issues(await resume(a.resumeToken, a.device)), [
      { label: 'transactionToken', reason: 'is invalid' },
    ]);
    const resumed = { ...a, headers: headersOf(first.json().session) };
    const saved = await encrypted(s.app, 'POST', API_PATHS.consumerSaveOrUpdate, resumed.headers, {
      ...personalLoanBody({ application_id: a.applicationId }),
    });
    assert.equal(saved.statusCode, 200, saved.body);
    assert.equal(saved.json().resumeToken, null, 'no new token: a link sent before the save stays good');
    assert.equal((await resume(first.json().resumeToken, a.device)).statusCode, 200);
  });

  it("the device that opened a link gets a fresh token beside application_id: it opens once more, the link's never", async () => {
    const a = await newPersonalLoan(s.app);
    const first = await resume(a.resumeToken, a.device);
    assert.equal(first.statusCode, 200, first.body);
    assert.equal(first.json().data.application_id, a.applicationId);
    const fresh: unknown = first.json().resumeToken;
    assert.ok(typeof fresh === 'string' && fresh !== a.resumeToken, 'a new token');
    const again = await resume(fresh, a.device);
    assert.equal(again.statusCode, 200, again.body);
    assert.equal(again.json().data.application_id, a.applicationId);
    assert.equal((await read(headersOf(again.json().session), a.applicationId)).statusCode, 200);
    for (const [which, token] of [
      ['the link', a.resumeToken],
      ['the fresh token, used', fresh],
    ] as const) {
      assert.deepEqual(
        issues(await resume(token, a.device)),
        [{ label: 'transactionToken', reason: 'is invalid' }],
        which,
      );
    }
  });
});

describe('a submit ends the device sessions', () => {
  it("the submitting session and a resume link's: reads, refresh and signature upload answer 401", async () => {
    const a = await newPersonalLoan(s.app);
    const other = (await resume(a.resumeToken, a.device)).json().session as SessionData;
    await submit(a);
    for (const [who, session] of [
      ['first save', a.session],
      ['resume link', other],
    ] as const) {
      const headers = headersOf(session);
      assert.equal((await read(headers, a.applicationId)).statusCode, 401, `${who}: read`);
      assert.equal((await signature(headers, a.applicationId)).statusCode, 401, `${who}: signature`);
      assert.equal((await refresh(session)).statusCode, 401, `${who}: refresh`);
    }
  });
});

describe('an absolute lifetime', () => {
  it('an applicant session ends 12 hours after it began, however often it was refreshed', async () => {
    const a = await newPersonalLoan(s.app);
    let session = a.session;
    // Refreshed before each refresh token's 8 hours run out: 7 h, then 11 h 58 min after the start.
    for (const seconds of [7 * 3600, 4 * 3600 + 58 * 60]) {
      s.advance(seconds);
      const refreshed = await refresh(session);
      assert.equal(refreshed.statusCode, 200, refreshed.body);
      session = { ...session, ...refreshed.json() };
      assert.equal((await read(headersOf(session), a.applicationId)).statusCode, 200);
    }
    s.advance(3 * 60);
    assert.equal((await read(headersOf(session), a.applicationId)).statusCode, 401, 'its access token is refused');
    assert.equal((await refresh(session)).statusCode, 401, 'and so is its refresh');
  });
});

describe('sessions a sign-in opens', () => {
  /** Signs in by the code the outbox holds (read in the database), with the challenge cookie that asked. */
  async function signIn(email: string): Promise<SessionData> {
    const sent = await call(s.app, 'POST', API_PATHS.portalSendCode, undefined, { email });
    assert.equal(sent.statusCode, 200, sent.body);
    const [message] = await s.app.ctx.db.query<{ message: string }>(
      'SELECT message FROM otp_outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1',
      [email],
    );
    const verified = await s.app.inject({
      method: 'POST',
      url: API_PATHS.portalVerifyCode,
      cookies: Object.fromEntries(sent.cookies.map((c) => [c.name, c.value])),
      payload: { email, code: message?.message.slice(0, 6) },
    });
    assert.equal(verified.statusCode, 200, verified.body);
    return verified.json().session;
  }

  it('a session opened for another application ends when the signed-in one does', async () => {
    const email = 'two.applications@example.in';
    const customFields = { loan_purpose: 'purchase', loan_amount: '2500000', email };
    const older = await newHomeLoan(s.app, { customFields });
    await newHomeLoan(s.app, { customFields });
    let session = await signIn(email);
    for (const seconds of [7 * 3600, 4 * 3600 + 50 * 60]) {
      s.advance(seconds);
      session = { ...session, ...(await refresh(session)).json() };
    }
    const opened = await call(s.app, 'POST', API_PATHS.portalOpenApplication, headersOf(session), {
      application_id: older.applicationId,
    });
    assert.equal(opened.statusCode, 200, opened.body);
    const other = opened.json().session as SessionData;
    assert.equal((await read(headersOf(other), older.applicationId)).statusCode, 200);
    s.advance(11 * 60);
    assert.equal((await read(headersOf(other), older.applicationId)).statusCode, 401, '12 h after the sign-in');
  });
});
