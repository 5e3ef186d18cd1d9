// Saves never trust what the client claims (README "Customer flow", "Submit"): an OTP value saying
// isVerified must match a verification the server made for that application, field and recipient,
// and every file id in the values (uploads, signatures, joint applicants' too) must be a file of that
// application — on drafts as well as on submit. A copy's files are its own copies.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { API_PATHS, apiPath, type FormValues } from '@originate/contract';
import {
  type Applicant,
  acceptConsents,
  assignCurrentTask,
  encrypted,
  homeLoanBody,
  issues,
  newHomeLoan,
  newPersonalLoan,
  personalLoanBody,
} from './flow-helpers';
import { call, type Login, login, startServer, type TestServer } from './helpers';

let s: TestServer;
let officer: Login;
let developer: Login;

before(async () => {
  s = await startServer();
  officer = await login(s.app, 'officer');
  developer = await login(s.app, 'developer');
});
after(() => s.close());

const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const MOBILE = '9876543210';

const save = (who: Applicant, body: unknown) =>
  encrypted(s.app, 'POST', API_PATHS.consumerSaveOrUpdate, who.headers, body);

/** A file of the application (the signature route stores one in a single call). */
async function fileOf(who: Applicant): Promise<string> {
  const res = await call(s.app, 'POST', API_PATHS.uploadSignature, who.headers, {
    dataURI: `data:image/png;base64,${PNG_1PX}`,
    app_id: who.applicationId,
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().fileId;
}

const documents = (fileId: string) => ({
  uploadedDocuments: [{ fileId, fileName: 'id.png', size: 68, mimeType: 'image/png' }],
});

async function verifyMobile(who: Applicant, fieldKey: string, recipient: string): Promise<void> {
  const base = { application_id: who.applicationId, fieldKey };
  const sent = await call(s.app, 'POST', API_PATHS.sendOtp, who.headers, {
    ...base,
    type: 'SMS',
    recipient,
    action: 'SEND_OTP',
  });
  assert.equal(sent.statusCode, 200, sent.body);
  const box = await call(s.app, 'GET', `${API_PATHS.otpOutbox}?recipient=${recipient}`, developer);
  const code = /^(\d{6}) /.exec(box.json()[0]?.message ?? '')?.[1];
  assert.ok(code, 'the outbox holds the code');
  const ok = await call(s.app, 'POST', API_PATHS.verifyOtp, who.headers, { ...base, code, action: 'VERIFY_OTP' });
  assert.deepEqual(ok.json(), { isVerified: true });
}

/** An existing customer's personal loan, complete but for what the test puts in `extra`. */
function existingCustomerSubmit(a: Applicant, extra: FormValues) {
  return personalLoanBody({
    application_id: a.applicationId,
    mode: 'SAVED',
    existing_or_new_customer: 'existing',
    section_id: 'pl_review',
    sub_section_id: 'pl_summary',
    customFields: {
      customer_type: 'existing',
      pl_full_name: 'Asha Rao',
      pl_mobile: MOBILE,
      pl_customer_id: 'CUST123456',
      pl_address_line1: '7, Lake View Apartments, Hill Road',
      pl_city: 'Pune',
      pl_state: 'Maharashtra',
      pl_pincode: '411001',
      pl_loan_amount: '500000',
      pl_tenure_months: 36,
      pl_purpose: 'travel',
      pl_monthly_income: '90000',
      pl_vkyc_consent: true,
      ...extra,
    },
  });
}

describe('OTP claims at submit', () => {
  it('a forged isVerified is refused naming the field; a real verification submits', async () => {
    const a = await newPersonalLoan(s.app, { existing_or_new_customer: 'existing' });
    const claim = { registered_mobile_otp: { type: 'SMS', recipient: MOBILE, isVerified: true } } as const;
    const forged = await save(a, existingCustomerSubmit(a, claim));
    assert.deepEqual(issues(forged), [{ label: 'One time password', reason: 'is invalid' }]);

    await verifyMobile(a, 'registered_mobile_otp', MOBILE);
    await acceptConsents(s.app, a.applicationId, 'PL', a.headers);
    const real = await save(a, existingCustomerSubmit(a, claim));
    assert.equal(real.statusCode, 200, real.body);
    assert.equal(real.json().resumeToken, null, 'submitted');
  });

  it('a verification is for its recipient only: another number, or a number the field no longer holds, is refused', async () => {
    const a = await newPersonalLoan(s.app, { existing_or_new_customer: 'existing' });
    await verifyMobile(a, 'registered_mobile_otp', MOBILE);
    const otherRecipient = await save(
      a,
      existingCustomerSubmit(a, {
        pl_mobile: '9123456789',
        registered_mobile_otp: { type: 'SMS', recipient: '9123456789', isVerified: true },
      }),
    );
    assert.deepEqual(issues(otherRecipient), [{ label: 'One time password', reason: 'is invalid' }]);
    const staleField = await save(
      a,
      existingCustomerSubmit(a, {
        pl_mobile: '9123456789',
        registered_mobile_otp: { type: 'SMS', recipient: MOBILE, isVerified: true },
      }),
    );
    assert.deepEqual(issues(staleField), [{ label: 'One time password', reason: 'is invalid' }]);
    const otherChannel = await save(
      a,
      existingCustomerSubmit(a, { registered_mobile_otp: { type: 'EMAIL', recipient: MOBILE, isVerified: true } }),
    );
    assert.deepEqual(issues(otherChannel), [{ label: 'One time password', reason: 'is invalid' }]);
  });

  it('a verification of another application does not count', async () => {
    const verifiedElsewhere = await newPersonalLoan(s.app, { existing_or_new_customer: 'existing' });
    await verifyMobile(verifiedElsewhere, 'registered_mobile_otp', '9000000001');
    const a = await newPersonalLoan(s.app, { existing_or_new_customer: 'existing' });
    const res = await save(
      a,
      existingCustomerSubmit(a, {
        pl_mobile: '9000000001',
        registered_mobile_otp: { type: 'SMS', recipient: '9000000001', isVerified: true },
      }),
    );
    assert.deepEqual(issues(res), [{ label: 'One time password', reason: 'is invalid' }]);
  });

  it('staff submits are held to the same check', async () => {
    const a = await newPersonalLoan(s.app, { existing_or_new_customer: 'existing' });
    await assignCurrentTask(s.app, a.applicationId, 'officer');
    const res = await encrypted(
      s.app,
      'POST',
      API_PATHS.userSaveOrUpdate,
      officer.headers,
      existingCustomerSubmit(a, { registered_mobile_otp: { type: 'SMS', recipient: MOBILE, isVerified: true } }),
    );
    assert.deepEqual(issues(res), [{ label: 'One time password', reason: 'is invalid' }]);
  });
});

describe('file references', () => {
  const newCustomerSubmit = (a: Applicant, fileId: string) =>
    personalLoanBody({
      application_id: a.applicationId,
      mode: 'SAVED',
      section_id: 'pl_review',
      sub_section_id: 'pl_summary',
      customFields: {
        customer_type: 'new',
        pl_full_name: 'Asha Rao',
        pl_mobile: MOBILE,
        pl_pan: 'ABCDE1234F',
        pl_dob: '01/01/1990',
        pl_id_proof: documents(fileId),
        pl_address_line1: '7, Lake View Apartments, Hill Road',
        pl_city: 'Pune',
        pl_state: 'Maharashtra',
        pl_pincode: '411001',
        pl_loan_amount: '500000',
        pl_tenure_months: 36,
        pl_purpose: 'travel',
        pl_monthly_income: '90000',
        pl_vkyc_consent: true,
      },
    });

  it('submit: an uploaded document of another application is refused naming the field', async () => {
    const a = await newPersonalLoan(s.app);
    const other = await newPersonalLoan(s.app);
    const foreign = await save(a, newCustomerSubmit(a, await fileOf(other)));
    assert.deepEqual(issues(foreign), [{ label: 'ID proof', reason: 'is invalid' }]);
    await acceptConsents(s.app, a.applicationId, 'PL', a.headers);
    const own = await save(a, newCustomerSubmit(a, await fileOf(a)));
    assert.equal(own.statusCode, 200, own.body);
  });

  it('submit: a removed file is refused', async () => {
    const a = await newPersonalLoan(s.app);
    const fileId = await fileOf(a);
    const removed = await call(
      s.app,
      'DELETE',
      `${API_PATHS.removeDocument}?fileId=${fileId}&application_id=${a.applicationId}`,
      a.headers,
    );
    assert.equal(removed.statusCode, 200, removed.body);
    assert.deepEqual(issues(await save(a, newCustomerSubmit(a, fileId))), [
      { label: 'ID proof', reason: 'is invalid' },
    ]);
  });

  it('drafts: files and signatures of another application, or unknown ids, are refused naming each field', async () => {
    const a = await newHomeLoan(s.app);
    const other = await newHomeLoan(s.app);
    const foreign = await fileOf(other);
    const draft = (
      customFields: FormValues,
      jointApplicants: ReturnType<typeof homeLoanBody>['jointApplicants'] = [],
    ) => homeLoanBody({ application_id: a.applicationId, customFields, jointApplicants });
    const res = await save(
      a,
      draft(
        {
          loan_amount: '2500000',
          id_document: documents(foreign),
          address_proof: documents('00000000-0000-4000-8000-000000000000'),
          signature: { fileId: foreign },
        },
        [{ applicantId: 'co-1', applicantType: 'secondary', customFields: { id_document: documents(foreign) } }],
      ),
    );
    assert.deepEqual(issues(res), [
      { label: 'ID document', reason: 'is invalid' },
      { label: 'Address proof', reason: 'is invalid' },
      { label: 'Signature', reason: 'is invalid' },
      { label: 'ID document (co-applicant 1)', reason: 'is invalid' },
    ]);
    const own = await fileOf(a);
    const ok = await save(a, draft({ id_document: documents(own), signature: { fileId: own } }));
    assert.equal(ok.statusCode, 200, ok.body);
    await assignCurrentTask(s.app, a.applicationId, 'officer');
    const staff = await encrypted(
      s.app,
      'POST',
      API_PATHS.userSaveOrUpdate,
      officer.headers,
      draft({ signature: { fileId: foreign } }),
    );
    assert.deepEqual(issues(staff), [{ label: 'Signature', reason: 'is invalid' }]);
  });

  it('the first save cannot name a file: none is its own yet', async () => {
    const other = await newPersonalLoan(s.app);
    const res = await s.app.inject({
      method: 'POST',
      url: API_PATHS.consumerSaveOrUpdate,
      payload: personalLoanBody({
        customFields: { customer_type: 'new', pl_id_proof: documents(await fileOf(other)) },
      }),
    });
    assert.deepEqual(issues(res), [{ label: 'ID proof', reason: 'is invalid' }]);
  });

  it('a copy gets copies of the files, so staff can go on saving it', async () => {
    const a = await newPersonalLoan(s.app);
    const fileId = await fileOf(a);
    const saved = await save(
      a,
      personalLoanBody({
        application_id: a.applicationId,
        customFields: { customer_type: 'new', pl_id_proof: documents(fileId) },
      }),
    );
    assert.equal(saved.statusCode, 200, saved.body);
    const copy = await call(s.app, 'GET', apiPath('copyApplication', { applicationId: a.applicationId }), officer);
    assert.equal(copy.statusCode, 200, copy.body);
    const copied = copy.json().application;
    const copiedId = copied.customFields.pl_id_proof.uploadedDocuments[0].fileId;
    assert.notEqual(copiedId, fileId, 'the copy has its own file');
    const bytes = await call(s.app, 'GET', apiPath('downloadDocument', { fileId: copiedId }), officer);
    assert.equal(bytes.statusCode, 200);
    assert.deepEqual(bytes.rawPayload, Buffer.from(PNG_1PX, 'base64'));
    const again = await encrypted(
      s.app,
      'POST',
      API_PATHS.userSaveOrUpdate,
      officer.headers,
      personalLoanBody({ application_id: copied.application_id, customFields: copied.customFields }),
    );
    assert.equal(again.statusCode, 200, again.body);
  });
});
