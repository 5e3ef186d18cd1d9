// Templates (README "Templates and letters"): versions (a save is a new version, 409 on a stale baseVerNum, a
// stored version never changes), the placeholder check at save (400 naming each unknown placeholder, in the
// body and each translation), who may (only an operations admin saves; staff read), the preview (escaped HTML,
// SMS parts), sendMailCommon (to the applicant's own address, documents of the application attached, others
// refused) and the lifecycle events that queue their templates in the same transaction as the change.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { API_PATHS, apiPath, type CreateTemplateBody } from '@originate/contract';
import { newPersonalLoan, submitPersonalLoan, uploadedSignature } from './flow-helpers';
import { askSanctionOf4Lakh, call, type Login, labels, loginStaff, startServer, type TestServer } from './helpers';

let s: TestServer;
let officer: Login;
let admin: Login;
let lead: Login;
/** An ACTIVE application with a task In Progress held by the officer. */
let mine: { application_id: string; task_id: string };
let foreign: string;

const q = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  s.app.ctx.db.query<T>(sql, params);

const save = (who: Login, body: Partial<CreateTemplateBody>) =>
  call(s.app, 'POST', API_PATHS.createTemplate, who, {
    template_name: 'Test template',
    template_type: 'EMAIL',
    subject: 'About {{application.id}}',
    body: '<p>Dear {{applicant.name}}</p>',
    translations: {},
    events: [],
    baseVerNum: null,
    ...body,
  });

const messagesOf = (applicationId: string) =>
  q<{
    channel: string;
    kind: string;
    recipient: string;
    subject: string | null;
    body_text: string;
    template_id: string;
    attachments: { fileId: string }[];
  }>(
    `SELECT channel, kind, recipient, subject, body_text, template_id, attachments FROM messages
      WHERE application_id = $1 ORDER BY created_at, channel`,
    [applicationId],
  );

before(async () => {
  s = await startServer();
  ({ officer, admin, lead } = await loginStaff(s.app));
  const [task] = await q<{ application_id: string; task_id: string }>(
    `SELECT t.application_id, t.task_id FROM tasks t JOIN applications a USING (application_id)
      WHERE t.assigned_to = 'USR-1001' AND t.progress = 'In Progress' AND a.status = 'ACTIVE'
        AND a.applicant -> 'primary' ? 'email' ORDER BY 1 LIMIT 1`,
  );
  assert.ok(task);
  mine = task;
  for (const { application_id } of await q<{ application_id: string }>(
    'SELECT application_id FROM applications ORDER BY 1',
  )) {
    if (
      (await call(s.app, 'GET', apiPath('application', { applicationId: application_id }), officer)).statusCode === 403
    ) {
      foreign = application_id;
      break;
    }
  }
  assert.ok(foreign);
});
after(() => s.close());

