// Vendor calls for an application, each audited: the call's row (who, which application, outcome, attempts,
// duration, the request and the answer with personal data masked) and, when it succeeded, its result in one
// transaction. A failed call writes its audit row only and answers 503 with a retryable message naming the
// vendor: nothing half-written.
import { randomUUID } from 'node:crypto';
import {
  type Affordability,
  type ApplicationIntegrationsAnswer,
  type BankStatementAnalysis,
  type BureauReport,
  foirPercent,
  type IdentityCheck,
  type IntegrationKind,
  integrationFailureMessage,
  isValidAadhaar,
  isValidPan,
  maskAadhaar,
  maskPan,
  maskPersonalData,
  normaliseAadhaar,
  normalisePan,
  panHolderType,
  REFUSAL_CODES,
} from '@originate/contract';
import { emiOf } from '@originate/contract/templates';
import type { Queryable } from '../../db';
import { HttpError, invalid } from '../../http/errors';
import type { AppContext } from '../../platform/context';
import type { StoredApplication } from '../applications';
import { storeDocument } from '../documents';
import type { Outcome } from './adapters';
import { type Exchange, VendorCallError } from './client';
import { latestIntegrationResults, type ResultKind } from './results';
import { integrationsOf } from './runtime';

export interface Who {
  userId: string | null;
  applicationId: string | null;
}

interface Audited<T> {
  value: T;
  callId: string;
  at: Date;
}

interface CallRow {
  callId: string;
  kind: IntegrationKind;
  operation: string;
  who: Who;
  status: string;
  exchange: Exchange;
  durationMs: number;
  request: unknown;
  at: Date;
}

const INSERT_CALL = `INSERT INTO integration_calls (call_id, kind, operation, application_id, user_id, status, http_status,
    attempts, duration_ms, request_masked, answer_masked, created_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`;

const callParams = (row: CallRow) => [
  row.callId,
  row.kind,
  row.operation,
  row.who.applicationId,
  row.who.userId,
  row.status,
  row.exchange.httpStatus,
  row.exchange.attempts,
  row.durationMs,
  JSON.stringify(maskPersonalData(row.request)),
  JSON.stringify(maskPersonalData(row.exchange.answer)),
  row.at,
];

/**
 * The audit row, and the result kept with it when there is one, in one statement (atomic as one, and one round
 * trip to the database: fifty answers arriving together queue fifty statements, not fifty transactions).
 */
async function writeCall(db: Queryable, row: CallRow, kept?: { kind: ResultKind; result: unknown }) {
  await inTurn(() => insertCall(db, row, kept));
}

/**
 * The integration routes' database work one at a time (the access check before a call, the audit after it).
 * Vendor calls start and end in bursts (fifty bureau calls started together answer together), and PGlite runs
 * one statement at a time on the event loop: fifty queued reads or writes would make every other user's query
 * wait behind all of them. In turn, another user's query waits behind one of ours at most; the vendor waits
 * themselves stay concurrent.
 */
const turns: (() => void)[] = [];
let turnTaken = false;

export async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (turnTaken) await new Promise<void>((resolve) => turns.push(resolve));
  turnTaken = true;
  try {
    return await work();
  } finally {
    const next = turns.shift();
    if (next) next();
    else turnTaken = false;
  }
}

async function insertCall(db: Queryable, row: CallRow, kept?: { kind: ResultKind; result: unknown }) {
  if (!kept) {
    await db.query(INSERT_CALL, callParams(row));
    return;
  }
  await db.query(
    `WITH call AS (${INSERT_CALL} RETURNING call_id, application_id, created_at)
     INSERT INTO integration_results (call_id, application_id, kind, result, fetched_at)
     SELECT call_id, application_id, $13, $14, created_at FROM call`,
    [...callParams(row), kept.kind, JSON.stringify(kept.result)],
  );
}

