// While mounted, a live namespace's changes (ids only) for the signed-in staff user: the list or detail
// refetches what it shows. The session and the API origin come from the shared atoms.
import { runtimeEnvAtom, sessionAtom } from '@originate/web';
import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { type LiveChanges, type OpenLiveSocket, subscribeChanges } from './live';

export function useLiveChanges<P>(
  open: OpenLiveSocket,
  changes: LiveChanges<P>,
  onChanged: (ids: string[]) => void,
): void {
  const session = useAtomValue(sessionAtom);
  const env = useAtomValue(runtimeEnvAtom);
  const token = session?.access_token;
  const sessionId = session?.sessionid;
  const apiBaseUrl = env?.apiBaseUrl;
  // The latest callbacks, without resubscribing on every render.
  const latest = useRef({ changes, onChanged });
  latest.current = { changes, onChanged };
  const { namespace, event } = changes;
  useEffect(() => {
    if (!token || !sessionId || !apiBaseUrl) return;
    return subscribeChanges<P>(
      open,
      apiBaseUrl,
      { token, sessionId },
      { namespace, event, idOf: (payload) => latest.current.changes.idOf(payload) },
      (ids) => latest.current.onChanged(ids),
    );
  }, [open, namespace, event, token, sessionId, apiBaseUrl]);
}
