// Pure lead rules, one copy so the server enforces exactly what mfe-leads offers: status transitions, who may
// see and change a lead, PMAY eligibility and the values a lead passes to its application. mfe-leads/README.md
// words them for people.
import { Permissions } from '../contracts/constants';
import type { Team } from '../contracts/entities';
import type { PmayForm, Prospect } from '../contracts/leadSchemas';
import {
  type CallOutcome,
  type LeadAction,
  type LeadPrefillSource,
  type LeadStatus,
  PMAY_CATEGORIES,
  type PmayCategory,
} from '../contracts/leads';
import { bankTimeZone } from '../format';
import { bankDayOf } from './reports';
import { inTaskTeam } from './teams';

const DAY_MS = 86_400_000;

const OPEN: readonly LeadStatus[] = ['NEW', 'CONTACTED', 'QUALIFIED'];
const ANY: readonly LeadStatus[] = ['NEW', 'CONTACTED', 'QUALIFIED', 'CONVERTED', 'LOST'];

/** From which statuses each action applies, and the status it leads to (null: the status stays). */
export const LEAD_TRANSITIONS: Readonly<Record<LeadAction, { from: readonly LeadStatus[]; to: LeadStatus | null }>> = {
  contact: { from: ['NEW'], to: 'CONTACTED' },
  qualify: { from: ['NEW', 'CONTACTED'], to: 'QUALIFIED' },
  lose: { from: OPEN, to: 'LOST' },
  reopen: { from: ['LOST'], to: 'CONTACTED' },
  convert: { from: ['QUALIFIED'], to: 'CONVERTED' },
  log_call: { from: OPEN, to: null },
  add_note: { from: ANY, to: null },
  follow_up: { from: OPEN, to: null },
  update: { from: OPEN, to: null },
  assign: { from: OPEN, to: null },
};

const isOpenLead = (status: LeadStatus) => OPEN.includes(status);

export type LeadTransition = { ok: true; to: LeadStatus } | { ok: false; reason: string };

/**
 * What an action does to a lead of this status: the status after it, or why it does not apply (409).
 * A connected call to a NEW lead makes it CONTACTED: the prospect has been reached.
 */
export function leadTransition(status: LeadStatus, action: LeadAction, callOutcome?: CallOutcome): LeadTransition {
  const rule = LEAD_TRANSITIONS[action];
  if (!rule.from.includes(status)) {
    return { ok: false, reason: `${action} does not apply to a ${status} lead (only ${rule.from.join(', ')})` };
  }
  if (action === 'log_call' && status === 'NEW' && callOutcome === 'CONNECTED') return { ok: true, to: 'CONTACTED' };
  return { ok: true, to: rule.to ?? status };
}

/** The actions that apply to a lead of this status (what the browser offers). */
export function leadActionsFor(status: LeadStatus): LeadAction[] {
  return (Object.keys(LEAD_TRANSITIONS) as LeadAction[]).filter((a) => LEAD_TRANSITIONS[a].from.includes(status));
}

/** Roles that work leads: officers (CPA), branch and team leads (BCM), operations admins (ADMIN). */
export const LEAD_ROLES = ['CPA', 'BCM', 'ADMIN'] as const;

export interface LeadCaller {
  userid: string;
  roles: readonly string[];
  teams: readonly Team[];
}
export interface LeadAccessFacts {
  ownerId: string | null;
  team: Team;
}

const has = (caller: Pick<LeadCaller, 'roles'>, role: string) => caller.roles.includes(role);

/** May this user work leads at all (the Leads menu, creating one)? */
export const worksLeads = (caller: Pick<LeadCaller, 'roles'>) => LEAD_ROLES.some((r) => has(caller, r));

/** Every lead of the bank: an ALL_APPLICATIONS_ASSIGN holder (the operations admin). */
export const leadsEverywhere = (caller: Pick<LeadCaller, 'roles'>) =>
  worksLeads(caller) && has(caller, Permissions.ALL_APPLICATIONS_ASSIGN);