describe('template versions', () => {
  it('lists every version of the types asked for and reads one, the current or an earlier one', async () => {
    const list = await call(s.app, 'POST', API_PATHS.templateListAllVersion, officer, { templateTypesArray: ['PDF'] });
    assert.equal(list.statusCode, 200, list.body);
    const ids = list.json<{ templates: { template_id: string; template_type: string; current: boolean }[] }>()
      .templates;
    assert.deepEqual(
      ids.map((t) => t.template_id),
      ['INDICATIVE_SANCTION_LETTER', 'KEY_FACTS_STATEMENT', 'SANCTION_LETTER', 'WELCOME_LETTER'],
    );
    assert.ok(ids.every((t) => t.template_type === 'PDF' && t.current));
    const welcome = await call(s.app, 'GET', apiPath('mailTemplate', { id: 'WELCOME_LETTER' }), officer);
    assert.equal(welcome.statusCode, 200);
    assert.deepEqual(welcome.json().languages, ['hi']);
    assert.equal((await call(s.app, 'GET', apiPath('mailTemplate', { id: 'NOPE' }), officer)).statusCode, 404);
    assert.deepEqual(
      labels(await call(s.app, 'GET', `${apiPath('mailTemplate', { id: 'WELCOME_LETTER' })}?verNum=0`, officer)),
      ['verNum'],
    );
    assert.deepEqual(
      labels(await call(s.app, 'POST', API_PATHS.templateListAllVersion, officer, { templateTypesArray: ['FAX'] })),
      ['templateTypesArray[0]'],
    );
  });

  it('every seeded template passes the check a save makes', async () => {
    const all = (
      await call(s.app, 'POST', API_PATHS.templateListAllVersion, admin, {
        templateTypesArray: ['PDF', 'SMS', 'HTML', 'EMAIL'],
      })
    ).json<{ templates: { template_id: string }[] }>().templates;
    assert.equal(all.length, 12);
    for (const { template_id } of all) {
      const v = (await call(s.app, 'GET', apiPath('mailTemplate', { id: template_id }), admin)).json();
      const res = await save(admin, {
        template_id,
        template_name: v.template_name,
        template_type: v.template_type,
        subject: v.subject,
        body: v.body,
        translations: v.translations,
        events: v.events,
        baseVerNum: v.verNum,
      });
      assert.equal(res.statusCode, 200, `${template_id}: ${res.body}`);
      assert.equal(res.json().verNum, v.verNum + 1);
    }
  });

  it('saves new versions, refuses a stale base with 409 and never changes a stored version', async () => {
    assert.deepEqual((await save(admin, { template_id: 'T_VERSIONS' })).json(), {
      template_id: 'T_VERSIONS',
      verNum: 1,
    });
    const two = await save(admin, {
      template_id: 'T_VERSIONS',
      body: '<p>Second {{applicant.name}}</p>',
      baseVerNum: 1,
    });
    assert.deepEqual(two.json(), { template_id: 'T_VERSIONS', verNum: 2 });
    const stale = await save(admin, { template_id: 'T_VERSIONS', body: '<p>Lost update</p>', baseVerNum: 1 });
    assert.equal(stale.statusCode, 409);
    assert.match(stale.json().message, /was saved as version 2 since version 1 was read/);
    assert.equal((await save(admin, { template_id: 'T_VERSIONS', baseVerNum: null })).statusCode, 409);
    assert.equal(
      (await save(admin, { template_id: 'T_VERSIONS', template_type: 'SMS', subject: null, baseVerNum: 2 })).statusCode,
      409,
    );
    const first = await call(s.app, 'GET', `${apiPath('mailTemplate', { id: 'T_VERSIONS' })}?verNum=1`, officer);
    assert.equal(first.json().body, '<p>Dear {{applicant.name}}</p>');
    assert.equal(first.json().current, false);
    await assert.rejects(q("UPDATE templates SET body = 'x' WHERE template_id = 'T_VERSIONS'"), /never changed/);
    await assert.rejects(q("DELETE FROM templates WHERE template_id = 'T_VERSIONS'"), /never changed/);
  });

  it('names each unknown placeholder and bad section, in the body, the subject and each translation', async () => {
    const res = await save(admin, {
      template_id: 'T_BAD',
      subject: 'Hello {{applicant.nmae}}',
      body: '<p>{{applicant.nmae}} {{fields.no_such_field}} {{fields.loan_amount}} {{{applicant.email}}}</p>{{#loan.scedule}}{{/loan.scedule}}',
      translations: { hi: { subject: 'नमस्ते', body: '{{constructor}}' } },
    });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json().errors, [
      { label: 'subject', reason: 'unknown placeholder {{applicant.nmae}}' },
      { label: 'body', reason: 'unknown placeholder {{applicant.nmae}}' },
      { label: 'body', reason: 'unknown placeholder {{fields.no_such_field}}' },
      {
        label: 'body',
        reason:
          '{{{applicant.email}}} is not allowed: every value of an HTML template is escaped (write {{applicant.email}})',
      },
      { label: 'body', reason: 'unknown section {{#loan.scedule}}' },
      { label: 'translations.hi.body', reason: 'unknown placeholder {{constructor}}' },
    ]);
    assert.deepEqual(labels(await save(admin, { template_id: 'T_BAD', subject: null })), ['subject']);
    assert.deepEqual(
      labels(await save(admin, { template_id: 'T_BAD', template_type: 'PDF', subject: null, events: ['SUBMITTED'] })),
      ['events'],
    );
    assert.deepEqual(
      labels(await save(admin, { template_id: 'T_BAD', translations: { xx: { subject: null, body: 'x' } } as never })),
      ['translations.xx'],
    );
    assert.deepEqual(await q("SELECT 1 FROM templates WHERE template_id = 'T_BAD'"), []);
  });

  it('only an operations admin saves; staff read; nobody without a token', async () => {
    assert.equal((await save(officer, { template_id: 'T_ACCESS' })).statusCode, 403);
    assert.equal((await save(lead, { template_id: 'T_ACCESS' })).statusCode, 403);
    assert.equal((await call(s.app, 'POST', API_PATHS.createTemplate, undefined, {})).statusCode, 401);
    assert.equal((await call(s.app, 'GET', apiPath('mailTemplate', { id: 'SANCTIONED' }), undefined)).statusCode, 401);
    assert.deepEqual(await q("SELECT 1 FROM templates WHERE template_id = 'T_ACCESS'"), []);
  });
});

