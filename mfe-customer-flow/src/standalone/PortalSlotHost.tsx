// The standalone portal's slot host: the slots the portal places (videoCall), filled from the runtime manifest
// (/remotes.json) the same way the shell fills its slots (@originate/web/remote-host), by a federation runtime
// this page starts itself (it is built without federation: @originate/web/page-host). Only for an applicant
// in their application (the one page that places a slot), and only when a permitted remote fills one: every
// other visitor loads nothing more. A manifest, runtime or remote that fails shows nothing.
import type { RemoteSlot, RemotesManifest } from '@originate/contract';
import { runtimeEnvAtom, type SlotHost, SlotRendererContext, sessionAtom } from '@originate/web';
import { fetchManifest, slotProvider } from '@originate/web/remotes';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { applicantApplicationId } from '../api/applicantSession';
import { flowKeys } from '../api/keys';

/** The slots the portal places, each showing nothing while its remote is unavailable. */
const PORTAL_SLOTS: readonly RemoteSlot[] = ['videoCall'];
/** The page's name in the federation runtime (a JS identifier, unlike any remote's). */
const PORTAL_PAGE_HOST = 'mfe_customer_flow_page';

const NO_ROLES: readonly string[] = [];

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

export function PortalSlotHost({ children }: { children: ReactNode }) {
  const session = useAtomValue(sessionAtom);
  const url = useAtomValue(runtimeEnvAtom)?.remotesManifestUrl ?? '';
  const roles = session?.user.roles ?? NO_ROLES;
  const applicant = applicantApplicationId(session) !== null;
  const host = useQuery({
    queryKey: flowKeys.slotHost(url, roles),
    queryFn: async () => portalSlotHost(await fetchManifest(url), roles),
    enabled: applicant && url !== '',
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    // A host is functions, not data to compare.
    structuralSharing: false,
  });
  return <SlotRendererContext value={(applicant && host.data) || null}>{children}</SlotRendererContext>;
}
