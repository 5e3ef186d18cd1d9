// Request schemas of the leads routes (mock-server modules/leads; contract leads.ts says what the values
// mean). Closed objects: a field nobody declared is a 400 naming it.
import Type, { type Static } from 'typebox';
import { ListFilterSchema, ListSortSchema } from './backOfficeSchemas';
import { literalUnion } from './flow';
import {
  CALL_OUTCOMES,
  LEAD_LISTS,
  LEAD_STATUS_ACTIONS,
  LOST_REASONS,
  PMAY_GENDERS,
  PMAY_LOAN_PURPOSES,
  PMAY_PROPERTY_TYPES,
  STAFF_LEAD_SOURCES,
} from './leads';
import { Code, Comment, closed, Email, Id, IsoDateTime, Nullable } from './primitives';

/**
 * Letters of a name: Latin (with accents) and Devanagari with its marks. Spelt as ranges: a schema
 * pattern is compiled without the 'u' flag, so a Unicode property class would not work.
 */
const NAME_LETTERS = 'A-Za-z\\u00C0-\\u024F\\u0900-\\u097F';
const NAME_PATTERN = `^[${NAME_LETTERS}][${NAME_LETTERS} .'-]*$`;
/** A person's name as staff or an applicant type it. */
const PersonName = Type.String({ minLength: 1, maxLength: 60, pattern: NAME_PATTERN });
/**
 * A last name, empty for someone with a single name (common in India; a web callback's one-word name
 * arrives so).
 */
const LastName = Type.String({ maxLength: 60, pattern: `^([${NAME_LETTERS}][${NAME_LETTERS} .'-]*)?$` });
/** An Indian mobile number: ten digits starting 6–9. */
export const Mobile = Type.String({ minLength: 10, maxLength: 10, pattern: '^[6-9][0-9]{9}$' });
const City = Type.String({ minLength: 1, maxLength: 80 });
/** A loan amount asked for, in INR: whole rupees, at most 10 integer digits (spec §5 amount rule). */
const LoanAmount = Type.Integer({ minimum: 1, maximum: 9_999_999_999 });
const Pincode = Type.String({ minLength: 6, maxLength: 6, pattern: '^[1-9][0-9]{5}$' });

/** The prospect: who the lead is about. */
export const ProspectSchema = Type.Object(
  {
    firstName: PersonName,
    lastName: LastName,
    mobile: Mobile,
    email: Type.Optional(Nullable(Email)),
    city: Type.Optional(Nullable(City)),
  },
  closed,
);

const AddressSchema = Type.Object(
  {
    line1: Type.String({ minLength: 1, maxLength: 120 }),
    line2: Type.Optional(Nullable(Type.String({ maxLength: 120 }))),
    city: City,
    state: Type.String({ minLength: 2, maxLength: 60 }),
    pincode: Pincode,
  },
  closed,
);

/** Spec §3 'PMAY form payload (loan purpose, gender, addresses, property and family details)': ours. */
export const PmayFormSchema = Type.Object(
  {
    loanPurpose: literalUnion(PMAY_LOAN_PURPOSES),
    gender: literalUnion(PMAY_GENDERS),
    currentAddress: AddressSchema,
    propertyAddress: AddressSchema,
    property: Type.Object(
      {
        type: literalUnion(PMAY_PROPERTY_TYPES),
        carpetAreaSqm: Type.Number({ exclusiveMinimum: 0, maximum: 10_000 }),
        estimatedCost: LoanAmount,
        /** A woman of the family owns or co-owns the house (PMAY: required for EWS and LIG). */
        womanOwnership: Type.Boolean(),
      },
      closed,
    ),
    family: Type.Object(
      {
        annualIncome: Type.Integer({ minimum: 0, maximum: 9_999_999_999 }),
        members: Type.Integer({ minimum: 1, maximum: 30 }),
        /** A pucca (permanent) house owned anywhere in India by any member: not eligible. */
        ownsPuccaHouse: Type.Boolean(),
        /** Any member had central housing assistance before: not eligible. */
        earlierHousingBenefit: Type.Boolean(),
      },
      closed,
    ),
  },
  closed,
);

