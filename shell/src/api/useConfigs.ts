// Hooks of the setup the back office reads: each read once per page load, since it changes rarely and drives
// the whole frame (an admin's change shows on the next load).
import type { AdminFeatures } from '@originate/contract';
import { useQuery } from '@tanstack/react-query';
import { FEATURES_OFF, fetchAdminConfigurations, fetchAdminFeatures, fetchCustomStyle } from './configs';
import { configKeys } from './keys';

export function useCustomStyle() {
  return useQuery({ queryKey: configKeys.customStyle, queryFn: fetchCustomStyle, staleTime: Number.POSITIVE_INFINITY });
}

export function useAdminConfigurations() {
  return useQuery({
    queryKey: configKeys.adminConfigurations,
    queryFn: fetchAdminConfigurations,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * The features (all off until the answer), and whether the answer (or a failure) is in: an error or the wait
 * before the answer shows less, never more.
 */
export function useAdminFeatures(): { features: AdminFeatures; settled: boolean } {
  const { data, isPending } = useQuery({
    queryKey: configKeys.adminFeatures,
    queryFn: fetchAdminFeatures,
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
  return { features: data ?? FEATURES_OFF, settled: !isPending };
}
