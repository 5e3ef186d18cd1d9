// Messages (README "Messages"): OTP codes by SMS and by e-mail through a real SMTP server and an HTTP SMS
// gateway the test runs; attachments from the application's Docs; the retry schedule against an SMTP
// server that refuses, then FAILED with the reason; a permanent refusal at once; an idempotency key that
// repeats sends nothing more; the delivery log and who may read it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  API_PATHS,
  apiPath,
  type MessageLogEntry,
  NO_MAIL_SERVER,
  NO_SMS_GATEWAY,
  OUTBOX_MAX_ATTEMPTS,
  OUTBOX_RETRY_DELAYS_MS,
} from '@originate/contract';
import { deliveryLog, enqueueMessage, type OutgoingMessage } from '../src/modules/messages';
import { newHomeLoan } from './flow-helpers';
import { type MailSink, type SmsSink, startMailSink, startSmsSink, until } from './harness/message-sinks';
import { call, type Login, login, startServer, type TestServer } from './helpers';

let s: TestServer;
let mail: MailSink;
let sms: SmsSink;
let officer: Login;
/** An application the officer works on, with a document; and one the officer may not see. */
let mine = '';
let foreign = '';
let documentId = '';
let documentName = '';

const q = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  s.app.ctx.db.query<T>(sql, params);

before(async () => {
  [mail, sms] = await Promise.all([startMailSink(), startSmsSink()]);
  s = await startServer({ SMTP_URL: mail.url, SMS_GATEWAY_URL: sms.url, OUTBOX_POLL_MS: '1000' });
  officer = await login(s.app, 'officer');
  const [doc] = await q<{ application_id: string; file_id: string; file_name: string }>(
    `SELECT d.application_id, d.file_id, d.file_name FROM documents d
      WHERE d.removed_at IS NULL AND d.blob_hash IS NOT NULL
        AND d.application_id IN (SELECT application_id FROM tasks WHERE assigned_to = 'USR-1001')
      ORDER BY 1, 2 LIMIT 1`,
  );
  assert.ok(doc, 'the seed has a document on an application of the officer');
  ({ application_id: mine, file_id: documentId, file_name: documentName } = doc);
  for (const { application_id } of await q<{ application_id: string }>(
    'SELECT application_id FROM applications ORDER BY 1',
  )) {
    const res = await call(s.app, 'GET', apiPath('applicationDocuments', { applicationId: application_id }), officer);
    if (res.statusCode === 403) {
      foreign = application_id;
      break;
    }
  }
  assert.ok(foreign, 'the seed has an application the officer may not see');
});
after(async () => {
  await s.close();
  await Promise.all([mail.close(), sms.close()]);
});

const enqueue = (message: Partial<OutgoingMessage> & Pick<OutgoingMessage, 'idempotencyKey'>) =>
  s.app.ctx.db.transaction((tx) =>
    enqueueMessage(
      tx,
      {
        channel: 'EMAIL',
        kind: 'TEMPLATE',
        to: 'ananya.kulkarni@example.in',
        subject: 'Your loan application',
        text: 'Dear Ananya, your documents are attached.',
        applicationId: mine,
        ...message,
      },
      s.app.ctx.now(),
    ),
  );

/** The message's row once `done` holds for it (the worker records after the sink has it). */
const rowOnce = (messageId: string, done: (row: Record<string, unknown>) => boolean) =>
  until(async () => {
    const [row] = await q('SELECT * FROM messages WHERE message_id = $1', [messageId]);
    return row && done(row) ? row : null;
  });

/** The log as `who` reads it; a fresh login, as the tests move the clock past access tokens. */
const log = async (who: string, applicationId: string) =>
  call(s.app, 'GET', apiPath('applicationMessages', { applicationId }), await login(s.app, who));