/** A team lead of the lead's team: TEAM_APPLICATIONS_ASSIGN in that team (spec §6: team leads use the team permissions). */
export const leadsTeamLead = (caller: LeadCaller, team: Team) =>
  has(caller, Permissions.TEAM_APPLICATIONS_ASSIGN) && inTaskTeam(caller.teams, [team]);

/** Who may see a lead: its owner, a member of its team, or an admin (null when allowed, else the reason for the 403). */
export function leadViewRefusal(caller: LeadCaller, lead: LeadAccessFacts): string | null {
  if (!worksLeads(caller)) return `working leads needs one of the roles ${LEAD_ROLES.join(', ')}`;
  if (leadsEverywhere(caller) || lead.ownerId === caller.userid || inTaskTeam(caller.teams, [lead.team])) return null;
  return `the lead belongs to ${lead.team.name ?? lead.team.id}, which is not one of your teams`;
}

/**
 * Who may change a lead (status, calls, follow-ups, details, conversion): its owner, a team lead of its
 * team, or an admin. Team members see an unassigned lead but take it first (leadAssignRefusal, self).
 * A note is the exception: anyone who may see the lead may add one.
 */
export function leadChangeRefusal(caller: LeadCaller, lead: LeadAccessFacts, action: LeadAction): string | null {
  const view = leadViewRefusal(caller, lead);
  if (view) return view;
  if (action === 'add_note' || action === 'assign') return null;
  if (leadsEverywhere(caller) || lead.ownerId === caller.userid || leadsTeamLead(caller, lead.team)) return null;
  return lead.ownerId
    ? 'only the lead’s owner, a team lead of its team or an admin may change it'
    : 'the lead is unassigned: take it or have your team lead assign it first';
}

export interface LeadAssignee {
  userid: string;
  roles: readonly string[];
  teams: readonly Team[];
}

/**
 * Who may give a lead to whom: an admin to anyone who works leads; a team lead to a member of the lead's
 * team; a member of the team (TEAM_APPLICATIONS_ASSIGN_SELF, or any lead worker for an unassigned lead
 * in their team) to themselves. Null when allowed, else the reason for the 403.
 */
export function leadAssignRefusal(caller: LeadCaller, lead: LeadAccessFacts, target: LeadAssignee): string | null {
  const view = leadViewRefusal(caller, lead);
  if (view) return view;
  if (!worksLeads(target)) return `${target.userid} does not work leads`;
  if (target.userid === lead.ownerId) return `the lead is already ${target.userid}'s`;
  const targetInTeam = inTaskTeam(target.teams, [lead.team]);
  if (leadsEverywhere(caller)) return null;
  if (leadsTeamLead(caller, lead.team)) {
    return targetInTeam ? null : `${target.userid} is not in ${lead.team.name ?? lead.team.id}`;
  }
  if (target.userid === caller.userid && lead.ownerId === null && targetInTeam) return null;
  return lead.ownerId === null
    ? 'you may take an unassigned lead of your team for yourself only'
    : 'only a team lead of the lead’s team or an admin may reassign it';
}

/** The PMAY-U income category of an annual household income, or null above MIG-II. */
export function pmayCategory(annualIncome: number): PmayCategory | null {
  return PMAY_CATEGORIES.find((c) => annualIncome <= c.maxIncome)?.category ?? null;
}

export interface PmayIssue {
  /** The form's field, as the schema's paths name it ('family.annualIncome'). */
  path: string;
  reason: string;
}

const lakh = (n: number) => `₹${new Intl.NumberFormat('en-IN').format(n)}`;

/**
 * PMAY eligibility beyond the form's shape (which the schema checks): every reason the household or the
 * house does not qualify, each naming its field. An empty list means eligible.
 */
