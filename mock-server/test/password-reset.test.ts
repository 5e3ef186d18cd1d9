// Password reset (README "Messages", "Password reset"): forget-password mails a single-use link valid 30
// minutes through a real SMTP server the test runs; the link's check and reset work once, the policy is
// checked on the server, a reset ends every session of the user and is audited; an unknown user gets the
// same answer and no mail; one mailbox gets three links an hour, however many user names share it, and the
// user names past that get the same answer too.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { API_PATHS, PASSWORD_RESET_LINK_MINUTES } from '@originate/contract';
import type { ParsedMail } from 'mailparser';
import { type MailSink, startMailSink, until } from './harness/message-sinks';
import { call, type Login, login, loginRaw, startServer, type TestServer } from './helpers';

const REDIRECT = 'http://127.0.0.1:3000/reset-password';
const FORGET_ANSWER =
  'If an account exists for this user name, a password reset link has been sent to its registered email address.';

let s: TestServer;
let sink: MailSink;
before(async () => {
  sink = await startMailSink();
  s = await startServer({ SMTP_URL: sink.url, MAIL_FROM: 'Originate Bank <no-reply@originate-bank.example>' });
});
after(async () => {
  await s.close();
  await sink.close();
});

const forget = (username: string, redirectURL = REDIRECT) =>
  call(s.app, 'POST', API_PATHS.forgetPassword, {}, { username, redirectURL });
const check = (token: string) =>
  call(s.app, 'GET', `${API_PATHS.resetPasswordCheck}?token=${encodeURIComponent(token)}`);
const reset = (token: string, newPassword: string) =>
  call(s.app, 'POST', API_PATHS.resetPassword, {}, { token, newPassword });

/** The link's token, read from the mail's text as the user would click it. */
function tokenOf(mail: ParsedMail): string {
  const link = /http:\/\/127\.0\.0\.1:3000\/reset-password\?token=([\w-]+)/.exec(mail.text ?? '');
  assert.ok(link, `the mail carries the link: ${mail.text}`);
  return link[1] as string;
}

function assertInvalidLink(res: { statusCode: number; json<T>(): T; body: string }) {
  assert.equal(res.statusCode, 400, res.body);
  const body = res.json<{ message: string; errors: { label: string }[] }>();
  assert.equal(body.message, 'invalidURL');
  assert.deepEqual(
    body.errors.map((e) => e.label),
    ['token'],
  );
}

describe('password reset by a mailed link', () => {
  let token = '';
  let officer: Login;

  it('mails the officer a link to the page the request named, valid for 30 minutes', async () => {
    officer = await login(s.app, 'officer');
    const res = await forget('officer');
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json<{ message: string }>().message, FORGET_ANSWER);
    const [mail] = await sink.waitFor(1);
    assert.ok(mail);
    assert.equal(mail.subject, 'Reset your Originate password');
    assert.deepEqual(mail.to && !Array.isArray(mail.to) ? mail.to.value.map((a) => a.address) : [], [
      'rahul.verma@originate-bank.example',
    ]);
    assert.equal(mail.from?.value[0]?.address, 'no-reply@originate-bank.example');
    assert.match(mail.text ?? '', /^Dear Rahul Verma,/);
    assert.match(mail.text ?? '', new RegExp(`within ${PASSWORD_RESET_LINK_MINUTES} minutes\\. It works only once\\.`));
    assert.match(mail.text ?? '', /If you did not ask for a new password, you can ignore this e-mail/);
    assert.match(mail.html || '', /<a href="http:\/\/127\.0\.0\.1:3000\/reset-password\?token=/);
    token = tokenOf(mail);
    // The idempotency key goes out as the Message-ID; the link is not kept once delivered.
    assert.match(mail.messageId ?? '', /^<password-reset-\d+@originate-bank\.example>$/);
    const row = await until(async () => {
      const [found] = await s.app.ctx.db.query<{ status: string; body_text: string | null; body_html: string | null }>(
        `SELECT status, body_text, body_html FROM messages WHERE kind = 'PASSWORD_RESET'`,
      );
      return found?.status === 'SENT' && found;
    });
    assert.deepEqual(row, { status: 'SENT', body_text: null, body_html: null });
  });

  it('the link is checked: valid, and whose', async () => {
    const res = await check(token);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), { valid: true, username: 'officer' });
  });

  it('a new password that breaks the policy is refused at newPassword, and the link stays usable', async () => {
    const res = await reset(token, 'short1A');
    assert.equal(res.statusCode, 400, res.body);
    assert.deepEqual(res.json<{ errors: unknown[] }>().errors, [
      { label: 'newPassword', reason: 'must be at least 8 characters long' },
    ]);
    const named = await reset(token, 'Officer#2026');
    assert.deepEqual(named.json<{ errors: unknown[] }>().errors, [
      { label: 'newPassword', reason: 'must not contain your user name' },
    ]);
    assert.equal((await check(token)).statusCode, 200);
  });

  it('sets the password once: every session ends, the old password no longer logs in, the new one does', async () => {
    const res = await reset(token, 'Branch#Mumbai2026');
    assert.equal(res.statusCode, 200, res.body);
    // Hashed at the server's scrypt N (the seeded users' hashes in the tests' templates are cheaper).
    const [hash] = await s.app.ctx.db.query<{ password_hash: string }>(
      "SELECT password_hash FROM users WHERE userid = 'USR-1001'",
    );
    assert.match(hash?.password_hash ?? '', /^scrypt\$16384\$/);
    const refused = await call(s.app, 'GET', API_PATHS.userRoles, officer);
    assert.equal(refused.statusCode, 401, refused.body);
    const refresh = await call(s.app, 'POST', API_PATHS.refreshToken, {}, { refresh_token: officer.refresh_token });
    assert.equal(refresh.statusCode, 401, refresh.body);
    assert.equal((await loginRaw(s.app, 'officer', 'Officer@123')).statusCode, 401);
    assert.equal((await loginRaw(s.app, 'officer', 'Branch#Mumbai2026')).statusCode, 200);

    assertInvalidLink(await check(token));
    assertInvalidLink(await reset(token, 'Another#Pass2026'));
    const audits = await s.app.ctx.db.query<{ event: string }>(
      `SELECT event FROM account_audits WHERE user_id = 'USR-1001' ORDER BY id`,
    );
    assert.deepEqual(
      audits.map((a) => a.event),
      ['PASSWORD_RESET_REQUESTED', 'PASSWORD_RESET'],
    );
  });

  it('an unknown user gets the same answer and no mail', async () => {
    const before = await s.app.ctx.db.query('SELECT message_id FROM messages');
    const res = await forget('nobody-here');
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json<{ message: string }>().message, FORGET_ANSWER);
    // A known user asks after the unknown one: once that mail is in, the unknown one's would have been too.
    assert.equal((await forget('teamlead')).statusCode, 200);
    const mails = await sink.waitFor(2);
    assert.equal(mails.length, 2);
    assert.equal(mails[1]?.subject, 'Reset your Originate password');
    assert.match(mails[1]?.text ?? '', /^Dear Priya Sharma,/);
    const after = await s.app.ctx.db.query('SELECT message_id FROM messages');
    assert.equal(after.length, before.length + 1);
  });

  it('a link older than 30 minutes is refused as invalidURL; an unknown token too', async () => {
    const mail = sink.mails[1] as ParsedMail;
    const late = tokenOf(mail);
    s.advance(PASSWORD_RESET_LINK_MINUTES * 60 + 1);
    assertInvalidLink(await check(late));
    assertInvalidLink(await reset(late, 'Branch#Pune2026'));
    assertInvalidLink(await check('not-a-token'));
  });

  it('a redirectURL outside the bank sites is refused, naming redirectURL, and mails nothing', async () => {
    const res = await forget('approver', 'https://evil.example/reset');
    assert.equal(res.statusCode, 400, res.body);
    assert.deepEqual(
      res.json<{ errors: { label: string }[] }>().errors.map((e) => e.label),
      ['redirectURL'],
    );
  });
});

