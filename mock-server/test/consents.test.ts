// Consents and the receipt (README "Consents and the receipt"): a product's consent texts as configuration;
// each tick recorded with its version, the text's hash, the time, the device, the user agent and the address; an
// unknown or outdated version refused naming it; a changed wording saved only as a new version; the submit's
// worklog entry names what was accepted; the confirmation and the receipt PDF (read back with pdf.js) only for
// the receipt pass, the application's own applicant session or staff with access.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  apiPath,
  type ConsentSet,
  type ConsentSetAnswer,
  type ConsentText,
  formatBankDateTime,
  RECEIPT_PASS_HEADER,
} from '@originate/contract';
import { PDFDocument } from 'pdf-lib';
import {
  type Applicant,
  assignCurrentTask,
  issues,
  newPersonalLoan,
  submitPersonalLoan,
  uploadedSignature,
} from './flow-helpers';
import { call, type Login, login, opened, startServer, type TestServer } from './helpers';
import { pdfText } from './pdf-text';

let s: TestServer;
let officer: Login;
let admin: Login;

before(async () => {
  s = await startServer();
  officer = await login(s.app, 'officer');
  admin = await login(s.app, 'opsadmin');
});
after(() => s.close());

const PHONE_AGENT = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36';

const consentsUrl = (a: Applicant) => apiPath('applicationConsents', { applicationId: a.applicationId });

async function setOf(who: Record<string, string>, productCode: string): Promise<ConsentSetAnswer> {
  const res = await call(s.app, 'GET', apiPath('consentSet', { productCode }), who);
  assert.equal(res.statusCode, 200, res.body);
  return res.json();
}

function tick(a: Applicant, consents: { consentId: string; version: number; accepted: boolean }[]) {
  return s.app.inject({
    method: 'POST',
    url: consentsUrl(a),
    headers: { ...a.headers, 'user-agent': PHONE_AGENT },
    payload: { consents },
  });
}

