// The shell's side of the web package's slots (ui/slots.tsx): a remote's page asks for a slot by name and the
// shell renders the permitted remote filling it, as it renders every remote (boundary, Retry, fallback).
import type { RemotesManifest } from '@originate/contract';
import { type SlotHost, SlotRendererContext } from '@originate/web';
import { type ReactNode, useMemo } from 'react';
import { slotProvider } from './manifest';
import { RemoteModule } from './RemoteModule';

export function slotHostFor(manifest: RemotesManifest, roles: readonly string[]): SlotHost {
  return {
    provides: (slot) => slotProvider(manifest, roles, slot) !== null,
    render: (slot, props) => {
      const provider = slotProvider(manifest, roles, slot);
      return provider && <RemoteModule remote={provider.remote} module={provider.module} props={props} />;
    },
  };
}

export function SlotHostProvider(p: { manifest: RemotesManifest; roles: readonly string[]; children: ReactNode }) {
  const host = useMemo(() => slotHostFor(p.manifest, p.roles), [p.manifest, p.roles]);
  return <SlotRendererContext value={host}>{p.children}</SlotRendererContext>;
}