/**
 * Runs one vendor call and audits it; keep names the result to keep for the application (with the audit row,
 * atomically). A vendor failure is audited on its own and thrown as a 503 whose message names the vendor and
 * says to try again.
 */
async function audited<T>(
  ctx: AppContext,
  who: Who,
  kind: IntegrationKind,
  operation: string,
  request: unknown,
  run: () => Promise<Outcome<T>>,
  keep?: { kind: ResultKind; result: (value: T) => unknown },
): Promise<Audited<T>> {
  const callId = randomUUID();
  const started = performance.now();
  const durationMs = () => Math.round(performance.now() - started);
  let outcome: Outcome<T>;
  try {
    outcome = await run();
  } catch (error) {
    if (!(error instanceof VendorCallError)) throw error;
    const at = ctx.now();
    const row = { callId, kind, operation, who, status: error.failure, exchange: error.exchange, request, at };
    await writeCall(ctx.db, { ...row, durationMs: durationMs() });
    ctx.log.warn({ kind, operation, failure: error.failure, callId }, 'vendor call failed');
    const { status, code } = REFUSAL_CODES.SERVICE_UNAVAILABLE;
    throw new HttpError(status, { code, message: integrationFailureMessage(kind, error.failure) });
  }
  const at = ctx.now();
  const row = { callId, kind, operation, who, status: 'OK', exchange: outcome.exchange, request, at };
  const kept = keep && who.applicationId ? { kind: keep.kind, result: keep.result(outcome.value) } : undefined;
  await writeCall(ctx.db, { ...row, durationMs: durationMs() }, kept);
  return { value: outcome.value, callId, at };
}

/** Keep the vendor's value itself as the application's result of this kind. */
const keepAs = <T>(kind: ResultKind) => ({ kind, result: (value: T) => value });

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
const amount = (v: unknown) => {
  const n = Number(text(v).replace(/,/g, ''));
  return Number.isFinite(n) && n > 0 ? n : null;
};

/** The loan's figures in the form under any demo product's field keys, each with the key it was read from. */
const LOAN_KEYS = {
  loanAmount: ['loan_amount', 'pl_loan_amount', 'cl_loan_amount'],
  monthlyIncome: ['monthly_income', 'pl_monthly_income', 'cl_monthly_income'],
  annualRatePercent: ['interest_rate'],
  propertyValue: ['property_value'],
} as const;

/** The first of `keys` holding an amount above 0, with its key; null when none does. */
function amountField(f: Record<string, unknown>, keys: readonly string[]) {
  for (const key of keys) {
    const value = amount(f[key]);
    if (value !== null) return { key, value };
  }
  return null;
}

/** The loan's terms and the applicant's income as the form holds them (the credit summary names each key). */
export function loanFormValues(stored: StoredApplication) {
  const f = (stored.application.customFields ?? {}) as Record<string, unknown>;
  const years = amountField(f, ['tenure_years']);
  return {
    loanAmount: amountField(f, LOAN_KEYS.loanAmount),
    monthlyIncome: amountField(f, LOAN_KEYS.monthlyIncome),
    annualRatePercent: amountField(f, LOAN_KEYS.annualRatePercent),
    propertyValue: amountField(f, LOAN_KEYS.propertyValue),
    tenureMonths: years
      ? { key: years.key, value: years.value * 12 }
      : amountField(f, ['pl_tenure_months', 'cl_tenure_months']),
  };
}

/** The applicant's data the vendors need, under any demo product's field keys. */
function applicantOf(stored: StoredApplication) {
  const f = (stored.application.customFields ?? {}) as Record<string, unknown>;
  const first = (...keys: string[]) => keys.map((k) => f[k]).find((v) => text(v) !== '');
  const loan = loanFormValues(stored);
  return {
    name: text(first('full_name', 'pl_full_name', 'cl_full_name')),
    dob: text(first('dob', 'pl_dob', 'cl_dob')),
    mobile: text(first('mobile', 'pl_mobile', 'cl_mobile')),
    pan: text(first('pan', 'pl_pan', 'cl_pan')).toUpperCase(),
    employer: text(first('employer_name', 'business_name')),
    monthlyIncome: loan.monthlyIncome?.value ?? null,
    loanAmount: loan.loanAmount?.value ?? null,
    interestRate: loan.annualRatePercent?.value ?? null,
    tenureMonths: loan.tenureMonths?.value ?? null,
    city: text(first('property_city', 'cl_city')),
  };
}

