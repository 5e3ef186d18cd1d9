// TanStack Query hooks per resource (query keys as data, listKeys); mutations refetch the lists.

import type { ListQueryArgs, UserCandidatesQuery } from '@originate/contract';
import { askOnce, useLiveChanges } from '@originate/web/lists';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { listKeys } from './keys';
import { fetchApplications, fetchProducts, fetchUserCandidates, globalSearch } from './lists';
import { APPLICATION_CHANGES, type OpenLiveSocket, openSocketIo } from './live';

/** A prefetched page nobody watched yet outlives the render that asked for it by this much (then one page held). */
const PREFETCH_GC_MS = 1000;

/** One page of a list; the previous page stays shown while the next loads (no flicker, one page held). */
export function useApplicationsPage(variables: ListQueryArgs, enabled: boolean) {
  const client = useQueryClient();
  const queryKey = listKeys.page(variables);
  const queryFn = () => fetchApplications(variables);
  // Asked while the page renders, not after its first commit: the grid's first render is most of a second on a
  // slow CPU, and the request need not wait for it (the query below then watches the request in flight).
  if (enabled) askOnce(client, { queryKey, queryFn, gcTime: PREFETCH_GC_MS });
  // A page answered before the list mounted (api/firstPage.ts asks while the list's code loads) is not asked again
  // on mount, whatever the host's staleTime; another page, or a change made elsewhere (useLiveLists), is.
  return useQuery({
    queryKey,
    queryFn,
    placeholderData: keepPreviousData,
    enabled,
    gcTime: 0,
    refetchOnMount: false,
  });
}

/** A user picker's options: the server's candidates for the action, narrowed by what was typed. */
export function useUserCandidates(query: UserCandidatesQuery, enabled: boolean) {
  return useQuery({
    queryKey: listKeys.userCandidates(query),
    queryFn: () => fetchUserCandidates(query),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useGlobalSearch(query: string, page: number, size: number) {
  return useQuery({
    queryKey: listKeys.search(query, page, size),
    queryFn: () => globalSearch(query, page, size),
    enabled: query.length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useProducts() {
  return useQuery({ queryKey: listKeys.products, queryFn: fetchProducts, staleTime: 5 * 60_000 });
}

/** While mounted, refetches every list (rows and counts) when an application changes elsewhere. */
export function useLiveLists(open: OpenLiveSocket = openSocketIo): void {
  const client = useQueryClient();
  useLiveChanges(open, APPLICATION_CHANGES, () => {
    void client.invalidateQueries({ queryKey: listKeys.pages });
    void client.invalidateQueries({ queryKey: listKeys.searches });
  });
}
