// The leads contract (spec §2 menu Leads, §3 callback request and PMAY payloads, §7
// /v3/lead/getAllProducts and /api/requestforcallback). The spec shows no lead fields, statuses or
// rules: these are ours, written down in mfe-leads/README.md. Values here are shared by the server (what
// it enforces) and mfe-leads (what it offers). The routes' request and answer schemas and their types are in
// leadSchemas.ts: this file imports nothing, so the package root exports its values without TypeBox.

/** A lead's life: NEW → CONTACTED → QUALIFIED → CONVERTED (an application), or LOST with a reason. */
export const LEAD_STATUSES = ['NEW', 'CONTACTED', 'QUALIFIED', 'CONVERTED', 'LOST'] as const;
export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  NEW: 'New',
  CONTACTED: 'Contacted',
  QUALIFIED: 'Qualified',
  CONVERTED: 'Converted',
  LOST: 'Lost',
};

/** Where a lead came from. WEB_CALLBACK leads are made only by the portal's callback request. */
export const LEAD_SOURCES = ['WALK_IN', 'PHONE', 'WEB_CALLBACK', 'REFERRAL'] as const;
export const LEAD_SOURCE_LABELS: Record<LeadSource, string> = {
  WALK_IN: 'Walk-in',
  PHONE: 'Phone',
  WEB_CALLBACK: 'Web callback',
  REFERRAL: 'Referral',
};
/** The sources staff pick when they create a lead. */
export const STAFF_LEAD_SOURCES = ['WALK_IN', 'PHONE', 'REFERRAL'] as const satisfies readonly LeadSource[];

export const LOST_REASONS = [
  'NOT_INTERESTED',
  'NOT_ELIGIBLE',
  'UNREACHABLE',
  'CHOSE_COMPETITOR',
  'DUPLICATE',
  'OTHER',
] as const;
export const LOST_REASON_LABELS: Record<LostReason, string> = {
  NOT_INTERESTED: 'Not interested',
  NOT_ELIGIBLE: 'Not eligible',
  UNREACHABLE: 'Could not be reached',
  CHOSE_COMPETITOR: 'Chose another lender',
  DUPLICATE: 'Duplicate lead',
  OTHER: 'Other',
};

export const CALL_OUTCOMES = ['CONNECTED', 'NO_ANSWER', 'BUSY', 'WRONG_NUMBER', 'CALL_BACK_LATER'] as const;
export const CALL_OUTCOME_LABELS: Record<CallOutcome, string> = {
  CONNECTED: 'Connected',
  NO_ANSWER: 'No answer',
  BUSY: 'Busy',
  WRONG_NUMBER: 'Wrong number',
  CALL_BACK_LATER: 'Asked to call back later',
};

/**
 * Everything staff do to a lead. Status actions move it (leadTransition); the others record work on an
 * open lead (a note may be added to any lead, closed ones too).
 */
export const LEAD_ACTIONS = [
  'contact',
  'qualify',
  'lose',
  'reopen',
  'convert',
  'log_call',
  'add_note',
  'follow_up',
  'update',
  'assign',
] as const;
/** The actions POST /v3/lead/status takes (the others have routes of their own). */
export const LEAD_STATUS_ACTIONS = ['contact', 'qualify', 'lose', 'reopen'] as const satisfies readonly LeadAction[];

/** What a lead's history records. */
export const LEAD_ACTIVITY_TYPES = [
  'CREATED',
  'CALL',
  'NOTE',
  'STATUS',
  'ASSIGNED',
  'FOLLOW_UP',
  'UPDATED',
  'CONVERTED',
] as const;

/** The lists of the Leads menu (spec §2: My Leads, Team Leads). */
export const LEAD_LISTS = ['MY_LEADS', 'TEAM_LEADS'] as const;
/** /backstage/getTableConfig/{id} and saved filters of each list. */
export const LEAD_TABLE_IDS: Record<LeadList, string> = { MY_LEADS: 'MY_LEADS', TEAM_LEADS: 'TEAM_LEADS' };
/** Each list's title: its page heading, its export's first title row and file name. */
export const LEAD_LIST_TITLES: Record<LeadList, string> = { MY_LEADS: 'My Leads', TEAM_LEADS: 'Team Leads' };

/**
 * Housing products (their product summary says `pmay: true`) carry the PMAY (Pradhan Mantri Awas Yojana)
 * form on the lead and into the application.
 */
export const PMAY_LOAN_PURPOSES = [
  'PURCHASE_NEW',
  'PURCHASE_RESALE',
  'CONSTRUCTION',
  'EXTENSION',
  'IMPROVEMENT',
] as const;
export const PMAY_LOAN_PURPOSE_LABELS: Record<PmayLoanPurpose, string> = {
  PURCHASE_NEW: 'Purchase of a new house',
  PURCHASE_RESALE: 'Purchase of a resale house',
  CONSTRUCTION: 'Construction on own plot',
  EXTENSION: 'Extension of an existing house',
  IMPROVEMENT: 'Improvement or repair',
};
export const PMAY_GENDERS = ['FEMALE', 'MALE', 'TRANSGENDER'] as const;
export const PMAY_PROPERTY_TYPES = ['FLAT', 'INDEPENDENT_HOUSE', 'PLOT_WITH_CONSTRUCTION'] as const;
/** PMAY-U income categories, by annual household income (INR), and each one's carpet-area ceiling (m²). */
export const PMAY_CATEGORIES = [
  { category: 'EWS', maxIncome: 300_000, maxCarpetAreaSqm: 30 },
  { category: 'LIG', maxIncome: 600_000, maxCarpetAreaSqm: 60 },
  { category: 'MIG-I', maxIncome: 1_200_000, maxCarpetAreaSqm: 160 },
  { category: 'MIG-II', maxIncome: 1_800_000, maxCarpetAreaSqm: 200 },
] as const;

/** What a lead may pass to its application on conversion (a product's `leadFields` maps each to a field key). */
export const LEAD_PREFILL_SOURCES = [
  'firstName',
  'lastName',
  'fullName',
  'mobile',
  'email',
  'city',
  'loanAmount',
  'pmayLoanPurpose',
  'pmayGender',
  'pmayPropertyPincode',
  'pmayAnnualIncome',
  'pmayApplicable',
] as const;

/** POST /api/requestforcallback limits (public route): per client address and per phone number. */
export const CALLBACK_REQUESTS_PER_ADDRESS_PER_HOUR = 10;
export const CALLBACK_REQUESTS_PER_PHONE_PER_DAY = 3;
/** How far ahead an applicant may ask to be called. */
export const CALLBACK_MAX_DAYS_AHEAD = 30;

export type LeadStatus = (typeof LEAD_STATUSES)[number];
export type LeadSource = (typeof LEAD_SOURCES)[number];
export type LostReason = (typeof LOST_REASONS)[number];
export type CallOutcome = (typeof CALL_OUTCOMES)[number];
export type LeadAction = (typeof LEAD_ACTIONS)[number];
export type LeadActivityType = (typeof LEAD_ACTIVITY_TYPES)[number];
export type LeadList = (typeof LEAD_LISTS)[number];
export type PmayLoanPurpose = (typeof PMAY_LOAN_PURPOSES)[number];
export type PmayCategory = (typeof PMAY_CATEGORIES)[number]['category'];
export type LeadPrefillSource = (typeof LEAD_PREFILL_SOURCES)[number];