describe('OTP codes leave by SMS and by e-mail', () => {
  it('an SMS code reaches the gateway as {to, text, reference}, verifies, and its text is dropped once sent', async () => {
    const a = await newHomeLoan(s.app);
    const sent = await call(s.app, 'POST', API_PATHS.sendOtp, a.headers, {
      application_id: a.applicationId,
      fieldKey: 'mobile_otp',
      type: 'SMS',
      recipient: '9811111111',
      action: 'SEND_OTP',
    });
    assert.equal(sent.statusCode, 200, sent.body);
    const received = await sms.waitFor(1);
    const smsOut = received.at(-1);
    assert.equal(smsOut?.to, '+919811111111');
    assert.match(smsOut?.reference ?? '', new RegExp(`^otp:${a.applicationId}:mobile_otp:\\d+$`));
    const code = /^(\d{6}) is your one time password for application /.exec(smsOut?.text ?? '')?.[1];
    assert.ok(code, smsOut?.text);
    const verified = await call(s.app, 'POST', API_PATHS.verifyOtp, a.headers, {
      application_id: a.applicationId,
      fieldKey: 'mobile_otp',
      code,
      action: 'VERIFY_OTP',
    });
    assert.equal(verified.statusCode, 200, verified.body);
    const [row] = await q<{ message_id: string }>(`SELECT message_id FROM messages WHERE idempotency_key = $1`, [
      smsOut?.reference,
    ]);
    const done = await rowOnce(row?.message_id ?? '', (r) => r.status === 'SENT');
    assert.equal(done.body_text, null);
    assert.ok(done.redacted_at);
  });

  it("an e-mail code goes by e-mail, as the field's configuration says; another channel is refused", async () => {
    const a = await newHomeLoan(s.app);
    const body = {
      application_id: a.applicationId,
      fieldKey: 'email_otp',
      type: 'EMAIL',
      recipient: 'otp.mail@example.in',
      action: 'SEND_OTP',
    };
    const wrong = await call(s.app, 'POST', API_PATHS.sendOtp, a.headers, {
      ...body,
      type: 'SMS',
      recipient: '9822222222',
    });
    assert.equal(wrong.statusCode, 400, wrong.body);
    assert.deepEqual(
      wrong.json<{ errors: { label: string }[] }>().errors.map((e) => e.label),
      ['type'],
    );
    const count = mail.mails.length;
    assert.equal((await call(s.app, 'POST', API_PATHS.sendOtp, a.headers, body)).statusCode, 200);
    const arrived = (await mail.waitFor(count + 1)).at(-1);
    assert.equal(arrived?.subject, 'Your one time password');
    const code = /^(\d{6}) is your one time password/.exec(arrived?.text ?? '')?.[1];
    assert.ok(code, arrived?.text);
    const verified = await call(s.app, 'POST', API_PATHS.verifyOtp, a.headers, {
      application_id: a.applicationId,
      fieldKey: 'email_otp',
      code,
      action: 'VERIFY_OTP',
    });
    assert.equal(verified.statusCode, 200, verified.body);
  });
});