describe('consent texts and records', () => {
  it('every seeded product has its declaration, credit-bureau, KYC and communication texts, communication optional', async () => {
    // Public: read before an application (and its session) exists.
    for (const product of ['HL', 'PL', 'CL']) {
      const set = await setOf({}, product);
      assert.deepEqual(
        set.consents.map((c) => [c.kind, c.mandatory, c.version]),
        [
          ['DECLARATION', true, 1],
          ['CREDIT_BUREAU', true, 1],
          ['KYC', true, 1],
          ['COMMUNICATION', false, 1],
        ],
      );
      assert.match(set.consents[1]?.text ?? '', /CIBIL/);
      assert.match(set.consents[2]?.text ?? '', /Central KYC Records Registry/);
      assert.match(set.consents[3]?.text ?? '', /Do Not Call/);
    }
  });

  it('records each tick with version, hash, time, device, user agent and address; an untick is recorded too', async () => {
    const a = await newPersonalLoan(s.app);
    const set = await setOf(a.headers, 'PL');
    const res = await tick(
      a,
      set.consents.map((c) => ({ consentId: c.consentId, version: c.version, accepted: true })),
    );
    assert.equal(res.statusCode, 200, res.body);
    const { records } = res.json();
    assert.equal(records.length, 4);
    for (const [i, record] of records.entries()) {
      const text = set.consents[i];
      assert.equal(record.consentId, text?.consentId);
      assert.equal(record.version, 1);
      assert.equal(record.hash, text?.hash);
      assert.equal(record.accepted, true);
      assert.equal(record.deviceType, 'MOBILE');
      assert.equal(record.userAgent, PHONE_AGENT);
      assert.equal(record.ip, '127.0.0.1');
      assert.equal(record.recordedBy, null);
      assert.ok(Math.abs(Date.parse(record.at) - Date.now()) < 3_600_000, record.at);
    }
    const withdrawn = await tick(a, [{ consentId: 'communication', version: 1, accepted: false }]);
    assert.equal(withdrawn.statusCode, 200, withdrawn.body);
    const read = await call(s.app, 'GET', consentsUrl(a), a.headers);
    assert.deepEqual(
      read.json().records.map((r: { consentId: string; accepted: boolean }) => [r.consentId, r.accepted]),
      [
        ['declaration', true],
        ['credit_bureau', true],
        ['kyc', true],
        ['communication', false],
      ],
    );
  });

  it('refuses an unknown consent and an outdated or unknown version, naming each', async () => {
    const a = await newPersonalLoan(s.app);
    const unknown = await tick(a, [{ consentId: 'marketing', version: 1, accepted: true }]);
    assert.deepEqual(issues(unknown), [{ label: 'consents[0]', reason: "'marketing' is not a consent of product PL" }]);
    const future = await tick(a, [{ consentId: 'kyc', version: 2, accepted: true }]);
    assert.match(issues(future)[0]?.reason ?? '', /^version 2 of 'kyc' is unknown: the current version is 1/);

    // A new wording saved through the admin config route is a new version; the old one is refused after.
    const stored = await call(s.app, 'GET', apiPath('setupConfig', { type: 'Consent', name: 'PL' }), admin);
    assert.equal(stored.statusCode, 200, stored.body);
    const set = await opened<ConsentSet>(stored, admin);
    const reworded = structuredClone(set);
    (reworded.consents[2] as ConsentText).text +=
      '\n\nI/We also consent to verification of my/our PAN with the Income Tax Department.';
    const url = apiPath('setupConfig', { type: 'Consent', name: 'PL' });
    const sameVersion = await call(s.app, 'PUT', url, admin, reworded);
    assert.deepEqual(issues(sameVersion), [
      { label: 'consents[2].version', reason: "must be higher than 1: the wording of 'kyc' changed" },
    ]);
    (reworded.consents[2] as ConsentText).version = 2;
    const saved = await call(s.app, 'PUT', url, admin, reworded);
    assert.equal(saved.statusCode, 200, saved.body);
    try {
      const outdated = await tick(a, [{ consentId: 'kyc', version: 1, accepted: true }]);
      assert.deepEqual(issues(outdated), [
        {
          label: 'consents[0]',
          reason: "version 1 of 'kyc' is outdated: the current version is 2; reload the page to read it",
        },
      ]);
      const current = await tick(a, [{ consentId: 'kyc', version: 2, accepted: true }]);
      assert.equal(current.statusCode, 200, current.body);
      assert.equal(current.json().records[0].version, 2);
    } finally {
      // Version 1's wording back under a higher version: later tests read the seeded texts' kinds only.
      const restored = { ...set, consents: set.consents.map((c) => ({ ...c, version: 3 })) };
      assert.equal((await call(s.app, 'PUT', url, admin, restored)).statusCode, 200);
    }
  });

  it('refuses a set whose shape is wrong or named for another product', async () => {
    const url = apiPath('setupConfig', { type: 'Consent', name: 'CL' });
    const set = await opened<ConsentSet>(await call(s.app, 'GET', url, admin), admin);
    const wrong = await call(s.app, 'PUT', url, admin, { ...set, productCode: 'HL' });
    assert.deepEqual(issues(wrong), [{ label: 'productCode', reason: "must be CL, the config's name" }]);
    const extra = await call(s.app, 'PUT', url, admin, { ...set, consents: [{ ...set.consents[0], colour: 'red' }] });
    assert.equal(issues(extra)[0]?.reason, 'is not allowed');
  });

  it("an applicant session records only its own application's consents", async () => {
    const mine = await newPersonalLoan(s.app);
    const other = await newPersonalLoan(s.app);
    const res = await s.app.inject({
      method: 'POST',
      url: consentsUrl(other),
      headers: mine.headers,
      payload: { consents: [{ consentId: 'kyc', version: 1, accepted: true }] },
    });
    assert.equal(res.statusCode, 403, res.body);
  });
});

