// Live lists: the staff namespace of socket.io sends APPLICATION_CHANGED {application_id, mod_time} when
// an application changes anywhere; the lists then refetch what they show (@originate/web/lists live).
import {
  APPLICATIONS_NAMESPACE,
  type ApplicationChangedPayload,
  ApplicationEvents,
  type SocketAuth,
} from '@originate/contract';
import { type OpenLiveSocket, subscribeChanges } from '@originate/web/lists';

export { type LiveSocket, type OpenLiveSocket, openSocketIo } from '@originate/web/lists';

export function subscribeApplicationChanges(
  open: OpenLiveSocket,
  apiBaseUrl: string,
  auth: SocketAuth,
  onChanged: (ids: string[]) => void,
  burstMs = 250,
): () => void {
  return subscribeChanges<ApplicationChangedPayload>(
    open,
    apiBaseUrl,
    auth,
    {
      namespace: APPLICATIONS_NAMESPACE,
      event: ApplicationEvents.APPLICATION_CHANGED,
      idOf: (payload) => payload.application_id,
    },
    onChanged,
    burstMs,
  );
}
