// Offers a reload when a remote this page loaded has a new release. The page keeps working meanwhile:
// the old release's files stay served, so its lazy chunks still load.
import type { RemoteEntry } from '@originate/contract';
import { runtimeEnvAtom } from '@originate/web';
import { parseManifest } from '@originate/web/remotes';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect, useState } from 'react';
import { REMOTES_POLL_MS, updatedRemotes, updateMessage } from './updates';

// Snackbar loads when a remote has a new release, not with the Dashboard.
const RemoteUpdateSnackbar = lazy(() => import('./RemoteUpdateSnackbar'));

/** Asks for /remotes.json when it changed (ETag), every REMOTES_POLL_MS and whenever the tab is shown again. */
function useRemoteUpdates(loaded: readonly RemoteEntry[]): RemoteEntry[] {
  const url = useAtomValue(runtimeEnvAtom)?.remotesManifestUrl ?? '';
  const [updated, setUpdated] = useState<RemoteEntry[]>([]);
  useEffect(() => {
    if (!url || loaded.length === 0) return;
    let etag: string | null = null;
    let stopped = false;
    const check = async () => {
      try {
        const response = await fetch(url, { cache: 'no-store', headers: etag ? { 'If-None-Match': etag } : {} });
        if (response.status !== 200 || stopped) return;
        etag = response.headers.get('ETag');
        const changed = updatedRemotes(loaded, await parseManifest(await response.json()));
        if (!stopped) setUpdated(changed);
      } catch {
        // Offline or the origin restarting: the next check tells.
      }
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') void check();
    };
    const timer = window.setInterval(() => void check(), REMOTES_POLL_MS);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [url, loaded]);
  return updated;
}

/** Bottom right: clear of the menu drawer on the left and of the question toasts at the bottom centre. */
export function RemoteUpdateNotice({ loaded }: { loaded: readonly RemoteEntry[] }) {
  const updated = useRemoteUpdates(loaded);
  const [dismissed, setDismissed] = useState('');
  const message = updateMessage(updated);
  const key = updated.map((r) => r.entry).join(' ');
  if (updated.length === 0 || dismissed === key) return null;
  return (
    <Suspense fallback={null}>
      <RemoteUpdateSnackbar message={message} onLater={() => setDismissed(key)} />
    </Suspense>
  );
}