describe('delivery', () => {
  it("attaches documents from the application's Docs, and the log shows what went to whom", async () => {
    const count = mail.mails.length;
    const { messageId } = await enqueue({
      idempotencyKey: 'attach-1',
      attachments: [{ fileId: documentId }],
      template: { template_id: 'DOCS_LETTER', verNum: 2, template_name: 'Documents letter' },
      createdBy: 'USR-1001',
    });
    const arrived = (await mail.waitFor(count + 1)).at(-1);
    assert.equal(arrived?.subject, 'Your loan application');
    assert.equal(arrived?.attachments.length, 1);
    assert.equal(arrived?.attachments[0]?.filename, documentName);
    const [doc] = await q<{ blob_hash: string }>('SELECT blob_hash FROM documents WHERE file_id = $1', [documentId]);
    const bytes = await s.app.ctx.files.read(doc?.blob_hash ?? '');
    assert.ok(bytes && arrived?.attachments[0]?.content.equals(bytes), 'the bytes of the document');
    assert.equal(arrived?.messageId, '<attach-1@originate.localhost>');
    await rowOnce(messageId, (r) => r.status === 'SENT');

    const res = await log('officer', mine);
    assert.equal(res.statusCode, 200, res.body);
    const entry = res.json<{ messages: MessageLogEntry[] }>().messages.find((m) => m.messageId === messageId);
    assert.ok(entry);
    assert.deepEqual(
      { ...entry, createdAt: typeof entry.createdAt, sentAt: typeof entry.sentAt },
      {
        messageId,
        channel: 'EMAIL',
        kind: 'TEMPLATE',
        to: 'ananya.kulkarni@example.in',
        subject: 'Your loan application',
        template: { template_id: 'DOCS_LETTER', template_name: 'Documents letter', verNum: 2 },
        status: 'SENT',
        attempts: 1,
        lastError: null,
        createdAt: 'string',
        sentAt: 'string',
        createdBy: 'officer',
        attachments: [{ fileId: documentId, fileName: documentName }],
      },
    );
  });

  it('a second enqueue with the same idempotency key is a no-op', async () => {
    const first = await enqueue({ idempotencyKey: 'same-key', text: 'first' });
    const second = await enqueue({ idempotencyKey: 'same-key', text: 'second' });
    assert.equal(second.messageId, first.messageId);
    await rowOnce(first.messageId, (r) => r.status === 'SENT');
    assert.deepEqual(
      mail.mails.filter((m) => m.messageId === '<same-key@originate.localhost>').map((m) => m.text?.trim()),
      ['first'],
    );
  });

  it('a refusing mail server is retried on the schedule, then the message is FAILED with the reason', async () => {
    mail.mode = 'refuse';
    try {
      const { messageId } = await enqueue({ idempotencyKey: 'refused-1' });
      for (let attempt = 1; attempt < OUTBOX_MAX_ATTEMPTS; attempt++) {
        const row = await rowOnce(messageId, (r) => r.status === 'RETRYING' && r.attempts === attempt);
        assert.match(String(row.last_error), /^mail server: .*451/);
        const wait = (new Date(String(row.next_attempt_at)).getTime() - s.app.ctx.now().getTime()) / 1000;
        const delay = OUTBOX_RETRY_DELAYS_MS[attempt - 1] as number;
        assert.ok(wait > 0 && wait <= delay / 1000, `attempt ${attempt} waits its step of the schedule (${wait} s)`);
        s.advance(delay / 1000);
        s.app.messageWorker.wake();
      }
      const failed = await rowOnce(messageId, (r) => r.status === 'FAILED');
      assert.equal(failed.attempts, OUTBOX_MAX_ATTEMPTS);
      assert.match(String(failed.last_error), /451 try again later/);
      const entry = (await log('officer', mine))
        .json<{ messages: MessageLogEntry[] }>()
        .messages.find((m) => m.messageId === messageId);
      assert.equal(entry?.status, 'FAILED');
      assert.match(entry?.lastError ?? '', /451 try again later/);
    } finally {
      mail.mode = 'accept';
    }
  });

  it('a permanent refusal (SMTP 550, the gateway 400) fails at once; a gateway 503 is retried', async () => {
    mail.mode = 'reject';
    try {
      const { messageId } = await enqueue({ idempotencyKey: 'rejected-1' });
      const failed = await rowOnce(messageId, (r) => r.status === 'FAILED');
      assert.equal(failed.attempts, 1);
      assert.match(String(failed.last_error), /550 mailbox unavailable/);
    } finally {
      mail.mode = 'accept';
    }
    sms.status = 400;
    try {
      const { messageId } = await enqueue({ idempotencyKey: 'sms-400', channel: 'SMS', to: '+919833333333' });
      const failed = await rowOnce(messageId, (r) => r.status === 'FAILED');
      assert.match(String(failed.last_error), /^SMS gateway answered 400/);
      sms.status = 503;
      const retried = await enqueue({ idempotencyKey: 'sms-503', channel: 'SMS', to: '+919833333333' });
      const row = await rowOnce(retried.messageId, (r) => r.status === 'RETRYING');
      assert.match(String(row.last_error), /^SMS gateway answered 503/);
      sms.status = 200;
      s.advance((OUTBOX_RETRY_DELAYS_MS[0] as number) / 1000);
      s.app.messageWorker.wake();
      await rowOnce(retried.messageId, (r) => r.status === 'SENT');
      assert.equal(sms.received.filter((m) => m.reference === 'sms-503').length, 1);
    } finally {
      sms.status = 200;
    }
  });

  it('without a mail server or SMS gateway a message waits QUEUED and the log says why', async () => {
    const later = new Date(s.app.ctx.now().getTime() + 3_600_000);
    const ids = await s.app.ctx.db.transaction(async (tx) => [
      await enqueueMessage(
        tx,
        {
          channel: 'EMAIL',
          kind: 'TEMPLATE',
          to: 'x@example.in',
          subject: 's',
          text: 't',
          applicationId: mine,
          idempotencyKey: 'unconfigured-mail',
        },
        later,
      ),
      await enqueueMessage(
        tx,
        {
          channel: 'SMS',
          kind: 'TEMPLATE',
          to: '+919844444444',
          text: 't',
          applicationId: mine,
          idempotencyKey: 'unconfigured-sms',
        },
        later,
      ),
    ]);
    const entries = await deliveryLog(s.app.ctx.db, {}, mine);
    assert.deepEqual(
      ids.map(({ messageId }) => entries.find((e) => e.messageId === messageId)).map((e) => [e?.status, e?.lastError]),
      [
        ['QUEUED', NO_MAIL_SERVER],
        ['QUEUED', NO_SMS_GATEWAY],
      ],
    );
  });
});

describe('who may read the delivery log', () => {
  it('staff who may see the application; not an officer of another branch, nor without a token', async () => {
    await enqueue({ idempotencyKey: 'foreign-1', applicationId: foreign });
    assert.equal((await log('officer', foreign)).statusCode, 403);
    assert.equal(
      (await call(s.app, 'GET', apiPath('applicationMessages', { applicationId: foreign }))).statusCode,
      401,
    );
    // Whoever of the other staff may open its documents reads its log, with the message in it.
    let reader = '';
    for (const name of ['teamlead', 'approver', 'opsadmin']) {
      const docs = await call(
        s.app,
        'GET',
        apiPath('applicationDocuments', { applicationId: foreign }),
        await login(s.app, name),
      );
      const res = await log(name, foreign);
      assert.equal(res.statusCode, docs.statusCode, `${name}: the log answers as the documents do`);
      if (
        res.statusCode === 200 &&
        res.json<{ messages: MessageLogEntry[] }>().messages.some((m) => m.to === 'ananya.kulkarni@example.in')
      )
        reader = name;
    }
    assert.ok(reader, 'someone who may see the application reads the message in its log');
    assert.equal((await log('officer', 'NO-SUCH-APP')).statusCode, 404);
  });
});
