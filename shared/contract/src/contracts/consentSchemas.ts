// Consents (README "Consents and the receipt", mock-server): each product's declaration and consent texts as
// versioned configuration (config Consent/<product code>), what an applicant accepted of them, the pass that
// lets the device that submitted read its confirmation and receipt after the submit ended its session.
import Type, { type Static } from 'typebox';
import { RECEIPT_PASS_HEADER } from './constants';
import { Code, closed, Id, IsoDateTime, Key, Nullable } from './primitives';
import { schemaIssues } from './schemaCheck';

/** A saved value's problem, named as the admin config route reports it. */
interface SchemaProblem {
  label: string;
  reason: string;
}

/** What a consent is about: the declaration, the credit-bureau pull, KYC, communication. */
export const ConsentKindSchema = Type.Union([
  Type.Literal('DECLARATION'),
  Type.Literal('CREDIT_BUREAU'),
  Type.Literal('KYC'),
  Type.Literal('COMMUNICATION'),
]);
export type ConsentKind = Static<typeof ConsentKindSchema>;

const ConsentVersion = Type.Integer({ minimum: 1, maximum: 1_000_000 });

/** One consent text as configured: a new wording is a new version. */
export const ConsentTextSchema = Type.Object(
  {
    consentId: Key,
    kind: ConsentKindSchema,
    title: Type.String({ minLength: 1, maxLength: 200 }),
    /** Paragraphs separated by blank lines. */
    text: Type.String({ minLength: 1, maxLength: 10_000 }),
    version: ConsentVersion,
    /** Whether the application can be submitted without it. */
    mandatory: Type.Boolean(),
  },
  closed,
);
export type ConsentText = Static<typeof ConsentTextSchema>;

/** Config Consent/<product code>: the product's consents and the step of its flow that shows them. */
export const ConsentSetSchema = Type.Object(
  {
    productCode: Code,
    componentId: Key,
    consents: Type.Array(ConsentTextSchema, { minItems: 1, maxItems: 10 }),
  },
  closed,
);
export type ConsentSet = Static<typeof ConsentSetSchema>;

const Sha256Hex = Type.String({ pattern: '^[0-9a-f]{64}$' });

/** GET /v3/consents/:productCode: the set, each text with the sha256 of its wording (hex). */
export const ConsentSetAnswerSchema = Type.Object(
  {
    productCode: Code,
    componentId: Key,
    consents: Type.Array(Type.Object({ ...ConsentTextSchema.properties, hash: Sha256Hex }, closed), { maxItems: 10 }),
  },
  closed,
);
export type ConsentSetAnswer = Static<typeof ConsentSetAnswerSchema>;

/** POST /v3/application/:applicationId/consents: each consent ticked (accepted) or unticked, at the version shown. */
export const AcceptConsentsBodySchema = Type.Object(
  {
    consents: Type.Array(Type.Object({ consentId: Key, version: ConsentVersion, accepted: Type.Boolean() }, closed), {
      minItems: 1,
      maxItems: 10,
    }),
  },
  closed,
);
export type AcceptConsentsBody = Static<typeof AcceptConsentsBodySchema>;

/** What was accepted (or withdrawn) of one consent, when, from what device and address, by whom. */
export const ConsentRecordSchema = Type.Object(
  {
    consentId: Key,
    kind: ConsentKindSchema,
    title: Type.String({ maxLength: 200 }),
    version: ConsentVersion,
    hash: Sha256Hex,
    accepted: Type.Boolean(),
    at: IsoDateTime,
    deviceType: Type.Union([Type.Literal('DESKTOP'), Type.Literal('MOBILE')]),
    userAgent: Type.String({ maxLength: 512 }),
    ip: Type.String({ maxLength: 64 }),
    /** The staff user who recorded it for the applicant, null when the applicant did. */
    recordedBy: Nullable(Id),
  },
  closed,
);
export type ConsentRecord = Static<typeof ConsentRecordSchema>;

/** The application's current state of each consent (its newest record). */
export const ConsentRecordsAnswerSchema = Type.Object(
  { records: Type.Array(ConsentRecordSchema, { maxItems: 10 }) },
  closed,
);
export type ConsentRecordsAnswer = Static<typeof ConsentRecordsAnswerSchema>;

export const ReceiptPassSchema = Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' });

/** POST /v3/application/:applicationId/receipt-pass. */
export const ReceiptPassAnswerSchema = Type.Object({ pass: ReceiptPassSchema, expiresAt: IsoDateTime }, closed);
export type ReceiptPassAnswer = Static<typeof ReceiptPassAnswerSchema>;

/** The receipt's and confirmation's headers: a pass, or the caller's own session. */
export const ReceiptHeadersSchema = Type.Object({ [RECEIPT_PASS_HEADER]: Type.Optional(ReceiptPassSchema) });

/** GET /v3/portal/contact: the bank's name and contact. */
export const BankContactSchema = Type.Object(
  {
    name: Type.String({ maxLength: 200 }),
    phone: Type.String({ maxLength: 64 }),
    email: Type.String({ maxLength: 254 }),
  },
  closed,
);
export type BankContact = Static<typeof BankContactSchema>;

/** GET /v3/application/:applicationId/confirmation: what the applicant sees after submitting. */
export const ConfirmationAnswerSchema = Type.Object(
  {
    applicationId: Id,
    productName: Type.String({ maxLength: 200 }),
    applicantName: Type.String({ maxLength: 200 }),
    submittedAt: IsoDateTime,
    /** What happens next and within how long, from the product's lifecycle. */
    nextStep: Type.Object({ stepName: Type.String({ maxLength: 200 }), text: Type.String({ maxLength: 500 }) }, closed),
    bank: BankContactSchema,
  },
  closed,
);
export type ConfirmationAnswer = Static<typeof ConfirmationAnswerSchema>;

/**
 * A Consent/<product code> config value as the admin config route saves it: the contract's shape, named for
 * its product, each consent id once. (A new wording needs a new version: see checkVersions.)
 */
export function validateConsentSet(name: string, value: unknown): SchemaProblem[] {
  const issues = schemaIssues(ConsentSetSchema, value);
  if (issues.length > 0) return issues.map((i) => ({ label: i.path || 'body', reason: i.reason }));
  const set = value as ConsentSet;
  const problems: SchemaProblem[] = [];
  if (set.productCode !== name) problems.push({ label: 'productCode', reason: `must be ${name}, the config's name` });
  set.consents.forEach((c, i) => {
    if (set.consents.findIndex((d) => d.consentId === c.consentId) !== i) {
      problems.push({ label: `consents[${i}].consentId`, reason: `'${c.consentId}' is used twice` });
    }
  });
  return problems;
}

/**
 * A saved set against the stored one: a consent whose wording changed must carry a higher version (records
 * name a version, and a version must always mean the same words); a version never goes down.
 */
export function checkVersions(stored: ConsentSet | null, next: ConsentSet): SchemaProblem[] {
  if (!stored) return [];
  const problems: SchemaProblem[] = [];
  next.consents.forEach((c, i) => {
    const before = stored.consents.find((s) => s.consentId === c.consentId);
    if (!before) return;
    if (c.version < before.version) {
      problems.push({ label: `consents[${i}].version`, reason: `must not be lower than ${before.version}` });
    } else if (c.version === before.version && (c.text !== before.text || c.title !== before.title)) {
      problems.push({
        label: `consents[${i}].version`,
        reason: `must be higher than ${before.version}: the wording of '${c.consentId}' changed`,
      });
    }
  });
  return problems;
}
