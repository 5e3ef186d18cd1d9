// Every call of the leads remote, through the web package's one http client and API_PATHS.
import {
  API_PATHS,
  apiPath,
  type CreateLeadBody,
  type LeadActivityBody,
  type LeadAssignBody,
  type LeadConvertBody,
  type LeadDetailAnswer,
  type LeadFollowUpBody,
  type LeadListBody,
  type LeadStatusBody,
  type LeadsPage,
  type LeadUpdateBody,
  type ProductSummary,
  type ShortTokenAnswer,
  type TeamMember,
  type TeamMembersAnswer,
} from '@originate/contract';
import { api } from '@originate/web';

export async function fetchLeads(body: LeadListBody): Promise<LeadsPage> {
  return (await api.post<{ data: LeadsPage }>(API_PATHS.leads, body)).data;
}

export function fetchLead(leadId: string): Promise<LeadDetailAnswer> {
  return api.get<LeadDetailAnswer>(apiPath('lead', { leadId }));
}

/** The products a lead may be for (GET /v3/lead/getAllProducts), `pmay` marking housing ones. */
export function fetchLeadProducts(): Promise<ProductSummary[]> {
  return api.get<ProductSummary[]>(API_PATHS.productList);
}

export function createLead(body: CreateLeadBody): Promise<LeadDetailAnswer> {
  return api.post<LeadDetailAnswer>(API_PATHS.createLead, body);
}

export function changeLeadStatus(body: LeadStatusBody): Promise<LeadDetailAnswer> {
  return api.post<LeadDetailAnswer>(API_PATHS.leadStatus, body);
}

export function recordLeadActivity(body: LeadActivityBody): Promise<LeadDetailAnswer> {
  return api.post<LeadDetailAnswer>(API_PATHS.leadActivity, body);
}

export function setLeadFollowUp(body: LeadFollowUpBody): Promise<LeadDetailAnswer> {
  return api.post<LeadDetailAnswer>(API_PATHS.leadFollowUp, body);
}

export function assignLead(body: LeadAssignBody): Promise<LeadDetailAnswer> {
  return api.post<LeadDetailAnswer>(API_PATHS.leadAssign, body);
}

export function updateLead(body: LeadUpdateBody): Promise<LeadDetailAnswer> {
  return api.post<LeadDetailAnswer>(API_PATHS.leadUpdate, body);
}

/** A QUALIFIED lead becomes an application of its product; answers the lead (with its application_id). */
export function convertLead(body: LeadConvertBody): Promise<LeadDetailAnswer> {
  return api.post<LeadDetailAnswer>(API_PATHS.leadConvert, body);
}

/** The members of a lead's team (the assign dialog): a short-lived token, then POST /v3/users/getGroupMembers. */
export async function fetchTeamMembers(teamId: string): Promise<TeamMember[]> {
  const { token } = await api.post<ShortTokenAnswer>(API_PATHS.getToken);
  return (await api.post<TeamMembersAnswer>(API_PATHS.getGroupMembers, { groupid: teamId, token })).members;
}
