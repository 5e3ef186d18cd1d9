// The standalone portal's slot host (api/portalSlots.ts): only for an applicant in their application (the
// one page that places a slot); every other visitor loads nothing more. A manifest, runtime or remote that
// fails shows nothing.
import { runtimeEnvAtom, SlotRendererContext, sessionAtom } from '@originate/web';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { applicantApplicationId } from '../api/applicantSession';
import { usePortalSlotHost } from '../api/portalSlots';

const NO_ROLES: readonly string[] = [];

export function PortalSlotHost({ children }: { children: ReactNode }) {
  const session = useAtomValue(sessionAtom);
  const url = useAtomValue(runtimeEnvAtom)?.remotesManifestUrl ?? '';
  const roles = session?.user.roles ?? NO_ROLES;
  const applicant = applicantApplicationId(session) !== null;
  const host = usePortalSlotHost(url, roles, applicant);
  return <SlotRendererContext value={(applicant && host.data) || null}>{children}</SlotRendererContext>;
}
