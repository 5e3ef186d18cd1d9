// Microflows (spec §7 POST /v3/microflow/execute/{id}): server logic a field runs on blur or from a button.
// Seeded: pincode_lookup (LOOKUP city and state), pan_verify (VERIFY_FIELDS on the PAN's format),
// emi_calculator (APPLICATION_UPDATE of the EMI), sanction_preview (PREVIEW_FILE of a generated PDF) and
// sanction_letter (DOWNLOAD_FILE of it).
import type { FieldConfig, FormValues, MicroflowAction } from '@originate/contract';
import { invalid } from '../../http/errors';
import type { AppContext } from '../../platform/context';
import type { StoredApplication } from '../applications';
import { storeDocument, textPdf } from '../documents';

export interface Run {
  ctx: AppContext;
  stored: StoredApplication;
  /** The field of the calling component that names this microflow. */
  field: FieldConfig;
  values: FormValues;
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
const amountOf = (v: unknown) => Number(text(v).replace(/,/g, ''));

async function sanctionLetter({ ctx, stored, values }: Run, fieldKey: string) {
  const app = stored.application;
  const amount = amountOf(values.loan_amount ?? values.pl_loan_amount ?? app.customFields?.loan_amount);
  const name = text(values.full_name ?? values.pl_full_name) || 'Applicant';
  const pdf = textPdf(`${app.product_name} - indicative sanction letter`, [
    `Application: ${app.application_id}`,
    `Applicant: ${name}`,
    `Loan amount: INR ${Number.isFinite(amount) ? amount.toLocaleString('en-IN') : '-'}`,
    `Issued: ${ctx.now().toISOString().slice(0, 10)}`,
    'Indicative only: subject to verification of documents and credit assessment.',
  ]);
  const fileName = `sanction-letter-${app.application_id}.pdf`;
  const record = { applicationId: app.application_id, fieldKey, fileName, mimeType: 'application/pdf', metadata: {} };
  // The same letter asked for again is the same bytes: one blob, another document naming it.
  const fileId = await storeDocument(ctx.db, ctx.files, record, await ctx.files.hold(pdf), null, ctx.now());
  return { fileId, fileName };
}

const MICROFLOWS: Record<string, (run: Run) => Promise<MicroflowAction[]>> = {
  async pincode_lookup({ ctx, field, values }) {
    const pincode = text(values[field.key]);
    const rows = /^[1-9][0-9]{5}$/.test(pincode)
      ? await ctx.db.query<{ city: string; state: string }>('SELECT city, state FROM pincodes WHERE pincode = $1', [
          pincode,
        ])
      : [];
    const found = rows[0];
    if (!found) throw invalid(field.label, 'is invalid');
    return [{ type: 'LOOKUP', values: { property_city: found.city, property_state: found.state } }];
  },
  async pan_verify({ field, values }) {
    return [
      { type: 'VERIFY_FIELDS', keys: [field.key], isVerified: /^[A-Z]{5}[0-9]{4}[A-Z]$/.test(text(values[field.key])) },
    ];
  },
  async emi_calculator({ field, values }) {
    const principal = amountOf(values.loan_amount);
    const yearly = amountOf(values.interest_rate);
    const months = amountOf(values.tenure_years) * 12;
    if (!(principal > 0)) throw invalid('Loan amount', 'is invalid');
    if (!(yearly > 0 && yearly < 100)) throw invalid('Expected interest rate (%)', 'is invalid');
    if (!(months > 0)) throw invalid('Tenure (years)', 'is invalid');
    const r = yearly / 1200;
    const emi = Math.round((principal * r * (1 + r) ** months) / ((1 + r) ** months - 1));
    return [{ type: 'APPLICATION_UPDATE', values: { [field.key]: emi } }];
  },
  async sanction_preview(run) {
    return [{ type: 'PREVIEW_FILE', ...(await sanctionLetter(run, 'sanction_preview')) }];
  },
  async sanction_letter(run) {
    return [{ type: 'DOWNLOAD_FILE', ...(await sanctionLetter(run, 'sanction_letter')) }];
  },
};

/** Runs a microflow by id; null when there is none of that name. */
export function microflow(id: string): ((run: Run) => Promise<MicroflowAction[]>) | null {
  return Object.hasOwn(MICROFLOWS, id) ? (MICROFLOWS[id] ?? null) : null;
}
