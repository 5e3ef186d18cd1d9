// What a template is rendered against for one application (README "Templates and letters", placeholder
// catalogue): the applicant (applications.applicant.primary), the application, the loan's terms and cost, the
// product flow's fields (doc.customFields), the bank (config Templates/Letters), today and the day an offer made
// today lapses. Where the loan's rate and tenure live differs by product (HL's interest_rate and tenure_years, PL's
// pl_tenure_months, …): the config names each product's fields, its processing fee and the fields of the
// applicant's address; the rate where the form asks none is the product's own (ProductLimits.ratePercent, as
// Settings › Products edits it and the portal's EMI estimate shows it).
import { type ApplicationStatus, formatBankDate, formatCurrency, type TemplateType } from '@originate/contract';
import { type LoanCost, loanCost, processingFee, type TemplateData, tenureText } from '@originate/contract/templates';
import type { Queryable } from '../../db';
import { findApplication, type StoredApplication } from '../applications';
import { bankTimeZoneOf, findProduct, readConfig } from '../configs';

/** Config Templates/Letters: the bank as letters name it and each product's loan terms. */
export interface LettersConfig {
  bank: { name: string; address: string; phone: string; email: string };
  gstPercent: number;
  /** How many days an indicative offer stands from its letter's date ({{validUntil}}); 30 when not set. */
  offerValidDays?: number;
  products: Record<string, ProductTerms>;
}

interface ProductTerms {
  /** The form field holding the rate (% a year), if the form asks it; else the product's rate prices the loan. */
  rateField?: string;
  /** The form field holding the tenure, and whether it counts months or years. */
  tenureField: string;
  tenureIn: 'months' | 'years';
  processingFeePercent: number;
  /** The fee's cap before GST, if any. */
  processingFeeMax?: number | null;
  /** The form fields of the applicant's address, in the order a letter prints them ({{applicant.address}}). */
  addressFields?: string[];
}

const OFFER_VALID_DAYS = 30;
const DAY_MS = 86_400_000;

export const LETTERS_CONFIG = { type: 'Templates', name: 'Letters' } as const;

/** Who an application's messages go to, as the application records them. */
export interface Recipient {
  email: string | null;
  /** E.164 (+91…), or null when the application has no Indian mobile number. */
  mobile: string | null;
  /** The languages the applicant gave, in their order (the flow's `languages` field). */
  languages: string[];
}

