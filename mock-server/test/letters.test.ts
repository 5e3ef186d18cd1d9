// Letters (README "Templates and letters"): generatePDF lays a PDF template out for an application in the
// document worker and files it in Docs; the PDF is read back with pdf.js (its text holds the applicant's name
// and the EMI the contract's loanCost gives for the application's terms); a later template version makes a new
// document version and leaves the earlier letter's bytes as they were; a Hindi translation is used when asked;
// access (another branch's officer, no documents permission) and wrong templates are refused.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { API_PATHS, apiPath, formatCurrency, letterFieldKey } from '@originate/contract';
import { loanCost } from '@originate/contract/templates';
import { officersHomeLoanAndForeign } from './flow-helpers';
import { call, type Login, labels, loginStaff, startServer, type TestServer } from './helpers';
import { pdfText } from './pdf-text';

let s: TestServer;
let officer: Login;
let admin: Login;
let approver: Login;
/** A home loan of the officer's (its form has the rate and the tenure in years). */
let homeLoan: string;
/** An application the officer may not open (another branch's). */
let foreign: string;

const q = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  s.app.ctx.db.query<T>(sql, params);

async function download(fileId: string, version?: number) {
  const url = version
    ? apiPath('documentVersion', { fileId, version: String(version) })
    : apiPath('downloadDocument', { fileId });
  const res = await call(s.app, 'GET', url, officer);
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.headers['content-type'], 'application/pdf');
  return res.rawPayload;
}

const generate = (who: Login, body: Record<string, unknown>) => call(s.app, 'POST', API_PATHS.generatePdf, who, body);

before(async () => {
  s = await startServer();
  ({ officer, admin, approver } = await loginStaff(s.app));
  ({ homeLoan, foreign } = await officersHomeLoanAndForeign(s.app, officer, ['interest_rate']));
});
after(() => s.close());