describe('previewTemplate', () => {
  const preview = (who: Login, body: Record<string, unknown>) =>
    call(s.app, 'POST', API_PATHS.previewTemplate, who, { applicationId: mine.application_id, ...body });

  it('escapes every value of an e-mail and gives its text part', async () => {
    await q(
      `UPDATE applications SET applicant = jsonb_set(applicant, '{primary,fullName}', '"Asha <b>Rao</b> & Sons"') WHERE application_id = $1`,
      [mine.application_id],
    );
    const res = await preview(officer, {
      template_type: 'EMAIL',
      subject: 'For {{applicant.name}}',
      body: '<p>Dear {{applicant.name}},</p><p>EMI {{loan.emi}}</p>',
    });
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    assert.equal(body.subject, 'For Asha <b>Rao</b> & Sons');
    assert.match(body.html, /<p>Dear Asha &lt;b&gt;Rao&lt;&#x2F;b&gt; &amp; Sons,<\/p>/);
    assert.match(body.text, /^Dear Asha <b>Rao<\/b> & Sons,\nEMI ₹[0-9,]+\.[0-9]{2}$/);
    assert.equal(body.smsSegments, null);
  });

  it('counts an SMS in parts as gateways do, amounts written Rs. to stay in the GSM alphabet', async () => {
    const res = await preview(officer, {
      template_type: 'SMS',
      subject: null,
      body: `EMI {{loan.emi}} ${'x'.repeat(160)}`,
    });
    const body = res.json();
    assert.match(body.text, /^EMI Rs\.[0-9,]+\.[0-9]{2} x+$/);
    assert.deepEqual(body.smsSegments, { encoding: 'GSM-7', units: body.text.length, segments: 2 });
    assert.equal(body.html, null);
  });

  it('refuses unknown placeholders and applications the caller may not see', async () => {
    assert.deepEqual(labels(await preview(officer, { template_type: 'SMS', subject: null, body: '{{loan.emii}}' })), [
      'body',
    ]);
    assert.equal(
      (await preview(officer, { applicationId: foreign, template_type: 'SMS', subject: null, body: 'x' })).statusCode,
      403,
    );
  });
});

describe('sendMailCommon', () => {
  const send = (who: Login, body: Record<string, unknown>) =>
    call(s.app, 'POST', API_PATHS.sendMailCommon, who, {
      applicationId: mine.application_id,
      attachments: [],
      ...body,
    });

  it('queues the template to the applicant’s own address with documents of the application attached', async () => {
    const letter = await call(s.app, 'POST', API_PATHS.generatePdf, officer, {
      applicationId: mine.application_id,
      template_id: 'WELCOME_LETTER',
    });
    assert.equal(letter.statusCode, 200, letter.body);
    const { fileId } = letter.json();
    const before = (await messagesOf(mine.application_id)).length;
    const res = await send(officer, { template_id: 'SANCTIONED', attachments: [fileId] });
    assert.equal(res.statusCode, 200, res.body);
    const [row] = await q<{ email: string }>(
      "SELECT applicant -> 'primary' ->> 'email' AS email FROM applications WHERE application_id = $1",
      [mine.application_id],
    );
    const sent = (await messagesOf(mine.application_id)).slice(before);
    assert.equal(sent.length, 1);
    assert.equal(sent[0]?.channel, 'EMAIL');
    assert.equal(sent[0]?.kind, 'TEMPLATE');
    assert.equal(sent[0]?.recipient, row?.email);
    assert.equal(sent[0]?.template_id, 'SANCTIONED');
    assert.deepEqual(sent[0]?.attachments, [{ fileId }]);
    assert.match(sent[0]?.subject ?? '', /is sanctioned$/);
    const sms = await send(officer, { template_id: 'SANCTIONED_SMS' });
    assert.equal(sms.statusCode, 200, sms.body);
    assert.match((await messagesOf(mine.application_id)).at(-1)?.recipient ?? '', /^\+91[6-9][0-9]{9}$/);
  });

  it('refuses another application’s document, attachments on an SMS, a letter template and another branch', async () => {
    const [other] = await q<{ file_id: string }>(
      'SELECT file_id FROM documents WHERE application_id <> $1 AND removed_at IS NULL LIMIT 1',
      [mine.application_id],
    );
    assert.ok(other);
    assert.deepEqual(labels(await send(officer, { template_id: 'SANCTIONED', attachments: [other.file_id] })), [
      'attachments[0]',
    ]);
    assert.deepEqual(labels(await send(officer, { template_id: 'SANCTIONED_SMS', attachments: [other.file_id] })), [
      'attachments',
    ]);
    assert.deepEqual(labels(await send(officer, { template_id: 'SANCTION_LETTER' })), ['template_id']);
    assert.deepEqual(labels(await send(officer, { template_id: 'SANCTIONED', to: 'me@example.in' })), ['to']);
    assert.equal((await send(officer, { applicationId: foreign, template_id: 'SANCTIONED' })).statusCode, 403);
  });
});

describe('lifecycle events', () => {
  it('the applicant’s submit queues the SUBMITTED template of each channel the application has an address for', async () => {
    const a = await newPersonalLoan(s.app);
    const fileId = await uploadedSignature(s.app, a);
    assert.deepEqual(await messagesOf(a.applicationId), [], 'a draft save sends nothing');
    const res = await submitPersonalLoan(s.app, a, fileId);
    assert.equal(res.statusCode, 200, res.body);
    // The personal loan's form asks a mobile and no e-mail: the SMS goes, the e-mail has nowhere to go.
    const sent = await messagesOf(a.applicationId);
    assert.deepEqual(
      sent.map((m) => [m.kind, m.channel, m.template_id, m.recipient]),
      [['LIFECYCLE', 'SMS', 'APPLICATION_SUBMITTED_SMS', '+919876543210']],
    );
    assert.match(
      sent[0]?.body_text ?? '',
      /^Dear Asha, your Personal Loan application .* for Rs\.5,00,000\.00 is received/,
    );
  });

  it('a request for information to the applicant queues the QUERY_RAISED e-mail and SMS in the same change', async () => {
    const before = (await messagesOf(mine.application_id)).length;
    const res = await call(s.app, 'POST', API_PATHS.requestUserInfo, officer, {
      application_id: mine.application_id,
      taskId: mine.task_id,
      title: 'Salary slips',
      description: 'Please upload your last three salary slips.',
      fields: ['monthly_income'],
    });
    assert.equal(res.statusCode, 200, res.body);
    const sent = (await messagesOf(mine.application_id)).slice(before);
    assert.deepEqual(
      sent.map((m) => [m.kind, m.channel, m.template_id]),
      [
        ['LIFECYCLE', 'EMAIL', 'QUERY_RAISED'],
        ['LIFECYCLE', 'SMS', 'QUERY_RAISED_SMS'],
      ],
    );
    assert.match(sent[0]?.body_text ?? '', new RegExp(mine.application_id));
  });

  it('the loan’s approval decided at its last level queues the SANCTIONED e-mail and SMS with the loan’s figures', async () => {
    const { id, approvalId } = await askSanctionOf4Lakh(s, officer);
    assert.deepEqual(await messagesOf(id), [], 'asking for the approval sends nothing');
    const approved = await call(s.app, 'POST', '/v3/application/approvals/approve', lead, { approvalId });
    assert.equal(approved.json().status, 'APPROVED', approved.body);
    const sent = await messagesOf(id);
    assert.deepEqual(
      sent.map((m) => [m.kind, m.channel, m.template_id]),
      [
        ['LIFECYCLE', 'EMAIL', 'SANCTIONED'],
        ['LIFECYCLE', 'SMS', 'SANCTIONED_SMS'],
      ],
    );
    assert.match(sent[0]?.body_text ?? '', /Loan amount\s+₹4,00,000\.00/);
    assert.match(
      sent[1]?.body_text ?? '',
      /of Rs\.4,00,000\.00 is sanctioned\. EMI Rs\.[0-9,]+\.[0-9]{2} for [0-9]+ months/,
    );
  });

  it('a rejection queues the REJECTED templates; a refused action queues nothing', async () => {
    const before = (await messagesOf(mine.application_id)).length;
    const body = { application_id: mine.application_id, taskId: mine.task_id, comment: 'Income not verifiable' };
    const rejected = await call(s.app, 'POST', '/v3/application/action/reject', officer, body);
    assert.equal(rejected.statusCode, 200, rejected.body);
    const sent = (await messagesOf(mine.application_id)).slice(before);
    assert.deepEqual(
      sent.map((m) => m.template_id),
      ['REJECTED', 'REJECTED_SMS'],
    );
    assert.equal((await call(s.app, 'POST', '/v3/application/action/reject', officer, body)).statusCode, 409);
    assert.equal((await messagesOf(mine.application_id)).length, before + 2);
  });

  it('an operations admin’s new version decides what the next event sends; a template no longer naming it sends nothing', async () => {
    const v = (await call(s.app, 'GET', apiPath('mailTemplate', { id: 'SANCTIONED_SMS' }), admin)).json();
    const saved = await save(admin, {
      template_id: 'SANCTIONED_SMS',
      template_type: 'SMS',
      template_name: v.template_name,
      subject: null,
      body: v.body,
      events: [],
      baseVerNum: v.verNum,
    });
    assert.equal(saved.statusCode, 200, saved.body);
    const rows = await q<{ template_id: string }>(
      `SELECT t.template_id FROM templates t WHERE t.events @> ARRAY['SANCTIONED']
        AND t.ver_num = (SELECT max(ver_num) FROM templates c WHERE c.template_id = t.template_id)`,
    );
    assert.deepEqual(
      rows.map((r) => r.template_id),
      ['SANCTIONED'],
    );
  });
});