describe('submission, confirmation and receipt', () => {
  it('the submit records the consents in the worklog; the pass, the own session and staff read the receipt, no one else', async () => {
    const a = await newPersonalLoan(s.app);
    const set = await setOf(a.headers, 'PL');
    await tick(
      a,
      set.consents
        .filter((c) => c.mandatory)
        .map((c) => ({ consentId: c.consentId, version: c.version, accepted: true })),
    );
    const passRes = await call(s.app, 'POST', apiPath('receiptPass', { applicationId: a.applicationId }), a.headers);
    assert.equal(passRes.statusCode, 200, passRes.body);
    const { pass } = passRes.json();
    const receiptUrl = apiPath('receipt', { applicationId: a.applicationId });
    const confirmationUrl = apiPath('confirmation', { applicationId: a.applicationId });

    // Before the submit there is nothing to confirm.
    assert.equal((await call(s.app, 'GET', confirmationUrl, { [RECEIPT_PASS_HEADER]: pass })).statusCode, 409);

    const fileId = await uploadedSignature(s.app, a);
    const submitted = await submitPersonalLoan(s.app, a, fileId);
    assert.equal(submitted.statusCode, 200, submitted.body);

    const [worklog] = await s.app.ctx.db.query<{ detail: { accepted: { consentId: string; version: number }[] } }>(
      "SELECT detail FROM worklogs WHERE application_id = $1 AND action = 'consents.submitted'",
      [a.applicationId],
    );
    assert.deepEqual(
      worklog?.detail.accepted.map((c) => [c.consentId, c.version]),
      set.consents.filter((c) => c.mandatory).map((c) => [c.consentId, c.version]),
    );

    const confirmation = await call(s.app, 'GET', confirmationUrl, { [RECEIPT_PASS_HEADER]: pass });
    assert.equal(confirmation.statusCode, 200, confirmation.body);
    const answer = confirmation.json();
    assert.equal(answer.applicationId, a.applicationId);
    assert.equal(answer.bank.name, 'Originate Bank Ltd.');
    assert.match(answer.nextStep.text, /^Next: /);
    // The same contact, public, for the portal's error pages.
    const contact = await call(s.app, 'GET', apiPath('bankContact'));
    assert.equal(contact.statusCode, 200, contact.body);
    assert.deepEqual(contact.json(), answer.bank);

    const receipt = await call(s.app, 'GET', receiptUrl, { [RECEIPT_PASS_HEADER]: pass });
    assert.equal(receipt.statusCode, 200, receipt.body);
    assert.equal(receipt.headers['content-type'], 'application/pdf');
    const pdf = await PDFDocument.load(receipt.rawPayload);
    assert.equal(pdf.getTitle(), `Application receipt ${a.applicationId}`);
    const { text } = await pdfText(receipt.rawPayload);
    assert.ok(text.includes(a.applicationId), text);
    assert.match(text, /Personal Loan/);
    // Submitted at the bank's clock, labelled with its zone: '07/12/2026 14:05:00 IST'.
    assert.ok(text.includes(formatBankDateTime(answer.submittedAt)), text);
    assert.match(formatBankDateTime(answer.submittedAt), / IST$/);
    assert.ok(text.includes(`Declaration ${set.consents[0]?.version} `), text);
    assert.match(text, /Consent to obtain my credit/);

    // The submit ended the applicant's session: without the pass it reads nothing.
    assert.equal((await call(s.app, 'GET', receiptUrl, a.headers)).statusCode, 401);
    // Another application's pass, a made-up pass, no credentials: refused.
    const other = await newPersonalLoan(s.app);
    const otherPass = (
      await call(s.app, 'POST', apiPath('receiptPass', { applicationId: other.applicationId }), other.headers)
    ).json().pass;
    assert.equal((await call(s.app, 'GET', receiptUrl, { [RECEIPT_PASS_HEADER]: otherPass })).statusCode, 403);
    assert.equal((await call(s.app, 'GET', receiptUrl, { [RECEIPT_PASS_HEADER]: 'A'.repeat(43) })).statusCode, 403);
    assert.equal((await call(s.app, 'GET', receiptUrl)).statusCode, 401);
    // Another application's applicant session: refused.
    assert.equal((await call(s.app, 'GET', receiptUrl, other.headers)).statusCode, 403);
    // Staff with access (the task given to the officer) read it and the consents; staff without portal access not.
    await assignCurrentTask(s.app, a.applicationId, 'officer');
    assert.equal((await call(s.app, 'GET', receiptUrl, officer)).statusCode, 200);
    const records = await call(s.app, 'GET', consentsUrl(a), officer);
    assert.equal(records.statusCode, 200, records.body);
    assert.equal(records.json().records.length, 3);
  });

  it('a submitted application refuses changes to its consents', async () => {
    const a = await newPersonalLoan(s.app);
    const fileId = await uploadedSignature(s.app, a);
    assert.equal((await submitPersonalLoan(s.app, a, fileId)).statusCode, 200);
    // The submit ended the applicant's session; staff with access may not change them either.
    await assignCurrentTask(s.app, a.applicationId, 'officer');
    const res = await call(s.app, 'POST', consentsUrl(a), officer, {
      consents: [{ consentId: 'kyc', version: 1, accepted: true }],
    });
    assert.equal(res.statusCode, 403, res.body);
    assert.match(res.json().message, /is submitted/);
  });
});
