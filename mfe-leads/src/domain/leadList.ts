// A lead list's state (the shared server-list state, its list and the 'due today' switch) and the body of
// POST /v3/lead/leads: pure, unit-tested.
import type { LeadList, LeadListBody } from '@originate/contract';
import { effectiveFilters, type ListSort, type ServerListState } from '@originate/web/lists';

export interface LeadListState extends ServerListState {
  list: LeadList;
  dueToday: boolean;
}

export function initialLeadListState(list: LeadList, pageSize: number): LeadListState {
  return { list, page: 0, pageSize, sort: null, filters: [], chip: null, search: '', dueToday: false };
}

/** Only what is set is sent. */
export function toLeadListBody(state: LeadListState, sort: ListSort | null): LeadListBody {
  const filters = effectiveFilters(state);
  const search = state.search.trim();
  return {
    list: state.list,
    ...(filters.length > 0 ? { filters: filters as LeadListBody['filters'] } : {}),
    ...(search ? { search } : {}),
    ...(state.dueToday ? { dueToday: true } : {}),
    ...(sort ? { sort } : {}),
    page: { page: state.page, size: state.pageSize },
  };
}

/** The columns the count chips filter (MY_LEADS / TEAM_LEADS table configurations). */
export const LEAD_COUNT_FIELDS = { status: 'status', source: 'source', product: 'product_code' } as const;
