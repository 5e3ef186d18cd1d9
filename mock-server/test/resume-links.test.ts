// Resume links that are safe (README "Resume links"): one live link per application (a newer token revokes
// the older), a device the application does not know proves itself with a one-time code sent to a verified
// destination before anything personal is answered, wrong codes and the lock, and 'Send me this link'
// delivered to the real SMTP and SMS sinks with the newest link.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { API_PATHS, apiPath, OTP_WRONG_CODE_MESSAGE, RESUME_LOCKED_MESSAGE } from '@originate/contract';
import type { LightMyRequestResponse } from 'fastify';
import { type Applicant, encrypted, homeLoanBody, issues, newHomeLoan } from './flow-helpers';
import { type MailSink, type SmsSink, startMailSink, startSmsSink, until } from './harness/message-sinks';
import { call, startServer, type TestServer } from './helpers';

let s: TestServer;
let mail: MailSink;
let sms: SmsSink;

before(async () => {
  [mail, sms] = await Promise.all([startMailSink(), startSmsSink()]);
  s = await startServer({ SMTP_URL: mail.url, SMS_GATEWAY_URL: sms.url, OUTBOX_POLL_MS: '200' });
});
after(async () => {
  await s.close();
  await Promise.all([mail.close(), sms.close()]);
});

let serial = 0;
/** A recipient of this test's own: the newest code or link to it is this test's. */
function contact() {
  serial++;
  return { email: `riya.${serial}.${Date.now()}@example.com`, mobile: `98765${String(40000 + serial).slice(-5)}` };
}

/** The newest one-time code the developers' outbox holds for this recipient. */
async function newestCode(recipient: string): Promise<string> {
  const [row] = await s.app.ctx.db.query<{ message: string }>(
    'SELECT message FROM otp_outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1',
    [recipient],
  );
  return /^(\d{6})/.exec(row?.message ?? '')?.[1] ?? '';
}

/** A home loan whose applicant verified the e-mail and mobile on 'About you' (the flow's OTP fields), then saved. */
async function verifiedHomeLoan(who: { email: string; mobile: string }): Promise<Applicant> {
  const a = await newHomeLoan(s.app);
  for (const [fieldKey, type, recipient] of [
    ['email_otp', 'EMAIL', who.email],
    ['mobile_otp', 'SMS', who.mobile],
  ] as const) {
    const sent = await call(s.app, 'POST', API_PATHS.sendOtp, a.headers, {
      application_id: a.applicationId,
      fieldKey,
      type,
      recipient,
      action: 'SEND_OTP',
    });
    assert.equal(sent.statusCode, 200, sent.body);
    const verified = await call(s.app, 'POST', API_PATHS.verifyOtp, a.headers, {
      application_id: a.applicationId,
      fieldKey,
      code: await newestCode(recipient),
      action: 'VERIFY_OTP',
    });
    assert.equal(verified.statusCode, 200, verified.body);
  }
  const body = homeLoanBody({ application_id: a.applicationId });
  const saved = await encrypted(s.app, 'POST', API_PATHS.consumerSaveOrUpdate, a.headers, {
    ...body,
    customFields: { ...body.customFields, full_name: 'Riya Sharma', email: who.email, mobile: who.mobile },
  });
  assert.equal(saved.statusCode, 200, saved.body);
  return a;
}

/** A browser of its own: its address and its cookies (the device cookie once a route set it). */
function device(address: string, cookies: Record<string, string> = {}) {
  const post = async (url: string, payload: object, headers: Record<string, string> = {}) => {
    const res = await s.app.inject({ method: 'POST', url, remoteAddress: address, cookies, headers, payload });
    for (const c of res.cookies) cookies[c.name] = c.value;
    return res;
  };
  return {
    cookies,
    open: (transactionToken: string) => post(API_PATHS.validateTransactionToken, { transactionToken }),
    sendCode: (transactionToken: string, channel: 'SMS' | 'EMAIL', action = 'SEND_OTP') =>
      post(API_PATHS.resumeSendCode, { transactionToken, channel, action }),
    verify: (transactionToken: string, code: string) =>
      post(API_PATHS.resumeVerifyCode, { transactionToken, code, action: 'VERIFY_OTP' }),
  };
}

/** The device that made the application: its device cookie. */
const makerOf = (a: Applicant, address: string) =>
  device(address, { 'originate-device': (a.device.cookie ?? '').replace('originate-device=', '') });

const sendLink = (a: Applicant, channel: 'SMS' | 'EMAIL') =>
  call(s.app, 'POST', API_PATHS.sendResumeLink, a.headers, { application_id: a.applicationId, channel });

