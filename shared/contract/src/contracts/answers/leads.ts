// Answers of the leads module (mock-server modules/leads): a lead, its history, a page of a lead list
// with its counts, the callback request's acknowledgement.
import Type from 'typebox';
import { literalUnion } from '../flow';
import { PmayFormSchema, ProspectSchema } from '../leadSchemas';
import {
  CALL_OUTCOMES,
  LEAD_ACTIVITY_TYPES,
  LEAD_SOURCES,
  LEAD_STATUSES,
  LOST_REASONS,
  type PmayCategory,
} from '../leads';
import { Code, closed, Id, IsoDateTime, Nullable } from '../primitives';
import { ApplicationStatusSchema, InitiatorSchema } from './applications';

const Text = Type.String();
const Count = Type.Integer({ minimum: 0 });
const LeadStatusSchema = literalUnion(LEAD_STATUSES);
const LeadSourceSchema = literalUnion(LEAD_SOURCES);
/** PMAY_CATEGORIES' names as a tuple (a mapped array would lose the literal types). */
const PMAY_CATEGORY_NAMES = ['EWS', 'LIG', 'MIG-I', 'MIG-II'] as const satisfies readonly PmayCategory[];
/** The team a lead belongs to: its product's queue team (HIERARCHY), where callbacks land. */
const LeadTeamSchema = Type.Object({ type: Type.Literal('HIERARCHY'), id: Id, name: Text }, closed);

export const LeadSchema = Type.Object(
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
export const LeadRowSchema = Type.Object(
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

export const LeadActivitySchema = Type.Object(
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
