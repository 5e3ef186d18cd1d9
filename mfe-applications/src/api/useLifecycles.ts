// Hooks of the lifecycle editor: the product's lifecycle, the pickers' directory and the save (the
// product's cached versions refetch after it).
import type { LifecycleBody, LifecycleSaved } from '@originate/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lifecycleKeys } from './keys';
import { fetchDirectory, fetchLifecycle, saveLifecycle } from './lifecycles';

export function useLifecycle(product: string | null) {
  return useQuery({
    queryKey: lifecycleKeys.lifecycle(product ?? ''),
    queryFn: () => fetchLifecycle(product as string),
    enabled: product !== null,
    // The editor starts from what it loaded; a refetch in the background must not replace a draft's base.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Only an editor needs the pickers' choices (a read-only viewer may not list users). */
export function useDirectory(enabled: boolean) {
  return useQuery({ queryKey: lifecycleKeys.directory, queryFn: fetchDirectory, staleTime: 5 * 60_000, enabled });
}

export function useSaveLifecycle(onSaved: (saved: LifecycleSaved) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (doc: LifecycleBody) => saveLifecycle(doc),
    onSuccess: (saved) => {
      client.setQueryData(lifecycleKeys.lifecycle(saved.product_code), saved);
      onSaved(saved);
    },
  });
}
