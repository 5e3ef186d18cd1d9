// TanStack Query hooks of a list's own setup: its table configuration and saved filters. The keys start
// with 'web' (this package): a table's configuration is the same whichever remote shows it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { askOnce, fetchSavedFilters, fetchTableConfig, saveFilter, tableConfigKey } from './listApi';

const listSetupKeys = {
  table: tableConfigKey,
  savedFilters: (tableId: string) => ['web', 'lists', 'savedFilters', tableId] as const,
};

export function useTableConfig(tableId: string) {
  const client = useQueryClient();
  const queryKey = listSetupKeys.table(tableId);
  const queryFn = () => fetchTableConfig(tableId);
  // Asked while the list first renders, beside its page, not after that render's commit (most of a second on a
  // slow CPU): the grid's rows wait for the columns (the query below then watches the request in flight).
  askOnce(client, { queryKey, queryFn });
  return useQuery({ queryKey, queryFn, staleTime: Number.POSITIVE_INFINITY });
}

export function useSavedFilters(tableId: string) {
  return useQuery({
    queryKey: listSetupKeys.savedFilters(tableId),
    queryFn: () => fetchSavedFilters(tableId),
    enabled: tableId !== '',
  });
}

export function useSaveFilter(tableId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveFilter,
    onSuccess: () => client.invalidateQueries({ queryKey: listSetupKeys.savedFilters(tableId) }),
  });
}