export interface ApplicationData {
  stored: StoredApplication;
  recipient: Recipient;
  data: TemplateData;
  /** The loan's terms price a loan: its EMI, rate and tenure are in the data. */
  priced: boolean;
  /** The bank's time zone its dates are written in. */
  timeZone: string;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : typeof value === 'number' ? String(value) : null;

/** An Indian mobile number in E.164 (+919876543210), from the ways forms write it; null otherwise. */
function indianMobile(raw: unknown): string | null {
  const digits = text(raw)?.replace(/[\s()-]/g, '') ?? '';
  const match = /^(?:\+?91|0)?([6-9]\d{9})$/.exec(digits);
  return match ? `+91${match[1]}` : null;
}

/** +919876543210 → '+91 98765 43210' (how Indian letters print it). */
const printedMobile = (e164: string) => `+91 ${e164.slice(3, 8)} ${e164.slice(8)}`;

/** A flow field's value as a template shows it: text and numbers as they are, a list joined, anything else left out. */
function fieldValue(value: unknown): string | number | null {
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number'))
    return value.join(', ');
  return null;
}

const numberOf = (value: unknown): number | null => {
  const parsed = typeof value === 'number' ? value : Number(text(value)?.replace(/,/g, '') ?? Number.NaN);
  return Number.isFinite(parsed) ? parsed : null;
};

/** The loan's cost from the application's terms, or null when its amount, rate or tenure is missing or out of range. */
function costOf(
  amount: number,
  fields: Record<string, unknown>,
  terms: ProductTerms | undefined,
  productRate: number | undefined,
  gst: number,
) {
  if (!terms) return null;
  const rate = (terms.rateField ? numberOf(fields[terms.rateField]) : null) ?? productRate;
  if (rate === undefined) return null;
  const tenure = numberOf(fields[terms.tenureField]);
  if (tenure === null) return null;
  const tenureMonths = Math.round(terms.tenureIn === 'years' ? tenure * 12 : tenure);
  try {
    const fees = processingFee({
      amount,
      percent: terms.processingFeePercent,
      max: terms.processingFeeMax ?? null,
      gstPercent: gst,
    });
    return { rate, tenureMonths, cost: loanCost({ amount, annualRatePercent: rate, tenureMonths, fees }) };
  } catch {
    // Terms no loan has (a zero amount, a tenure past 50 years): the letter shows the amount alone.
    return null;
  }
}

/**
 * Amounts in Indian grouping; an SMS spells the rupee 'Rs.' as Indian banks' SMS do, which keeps the text in the
 * GSM alphabet (₹ would make every part UCS-2: 70 characters instead of 160).
 */
const moneyFor = (type: TemplateType) => (amount: string | number) => {
  const formatted = formatCurrency(Number(amount));
  return type === 'SMS' ? formatted.replace('₹', 'Rs.') : formatted;
};

function loanData(amount: number, priced: ReturnType<typeof costOf>, money: (a: string | number) => string) {
  const base = { amount: money(amount) };
  if (!priced) return base;
  const { cost, rate, tenureMonths }: { cost: LoanCost; rate: number; tenureMonths: number } = priced;
  return {
    ...base,
    rate: `${rate.toFixed(2)}% p.a.`,
    tenureMonths,
    tenureYears: tenureText(tenureMonths),
    emi: money(cost.emi),
    totalInterest: money(cost.totalInterest),
    fees: money(cost.fees),
    totalCost: money(cost.totalCost),
    apr: `${cost.apr}%`,
    instalments: cost.schedule.length,
    schedule: cost.schedule.map((row) => ({
      month: row.month,
      emi: money(row.emi),
      interest: money(row.interest),
      principal: money(row.principal),
      balance: money(row.balance),
    })),
  };
}

const STATUS_WORDS: Record<ApplicationStatus, string> = {
  ACTIVE: 'In progress',
  CANCELLED: 'Cancelled',
  REJECTED: 'Rejected',
  DELETED: 'Deleted',
  COMPLETED: 'Completed',
  INACTIVE: 'Inactive',
};

/**
 * The application (null when there is none) with its recipient and the data its templates render against, for
 * a template of `type` (an SMS writes amounts as Rs.). The caller has checked who may see it.
 */
export async function applicationData(
  db: Queryable,
  applicationId: string,
  type: TemplateType,
  now: Date,
): Promise<ApplicationData | null> {
  const stored = await findApplication(db, applicationId);
  return stored ? storedApplicationData(db, stored, type, now) : null;
}

/** The data of an application as given: stored, or with a form's values not saved yet (the portal's letter). */
export async function storedApplicationData(
  db: Queryable,
  stored: StoredApplication,
  type: TemplateType,
  now: Date,
): Promise<ApplicationData> {
  const config = await readConfig<LettersConfig>(db, LETTERS_CONFIG.type, LETTERS_CONFIG.name);
  const product = await findProduct(db, stored.application.product_code);
  const timeZone = await bankTimeZoneOf(db);
  const app = stored.application;
  const primary = (app.applicant?.primary ?? {}) as Record<string, unknown>;
  const customFields = (app.customFields ?? {}) as Record<string, unknown>;
  const name =
    text(primary.fullName) ?? ([text(primary.firstName), text(primary.lastName)].filter(Boolean).join(' ') || '');
  const mobile = indianMobile(primary.mobile);
  const email = text(primary.email);
  const amount = numberOf(customFields.loanAmount) ?? 0;
  const fields = Object.fromEntries(
    Object.entries(customFields)
      .map(([key, value]) => [key, fieldValue(value)] as const)
      .filter((entry): entry is readonly [string, string | number] => entry[1] !== null),
  );
  const terms = config?.products[app.product_code];
  const priced = costOf(amount, customFields, terms, product?.limits?.ratePercent, config?.gstPercent ?? 18);
  const address = (terms?.addressFields ?? []).map((key) => text(customFields[key])).filter(Boolean);
  const languages = Array.isArray(customFields.languages)
    ? customFields.languages.filter((l): l is string => typeof l === 'string')
    : [];
  return {
    stored,
    recipient: { email, mobile, languages },
    data: {
      applicant: {
        name,
        firstName: text(primary.firstName) ?? name.split(' ')[0] ?? '',
        email: email ?? '',
        mobile: mobile ? printedMobile(mobile) : '',
        address: address.join(', '),
      },
      application: {
        id: app.application_id,
        product: app.product_name,
        productCode: app.product_code,
        status: STATUS_WORDS[app._applicationStatus ?? 'ACTIVE'] ?? '',
        stage: app.appLifeCycle.stage ?? '',
        createdOn: app.cre_time ? formatBankDate(app.cre_time, timeZone) : '',
      },
      loan: loanData(amount, priced, moneyFor(type)),
      fields,
      bank: config?.bank ?? { name: '', address: '', phone: '', email: '' },
      today: formatBankDate(now, timeZone),
      validUntil: formatBankDate(now.getTime() + (config?.offerValidDays ?? OFFER_VALID_DAYS) * DAY_MS, timeZone),
    },
    priced: priced !== null,
    timeZone,
  };
}