const who = (ctx: { userId: string | null }, stored: StoredApplication): Who => ({
  userId: ctx.userId,
  applicationId: stored.application.application_id,
});

const asOf = (ctx: AppContext) => ctx.now().toISOString().slice(0, 10);

/** The EMI of the loan asked for, when its amount, rate and tenure are known (contract loan arithmetic). */
export function proposedEmi(
  applicant: Pick<ReturnType<typeof applicantOf>, 'loanAmount' | 'interestRate' | 'tenureMonths'>,
): number | null {
  const { loanAmount, interestRate, tenureMonths } = applicant;
  if (!loanAmount || !interestRate || !tenureMonths || !Number.isInteger(tenureMonths)) return null;
  return Number(emiOf({ amount: loanAmount, annualRatePercent: interestRate, tenureMonths }));
}

/**
 * FOIR of the application: its declared income, the bureau's obligations and the EMI asked for. Without a bureau
 * report (obligations null) there is no FOIR, as in the credit summary: a FOIR counting no obligations misleads.
 */
function affordabilityOf(stored: StoredApplication, monthlyObligations: number | null): Affordability {
  const applicant = applicantOf(stored);
  const emi = proposedEmi(applicant);
  return {
    monthlyIncome: applicant.monthlyIncome,
    monthlyObligations: monthlyObligations ?? 0,
    proposedEmi: emi,
    foirPercent:
      applicant.monthlyIncome && monthlyObligations !== null
        ? foirPercent({ monthlyIncome: applicant.monthlyIncome, monthlyObligations, proposedEmi: emi ?? 0 })
        : null,
  };
}

export async function fetchBureauReport(ctx: AppContext, caller: { userId: string | null }, stored: StoredApplication) {
  const applicant = applicantOf(stored);
  if (!isValidPan(applicant.pan))
    throw invalid('pan', "the applicant's PAN is missing or invalid: a bureau report needs it");
  const subject = {
    pan: applicant.pan,
    name: applicant.name,
    dob: applicant.dob,
    mobile: applicant.mobile,
    asOf: asOf(ctx),
  };
  const done = await audited(
    ctx,
    who(caller, stored),
    'bureau',
    'report',
    subject,
    () => integrationsOf(ctx).bureau.report(subject),
    keepAs('bureau'),
  );
  return {
    callId: done.callId,
    fetchedAt: done.at.toISOString(),
    report: done.value,
    affordability: affordabilityOf(stored, done.value.obligations.monthlyTotal),
  };
}

export async function fetchBankStatement(
  ctx: AppContext,
  caller: { userId: string | null },
  stored: StoredApplication,
) {
  const applicant = applicantOf(stored);
  if (!applicant.monthlyIncome) throw invalid('monthly_income', 'is needed for a bank-statement analysis');
  const id = stored.application.application_id;
  const subject = {
    reference: id,
    name: applicant.name,
    employer: applicant.employer || 'Salary credit',
    declaredMonthlyIncome: applicant.monthlyIncome,
    asOf: asOf(ctx),
  };
  const done = await audited(
    ctx,
    who(caller, stored),
    'bankStatement',
    'analyse',
    subject,
    () => integrationsOf(ctx).bankStatement.analyse(subject),
    keepAs('bankStatement'),
  );
  return { callId: done.callId, fetchedAt: done.at.toISOString(), analysis: done.value };
}

