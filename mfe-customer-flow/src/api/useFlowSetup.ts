// A flow screen's setup (loadFlow), loaded once: the screen keeps its own state from there, so nothing
// refetches it (a refetch would start the screen over), and it is dropped when the screen goes.
import { useQuery } from '@tanstack/react-query';
import type { DraftStore } from './draftStore';
import { flowKeys } from './keys';
import { type FlowSetup, loadForApplication, loadForProduct, loadForToken } from './loadFlow';

/** The portal's flow: a product to apply for, a resume token, or (staff) an application to resume. */
export function usePortalFlowSetup(
  mode: Parameters<typeof flowKeys.setup>[0],
  id: string,
  fresh: boolean,
  opts: { deviceWidth: number; drafts: () => DraftStore },
) {
  return useQuery<FlowSetup>({
    queryKey: flowKeys.setup(mode, id, fresh),
    queryFn: () => {
      const load = { deviceWidth: opts.deviceWidth, drafts: opts.drafts() };
      if (mode === 'staff') return loadForApplication(id, { deviceWidth: opts.deviceWidth });
      if (mode === 'resume') {
        if (id === '') throw new Error('missing transactionToken');
        return loadForToken(id, load);
      }
      return loadForProduct(id, { ...load, fresh });
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });
}

/** The back office's form of one application (./FlowForm). */
export function useFlowFormSetup(applicationId: string, deviceWidth: number) {
  return useQuery({
    queryKey: flowKeys.flowForm(applicationId),
    queryFn: () => loadForApplication(applicationId, { deviceWidth }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });
}
