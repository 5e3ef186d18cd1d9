// Lifecycle messages followed to delivery (README "Templates and letters", "Messages"): the templates an event
// names leave through the outbox and arrive, once each, at a real SMTP server and an HTTP SMS gateway the test
// runs, addressed to the applicant the application records and rendered with its data. An application without
// an address for a channel gets nothing on that channel, and the change that raised the event still happens.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { API_PATHS, type LifecycleEvent } from '@originate/contract';
import type { ParsedMail } from 'mailparser';
import {
  acceptConsents,
  applicantOf,
  assignCurrentTask,
  encrypted,
  newPersonalLoan,
  personalLoanBody,
  submitPersonalLoan,
  uploadedSignature,
} from './flow-helpers';
import { type MailSink, type SmsSink, startMailSink, startSmsSink, until } from './harness/message-sinks';
import { askSanctionOf4Lakh, call, type Login, loginStaff, startServer, type TestServer } from './helpers';

let s: TestServer;
let mail: MailSink;
let sms: SmsSink;
let officer: Login;
let lead: Login;

const q = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  s.app.ctx.db.query<T>(sql, params);

before(async () => {
  [mail, sms] = await Promise.all([startMailSink(), startSmsSink()]);
  // The worker is woken by each commit's NOTIFY; the poll is only its fallback, kept short.
  s = await startServer({ SMTP_URL: mail.url, SMS_GATEWAY_URL: sms.url, OUTBOX_POLL_MS: '100' });
  ({ officer, lead } = await loginStaff(s.app));
});
after(async () => {
  await s.close();
  await Promise.all([mail.close(), sms.close()]);
});

interface Row extends Record<string, unknown> {
  channel: 'EMAIL' | 'SMS';
  recipient: string;
  template_id: string;
  idempotency_key: string;
  status: string;
}

/** The event's outbox rows of the application, once every one of them is SENT (recorded after the sink has it). */
async function sentRows(applicationId: string, event: LifecycleEvent, expected: number): Promise<Row[]> {
  return until(async () => {
    const rows = await q<Row>(
      `SELECT channel, recipient, template_id, idempotency_key, status FROM messages
        WHERE kind = 'LIFECYCLE' AND idempotency_key LIKE $1 ORDER BY channel`,
      [`lifecycle:${applicationId}:${event}:%`],
    );
    return rows.length === expected && rows.every((r) => r.status === 'SENT') && rows;
  });
}

const addressesOf = (m: ParsedMail) => (m.to && !Array.isArray(m.to) ? m.to.value.map((a) => a.address) : []);

/** What arrived for the application's event: the mails (Message-ID is the key) and the texts (reference is). */
function arrivedFor(applicationId: string, event: LifecycleEvent) {
  const prefix = `lifecycle:${applicationId}:${event}:`;
  return {
    mails: mail.mails.filter((m) => m.messageId?.startsWith(`<${prefix}`)),
    texts: sms.received.filter((t) => t.reference.startsWith(prefix)),
  };
}

/** The applicant's e-mail and mobile as the application records them. */
async function applicantOfRow(applicationId: string) {
  const [row] = await q<{ email: string | null; mobile: string | null }>(
    `SELECT applicant -> 'primary' ->> 'email' AS email, applicant -> 'primary' ->> 'mobile' AS mobile
       FROM applications WHERE application_id = $1`,
    [applicationId],
  );
  assert.ok(row, applicationId);
  return row;
}

/**
 * Exactly one e-mail and one SMS of the event arrived for the application, to its applicant, rendered: the
 * subject as `subject` says and no placeholder left in the subject, the text or the SMS.
 */
