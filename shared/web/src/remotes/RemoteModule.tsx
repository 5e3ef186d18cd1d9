import { type RemoteEntry, remoteUnavailableMessage } from '@originate/contract';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { type ReactNode, Suspense } from 'react';
import { loadRemoteComponent } from './loader';
import { RemoteBoundary } from './RemoteBoundary';

/**
 * What a host shows while a remote's module is unavailable: a card with Retry (pages), a small icon with Retry
 * (header slots), or nothing (a module that only adds to a page, e.g. the portal's video invitation).
 */
export type RemoteFallbackKind = 'card' | 'icon' | 'none';

export interface RemoteModuleProps<P> {
  remote: RemoteEntry;
  module: string;
  props: P;
  /** Default 'card'. */
  fallback?: RemoteFallbackKind;
  /** Shown while the module loads (e.g. the host's page-loading bar); default nothing. */
  loading?: ReactNode;
}

const remoteKey = (remote: RemoteEntry, module: string) => ['remoteModule', remote.name, remote.entry, module];

function Loaded<P extends object>({ remote, module, props }: RemoteModuleProps<P>) {
  const { data: Component } = useSuspenseQuery({
    queryKey: remoteKey(remote, module),
    // The loader retries itself; a query retry would only repeat that.
    queryFn: async () => ({ Component: await loadRemoteComponent<P>(remote, module) }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    select: (d) => d.Component,
  });
  return <Component {...props} />;
}

/** Renders one exposed module of a remote under an error boundary (with Retry unless the fallback is 'none'). */
export function RemoteModule<P extends object>(p: RemoteModuleProps<P>) {
  const queryClient = useQueryClient();
  return (
    <RemoteBoundary
      message={remoteUnavailableMessage(p.remote)}
      fallback={p.fallback ?? 'card'}
      onRetry={() => queryClient.removeQueries({ queryKey: remoteKey(p.remote, p.module) })}
    >
      <Suspense fallback={p.loading ?? null}>
        <Loaded {...p} />
      </Suspense>
    </RemoteBoundary>
  );
}
