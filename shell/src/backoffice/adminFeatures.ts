// Admin/Features (spec §6 "Admin features toggle MultiLingual and ApplicationFormPreview"): what the
// back office shows follows them. Read once per session; a feature is on only when the server says
// exactly true, so an answer of the wrong shape, an error or the wait before the answer shows less, never more.
import { type AdminFeatures, API_PATHS } from '@originate/contract';
import { api } from '@originate/web';
import { useQuery } from '@tanstack/react-query';

export type AdminFeature = keyof AdminFeatures;

export const FEATURES_OFF: AdminFeatures = { MultiLingual: false, ApplicationFormPreview: false };

export function parseAdminFeatures(body: unknown): AdminFeatures {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  return { MultiLingual: value.MultiLingual === true, ApplicationFormPreview: value.ApplicationFormPreview === true };
}

/** The features (all off until the answer), and whether the answer (or a failure) is in. */
export function useAdminFeatures(): { features: AdminFeatures; settled: boolean } {
  const { data, isPending } = useQuery({
    queryKey: ['adminFeatures'],
    queryFn: async () => parseAdminFeatures(await api.get<AdminFeatures>(API_PATHS.adminFeatures)),
    // An admin's change shows on the next page load: features change rarely and drive the whole frame.
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
  return { features: data ?? FEATURES_OFF, settled: !isPending };
}