export function pmayIssues(form: PmayForm): PmayIssue[] {
  const issues: PmayIssue[] = [];
  const category = pmayCategory(form.family.annualIncome);
  const top = PMAY_CATEGORIES[3];
  if (!category) {
    issues.push({
      path: 'family.annualIncome',
      reason: `is above ${lakh(top.maxIncome)}, the highest PMAY income (MIG-II)`,
    });
  } else {
    const limit = PMAY_CATEGORIES.find((c) => c.category === category)?.maxCarpetAreaSqm ?? top.maxCarpetAreaSqm;
    if (form.property.carpetAreaSqm > limit) {
      issues.push({ path: 'property.carpetAreaSqm', reason: `is above ${limit} m², the ${category} limit` });
    }
    const needsWoman = (category === 'EWS' || category === 'LIG') && form.loanPurpose !== 'IMPROVEMENT';
    if (needsWoman && !form.property.womanOwnership) {
      issues.push({
        path: 'property.womanOwnership',
        reason: `must be yes: an ${category} house needs a woman of the family as owner or co-owner`,
      });
    }
  }
  if (form.family.ownsPuccaHouse) {
    issues.push({ path: 'family.ownsPuccaHouse', reason: 'must be no: a family owning a pucca house is not eligible' });
  }
  if (form.family.earlierHousingBenefit) {
    issues.push({
      path: 'family.earlierHousingBenefit',
      reason: 'must be no: a family that had central housing assistance is not eligible',
    });
  }
  if (form.property.estimatedCost < 1) issues.push({ path: 'property.estimatedCost', reason: 'is invalid' });
  return issues;
}

export interface LeadPrefillFacts {
  prospect: Prospect;
  loanAmount: number | null;
  pmay: PmayForm | null;
}

/**
 * The values a converted lead fills in its application: each source the product maps (`leadFields`:
 * source → the flow's field key) that the lead knows. Amounts travel as strings, as the flow's amount
 * fields hold them; a PMAY toggle as a boolean.
 */
export function leadPrefill(
  lead: LeadPrefillFacts,
  fields: Readonly<Partial<Record<LeadPrefillSource, string>>>,
): Record<string, string | boolean> {
  const { prospect, pmay } = lead;
  const known: Record<LeadPrefillSource, string | boolean | null | undefined> = {
    firstName: prospect.firstName,
    lastName: prospect.lastName,
    fullName: `${prospect.firstName} ${prospect.lastName}`.trim(),
    mobile: prospect.mobile,
    email: prospect.email,
    city: prospect.city,
    loanAmount: lead.loanAmount === null ? null : String(lead.loanAmount),
    pmayLoanPurpose: pmay?.loanPurpose,
    pmayGender: pmay?.gender,
    pmayPropertyPincode: pmay?.propertyAddress.pincode,
    pmayAnnualIncome: pmay ? String(pmay.family.annualIncome) : null,
    pmayApplicable: pmay ? pmayIssues(pmay).length === 0 : null,
  };
  const out: Record<string, string | boolean> = {};
  for (const [source, key] of Object.entries(fields) as [LeadPrefillSource, string | undefined][]) {
    const value = known[source];
    if (key && value !== null && value !== undefined && value !== '') out[key] = value;
  }
  return out;
}

/** An open lead's follow-up falls today or earlier (the bank's day, in its zone): the lists highlight it. */
export function isFollowUpDue(
  lead: { status: LeadStatus; followUpAt: string | null },
  now: Date | number,
  timeZone: string = bankTimeZone(),
): boolean {
  if (!lead.followUpAt || !isOpenLead(lead.status)) return false;
  const at = Date.parse(lead.followUpAt);
  return Number.isFinite(at) && bankDayOf(at, timeZone) <= bankDayOf(now, timeZone);
}

/** Why a callback time is refused (null when fine): in the future, within `maxDaysAhead` days. */
export function callbackTimeProblem(preferredTime: string, now: Date, maxDaysAhead: number): string | null {
  const at = Date.parse(preferredTime);
  if (!Number.isFinite(at)) return 'is not a date and time';
  if (at <= now.getTime()) return 'must be in the future';
  if (at > now.getTime() + maxDaysAhead * DAY_MS) return `must be within ${maxDaysAhead} days`;
  return null;
}