/** POST /v3/lead/leads: one page of My Leads or Team Leads with the counts of the whole filtered list. */
export const LeadListBodySchema = Type.Object(
  {
    list: literalUnion(LEAD_LISTS),
    filters: Type.Optional(Type.Array(ListFilterSchema, { maxItems: 20 })),
    /** Lead id prefix, prospect name prefix or mobile number prefix. */
    search: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    /** Only open leads whose follow-up falls on today's bank day (or earlier and still open). */
    dueToday: Type.Optional(Type.Boolean()),
    sort: Type.Optional(ListSortSchema),
    page: Type.Object(
      { page: Type.Integer({ minimum: 0, maximum: 10_000 }), size: Type.Integer({ minimum: 1, maximum: 100 }) },
      closed,
    ),
  },
  closed,
);

/** POST /v3/lead/create: staff record a walk-in, a phone enquiry or a referral. */
export const CreateLeadBodySchema = Type.Object(
  {
    product_code: Code,
    prospect: ProspectSchema,
    source: literalUnion(STAFF_LEAD_SOURCES),
    loanAmount: Type.Optional(Nullable(LoanAmount)),
    followUpAt: Type.Optional(Nullable(IsoDateTime)),
    note: Type.Optional(Comment),
    /** Housing products only. */
    pmay: Type.Optional(Nullable(PmayFormSchema)),
  },
  closed,
);

const LeadRef = { lead_id: Id };

/** POST /v3/lead/status: a status action (leadTransition). `lostReason` is required by 'lose' and only there. */
export const LeadStatusBodySchema = Type.Object(
  {
    ...LeadRef,
    action: literalUnion(LEAD_STATUS_ACTIONS),
    lostReason: Type.Optional(literalUnion(LOST_REASONS)),
    comment: Type.Optional(Comment),
  },
  closed,
);
export type LeadStatusBody = Static<typeof LeadStatusBodySchema>;

/** POST /v3/lead/activity: a call (with its outcome) or a note on the lead's history. */
export const LeadActivityBodySchema = Type.Object(
  {
    ...LeadRef,
    type: Type.Union([Type.Literal('CALL'), Type.Literal('NOTE')]),
    callOutcome: Type.Optional(literalUnion(CALL_OUTCOMES)),
    comment: Type.Optional(Comment),
  },
  closed,
);
export type LeadActivityBody = Static<typeof LeadActivityBodySchema>;

/** POST /v3/lead/followup: when to contact the prospect next (null clears it). */
export const LeadFollowUpBodySchema = Type.Object({ ...LeadRef, followUpAt: Nullable(IsoDateTime) }, closed);
export type LeadFollowUpBody = Static<typeof LeadFollowUpBodySchema>;

/** POST /v3/lead/assign: give the lead to a member of its team (a team lead, or oneself from the queue). */
export const LeadAssignBodySchema = Type.Object({ ...LeadRef, assignee: Id }, closed);
export type LeadAssignBody = Static<typeof LeadAssignBodySchema>;

/** POST /v3/lead/update: the prospect's details, the amount asked for, the PMAY form (each optional). */
export const LeadUpdateBodySchema = Type.Object(
  {
    ...LeadRef,
    prospect: Type.Optional(ProspectSchema),
    loanAmount: Type.Optional(Nullable(LoanAmount)),
    pmay: Type.Optional(Nullable(PmayFormSchema)),
  },
  closed,
);
export type LeadUpdateBody = Static<typeof LeadUpdateBodySchema>;

/** POST /v3/lead/convert: a QUALIFIED lead becomes an application of its product. */
export const LeadConvertBodySchema = Type.Object(LeadRef, closed);
export type LeadConvertBody = Static<typeof LeadConvertBodySchema>;

/** GET /v3/lead/:leadId (the path's parameter is named as API_PATHS.lead names it). */
export const LeadParamsSchema = Type.Object({ leadId: Id }, closed);

/** POST /api/requestforcallback (public): spec §3 'callback request payload' (fields ours). */
export const CallbackRequestBodySchema = Type.Object(
  {
    product_code: Code,
    name: Type.String({ minLength: 2, maxLength: 100, pattern: NAME_PATTERN }),
    mobile: Mobile,
    email: Type.Optional(Email),
    /** When the applicant would like the call: within CALLBACK_MAX_DAYS_AHEAD days. */
    preferredTime: IsoDateTime,
    /** The applicant agrees to be called about this product. */
    consent: Type.Literal(true),
    /** The ALTCHA payload, required where the product has a captcha. */
    captchaResponse: Type.Optional(Type.String({ minLength: 1, maxLength: 4000 })),
  },
  closed,
);
