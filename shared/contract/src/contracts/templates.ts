// Templates and letters (spec §3 template entries: template_id, template_name, template_type, verNum).
// What the words mean; the wire shapes are templateSchemas.ts (requests) and answers/templates.ts. The rules
// that render and check a template are rules/templates.ts, the loan's figures rules/loanCost.ts (the
// '@originate/contract/templates' entry: they carry mustache and decimal.js, which the login page never needs).

/** Spec §3: what a template is for. PDF: a letter stored in Docs; EMAIL and SMS: a message; HTML: a page. */
export const TEMPLATE_TYPES = ['PDF', 'SMS', 'HTML', 'EMAIL'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];

/** The lifecycle events that send every current EMAIL or SMS template naming them to the applicant. */
export const LIFECYCLE_EVENTS = ['SUBMITTED', 'QUERY_RAISED', 'SANCTIONED', 'REJECTED'] as const;
export type LifecycleEvent = (typeof LIFECYCLE_EVENTS)[number];

/** Languages a template may carry a translation in (ISO 639-1), besides its own text (English). */
export const TEMPLATE_LANGUAGES = ['hi', 'mr', 'ta', 'te', 'kn', 'bn', 'gu'] as const;
export type TemplateLanguage = (typeof TEMPLATE_LANGUAGES)[number];

/** Bounds of a template's parts. */
export const TEMPLATE_LIMITS = {
  nameLength: 120,
  subjectLength: 200,
  /** A 10-page letter with a schedule table is about 20 KB of template text. */
  bodyLength: 100_000,
  attachments: 10,
} as const;

/** One placeholder as the editor's palette offers it: `{{name}}` and what it holds. */
export interface PlaceholderEntry {
  name: string;
  description: string;
}

/**
 * The placeholders every template may use (besides `{{fields.<key>}}`, a field of the product's flow). Amounts
 * are written in Indian grouping (₹12,34,567.00), dates DD/MM/YYYY.
 */
export const PLACEHOLDERS: readonly PlaceholderEntry[] = [
  { name: 'applicant.name', description: "The applicant's full name" },
  { name: 'applicant.firstName', description: "The applicant's first name" },
  { name: 'applicant.email', description: "The applicant's e-mail address" },
  { name: 'applicant.mobile', description: "The applicant's mobile number (+91…)" },
  { name: 'applicant.address', description: "The applicant's address, where the product's form asks it" },
  { name: 'application.id', description: 'The application number' },
  { name: 'application.product', description: 'The product (Home Loan, Personal Loan…)' },
  { name: 'application.productCode', description: 'The product code (HL, PL…)' },
  { name: 'application.status', description: 'ACTIVE, COMPLETED, REJECTED…' },
  { name: 'application.stage', description: 'The lifecycle step it is at' },
  { name: 'application.createdOn', description: 'The date it was started' },
  { name: 'loan.amount', description: 'Loan amount' },
  { name: 'loan.rate', description: 'Rate of interest, % a year' },
  { name: 'loan.tenureMonths', description: 'Tenure in months' },
  { name: 'loan.tenureYears', description: 'Tenure in years and months (20 years, 5 years 6 months)' },
  { name: 'loan.emi', description: 'Equated monthly instalment' },
  { name: 'loan.totalInterest', description: 'Total interest over the tenure' },
  { name: 'loan.fees', description: 'Processing fees and charges' },
  { name: 'loan.totalCost', description: 'Total amount payable: amount, interest and fees' },
  { name: 'loan.apr', description: 'Annual percentage rate (interest and fees as a yearly rate)' },
  { name: 'loan.instalments', description: 'Number of instalments' },
  { name: 'bank.name', description: "The bank's name" },
  { name: 'bank.address', description: "The bank's registered office" },
  { name: 'bank.phone', description: "The bank's customer care number" },
  { name: 'bank.email', description: "The bank's customer care e-mail" },
  { name: 'today', description: "Today's date" },
  { name: 'validUntil', description: 'The last day an offer made today stands (config Templates/Letters)' },
];

/** Lists a template may repeat a block for: `{{#loan.schedule}}…{{/loan.schedule}}`, each row's keys inside. */
export const PLACEHOLDER_LISTS: Readonly<Record<string, readonly PlaceholderEntry[]>> = {
  'loan.schedule': [
    { name: 'month', description: 'Instalment number' },
    { name: 'emi', description: 'Instalment' },
    { name: 'interest', description: 'Interest part' },
    { name: 'principal', description: 'Principal part' },
    { name: 'balance', description: 'Principal outstanding after it' },
  ],
};

/** `{{fields.<key>}}`: a field of the application's flow (its value as the applicant gave it). */
export const FIELD_PLACEHOLDER_PREFIX = 'fields.';

/**
 * How a PDF template's text is read into a letter, line by line (after rendering):
 * `# ` a heading, `## ` a subheading, `| a | b |` a table row (the first row of a table is its header; a
 * row of only dashes `|---|---|` is skipped), `---` alone a page break, a blank line ends a paragraph, and
 * every other line is paragraph text (lines of one paragraph are joined by a line break).
 */
export const PDF_BLOCK_SYNTAX = {
  heading: '# ',
  subheading: '## ',
  tableRow: '|',
  pageBreak: '---',
} as const;

/** SMS encodings as gateways count them (3GPP TS 23.038): GSM 7-bit, else UCS-2. */
export const SMS_LIMITS = {
  'GSM-7': { single: 160, perPart: 153 },
  'UCS-2': { single: 70, perPart: 67 },
} as const;
export const SMS_ENCODINGS = ['GSM-7', 'UCS-2'] as const;
export type SmsEncoding = (typeof SMS_ENCODINGS)[number];

/** The document a generated letter is filed under in Docs (its field key), by template id. */
export const letterFieldKey = (templateId: string) => `letter_${templateId}`;