describe('generatePDF', () => {
  it('files a Key Facts Statement in Docs whose text holds the applicant, the EMI and the schedule', async () => {
    const res = await generate(officer, { applicationId: homeLoan, template_id: 'KEY_FACTS_STATEMENT' });
    assert.equal(res.statusCode, 200, res.body);
    const letter = res.json<{ fileId: string; version: number; fileName: string; pageCount: number }>();
    assert.equal(letter.version, 1);
    assert.equal(letter.fileName, `Key Facts Statement - ${homeLoan}.pdf`);

    const [app] = await q<{ name: string; amount: string; rate: string; years: string }>(
      `SELECT applicant -> 'primary' ->> 'fullName' AS name, loan_amount AS amount,
              doc -> 'customFields' ->> 'interest_rate' AS rate, doc -> 'customFields' ->> 'tenure_years' AS years
         FROM applications WHERE application_id = $1`,
      [homeLoan],
    );
    assert.ok(app);
    const months = Number(app.years) * 12;
    const cost = loanCost({ amount: app.amount, annualRatePercent: app.rate, tenureMonths: months, fees: 11800 });
    const { text, pages } = await pdfText(await download(letter.fileId));
    assert.equal(pages, letter.pageCount);
    assert.ok(pages >= 2, 'the schedule starts on a page of its own');
    assert.match(text, new RegExp(app.name));
    assert.ok(text.includes(formatCurrency(Number(cost.emi))), `the EMI ${cost.emi} is in the letter`);
    assert.ok(text.includes(formatCurrency(Number(cost.totalCost))), 'the total amount payable is in the letter');
    assert.ok(text.includes('Annual Percentage Rate'));
    // The schedule's last instalment (which repays what is left) and the balance it ends at.
    assert.ok(text.includes(formatCurrency(Number(cost.schedule.at(-1)?.emi))));
    assert.ok(text.includes(formatCurrency(0)));

    const docs = (
      await call(s.app, 'GET', apiPath('applicationDocuments', { applicationId: homeLoan }), officer)
    ).json<{
      data: { fileId: string; fieldKey: string; version: number }[];
    }>().data;
    const filed = docs.find((d) => d.fileId === letter.fileId);
    assert.equal(filed?.fieldKey, letterFieldKey('KEY_FACTS_STATEMENT'));
    const [row] = await q<{ ver_num: number; generated_by: string }>(
      'SELECT ver_num, generated_by FROM letters WHERE file_id = $1 AND version = 1',
      [letter.fileId],
    );
    assert.deepEqual(row, { ver_num: 1, generated_by: 'USR-1001' });
  });

  it('a later template version makes a new document version and never changes the earlier letter', async () => {
    const first = (await generate(officer, { applicationId: homeLoan, template_id: 'SANCTION_LETTER' })).json<{
      fileId: string;
      version: number;
    }>();
    const before = await download(first.fileId);
    assert.match((await pdfText(before)).text, /Sanction of your Home Loan/);

    const v1 = (await call(s.app, 'GET', apiPath('mailTemplate', { id: 'SANCTION_LETTER' }), officer)).json<{
      body: string;
      template_name: string;
    }>();
    const saved = await call(s.app, 'POST', API_PATHS.createTemplate, admin, {
      template_id: 'SANCTION_LETTER',
      template_name: v1.template_name,
      template_type: 'PDF',
      subject: null,
      body: v1.body.replace(
        '# Sanction of your {{application.product}}',
        '# Revised sanction: {{application.product}}',
      ),
      translations: {},
      events: [],
      baseVerNum: 1,
    });
    assert.equal(saved.statusCode, 200, saved.body);
    assert.deepEqual(saved.json(), { template_id: 'SANCTION_LETTER', verNum: 2 });

    const second = (await generate(officer, { applicationId: homeLoan, template_id: 'SANCTION_LETTER' })).json<{
      fileId: string;
      version: number;
    }>();
    assert.equal(second.fileId, first.fileId);
    assert.equal(second.version, first.version + 1);
    assert.match((await pdfText(await download(second.fileId))).text, /Revised sanction: Home Loan/);
    // The earlier letter, byte for byte, still reads as it was generated.
    const kept = await download(first.fileId, first.version);
    assert.ok(kept.equals(before));
    assert.deepEqual(
      await q('SELECT version, ver_num FROM letters WHERE file_id = $1 ORDER BY version', [first.fileId]),
      [
        { version: first.version, ver_num: 1 },
        { version: second.version, ver_num: 2 },
      ],
    );
    // Asked for version 1, the template's earlier text is used again.
    const again = (
      await generate(officer, { applicationId: homeLoan, template_id: 'SANCTION_LETTER', verNum: 1 })
    ).json<{ fileId: string; version: number }>();
    assert.match((await pdfText(await download(again.fileId))).text, /Sanction of your Home Loan/);
  });

  it('uses the translation in the language asked for, and the applicant’s language where it has one', async () => {
    const res = await generate(officer, { applicationId: homeLoan, template_id: 'WELCOME_LETTER', language: 'hi' });
    assert.equal(res.statusCode, 200, res.body);
    const { fileId } = res.json<{ fileId: string }>();
    const { text } = await pdfText(await download(fileId));
    assert.ok(/[\u0900-\u097F]/.test(text), 'the letter is set in Devanagari');
    assert.ok(!text.includes('Thank you for choosing'));
    const [row] = await q<{ language: string | null }>('SELECT language FROM letters WHERE file_id = $1', [fileId]);
    assert.equal(row?.language, 'hi');

    // An applicant who speaks Hindi first gets it without asking; English first keeps the template's own text.
    const setLanguages = (languages: string[]) =>
      q(
        `UPDATE applications SET doc = jsonb_set(doc, '{customFields,languages}', $2::jsonb) WHERE application_id = $1`,
        [homeLoan, JSON.stringify(languages)],
      );
    await setLanguages(['hi', 'en']);
    await generate(officer, { applicationId: homeLoan, template_id: 'WELCOME_LETTER' });
    await setLanguages(['en', 'hi']);
    await generate(officer, { applicationId: homeLoan, template_id: 'WELCOME_LETTER' });
    assert.deepEqual(
      (
        await q<{ language: string | null }>('SELECT language FROM letters WHERE file_id = $1 ORDER BY version', [
          fileId,
        ])
      ).map((r) => r.language),
      ['hi', 'hi', null],
    );
  });

  it('refuses another branch’s application, staff without the documents permission, and non-PDF templates', async () => {
    assert.equal((await generate(officer, { applicationId: foreign, template_id: 'SANCTION_LETTER' })).statusCode, 403);
    assert.equal(
      (await generate(approver, { applicationId: homeLoan, template_id: 'SANCTION_LETTER' })).statusCode,
      403,
    );
    assert.deepEqual(labels(await generate(officer, { applicationId: homeLoan, template_id: 'SANCTIONED' })), [
      'template_id',
    ]);
    assert.equal((await generate(officer, { applicationId: homeLoan, template_id: 'NO_SUCH' })).statusCode, 404);
    assert.equal(
      (await generate(officer, { applicationId: homeLoan, template_id: 'SANCTION_LETTER', verNum: 99 })).statusCode,
      404,
    );
    assert.deepEqual(labels(await generate(officer, { applicationId: homeLoan, template_id: 'X', extra: 1 })), [
      'extra',
    ]);
    assert.equal(
      (await call(s.app, 'POST', API_PATHS.generatePdf, undefined, { applicationId: homeLoan, template_id: 'X' }))
        .statusCode,
      401,
    );
  });
});

describe('previewTemplate of a PDF', () => {
  it('answers the letter’s bytes without storing anything', async () => {
    const before = await q<{ n: number }>('SELECT count(*)::int AS n FROM documents WHERE application_id = $1', [
      homeLoan,
    ]);
    const res = await call(s.app, 'POST', API_PATHS.previewTemplate, admin, {
      applicationId: homeLoan,
      template_type: 'PDF',
      subject: null,
      body: '# Preview for {{applicant.name}}\n\n| EMI | {{loan.emi}} |',
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['content-type'], 'application/pdf');
    assert.match((await pdfText(res.rawPayload)).text, /Preview for /);
    assert.deepEqual(await q('SELECT count(*)::int AS n FROM documents WHERE application_id = $1', [homeLoan]), before);
  });
});
