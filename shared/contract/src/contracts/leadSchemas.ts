// The leads module's wire shapes (mock-server modules/leads; leads.ts says what the values mean): the
// request schemas (closed objects: a field nobody declared is a 400 naming it), the answers (a lead, its
// history, a page of a lead list with its counts, the callback request's acknowledgement), then every type,
// each the Static of its schema.
import Type, { type Static } from 'typebox';
import { ApplicationStatusSchema, InitiatorSchema } from './answers/applications';
import { ListFilterSchema, ListSortSchema } from './backOfficeSchemas';
import { literalUnion } from './flow';
import {
  CALL_OUTCOMES,
  LEAD_ACTIVITY_TYPES,
  LEAD_LISTS,
  LEAD_SOURCES,
  LEAD_STATUS_ACTIONS,
  LEAD_STATUSES,
  LOST_REASONS,
  PMAY_GENDERS,
  PMAY_LOAN_PURPOSES,
  PMAY_PROPERTY_TYPES,
  type PmayCategory,
  STAFF_LEAD_SOURCES,
} from './leads';
import { Code, Comment, closed, Email, Id, IsoDateTime, Nullable } from './primitives';

/**
 * Letters of a name: Latin (with accents) and Devanagari with its marks. Spelt as ranges: a schema
 * pattern is compiled without the 'u' flag, so a Unicode property class would not work.
 */
const NAME_LETTERS = 'A-Za-z\\u00C0-\\u024F\\u0900-\\u097F';
const NAME_PATTERN = `^[${NAME_LETTERS}][${NAME_LETTERS} .'-]*$`;
/** PMAY_CATEGORIES' names as a tuple (a mapped array would lose the literal types). */
const PMAY_CATEGORY_NAMES = ['EWS', 'LIG', 'MIG-I', 'MIG-II'] as const satisfies readonly PmayCategory[];

// Requests
/** A person's name as staff or an applicant type it. */
const PersonName = Type.String({ minLength: 1, maxLength: 60, pattern: NAME_PATTERN });
/**
 * A last name, empty for someone with a single name (common in India; a web callback's one-word name
 * arrives so).
 */
const LastName = Type.String({ maxLength: 60, pattern: `^([${NAME_LETTERS}][${NAME_LETTERS} .'-]*)?$` });
/** An Indian mobile number: ten digits starting 6–9. */
const Mobile = Type.String({ minLength: 10, maxLength: 10, pattern: '^[6-9][0-9]{9}$' });
const City = Type.String({ minLength: 1, maxLength: 80 });
/** A loan amount asked for, in INR: whole rupees, at most 10 integer digits (spec §5 amount rule). */
const LoanAmount = Type.Integer({ minimum: 1, maximum: 9_999_999_999 });
const Pincode = Type.String({ minLength: 6, maxLength: 6, pattern: '^[1-9][0-9]{5}$' });