async function assertDeliveredOnce(applicationId: string, event: LifecycleEvent, subject: RegExp) {
  const rows = await sentRows(applicationId, event, 2);
  const { email, mobile } = await applicantOfRow(applicationId);
  assert.ok(email && mobile, `${applicationId} records an e-mail and a mobile`);
  assert.deepEqual(
    rows.map((r) => [r.channel, r.recipient]),
    [
      ['EMAIL', email],
      ['SMS', `+91${mobile.replace(/^(\+91|0)/, '')}`],
    ],
  );
  const { mails, texts } = arrivedFor(applicationId, event);
  assert.equal(mails.length, 1, `one ${event} e-mail: ${mails.map((m) => m.subject).join(' | ')}`);
  assert.equal(texts.length, 1, `one ${event} SMS: ${texts.map((t) => t.text).join(' | ')}`);
  const [m] = mails as [ParsedMail];
  const [t] = texts as [SmsSink['received'][number]];
  assert.deepEqual(addressesOf(m), [email]);
  assert.match(m.subject ?? '', subject);
  assert.equal(t.to, rows[1]?.recipient);
  for (const text of [m.subject, m.text, m.html || '', t.text]) {
    assert.doesNotMatch(text ?? '', /\{\{|\}\}/, 'every placeholder is rendered');
  }
  assert.match(m.text ?? '', new RegExp(applicationId));
  assert.match(t.text, new RegExp(applicationId));
  return { mail: m, text: t };
}

const CAR_LOAN = {
  cl_full_name: 'Kavya Iyer',
  cl_dob: '15/08/1988',
  cl_mobile: '9812345678',
  cl_email: 'kavya.iyer@example.in',
  cl_address_line1: '18, Second Avenue, Besant Nagar',
  cl_city: 'Chennai',
  cl_state: 'Tamil Nadu',
  cl_pincode: '600090',
  cl_employment_type: 'salaried',
  cl_employer_name: 'Tidel Systems',
  cl_monthly_income: '120000',
  cl_vehicle_make: 'hyundai',
  cl_vehicle_model: 'Creta',
  cl_on_road_price: '1500000',
  cl_down_payment: '300000',
  cl_loan_amount: '1200000',
  cl_tenure_months: 60,
};

const carLoanBody = (extra: Parameters<typeof personalLoanBody>[0]) =>
  personalLoanBody({ flowId: 'car_loan', section_id: 'cl_applicant', sub_section_id: 'cl_personal', ...extra });

describe('lifecycle e-mails and SMS arrive', () => {
  let carLoan = '';

  it('SUBMITTED: the applicant’s submit reaches their inbox and phone once, with the application’s data', async () => {
    const a = applicantOf(
      await s.app.inject({
        method: 'POST',
        url: API_PATHS.consumerSaveOrUpdate,
        payload: carLoanBody({ customFields: { cl_full_name: CAR_LOAN.cl_full_name, cl_mobile: CAR_LOAN.cl_mobile } }),
      }),
    );
    carLoan = a.applicationId;
    assert.deepEqual(arrivedFor(carLoan, 'SUBMITTED'), { mails: [], texts: [] }, 'a draft save sends nothing');
    await acceptConsents(s.app, carLoan, 'CL', a.headers);
    const res = await encrypted(
      s.app,
      'POST',
      API_PATHS.consumerSaveOrUpdate,
      a.headers,
      carLoanBody({
        application_id: carLoan,
        mode: 'SAVED',
        section_id: 'cl_review',
        sub_section_id: 'cl_summary',
        customFields: CAR_LOAN,
      }),
    );
    assert.equal(res.statusCode, 200, res.body);
    const { mail: m, text } = await assertDeliveredOnce(
      carLoan,
      'SUBMITTED',
      new RegExp(`^We have received your Car Loan application ${carLoan}$`),
    );
    assert.match(m.text ?? '', /^Dear Kavya Iyer,/);
    assert.match(m.text ?? '', /Car Loan of ₹12,00,000\.00/);
    assert.equal(text.to, '+919812345678');
    assert.match(text.text, new RegExp(`^Dear Kavya, your Car Loan application ${carLoan} for Rs\\.12,00,000\\.00 `));
  });

  it('REJECTED: the officer’s rejection reaches the applicant once by e-mail and once by SMS', async () => {
    await assignCurrentTask(s.app, carLoan, 'officer');
    const [task] = await q<{ task_id: string }>('SELECT task_id FROM tasks WHERE application_id = $1 AND is_current', [
      carLoan,
    ]);
    const rejected = await call(s.app, 'POST', '/v3/application/action/reject', officer, {
      application_id: carLoan,
      taskId: task?.task_id,
      comment: 'Income not verifiable',
    });
    assert.equal(rejected.statusCode, 200, rejected.body);
    const { mail: m } = await assertDeliveredOnce(
      carLoan,
      'REJECTED',
      new RegExp(`^Update on your application ${carLoan}$`),
    );
    assert.match(m.text ?? '', /^Dear Kavya Iyer,/);
    // The submit's messages were not sent again.
    assert.deepEqual(
      [arrivedFor(carLoan, 'SUBMITTED').mails.length, arrivedFor(carLoan, 'SUBMITTED').texts.length],
      [1, 1],
    );
  });

  it('SANCTIONED: the approval at the last level reaches the applicant with the loan’s figures', async () => {
    const { id, approvalId } = await askSanctionOf4Lakh(s, officer);
    const approved = await call(s.app, 'POST', '/v3/application/approvals/approve', lead, { approvalId });
    assert.equal(approved.json().status, 'APPROVED', approved.body);
    const { mail: m, text } = await assertDeliveredOnce(
      id,
      'SANCTIONED',
      /^Your Personal Loan of ₹4,00,000\.00 is sanctioned$/,
    );
    assert.match(m.text ?? '', /Loan amount\s+₹4,00,000\.00/);
    assert.match(text.text, /of Rs\.4,00,000\.00 is sanctioned\. EMI Rs\.[0-9,]+\.[0-9]{2} for [0-9]+ months/);
  });
});

