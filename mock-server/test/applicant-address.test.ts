// The applicant's current address (seeded flows' personal details): the server's submit check refuses a
// submission without a required part of it, naming the field; the indicative sanction letter and the receipt
// are addressed to it (read back with pdf.js).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiPath, type FormValues, RECEIPT_PASS_HEADER } from '@originate/contract';
import {
  type Applicant,
  acceptConsents,
  completePersonalLoan,
  encrypted,
  issues,
  newPersonalLoan,
  submitPersonalLoan,
  submitPersonalLoanValues,
  uploadedSignature,
} from './flow-helpers';
import { call, startServer, type TestServer } from './helpers';
import { pdfText } from './pdf-text';

let s: TestServer;

before(async () => {
  s = await startServer();
});
after(() => s.close());

const submit = (a: Applicant, customFields: FormValues) => submitPersonalLoanValues(s.app, a, customFields);

/** The address completePersonalLoan gives, as a letter prints it. */
const PRINTED = 'Flat 12, Sai Krupa, 14th Road, Khar West, Mumbai, Maharashtra, 400052';
/** Text without its spaces: pdf.js gives no space where the layout wrapped a line. */
const squashed = (text: string) => text.replace(/\s+/g, '');

describe('the applicant’s current address', () => {
  it('a submission without a required part of it is refused naming the field; a PIN code must read as one', async () => {
    const a = await newPersonalLoan(s.app);
    await acceptConsents(s.app, a.applicationId, 'PL', a.headers);
    const complete = completePersonalLoan(await uploadedSignature(s.app, a));
    const { pl_city: _city, ...withoutCity } = complete;
    const noCity = await submit(a, withoutCity);
    assert.equal(noCity.statusCode, 400, noCity.body);
    assert.deepEqual(issues(noCity), [{ label: 'City', reason: 'is required' }]);
    const noState = await submit(a, { ...complete, pl_state: null });
    assert.deepEqual(issues(noState), [{ label: 'State', reason: 'is required' }]);
    const badPin = await submit(a, { ...complete, pl_pincode: '040005' });
    assert.deepEqual(issues(badPin), [
      { label: 'PIN code', reason: 'is not a PIN code: 6 digits, not starting with 0, e.g. 411001' },
    ]);
    // The second line is optional: left out, the application is submitted.
    const { pl_address_line2: _line2, ...oneLine } = complete;
    const submitted = await submit(a, oneLine);
    assert.equal(submitted.statusCode, 200, submitted.body);
  });

  it('the indicative sanction letter and the receipt are addressed to it', async () => {
    const a = await newPersonalLoan(s.app);
    const fileId = await uploadedSignature(s.app, a);
    const microflow = `${apiPath('microflowExecute', { microflowId: 'sanction_preview' })}?componentid=PL_SUMMARY&application_id=${a.applicationId}`;
    const preview = await encrypted(s.app, 'POST', microflow, a.headers, {
      customFields: completePersonalLoan(fileId),
    });
    assert.equal(preview.statusCode, 200, preview.body);
    const letter = await call(
      s.app,
      'GET',
      apiPath('downloadDocument', { fileId: preview.json().actions[0].fileId }),
      a.headers,
    );
    const { text: letterText } = await pdfText(letter.rawPayload);
    assert.ok(squashed(letterText).includes(squashed(`Asha Rao${PRINTED}`)), `the letter's addressee: ${letterText}`);

    const pass = (
      await call(s.app, 'POST', apiPath('receiptPass', { applicationId: a.applicationId }), a.headers)
    ).json().pass;
    const submitted = await submitPersonalLoan(s.app, a, fileId);
    assert.equal(submitted.statusCode, 200, submitted.body);
    const receipt = await call(s.app, 'GET', apiPath('receipt', { applicationId: a.applicationId }), {
      [RECEIPT_PASS_HEADER]: pass,
    });
    assert.equal(receipt.statusCode, 200, receipt.body);
    const { text: receiptText } = await pdfText(receipt.rawPayload);
    assert.ok(
      squashed(receiptText).includes(squashed(`Address${PRINTED}`)),
      `the receipt's address row: ${receiptText}`,
    );
  });
});
