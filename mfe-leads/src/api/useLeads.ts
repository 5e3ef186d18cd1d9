// TanStack Query hooks per resource (keys: ./keys leadKeys). Every write answers the lead's detail, which
// replaces the cached one; the lists refetch. Live LEAD_CHANGED events refetch lists and open details.
import {
  LEADS_NAMESPACE,
  type LeadChangedPayload,
  type LeadDetailAnswer,
  LeadEvents,
  type LeadListBody,
} from '@originate/contract';
import { reportError } from '@originate/web';
import { type LiveChanges, type OpenLiveSocket, openSocketIo, useLiveChanges } from '@originate/web/lists';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { leadKeys } from './keys';
import { fetchLead, fetchLeadProducts, fetchLeads, fetchTeamMembers } from './leads';

/** One page of a lead list; the previous page stays shown while the next loads. */
export function useLeadsPage(body: LeadListBody, enabled: boolean) {
  return useQuery({
    queryKey: leadKeys.page(body),
    queryFn: () => fetchLeads(body),
    placeholderData: keepPreviousData,
    enabled,
    gcTime: 0,
  });
}

export const useLead = (leadId: string) =>
  useQuery({ queryKey: leadKeys.detail(leadId), queryFn: () => fetchLead(leadId) });

export const useLeadProducts = () =>
  useQuery({ queryKey: leadKeys.products, queryFn: fetchLeadProducts, staleTime: 5 * 60_000 });

export const useTeamMembers = (teamId: string, enabled: boolean) =>
  useQuery({
    queryKey: leadKeys.team(teamId),
    queryFn: () => fetchTeamMembers(teamId),
    enabled,
    staleTime: 60_000,
  });

/**
 * A write to a lead: its answer (the lead's detail) replaces the cached detail and every list refetches.
 * Failures go through the catalogue's path (modal or toast) unless the caller handles them.
 */
export function useLeadWrite<Body>(write: (body: Body) => Promise<LeadDetailAnswer>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (answer) => {
      client.setQueryData(leadKeys.detail(answer.lead.lead_id), answer);
      void client.invalidateQueries({ queryKey: leadKeys.pages });
    },
    onError: reportError,
  });
}

/** While mounted, refetches the lead lists and open details when a lead changes elsewhere. */
const LEAD_CHANGES: LiveChanges<LeadChangedPayload> = {
  namespace: LEADS_NAMESPACE,
  event: LeadEvents.LEAD_CHANGED,
  idOf: (payload) => payload.lead_id,
};

export function useLiveLeads(open: OpenLiveSocket = openSocketIo): void {
  const client = useQueryClient();
  useLiveChanges(open, LEAD_CHANGES, (ids) => {
    void client.invalidateQueries({ queryKey: leadKeys.pages });
    for (const id of new Set(ids)) void client.invalidateQueries({ queryKey: leadKeys.detail(id) });
  });
}