describe('an applicant without an address for a channel', () => {
  it('a personal loan (a mobile, no e-mail) is submitted and gets the SMS alone', async () => {
    const a = await newPersonalLoan(s.app);
    const fileId = await uploadedSignature(s.app, a);
    const res = await submitPersonalLoan(s.app, a, fileId);
    assert.equal(res.statusCode, 200, res.body);
    const rows = await sentRows(a.applicationId, 'SUBMITTED', 1);
    assert.deepEqual(
      rows.map((r) => [r.channel, r.recipient, r.template_id]),
      [['SMS', '+919876543210', 'APPLICATION_SUBMITTED_SMS']],
    );
    const { mails, texts } = arrivedFor(a.applicationId, 'SUBMITTED');
    assert.equal(mails.length, 0);
    assert.equal(texts.length, 1);
    assert.doesNotMatch(texts[0]?.text ?? '', /\{\{/);
  });

  it('a request for information to an applicant with neither is raised, and nothing is queued', async () => {
    const [task] = await q<{ application_id: string; task_id: string }>(
      `SELECT t.application_id, t.task_id FROM tasks t JOIN applications a USING (application_id)
        WHERE t.assigned_to = 'USR-1001' AND t.progress = 'In Progress' AND a.status = 'ACTIVE'
          AND a.application_id <> 'PL-2026-000113' ORDER BY 1 LIMIT 1`,
    );
    assert.ok(task, 'the seed has an application the officer works on');
    await q(
      `UPDATE applications SET applicant = jsonb_set(applicant, '{primary}', (applicant -> 'primary') - 'email' - 'mobile')
        WHERE application_id = $1`,
      [task.application_id],
    );
    const res = await call(s.app, 'POST', API_PATHS.requestUserInfo, officer, {
      application_id: task.application_id,
      taskId: task.task_id,
      title: 'Salary slips',
      description: 'Please upload your last three salary slips.',
      fields: ['monthly_income'],
    });
    assert.equal(res.statusCode, 200, res.body);
    const raised = await q('SELECT 1 FROM sub_tasks WHERE application_id = $1', [task.application_id]);
    assert.ok(raised.length > 0, 'the request is stored');
    assert.deepEqual(
      await q('SELECT channel FROM messages WHERE application_id = $1 AND kind = $2', [
        task.application_id,
        'LIFECYCLE',
      ]),
      [],
    );
  });
});
