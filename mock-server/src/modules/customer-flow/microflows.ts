// Microflows (spec §7 POST /v3/microflow/execute/{id}): server logic a field runs on blur or from a button.
// Seeded: pincode_lookup (LOOKUP city and state), pan_verify (VERIFY_FIELDS: the PAN checked by its rules and
// verified with the issuer through the identity integration), bureau_obligations (APPLICATION_UPDATE of the
// monthly EMIs on the applicant's credit report, fetched from the bureau integration), sanction_preview (PREVIEW_FILE
// of the indicative sanction letter: the bank's template INDICATIVE_SANCTION_LETTER laid out like its other letters)
// and sanction_letter (DOWNLOAD_FILE of it). A loan's EMI is no microflow: the loan calculator field works it out as
// the terms are chosen.
import type { FieldConfig, FormValues, MicroflowAction } from '@originate/contract';
import { invalid } from '../../http/errors';
import type { AppContext } from '../../platform/context';
import type { StoredApplication } from '../applications';
import { storeDocument } from '../documents';
import { fetchBureauReport, verifyIdentity } from '../integrations';
import { indicativeSanctionLetter } from '../templates';
import { summaryOf } from './flow-applications';

export interface Run {
  ctx: AppContext;
  stored: StoredApplication;
  /** The field of the calling component that names this microflow. */
  field: FieldConfig;
  values: FormValues;
  /** The staff member who ran it; null for the applicant (the integrations' audit records who called). */
  userId: string | null;
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/**
 * The application with the form's current values over its saved ones (a step's values are saved when it is left),
 * and the loan amount and applicant the back office lists by read from them as a save would.
 */
function withValues(stored: StoredApplication, values: FormValues): StoredApplication {
  const app = stored.application;
  const customFields = { ...app.customFields, ...values };
  const { loanAmount, applicant } = summaryOf(customFields);
  return {
    ...stored,
    application: {
      ...app,
      customFields: { ...customFields, loanAmount },
      applicant: { ...app.applicant, primary: { ...app.applicant?.primary, ...applicant.primary } },
    },
  };
}

async function sanctionLetter({ ctx, stored, values }: Run, fieldKey: string) {
  const app = stored.application;
  const letter = await indicativeSanctionLetter(ctx.db, ctx.documentWork, withValues(stored, values), ctx.now());
  if (!letter) {
    throw invalid('Indicative sanction letter', 'needs the loan amount and tenure: fill in the loan details first');
  }
  const { bytes, fileName } = letter;
  const record = { applicationId: app.application_id, fieldKey, fileName, mimeType: 'application/pdf', metadata: {} };
  // The same letter asked for again is the same bytes: one blob, another document naming it.
  const fileId = await storeDocument(ctx.db, ctx.files, record, await ctx.files.hold(bytes), null, ctx.now());
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
  async pan_verify({ ctx, stored, field, values, userId }) {
    const name = text(values.full_name ?? values.pl_full_name ?? values.cl_full_name);
    const number = text(values[field.key]);
    // What the identity route's body allows; anything else is no PAN, refused without asking the issuer.
    if (!/^[A-Za-z0-9]{1,20}$/.test(number)) return [{ type: 'VERIFY_FIELDS', keys: [field.key], isVerified: false }];
    const { check } = await verifyIdentity(ctx, { userId }, stored, {
      type: 'PAN',
      number,
      ...(/^[A-Za-z .'-]{1,120}$/.test(name) ? { name } : {}),
    });
    return [{ type: 'VERIFY_FIELDS', keys: [field.key], isVerified: check.valid && check.verified }];
  },
  async bureau_obligations({ ctx, stored, field, values, userId }) {
    const { report } = await fetchBureauReport(ctx, { userId }, withValues(stored, values));
    const items = report.obligations.items;
    const details = items.length
      ? items.map((item) => `${item.lender}, ${item.type}: INR ${item.emi.toLocaleString('en-IN')} a month`).join('; ')
      : 'No running loans on your credit report';
    return [
      {
        type: 'APPLICATION_UPDATE',
        values: { [field.key]: report.obligations.monthlyTotal, bureau_obligation_details: details },
      },
    ];
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
