// Guessing codes (README "OTP", "Applicant portal"): wrong codes count per recipient and purpose,
// across resends and applications (5 wrong lock 15 minutes); a code verifies only for the client that
// asked for it (the portal's sign-in challenge cookie, a flow's session); each client address has an
// hourly budget of verify attempts. Each test calls from its own address, so budgets do not mix.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { API_PATHS } from '@originate/contract';
import type { LightMyRequestResponse } from 'fastify';
import { type Applicant, issues, newHomeLoan } from './flow-helpers';
import { call, labels, startServer, type TestServer } from './helpers';

const PER_ADDRESS = 12;
const LOCKED = 'Too many wrong codes. Try again in 15 minutes.';
let s: TestServer;

before(async () => {
  s = await startServer({ OTP_VERIFIES_PER_ADDRESS_PER_HOUR: String(PER_ADDRESS) });
});
after(() => s.close());

/** The outbox's messages to this recipient, newest first (read in the database: the tests move the clock past tokens). */
const outbox = (recipient: string) =>
  s.app.ctx.db.query<{ message: string }>('SELECT message FROM otp_outbox WHERE recipient = $1 ORDER BY id DESC', [
    recipient,
  ]);
/** The newest code the outbox holds for this recipient ('' when none). */
const newestCode = async (recipient: string) => /^(\d{6})/.exec((await outbox(recipient))[0]?.message ?? '')?.[1] ?? '';
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

/** A portal client: its own address and its own cookies (the sign-in challenge). */
function client(address: string) {
  const cookies: Record<string, string> = {};
  const post = async (url: string, payload: unknown): Promise<LightMyRequestResponse> => {
    const res = await s.app.inject({
      method: 'POST',
      url,
      remoteAddress: address,
      cookies,
      payload: payload as object,
    });
    for (const c of res.cookies) cookies[c.name] = c.value;
    return res;
  };
  return {
    send: (email: string) => post(API_PATHS.portalSendCode, { email }),
    verify: (email: string, code: string) => post(API_PATHS.portalVerifyCode, { email, code }),
  };
}

/** Locked for 15 minutes (less the time the test's clock moved since the lock). */
function assertLocked(res: LightMyRequestResponse) {
  assert.equal(res.statusCode, 429, res.body);
  assert.ok(Number(res.headers['retry-after']) > 840 && Number(res.headers['retry-after']) <= 900);
  assert.equal(res.json().message, LOCKED);
}

const homeLoan = (email: string) =>
  newHomeLoan(s.app, { customFields: { loan_purpose: 'purchase', loan_amount: '2500000', email } });