/** The prospect: who the lead is about. */
const ProspectSchema = Type.Object(
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

/** POST /v3/lead/followup: when to contact the prospect next (null clears it). */
export const LeadFollowUpBodySchema = Type.Object({ ...LeadRef, followUpAt: Nullable(IsoDateTime) }, closed);

/** POST /v3/lead/assign: give the lead to a member of its team (a team lead, or oneself from the queue). */
export const LeadAssignBodySchema = Type.Object({ ...LeadRef, assignee: Id }, closed);

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

/** POST /v3/lead/convert: a QUALIFIED lead becomes an application of its product. */
export const LeadConvertBodySchema = Type.Object(LeadRef, closed);

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

// Answers
const Text = Type.String();
const Count = Type.Integer({ minimum: 0 });
const LeadStatusSchema = literalUnion(LEAD_STATUSES);
const LeadSourceSchema = literalUnion(LEAD_SOURCES);
/** The team a lead belongs to: its product's queue team (HIERARCHY), where callbacks land. */
const LeadTeamSchema = Type.Object({ type: Type.Literal('HIERARCHY'), id: Id, name: Text }, closed);

const LeadSchema = Type.Object(
  {
    lead_id: Id,
    product_code: Code,
    product_name: Text,
    prospect: ProspectSchema,
    source: LeadSourceSchema,
    loanAmount: Nullable(Type.Number()),
    status: LeadStatusSchema,
    lostReason: Nullable(literalUnion(LOST_REASONS)),
    ownerId: Nullable(Id),
    ownerName: Nullable(Text),
    team: LeadTeamSchema,
    followUpAt: Nullable(IsoDateTime),
    /** The application a conversion made (both detail views link to the other). */
    application_id: Nullable(Id),
    pmay: Nullable(PmayFormSchema),
    /** The PMAY income category of the form's household income, null without a form or above MIG-II. */
    pmayCategory: Nullable(literalUnion(PMAY_CATEGORY_NAMES)),
    /** Staff who recorded it; null for a web callback. */
    createdBy: Nullable(InitiatorSchema),
    cre_time: IsoDateTime,
    mod_time: IsoDateTime,
  },
  closed,
);

/** A row of My Leads and Team Leads (the fields their table configurations name). */
const LeadRowSchema = Type.Object(
  {
    lead_id: Id,
    prospectName: Text,
    mobile: Text,
    city: Nullable(Text),
    product_code: Code,
    product_name: Text,
    source: LeadSourceSchema,
    status: LeadStatusSchema,
    loanAmount: Nullable(Type.Number()),
    ownerId: Nullable(Id),
    ownerName: Nullable(Text),
    teamId: Id,
    teamName: Text,
    followUpAt: Nullable(IsoDateTime),
    application_id: Nullable(Id),
    cre_time: IsoDateTime,
    mod_time: IsoDateTime,
  },
  closed,
);

const StatusCountSchema = Type.Object({ status: LeadStatusSchema, count: Count }, closed);
const SourceCountSchema = Type.Object({ source: LeadSourceSchema, count: Count }, closed);
const ProductCountSchema = Type.Object({ product_code: Code, product_name: Text, count: Count }, closed);

/** POST /v3/lead/leads: one page and the counts of the whole filtered list (before the status chip). */
export const LeadsPageSchema = Type.Object(
  {
    leads: Type.Array(LeadRowSchema),
    count: Count,
    statusWise: Type.Array(StatusCountSchema),
    sourceWise: Type.Array(SourceCountSchema),
    productWise: Type.Array(ProductCountSchema),
    /** Open leads whose follow-up is due today or overdue. */
    dueTodayCount: Count,
  },
  closed,
);
export const LeadsPageAnswerSchema = Type.Object({ data: LeadsPageSchema }, closed);

const LeadActivitySchema = Type.Object(
  {
    activityId: Id,
    type: literalUnion(LEAD_ACTIVITY_TYPES),
    comment: Nullable(Text),
    callOutcome: Nullable(literalUnion(CALL_OUTCOMES)),
    fromStatus: Nullable(LeadStatusSchema),
    toStatus: Nullable(LeadStatusSchema),
    /** ASSIGNED: the new owner. */
    assignee: Nullable(InitiatorSchema),
    /** FOLLOW_UP: the new follow-up time (null: cleared). */
    followUpAt: Nullable(IsoDateTime),
    /** Staff who did it; null for the applicant's web callback. */
    by: Nullable(InitiatorSchema),
    at: IsoDateTime,
  },
  closed,
);

/** The application a lead converted into, as the lead's detail shows it. */
const LinkedApplicationSchema = Type.Object(
  { application_id: Id, _applicationStatus: ApplicationStatusSchema, stage: Text },
  closed,
);

/** GET /v3/lead/:leadId and every lead write: the lead, its history (newest first), its application. */
export const LeadDetailAnswerSchema = Type.Object(
  {
    lead: LeadSchema,
    activities: Type.Array(LeadActivitySchema),
    application: Nullable(LinkedApplicationSchema),
  },
  closed,
);

/** POST /api/requestforcallback */
export const CallbackRequestAnswerSchema = Type.Object({ reference: Id, message: Text }, closed);

export type Prospect = Static<typeof ProspectSchema>;
export type PmayForm = Static<typeof PmayFormSchema>;
export type LeadListBody = Static<typeof LeadListBodySchema>;
export type CreateLeadBody = Static<typeof CreateLeadBodySchema>;
export type LeadStatusBody = Static<typeof LeadStatusBodySchema>;
export type LeadActivityBody = Static<typeof LeadActivityBodySchema>;
export type LeadFollowUpBody = Static<typeof LeadFollowUpBodySchema>;
export type LeadAssignBody = Static<typeof LeadAssignBodySchema>;
export type LeadUpdateBody = Static<typeof LeadUpdateBodySchema>;
export type LeadConvertBody = Static<typeof LeadConvertBodySchema>;
export type CallbackRequestBody = Static<typeof CallbackRequestBodySchema>;
export type Lead = Static<typeof LeadSchema>;
export type LeadRow = Static<typeof LeadRowSchema>;
export type LeadsPage = Static<typeof LeadsPageSchema>;
export type LeadActivity = Static<typeof LeadActivitySchema>;
export type LeadDetailAnswer = Static<typeof LeadDetailAnswerSchema>;
export type CallbackRequestAnswer = Static<typeof CallbackRequestAnswerSchema>;
