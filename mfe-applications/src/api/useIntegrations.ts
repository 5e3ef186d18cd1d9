// The Credit panel's queries (kept results, decisions) under the application's detail keys, and the fetches that
// refresh them. A failed fetch stays on its mutation (the panel shows its retryable message); nothing is reported
// globally, since the panel says what happened where it happened.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { integrationsApi } from './integrations';
import { detailKeys } from './keys';

const keptKey = (applicationId: string) => [...detailKeys.all(applicationId), 'integrations'] as const;
const decisionsKey = (applicationId: string) => [...detailKeys.all(applicationId), 'decisions'] as const;

export const useKeptIntegrations = (applicationId: string) =>
  useQuery({ queryKey: keptKey(applicationId), queryFn: () => integrationsApi.kept(applicationId) });

export const useDecisions = (applicationId: string) =>
  useQuery({ queryKey: decisionsKey(applicationId), queryFn: () => integrationsApi.decisions(applicationId) });

function useRefreshing<T>(applicationId: string, fetch: () => Promise<T>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fetch,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: keptKey(applicationId) }),
        client.invalidateQueries({ queryKey: decisionsKey(applicationId) }),
        client.invalidateQueries({ queryKey: detailKeys.creditSummary(applicationId) }),
      ]),
  });
}

export const useFetchBureau = (applicationId: string) =>
  useRefreshing(applicationId, () => integrationsApi.bureau(applicationId));
export const useFetchBankStatement = (applicationId: string) =>
  useRefreshing(applicationId, () => integrationsApi.bankStatement(applicationId));
export const useRunDecision = (applicationId: string, product: string | undefined) =>
  useRefreshing(applicationId, () => {
    if (!product) throw new Error('The application has not loaded yet');
    return integrationsApi.decide(product, applicationId);
  });
