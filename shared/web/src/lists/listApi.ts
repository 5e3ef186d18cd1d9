// The calls every list makes about itself, through the one http client: its table configuration (GET
// /backstage/getTableConfig/{id}) and the user's saved filters of it (POST /backstage/getFilter, POST
// /setup/save_or_update). A subpath of its own ('@originate/web/lists/api') so tests can replace it; like
// every subpath it imports the root by name, so it uses the one federated http client and session.
import {
  API_PATHS,
  apiPath,
  type SavedFilter,
  type SavedFilterBody,
  type SavedFiltersAnswer,
  type TableConfig,
} from '@originate/contract';
import { api } from '@originate/web';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * A table configuration's query key (TanStack Query): here beside its call, so a page that asks for it before
 * the list's own code has loaded (the lists import MUI's data grid) uses the key the list's hook watches.
 */
export const tableConfigKey = (tableId: string) => ['web', 'lists', 'table', tableId] as const;

/**
 * Asks for a query's answer now, unless it is cached or already asked for: a list's requests leave while its code
 * loads or its first render runs (most of a second on a slow CPU), and the query that watches them later finds
 * them in flight instead of asking again.
 */
export function askOnce<T>(
  client: QueryClient,
  options: { queryKey: QueryKey; queryFn: () => Promise<T>; gcTime?: number },
): void {
  if (!client.getQueryState(options.queryKey)) void client.prefetchQuery(options);
}

export function fetchTableConfig(tableId: string): Promise<TableConfig> {
  return api.get<TableConfig>(apiPath('tableConfig', { id: tableId }));
}

export async function fetchSavedFilters(tableId: string): Promise<SavedFilter[]> {
  return (await api.post<SavedFiltersAnswer>(API_PATHS.getFilter, { tableId })).data;
}

export function saveFilter(body: SavedFilterBody): Promise<SavedFilter> {
  return api.post<SavedFilter>(API_PATHS.saveFilter, body);
}
