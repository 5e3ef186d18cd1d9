// A host's side of the slots (ui/slots.tsx): a remote's page asks for a slot by name and the host renders the
// permitted remote filling it, as it renders every remote (boundary, fallback, loading). The shell provides one
// for every slot; the applicants' portal for the slots it places (e.g. videoCall), with no fallback shown.
import type { RemoteSlot, RemotesManifest } from '@originate/contract';
import { type SlotHost, SlotRendererContext } from '@originate/web';
import { type ReactNode, useMemo } from 'react';
import { slotProvider } from './manifest';
import { type RemoteFallbackKind, RemoteModule } from './RemoteModule';

export interface SlotHostOptions {
  /** What a slot shows while its remote is unavailable (RemoteModule); default 'card'. */
  fallback?: RemoteFallbackKind;
  /** Shown while a slot's module loads; default nothing. */
  loading?: ReactNode;
  /** The slots this host fills; default every slot a permitted remote declares. */
  slots?: readonly RemoteSlot[];
}

export function slotHostFor(
  manifest: RemotesManifest,
  roles: readonly string[],
  { fallback, loading, slots }: SlotHostOptions = {},
): SlotHost {
  const providerOf = (slot: RemoteSlot) =>
    slots && !slots.includes(slot) ? null : slotProvider(manifest, roles, slot);
  return {
    provides: (slot) => providerOf(slot) !== null,
    render: (slot, props) => {
      const provider = providerOf(slot);
      return (
        provider && (
          <RemoteModule
            remote={provider.remote}
            module={provider.module}
            props={props}
            fallback={fallback}
            loading={loading}
          />
        )
      );
    },
  };
}

export function SlotHostProvider({
  manifest,
  roles,
  options,
  children,
}: {
  manifest: RemotesManifest;
  roles: readonly string[];
  /** Keep it stable (a constant or memoized): a new object provides a new host. */
  options?: SlotHostOptions;
  children: ReactNode;
}) {
  const host = useMemo(() => slotHostFor(manifest, roles, options), [manifest, roles, options]);
  return <SlotRendererContext value={host}>{children}</SlotRendererContext>;
}
