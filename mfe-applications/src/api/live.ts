// Live lists: the staff namespace of socket.io sends APPLICATION_CHANGED {application_id, mod_time} when
// an application changes anywhere; the lists then refetch what they show (@originate/web/lists live).
import {
  APPLICATIONS_NAMESPACE,
  type ApplicationChangedPayload,
  ApplicationEvents,
  type SocketAuth,
} from '@originate/contract';
import { type LiveChanges, type OpenLiveSocket, subscribeChanges } from '@originate/web/lists';

export { type LiveSocket, type OpenLiveSocket, openSocketIo } from '@originate/web/lists';

/** The application namespace's changes, by application id. */
export const APPLICATION_CHANGES: LiveChanges<ApplicationChangedPayload> = {
  namespace: APPLICATIONS_NAMESPACE,
  event: ApplicationEvents.APPLICATION_CHANGED,
  idOf: (payload) => payload.application_id,
};

export function subscribeApplicationChanges(
  open: OpenLiveSocket,
  apiBaseUrl: string,
  auth: SocketAuth,
  onChanged: (ids: string[]) => void,
  burstMs = 250,
): () => void {
  return subscribeChanges(open, apiBaseUrl, auth, APPLICATION_CHANGES, onChanged, burstMs);
}
