// The Create Lead form (and the PMAY form on a lead): what was typed, as flat values keyed by the body's
// paths ('prospect.firstName', 'pmay.family.annualIncome'), into the request body, and every reason it is
// refused, keyed the same way: the contract's schema and PMAY rules, the same checks the server makes.
import { type CreateLeadBody, type Lead, type LeadUpdateBody, type PmayForm, pmayIssues } from '@originate/contract';
import { CreateLeadBodySchema, LeadUpdateBodySchema, PmayFormSchema, schemaIssues } from '@originate/contract/schemas';

export type FormValues = Readonly<Record<string, string>>;
export type FormIssues = Record<string, string>;

const NUMBER_PATHS = new Set([
  'loanAmount',
  'pmay.property.carpetAreaSqm',
  'pmay.property.estimatedCost',
  'pmay.family.annualIncome',
  'pmay.family.members',
]);
const BOOLEAN_PATHS = new Set([
  'pmay.property.womanOwnership',
  'pmay.family.ownsPuccaHouse',
  'pmay.family.earlierHousingBenefit',
]);
/** Left out when empty (optional in the schema). */
const OPTIONAL_PATHS = new Set([
  'prospect.email',
  'prospect.city',
  'loanAmount',
  'followUpAt',
  'note',
  'pmay.currentAddress.line2',
  'pmay.propertyAddress.line2',
]);

/**
 * One typed value in the body's terms: numbers as numbers (text that is no number stays text, so the
 * schema names it), yes/no as booleans.
 */
function typedValue(path: string, raw: string): unknown {
  const text = raw.trim();
  if (NUMBER_PATHS.has(path)) return text !== '' && Number.isFinite(Number(text)) ? Number(text) : text;
  if (BOOLEAN_PATHS.has(path)) return text === 'yes' ? true : text === 'no' ? false : text;
  return text;
}

/** Flat values under `prefix` ('pmay.') as one nested object; empty optional values left out. */
export function nest(values: FormValues, prefix = ''): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [path, raw] of Object.entries(values)) {
    if (!path.startsWith(prefix)) continue;
    if (raw.trim() === '' && OPTIONAL_PATHS.has(path)) continue;
    const keys = path.slice(prefix.length).split('.');
    let node = out;
    for (const key of keys.slice(0, -1)) {
      node[key] = (node[key] as Record<string, unknown> | undefined) ?? {};
      node = node[key] as Record<string, unknown>;
    }
    node[keys[keys.length - 1] ?? path] = typedValue(path, raw);
  }
  return out;
}

/** 'YYYY-MM-DDTHH:mm' of a datetime-local input (the bank's browser time) → ISO. */
export function isoFromLocal(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** The body of POST /v3/lead/create: the PMAY part only for a housing product. */
export function toCreateLeadBody(values: FormValues, pmayProduct: boolean): Record<string, unknown> {
  const { pmay: _pmay, ...rest } = nest(values);
  const followUp = values.followUpAt ? isoFromLocal(values.followUpAt) : null;
  return {
    ...rest,
    ...(values.followUpAt ? { followUpAt: followUp ?? values.followUpAt } : {}),
    ...(pmayProduct && values['pmay.loanPurpose'] ? { pmay: nest(values, 'pmay.') } : {}),
  };
}

/** Every reason the form is refused, keyed by path: the schema's first reason per field, then PMAY's rules. */
export function createLeadIssues(values: FormValues, pmayProduct: boolean, now: Date): FormIssues {
  const body = toCreateLeadBody(values, pmayProduct);
  const issues: FormIssues = {};
  // Typed text where a number belongs: the schema's union (amount or null) would only say 'not one of the allowed shapes'.
  for (const path of NUMBER_PATHS) {
    const raw = values[path]?.trim();
    if (raw && !Number.isFinite(Number(raw))) issues[path] = 'must be a number';
  }
  // The PMAY form is checked on its own (pmayFormIssues), so its fields are named rather than the whole form.
  const { pmay, ...withoutPmay } = body;
  for (const issue of schemaIssues(CreateLeadBodySchema, withoutPmay)) {
    issues[issue.path] ??= readable(issue.reason);
  }
  if (typeof body.followUpAt === 'string' && !issues.followUpAt && Date.parse(body.followUpAt) <= now.getTime()) {
    issues.followUpAt = 'must be in the future';
  }
  if (pmay) for (const [path, reason] of Object.entries(pmayFormIssues(pmay as PmayForm))) issues[path] ??= reason;
  return issues;
}

/** The PMAY form's refusals keyed by 'pmay.<path>': its shape first, then eligibility. */
function pmayFormIssues(form: PmayForm): FormIssues {
  const issues: FormIssues = {};
  const shape = schemaIssues(PmayFormSchema, form);
  for (const issue of shape) issues[`pmay.${issue.path}`] ??= readable(issue.reason);
  if (shape.length === 0) for (const issue of pmayIssues(form)) issues[`pmay.${issue.path}`] ??= issue.reason;
  return issues;
}

/** Schema words a person reads ('must match pattern …' says nothing to them). */
function readable(reason: string): string {
  if (reason === 'missing') return 'is required';
  if (reason.startsWith('must match pattern') || reason === 'is not one of the allowed shapes') return 'is invalid';
  if (/must not have fewer than 1 characters|is required/.test(reason)) return 'is required';
  return reason;
}

/** A body the schema accepts, for the create call (the form checked it first). */
export const asCreateLeadBody = (body: Record<string, unknown>) => body as CreateLeadBody;

/** A lead's values as the edit form holds them (flat, by path; booleans as yes/no). */
export function formValuesOf(lead: Pick<Lead, 'prospect' | 'loanAmount' | 'pmay'>): Record<string, string> {
  const out: Record<string, string> = {};
  const flatten = (value: unknown, path: string) => {
    if (value === null || value === undefined) return;
    if (typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) flatten(inner, path ? `${path}.${key}` : key);
    } else out[path] = typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value);
  };
  flatten({ prospect: lead.prospect, loanAmount: lead.loanAmount, pmay: lead.pmay }, '');
  return out;
}

/** The body of POST /v3/lead/update: the prospect, the amount (null when cleared) and, for a housing product, the PMAY form. */
export function toUpdateLeadBody(leadId: string, values: FormValues, pmayProduct: boolean): Record<string, unknown> {
  const { prospect } = nest(values);
  const amount = values.loanAmount?.trim() ?? '';
  return {
    lead_id: leadId,
    prospect,
    loanAmount: amount === '' ? null : typedValue('loanAmount', amount),
    ...(pmayProduct && values['pmay.loanPurpose'] ? { pmay: nest(values, 'pmay.') } : {}),
  };
}

/** Every reason the edit form is refused, keyed by path (the schema, then PMAY's rules). */
export function updateLeadIssues(leadId: string, values: FormValues, pmayProduct: boolean): FormIssues {
  const body = toUpdateLeadBody(leadId, values, pmayProduct);
  const issues: FormIssues = {};
  const raw = values.loanAmount?.trim();
  if (raw && !Number.isFinite(Number(raw))) issues.loanAmount = 'must be a number';
  const { pmay, ...withoutPmay } = body;
  for (const issue of schemaIssues(LeadUpdateBodySchema, withoutPmay)) issues[issue.path] ??= readable(issue.reason);
  if (pmay) for (const [path, reason] of Object.entries(pmayFormIssues(pmay as PmayForm))) issues[path] ??= reason;
  return issues;
}

/** A body the schema accepts, for the update call (the form checked it first). */
export const asUpdateLeadBody = (body: Record<string, unknown>) => body as LeadUpdateBody;
