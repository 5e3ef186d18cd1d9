// The submitted application's confirmation (what the portal's end page shows) and its receipt: the same facts
// as a PDF under the bank's letterhead, laid out by the document worker's letter layout (contract
// PDF_BLOCK_SYNTAX), so the receipt looks like the bank's other letters. Times are the bank's clock, labelled with
// its zone by the contract's formatter (IST by default; config Admin/Configurations bankTimeZone).
import { type BankContact, type ConfirmationAnswer, type ConsentRecord, formatBankDateTime } from '@originate/contract';
import type { Queryable } from '../../db';
import { conflict, notFound } from '../../http/errors';
import type { DocumentWork } from '../../platform/document-work';
import { readConfig } from '../configs';
import { lifecycleOf } from '../lifecycle';
import { applicationData, LETTERS_CONFIG, type LettersConfig, letterColors } from '../templates';
import { nextStepText } from './rules';
import { currentRecords } from './store';

/** A table cell's text: the layout splits rows at '|'. */
const cell = (text: string) => text.replaceAll('|', '/').replace(/\s+/g, ' ').trim() || '-';

/** The bank's name and contact as config Templates/Letters names them ('' each until configured). */
export async function bankContact(db: Queryable): Promise<BankContact> {
  const bank = (await readConfig<LettersConfig>(db, LETTERS_CONFIG.type, LETTERS_CONFIG.name))?.bank;
  return { name: bank?.name ?? '', phone: bank?.phone ?? '', email: bank?.email ?? '' };
}

/** The confirmation of a submitted application (404 unknown, 409 not submitted yet). */
export async function confirmationOf(db: Queryable, applicationId: string, now: Date) {
  const [row] = await db.query<{ submitted_at: string | null; product_code: string; lifecycle: unknown }>(
    `SELECT doc->>'submitted_at' AS submitted_at, product_code, doc->'lifecycle' AS lifecycle
       FROM applications WHERE application_id = $1`,
    [applicationId],
  );
  if (!row) throw notFound('Application not found');
  if (!row.submitted_at) throw conflict(`Application ${applicationId} has not been submitted yet`);
  const found = await applicationData(db, applicationId, 'PDF', now);
  if (!found) throw notFound('Application not found');
  const lifecycle = await lifecycleOf(db, row.product_code, row.lifecycle as { verNum?: number } | null);
  // The template data's shape for every application (letter-data.ts applicationData).
  const data = found.data as {
    applicant: { name: string; address: string };
    application: { product: string };
    loan: { amount: string; tenureYears?: string };
    bank: { name: string; address: string; phone: string; email: string };
  };
  const answer: ConfirmationAnswer = {
    applicationId,
    productName: data.application.product,
    applicantName: data.applicant.name,
    submittedAt: new Date(row.submitted_at).toISOString(),
    // The lifecycle's first step is the capture the applicant just finished.
    nextStep: nextStepText(lifecycle?.steps[1]),
    bank: { name: data.bank.name, phone: data.bank.phone, email: data.bank.email },
  };
  const records = await currentRecords(db, applicationId);
  return {
    answer,
    address: data.applicant.address,
    loan: data.loan,
    bank: data.bank,
    records,
    timeZone: found.timeZone,
  };
}

/** The receipt's text in the letter layout's blocks. */
function receiptText(
  confirmation: ConfirmationAnswer,
  address: string,
  loan: { amount: string; tenureYears?: string },
  records: readonly ConsentRecord[],
  timeZone: string,
): string {
  const accepted = records.filter((r) => r.accepted);
  return [
    '# Application receipt',
    `Thank you${confirmation.applicantName ? `, ${confirmation.applicantName}` : ''}. ${confirmation.bank.name} has received your application. Keep this receipt: quote the application number whenever you contact us.`,
    '| Application | Details |',
    `| Application number | ${cell(confirmation.applicationId)} |`,
    `| Applicant | ${cell(confirmation.applicantName)} |`,
    ...(address ? [`| Address | ${cell(address)} |`] : []),
    `| Product | ${cell(confirmation.productName)} |`,
    `| Loan amount | ${cell(loan.amount)} |`,
    `| Tenure | ${cell(loan.tenureYears ?? 'As given in your application')} |`,
    `| Submitted on | ${formatBankDateTime(confirmation.submittedAt, timeZone)} |`,
    '',
    '## Consents you accepted',
    ...(accepted.length === 0
      ? ['No consents were recorded with this application.']
      : [
          '| Consent | Version | Accepted on |',
          ...accepted.map((r) => `| ${cell(r.title)} | ${r.version} | ${formatBankDateTime(r.at, timeZone)} |`),
        ]),
    '',
    '## What happens next',
    confirmation.nextStep.text,
    'Track your application: open the application portal, choose “My applications” and sign in with the e-mail address you gave.',
    '',
    '## Contact us',
    `${confirmation.bank.phone} · ${confirmation.bank.email}`,
  ].join('\n');
}

/** The receipt PDF of a submitted application. */
export async function receiptPdf(db: Queryable, work: DocumentWork, applicationId: string, now: Date) {
  const { answer, address, loan, bank, records, timeZone } = await confirmationOf(db, applicationId, now);
  const laidOut = await work.letter({
    text: receiptText(answer, address, loan, records, timeZone),
    title: `Application receipt ${applicationId}`,
    colors: await letterColors(db),
    bank,
    reference: `Application ${applicationId}`,
    date: new Date(answer.submittedAt),
  });
  return laidOut.bytes;
}
