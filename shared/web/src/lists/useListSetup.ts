// TanStack Query hooks of a list's own setup: its table configuration and saved filters. The keys start
// with 'web' (this package): a table's configuration is the same whichever remote shows it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchSavedFilters, fetchTableConfig, saveFilter } from './listApi';

const listSetupKeys = {
  table: (tableId: string) => ['web', 'lists', 'table', tableId] as const,
  savedFilters: (tableId: string) => ['web', 'lists', 'savedFilters', tableId] as const,
};

export function useTableConfig(tableId: string) {
  return useQuery({
    queryKey: listSetupKeys.table(tableId),
    queryFn: () => fetchTableConfig(tableId),
    staleTime: Number.POSITIVE_INFINITY,
  });
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