export async function verifyIdentity(
  ctx: AppContext,
  caller: { userId: string | null },
  stored: StoredApplication,
  input: { type: 'PAN' | 'AADHAAR'; number: string; name?: string },
) {
  const integrations = integrationsOf(ctx);
  let check: IdentityCheck;
  let callId: string;
  let at: Date;
  if (input.type === 'PAN') {
    const pan = normalisePan(input.number);
    const base = { type: 'PAN' as const, numberMasked: maskPan(pan), holderType: panHolderType(pan) };
    if (!isValidPan(pan)) {
      // A number that fails its own rules is not sent to the issuer: there is nothing to ask.
      return {
        callId: null,
        fetchedAt: ctx.now().toISOString(),
        check: { ...base, valid: false, verified: false, nameMatch: null, reason: 'PAN format is invalid' },
      };
    }
    const done = await audited(
      ctx,
      who(caller, stored),
      'identity',
      'pan',
      { pan, name: input.name },
      () => integrations.identity.pan(pan, input.name),
      { kind: 'identity', result: (record) => toPanCheck(base, record) },
    );
    check = toPanCheck(base, done.value);
    ({ callId, at } = done);
  } else {
    const aadhaar = normaliseAadhaar(input.number);
    const base = { type: 'AADHAAR' as const, numberMasked: maskAadhaar(aadhaar), holderType: null, nameMatch: null };
    if (!isValidAadhaar(aadhaar)) {
      return {
        callId: null,
        fetchedAt: ctx.now().toISOString(),
        check: { ...base, valid: false, verified: false, reason: 'Aadhaar number fails its check digit (Verhoeff)' },
      };
    }
    const done = await audited(
      ctx,
      who(caller, stored),
      'identity',
      'aadhaar',
      { aadhaar },
      () => integrations.identity.aadhaar(aadhaar),
      { kind: 'identity', result: (record) => toAadhaarCheck(base, record.status) },
    );
    check = toAadhaarCheck(base, done.value.status);
    ({ callId, at } = done);
  }
  return { callId, fetchedAt: at.toISOString(), check };
}

function toPanCheck(
  base: { type: 'PAN'; numberMasked: string; holderType: string | null },
  record: { status: 'VALID' | 'NOT_FOUND'; nameMatch: boolean | null },
): IdentityCheck {
  const verified = record.status === 'VALID';
  return {
    ...base,
    valid: true,
    verified,
    nameMatch: record.nameMatch,
    reason: !verified
      ? 'The issuer has no record of this PAN'
      : record.nameMatch === false
        ? "The name on the PAN differs from the applicant's"
        : null,
  };
}

function toAadhaarCheck(
  base: { type: 'AADHAAR'; numberMasked: string; holderType: null; nameMatch: null },
  status: 'VALID' | 'NOT_FOUND',
): IdentityCheck {
  const verified = status === 'VALID';
  return { ...base, valid: true, verified, reason: verified ? null : 'UIDAI has no record of this Aadhaar number' };
}

export async function createLoan(ctx: AppContext, caller: { userId: string | null }, stored: StoredApplication) {
  const applicant = applicantOf(stored);
  if (!applicant.loanAmount) throw invalid('loan_amount', 'is needed to create the loan');
  if (!applicant.tenureMonths || !Number.isInteger(applicant.tenureMonths))
    throw invalid('tenure', 'is needed to create the loan');
  const request = {
    reference: stored.application.application_id,
    amount: applicant.loanAmount,
    tenureMonths: applicant.tenureMonths,
    productCode: stored.application.product_code,
  };
  const done = await audited(ctx, who(caller, stored), 'loanCreation', 'createLoan', request, () =>
    integrationsOf(ctx).coreBanking.createLoan(request),
  );
  return { callId: done.callId, ...done.value };
}