const tokenIn = (text: string) => /transactionToken=([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? '';
const deadLink = [{ label: 'transactionToken', reason: 'is invalid' }];

describe('one live link', () => {
  it('a newer token revokes the older: the older link is refused, the newer opens', async () => {
    const who = contact();
    const a = await verifiedHomeLoan(who);
    const sent = await sendLink(a, 'EMAIL');
    assert.equal(sent.statusCode, 200, sent.body);
    const newer: string = sent.json().resumeToken;
    assert.notEqual(newer, a.resumeToken);
    const maker = makerOf(a, '10.31.0.1');
    assert.deepEqual(issues(await maker.open(a.resumeToken)), deadLink, 'the older link');
    const opened = await maker.open(newer);
    assert.equal(opened.statusCode, 200, opened.body);
    assert.equal(opened.json().data.application_id, a.applicationId);
  });

  it('a save keeps the live link: the link sent before it still opens', async () => {
    const a = await verifiedHomeLoan(contact());
    const newer: string = (await sendLink(a, 'SMS')).json().resumeToken;
    const saved = await encrypted(
      s.app,
      'POST',
      API_PATHS.consumerSaveOrUpdate,
      a.headers,
      homeLoanBody({ application_id: a.applicationId }),
    );
    assert.equal(saved.statusCode, 200, saved.body);
    assert.equal(saved.json().resumeToken, null);
    assert.equal((await makerOf(a, '10.31.0.2').open(newer)).statusCode, 200);
  });
});

describe('a device the application does not know', () => {
  it('is told only where a code can go; after the right code it gets the application', async () => {
    const who = contact();
    const a = await verifiedHomeLoan(who);
    const link: string = (await sendLink(a, 'EMAIL')).json().resumeToken;
    const other = device('10.32.0.1');

    const asked = await other.open(link);
    assert.equal(asked.statusCode, 200, asked.body);
    // The whole answer: masked destinations, nothing of the application (no id, name, values, session).
    assert.deepEqual(asked.json(), {
      verify: {
        destinations: [
          { channel: 'SMS', to: `******${who.mobile.slice(-4)}` },
          { channel: 'EMAIL', to: 'r***@example.com' },
        ],
      },
    });
    assert.ok(other.cookies['originate-device'], 'the device cookie is set');
    assert.match(String(asked.headers['set-cookie']), /originate-device=[^;]+;.*HttpOnly/i);
    // The link is not used up by asking: the maker's device could still open it.

    const before = mail.mails.length;
    const sent = await other.sendCode(link, 'EMAIL');
    assert.equal(sent.statusCode, 200, sent.body);
    // The newest mail to the address after the send: the code for this device (not the one 'About you' verified).
    const codeMail = await until(async () =>
      mail.mails.slice(before).find((m) => m.text?.includes('one time password') && mailTo(m, who.email)),
    );
    const code = /\b(\d{6})\b/.exec(codeMail.text ?? '')?.[1] ?? '';

    const resumed = await other.verify(link, code);
    assert.equal(resumed.statusCode, 200, resumed.body);
    assert.equal(resumed.json().data.application_id, a.applicationId);
    const session = resumed.json().session;
    const read = await call(s.app, 'GET', apiPath('application', { applicationId: a.applicationId }), {
      access_token: session.access_token,
      sessionid: session.sessionid,
    });
    assert.equal(read.statusCode, 200, read.body);
    assert.equal(read.json().customFields.full_name, 'Riya Sharma');

    // This device is the application's now: its fresh token opens directly here, and asks the maker for a code.
    const fresh: string = resumed.json().resumeToken;
    const maker = makerOf(a, '10.32.0.2');
    assert.deepEqual(Object.keys((await maker.open(fresh)).json()), ['verify']);
    assert.equal((await other.open(fresh)).json().data.application_id, a.applicationId);
  });

  it('a wrong code is refused with the OTP message; a code sent to another device does not verify here', async () => {
    const who = contact();
    const a = await verifiedHomeLoan(who);
    const link: string = (await sendLink(a, 'SMS')).json().resumeToken;
    const asker = device('10.33.0.1');
    const other = device('10.33.0.2');
    await asker.open(link);
    assert.equal((await asker.sendCode(link, 'SMS')).statusCode, 200);
    const code = await newestCode(who.mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await asker.verify(link, wrong);
    assert.deepEqual(issues(refused), [{ label: 'code', reason: OTP_WRONG_CODE_MESSAGE }]);
    // The right code, but from a device that did not ask for it.
    assert.deepEqual(issues(await other.verify(link, code)), [{ label: 'code', reason: OTP_WRONG_CODE_MESSAGE }]);
    assert.equal((await asker.verify(link, code)).statusCode, 200);
  });

  it('only verified destinations: a channel the applicant never verified is refused, naming the field', async () => {
    const a = await newHomeLoan(s.app);
    const other = device('10.34.0.1');
    assert.deepEqual((await other.open(a.resumeToken)).json(), { verify: { destinations: [] } });
    assert.deepEqual(issues(await other.sendCode(a.resumeToken, 'EMAIL')), [
      { label: 'channel', reason: 'is not a verified e-mail of this application' },
    ]);
    assert.deepEqual(issues(await sendLink(a, 'SMS')), [
      { label: 'channel', reason: 'is not a verified mobile of this application' },
    ]);
  });

  it('too many wrong codes lock the link: the 5th answers the lock message, the link then opens nothing', async () => {
    const who = contact();
    const a = await verifiedHomeLoan(who);
    const link: string = (await sendLink(a, 'EMAIL')).json().resumeToken;
    const guesser = device('10.35.0.1');
    await guesser.open(link);
    assert.equal((await guesser.sendCode(link, 'EMAIL')).statusCode, 200);
    const code = await newestCode(who.email);
    const wrong = code === '000000' ? '111111' : '000000';
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i < 5; i++) last = await guesser.verify(link, wrong);
    assert.equal(last?.statusCode, 429, last?.body);
    assert.equal(last?.json().message, RESUME_LOCKED_MESSAGE);
    assert.deepEqual(issues(await guesser.verify(link, code)), deadLink, 'the right code after the lock');
    assert.deepEqual(issues(await makerOf(a, '10.35.0.2').open(link)), deadLink, 'the link itself');
  });

  it('refuses extra fields and malformed codes, naming them', async () => {
    const other = device('10.36.0.1');
    const res = await s.app.inject({
      method: 'POST',
      url: API_PATHS.resumeVerifyCode,
      remoteAddress: '10.36.0.1',
      payload: { transactionToken: 'x'.repeat(43), code: '12ab', action: 'VERIFY_OTP', extra: 1 },
    });
    assert.deepEqual(
      issues(res)
        .map((i) => i.label)
        .sort(),
      ['code', 'extra'],
    );
    assert.deepEqual(
      issues(await other.sendCode('x'.repeat(43), 'SMS', 'VERIFY_OTP')).map((i) => i.label),
      ['action'],
    );
  });
});

/** Whether a parsed mail went to this address. */
function mailTo(m: { to?: unknown }, address: string): boolean {
  return JSON.stringify(m.to ?? '').includes(address);
}

describe("'Send me this link'", () => {
  it('sends the newest link by e-mail to the real SMTP sink, audited, its text dropped once delivered', async () => {
    const who = contact();
    const a = await verifiedHomeLoan(who);
    const before = mail.mails.length;
    const sent = await sendLink(a, 'EMAIL');
    assert.equal(sent.statusCode, 200, sent.body);
    const { resumeToken, ...answer } = sent.json<Record<string, unknown>>();
    assert.deepEqual(answer, { sent: true, channel: 'EMAIL', to: 'r***@example.com' });
    assert.match(String(resumeToken), /^[A-Za-z0-9_-]{43}$/);
    const mails = await mail.waitFor(before + 1);
    const linkMail = await until(async () => mails.find((m) => mailTo(m, who.email) && tokenIn(m.text ?? '')));
    assert.equal(tokenIn(linkMail.text ?? ''), sent.json().resumeToken, 'the newest link');
    assert.match(linkMail.text ?? '', /\/dynamic-resume\?transactionToken=/);
    const [log] = await s.app.ctx.db.query<{ action: string; detail: Record<string, string> }>(
      `SELECT action, detail FROM worklogs WHERE application_id = $1 AND action = 'resume_link_sent'`,
      [a.applicationId],
    );
    assert.deepEqual(log, { action: 'resume_link_sent', detail: { channel: 'EMAIL', to: 'r***@example.com' } });
    const row = await until(async () => {
      const [m] = await s.app.ctx.db.query<{ body_text: string | null; status: string }>(
        `SELECT body_text, status FROM messages WHERE application_id = $1 AND kind = 'RESUME_LINK'`,
        [a.applicationId],
      );
      return m?.status === 'SENT' ? m : null;
    });
    assert.equal(row.body_text, null, 'the live link is not kept once delivered');
  });

  it('sends it by SMS to the SMS sink; a second send within 30 seconds is refused (429)', async () => {
    const who = contact();
    const a = await verifiedHomeLoan(who);
    const sent = await sendLink(a, 'SMS');
    assert.equal(sent.statusCode, 200, sent.body);
    assert.equal(sent.json().to, `******${who.mobile.slice(-4)}`);
    const text = await until(
      async () => sms.received.find((m) => m.to === `+91${who.mobile}` && tokenIn(m.text))?.text,
    );
    assert.equal(tokenIn(text), sent.json().resumeToken);
    const again = await sendLink(a, 'SMS');
    assert.equal(again.statusCode, 429, again.body);
    assert.ok(Number(again.headers['retry-after']) > 0);
  });

  it("is the applicant's own: another application's session and staff are refused", async () => {
    const a = await verifiedHomeLoan(contact());
    const b = await newHomeLoan(s.app);
    const res = await call(s.app, 'POST', API_PATHS.sendResumeLink, b.headers, {
      application_id: a.applicationId,
      channel: 'EMAIL',
    });
    assert.equal(res.statusCode, 403, res.body);
    assert.equal(
      (
        await call(s.app, 'POST', API_PATHS.sendResumeLink, undefined, {
          application_id: a.applicationId,
          channel: 'EMAIL',
        })
      ).statusCode,
      401,
    );
  });
});
