// The standalone portal's slot host (api/portalSlots.ts): only for an applicant in their application (the
// one page that places a slot), once the screen settled (ui/screenSettled.ts); every other visitor loads nothing
// more. A manifest, runtime or remote that
// fails shows nothing.
import { runtimeEnvAtom, SlotRendererContext, sessionAtom } from '@originate/web';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { applicantApplicationId } from '../api/applicantSession';
import { usePortalSlotHost } from '../api/portalSlots';
import { useScreenSettled } from '../ui/screenSettled';

const NO_ROLES: readonly string[] = [];

export function PortalSlotHost({ children }: { children: ReactNode }) {
  const session = useAtomValue(sessionAtom);
  const url = useAtomValue(runtimeEnvAtom)?.remotesManifestUrl ?? '';
  const roles = session?.user.roles ?? NO_ROLES;
  const applicant = applicantApplicationId(session) !== null;
  // After the screen settled: the runtime and the remote are no part of showing the applicant's step.
  const settled = useScreenSettled();
  const host = usePortalSlotHost(url, roles, applicant && settled);
  return <SlotRendererContext value={(applicant && host.data) || null}>{children}</SlotRendererContext>;
}