export async function recordDeviation(
  ctx: AppContext,
  caller: { userId: string | null },
  stored: StoredApplication,
  deviation: { code: string; reason: string },
) {
  const request = { reference: stored.application.application_id, ...deviation };
  const done = await audited(ctx, who(caller, stored), 'loanCreation', 'recordDeviation', request, () =>
    integrationsOf(ctx).coreBanking.recordDeviation(request),
  );
  return { callId: done.callId, ...done.value };
}

export async function createPaymentLink(
  ctx: AppContext,
  caller: { userId: string | null },
  stored: StoredApplication,
  payment: { amount: number; purpose: string },
) {
  const request = { reference: stored.application.application_id, ...payment };
  const done = await audited(ctx, who(caller, stored), 'payment', 'createLink', request, () =>
    integrationsOf(ctx).payment.createLink(request),
  );
  return { callId: done.callId, ...done.value };
}

export async function searchEmployees(ctx: AppContext, caller: { userId: string | null }, query: string) {
  const done = await audited(
    ctx,
    { userId: caller.userId, applicationId: null },
    'employeeSearch',
    'search',
    { query },
    () => integrationsOf(ctx).employees.search(query),
  );
  return { callId: done.callId, employees: done.value };
}

/** The PMAY subsidy form from the PMAY service, kept as a document of the application (Docs). */
export async function pmayForm(ctx: AppContext, caller: { userId: string | null }, stored: StoredApplication) {
  const applicant = applicantOf(stored);
  const id = stored.application.application_id;
  const request = {
    reference: id,
    applicantName: applicant.name,
    loanAmount: applicant.loanAmount ?? 0,
    propertyCity: applicant.city,
  };
  const done = await audited(ctx, who(caller, stored), 'pmay', 'form', request, () =>
    integrationsOf(ctx).pmay.form(request),
  );
  const record = {
    applicationId: id,
    fieldKey: 'pmay_form',
    fileName: done.value.fileName,
    mimeType: 'application/pdf',
    metadata: {},
  };
  const fileId = await storeDocument(
    ctx.db,
    ctx.files,
    record,
    await ctx.files.hold(done.value.pdf),
    caller.userId,
    ctx.now(),
  );
  return { callId: done.callId, fileId, fileName: done.value.fileName };
}

/** The Credit panel's view: the latest result of each kind, the affordability they imply, and the recent calls. */
export async function applicationIntegrations(
  ctx: AppContext,
  stored: StoredApplication,
): Promise<ApplicationIntegrationsAnswer> {
  const id = stored.application.application_id;
  const { bureau, bankStatement, identity } = await latestIntegrationResults(ctx.db, id, [
    'bureau',
    'bankStatement',
    'identity',
  ]);
  const calls = await ctx.db.query<{
    call_id: string;
    kind: string;
    operation: string;
    status: string;
    attempts: number;
    duration_ms: number;
    user_id: string | null;
    created_at: Date;
  }>(
    `SELECT call_id, kind, operation, status, attempts, duration_ms, user_id, created_at FROM integration_calls
      WHERE application_id = $1 ORDER BY created_at DESC, call_id LIMIT 50`,
    [id],
  );
  const meta = (r: { callId: string; fetchedAt: string }) => ({ callId: r.callId, fetchedAt: r.fetchedAt });
  const report = bureau?.result as BureauReport | undefined;
  return {
    application_id: id,
    bureau: bureau && report ? { ...meta(bureau), report } : null,
    bankStatement: bankStatement
      ? { ...meta(bankStatement), analysis: bankStatement.result as BankStatementAnalysis }
      : null,
    identity: identity ? { ...meta(identity), check: identity.result as IdentityCheck } : null,
    affordability: affordabilityOf(stored, report?.obligations.monthlyTotal ?? null),
    calls: calls.map((c) => ({
      callId: c.call_id,
      kind: c.kind,
      operation: c.operation,
      status: c.status,
      attempts: c.attempts,
      durationMs: c.duration_ms,
      userId: c.user_id,
      createdAt: new Date(c.created_at).toISOString(),
    })),
  };
}
