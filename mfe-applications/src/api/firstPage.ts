// A list's first page and its table configuration, asked for as soon as the menu entry's page renders, while the
// list's own code (MUI's data grid and the list's parts, most of the menu-to-first-row time on a slow CPU) is still
// loading: the two requests and the code arrive side by side instead of one after the other. Only the contract,
// the web package's root and its small list-calls subpath are imported here, never '@originate/web/lists'
// (which brings the grid).
import { type ApplicationList, LIST_TABLE_IDS, type ListQueryArgs, PAGE_SIZE_DEFAULT } from '@originate/contract';
import { askOnce, fetchTableConfig, tableConfigKey } from '@originate/web/lists/api';
import type { QueryClient } from '@tanstack/react-query';
import { listKeys } from './keys';
import { fetchApplications } from './lists';

/**
 * How long an answer asked for early waits for the list to watch it before it is dropped: longer than the list's
 * code takes to load at CPU 4× on a busy machine (about 3 s). Dropped, the list asks again.
 */
const EARLY_GC_MS = 15_000;

/**
 * The variables a list's first page is asked with before anything is chosen (no filter, chip, search or sort of
 * the user's; the server applies the table's default sort): domain/lists.ts toVariables of initialListState, which
 * a test holds equal.
 */
export const firstPageVariables = (list: ApplicationList): ListQueryArgs => ({
  list,
  page: { page: 0, size: PAGE_SIZE_DEFAULT },
});

/** Asks for the list's table configuration and, unless a saved filter is to be applied first, its first page. */
export function prefetchList(client: QueryClient, list: ApplicationList, withFirstPage: boolean): void {
  const tableId = LIST_TABLE_IDS[list];
  askOnce(client, { queryKey: tableConfigKey(tableId), queryFn: () => fetchTableConfig(tableId) });
  const variables = firstPageVariables(list);
  if (withFirstPage) {
    askOnce(client, {
      queryKey: listKeys.page(variables),
      queryFn: () => fetchApplications(variables),
      gcTime: EARLY_GC_MS,
    });
  }
}
