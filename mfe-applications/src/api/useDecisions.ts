// Hooks of the decision-table editor: the product's decision (latest or an older version), its history, and the
// save (the new version becomes the latest, and the history refetches).
import type { DecisionConfigAnswer, DecisionConfigBody } from '@originate/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchDecision, fetchDecisionVersions, saveDecision } from './decisions';
import { decisionKeys } from './keys';

export function useDecision(product: string | null, verNum?: number) {
  return useQuery({
    queryKey: decisionKeys.decision(product ?? '', verNum),
    queryFn: () => fetchDecision(product as string, verNum),
    enabled: product !== null,
    // The editor starts from what it loaded; a refetch in the background must not replace a draft's base.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useDecisionVersions(product: string | null) {
  return useQuery({
    queryKey: decisionKeys.versions(product ?? ''),
    queryFn: () => fetchDecisionVersions(product as string),
    enabled: product !== null,
  });
}

export function useSaveDecision(onSaved: (saved: DecisionConfigAnswer) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ product, body }: { product: string; body: DecisionConfigBody }) => saveDecision(product, body),
    onSuccess: (saved) => {
      client.setQueryData(decisionKeys.decision(saved.product), saved);
      client.setQueryData(decisionKeys.decision(saved.product, saved.verNum), saved);
      void client.invalidateQueries({ queryKey: decisionKeys.versions(saved.product) });
      onSaved(saved);
    },
  });
}