describe('portal sign-in', () => {
  it('a resend does not start the count over: the 5th wrong code across resends locks the e-mail', async () => {
    const email = 'resend.count@example.in';
    await homeLoan(email);
    const me = client('10.1.0.1');
    assert.equal((await me.send(email)).statusCode, 200);
    const first = await newestCode(email);
    for (let i = 1; i <= 3; i++) assert.deepEqual(labels(await me.verify(email, wrongFor(first))), ['code']);
    s.advance(31);
    assert.equal((await me.send(email)).statusCode, 200, 'a resend');
    const second = await newestCode(email);
    assert.deepEqual(labels(await me.verify(email, wrongFor(second))), ['code']);
    assertLocked(await me.verify(email, wrongFor(second)));
    assertLocked(await me.verify(email, second));
    assertLocked(await me.send(email));
  });

  it('after a lock, a first save with the same e-mail starts no unlocked code, and the lock ends after 15 minutes', async () => {
    const email = 'victim.one@example.in';
    await homeLoan(email);
    const attacker = client('10.1.0.2');
    await attacker.send(email);
    const code = await newestCode(email);
    for (let i = 1; i <= 4; i++) await attacker.verify(email, wrongFor(code));
    assertLocked(await attacker.verify(email, wrongFor(code)));
    const sentBefore = (await outbox(email)).length;
    // A public first save with the victim's e-mail: a newer application of that e-mail.
    await homeLoan(email);
    s.advance(31);
    assertLocked(await attacker.send(email));
    assert.equal((await outbox(email)).length, sentBefore, 'no new code was sent');
    assertLocked(await attacker.verify(email, code));
    // 15 minutes on, the applicant asks again and signs in.
    s.advance(900);
    const owner = client('10.1.0.3');
    assert.equal((await owner.send(email)).statusCode, 200);
    const signed = await owner.verify(email, await newestCode(email));
    assert.equal(signed.statusCode, 200, signed.body);
  });

  it('a code asked by one client does not verify for another', async () => {
    const email = 'two.clients@example.in';
    await homeLoan(email);
    const asker = client('10.1.0.4');
    const other = client('10.1.0.5');
    await asker.send(email);
    const code = await newestCode(email);
    assert.deepEqual(labels(await other.verify(email, code)), ['code'], 'no challenge of its own');
    await other.send(email); // too soon for a second code: 429, yet the client now has a challenge of its own
    assert.deepEqual(labels(await other.verify(email, code)), ['code'], 'another challenge');
    const signed = await asker.verify(email, code);
    assert.equal(signed.statusCode, 200, signed.body);
    assert.equal(signed.json().email, email);
  });

  it(`an address may try ${PER_ADDRESS} codes an hour, whichever e-mails`, async () => {
    const me = client('10.1.0.6');
    for (let i = 1; i <= PER_ADDRESS; i++) {
      assert.deepEqual(labels(await me.verify(`nobody${i}@example.in`, '123456')), ['code'], `attempt ${i}`);
    }
    const email = 'budget.spent@example.in';
    await homeLoan(email);
    await me.send(email);
    const refused = await me.verify(email, await newestCode(email));
    assert.equal(refused.statusCode, 429, 'the right code too, once the budget is spent');
    assert.ok(Number(refused.headers['retry-after']) > 0);
    s.advance(3600);
    await me.send(email);
    assert.equal((await me.verify(email, await newestCode(email))).statusCode, 200);
  });
});

describe('OTP fields of a flow', () => {
  const send = (a: Applicant, recipient: string) =>
    call(s.app, 'POST', API_PATHS.sendOtp, a.headers, {
      application_id: a.applicationId,
      fieldKey: 'mobile_otp',
      type: 'SMS',
      recipient,
      action: 'SEND_OTP',
    });
  const verify = (a: Applicant, code: string, headers = a.headers) =>
    s.app.inject({
      method: 'POST',
      url: API_PATHS.verifyOtp,
      remoteAddress: '10.2.0.1',
      headers,
      payload: { application_id: a.applicationId, fieldKey: 'mobile_otp', code, action: 'VERIFY_OTP' },
    });

  it('count per mobile number across resends and applications, and lock it for 15 minutes', async () => {
    const mobile = '9833333333';
    const a = await newHomeLoan(s.app);
    await send(a, mobile);
    const code = await newestCode(mobile);
    for (let i = 1; i <= 3; i++) assert.equal((await verify(a, wrongFor(code))).statusCode, 400);
    s.advance(31);
    assert.equal((await send(a, `+91${mobile}`)).statusCode, 200, 'a resend, the number written with +91');
    assert.equal((await verify(a, wrongFor(code))).statusCode, 400);
    assertLocked(await verify(a, wrongFor(code)));
    // Another application, the same number: locked too.
    const b = await newHomeLoan(s.app);
    assertLocked(await send(b, mobile));
    s.advance(900);
    const c = await newHomeLoan(s.app); // the access tokens of a and b expired meanwhile
    assert.equal((await send(c, mobile)).statusCode, 200);
    assert.deepEqual((await verify(c, await newestCode(mobile))).json(), { isVerified: true });
  });

  it('a code verifies only in the session that asked for it', async () => {
    const mobile = '9844444444';
    const a = await newHomeLoan(s.app);
    const resumed = await call(s.app, 'POST', API_PATHS.validateTransactionToken, a.device, {
      transactionToken: a.resumeToken,
    });
    assert.equal(resumed.statusCode, 200, resumed.body);
    const otherSession = { access_token: resumed.json().session.access_token };
    await send(a, mobile);
    const code = await newestCode(mobile);
    assert.deepEqual(
      issues(await verify(a, code, otherSession)).map((e) => e.reason),
      ['Oops, this is incorrect one time password (OTP)'],
    );
    assert.deepEqual((await verify(a, code)).json(), { isVerified: true });
  });
});
