// The standalone portal's slot host, as data: the slots the portal places (videoCall), filled from the
// runtime manifest (/remotes.json) the same way the shell fills its slots (@originate/web/remote-host), by a
// federation runtime this page starts itself (it is built without federation: @originate/web/page-host).
// Loaded only for an applicant in their application, and only when a permitted remote fills a slot.
import type { RemoteSlot, RemotesManifest } from '@originate/contract';
import type { SlotHost } from '@originate/web';
import { fetchManifest, slotProvider } from '@originate/web/remotes';
import { useQuery } from '@tanstack/react-query';
import { flowKeys } from './keys';

/** The slots the portal places, each showing nothing while its remote is unavailable. */
const PORTAL_SLOTS: readonly RemoteSlot[] = ['videoCall'];
/** The page's name in the federation runtime (a JS identifier, unlike any remote's). */
const PORTAL_PAGE_HOST = 'mfe_customer_flow_page';

/** The host of the portal's slots, or null when no permitted remote fills any of them. */
export async function portalSlotHost(manifest: RemotesManifest, roles: readonly string[]): Promise<SlotHost | null> {
  if (!PORTAL_SLOTS.some((slot) => slotProvider(manifest, roles, slot))) return null;
  // The runtime and the rendering code load only now, with a remote to render.
  const [{ startPageHost }, { slotHostFor }] = await Promise.all([
    import('@originate/web/page-host'),
    import('@originate/web/remote-host'),
  ]);
  startPageHost(PORTAL_PAGE_HOST);
  return slotHostFor(manifest, roles, { slots: PORTAL_SLOTS, fallback: 'none' });
}

/** The portal's slot host for these roles, once, when `enabled`; a manifest, runtime or remote that fails gives none. */
export function usePortalSlotHost(url: string, roles: readonly string[], enabled: boolean) {
  return useQuery({
    queryKey: flowKeys.slotHost(url, roles),
    queryFn: async () => portalSlotHost(await fetchManifest(url), roles),
    enabled: enabled && url !== '',
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    // A host is functions, not data to compare.
    structuralSharing: false,
  });
}
