import { type RemoteEntry, remoteUnavailableMessage } from '@originate/contract';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { PageLoading } from '../pages/PageLoading';
import { loadRemoteComponent } from './loader';
import { RemoteBoundary } from './RemoteBoundary';

interface RemoteModuleProps<P> {
  remote: RemoteEntry;
  module: string;
  props: P;
  /** Header slots show a small icon instead of a card when down, and no page-loading bar. */
  compact?: boolean;
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

/** Renders one exposed module of a remote under an error boundary with Retry. */
export function RemoteModule<P extends object>(p: RemoteModuleProps<P>) {
  const queryClient = useQueryClient();
  return (
    <RemoteBoundary
      message={remoteUnavailableMessage(p.remote)}
      compact={p.compact}
      onRetry={() => queryClient.removeQueries({ queryKey: remoteKey(p.remote, p.module) })}
    >
      <Suspense fallback={p.compact ? null : <PageLoading />}>
        <Loaded {...p} />
      </Suspense>
    </RemoteBoundary>
  );
}