describe('links one mailbox receives', () => {
  const SHARED = 'shared.desk@originate-bank.example';
  const toOf = (mail: ParsedMail) =>
    mail.to && !Array.isArray(mail.to) ? mail.to.value.map((a) => a.address?.toLowerCase()) : [];

  /** Every reset mail queued so far, once the worker has sent it (recorded after the SMTP server took it). */
  const allSent = () =>
    until(async () => {
      const rows = await s.app.ctx.db.query<{ status: string }>(
        `SELECT status FROM messages WHERE kind = 'PASSWORD_RESET'`,
      );
      return rows.every((r) => r.status === 'SENT') && rows;
    });

  it('user names sharing one address get three links an hour between them; the rest answer alike and mail nothing', async () => {
    const names = ['approver', 'opsadmin', 'developer', 'debugger'];
    // The first writes the address in capitals: its link still counts against the same mailbox.
    await s.app.ctx.db.query(
      `UPDATE users SET email = CASE WHEN username = 'approver' THEN upper($1) ELSE $1 END WHERE username = ANY($2::text[])`,
      [SHARED, names],
    );
    const users = await s.app.ctx.db.query<{ userid: string; username: string; display_name: string }>(
      'SELECT userid, username, display_name FROM users WHERE username = ANY($1::text[])',
      [names],
    );
    assert.equal(users.length, names.length);
    const before = sink.mails.length;
    for (const name of names) {
      const res = await forget(name);
      assert.equal(res.statusCode, 200, `${name}: ${res.body}`);
      assert.deepEqual(res.json(), { message: FORGET_ANSWER }, `${name} gets the answer of a mailed link`);
    }
    // Another mailbox, asked after the shared one is spent: its link still goes.
    assert.equal((await forget('officer')).statusCode, 200);
    await sink.waitFor(before + 4);
    await allSent();
    const arrived = sink.mails.slice(before);
    const shared = arrived.filter((m) => toOf(m).includes(SHARED));
    const greeted = (name: string) => `Dear ${users.find((u) => u.username === name)?.display_name},`;
    assert.deepEqual(
      shared.map((m) => (m.text ?? '').split('\n')[0]).sort(),
      names.slice(0, 3).map(greeted).sort(),
      'the first three user names got their link; the fourth none',
    );
    assert.deepEqual(arrived.filter((m) => !toOf(m).includes(SHARED)).map(toOf), [
      ['rahul.verma@originate-bank.example'],
    ]);
    assert.equal(arrived.length, 4, 'nothing else was mailed');
    const [fourth] = await s.app.ctx.db.query<{ token_hash: string | null; mailed: boolean }>(
      `SELECT r.token_hash, (SELECT (a.detail ->> 'mailed')::boolean FROM account_audits a
                               WHERE a.user_id = r.user_id ORDER BY a.id DESC LIMIT 1) AS mailed
         FROM password_reset_requests r WHERE r.username = 'debugger'`,
    );
    assert.deepEqual(fourth, { token_hash: null, mailed: false });
  });

  it('an hour later the shared mailbox gets a link again', async () => {
    s.advance(3600);
    const before = sink.mails.length;
    const res = await forget('debugger');
    assert.deepEqual(res.json(), { message: FORGET_ANSWER });
    const [mail] = (await sink.waitFor(before + 1)).slice(before);
    assert.ok(mail);
    assert.deepEqual(toOf(mail), [SHARED]);
    await allSent();
    assert.equal(sink.mails.length, before + 1);
  });
});
