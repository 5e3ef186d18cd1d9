// TanStack Query hooks per resource (keys: ./keys). Lists refresh every few seconds while shown: a call waits
// for the other side, and the page shows when they arrived.
import type { StartVideoCallBody } from '@originate/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { videoKeys } from './keys';
import {
  endCall,
  fetchCallsOfApplication,
  fetchGatewayStatus,
  fetchInvitation,
  fetchOpenCalls,
  joinAsApplicant,
  joinCall,
  startCall,
} from './video';

const REFRESH_MS = 10_000;

/** Off while the user is in a call from the list. */
export const useOpenCalls = (enabled: boolean) =>
  useQuery({ queryKey: videoKeys.openCalls, queryFn: fetchOpenCalls, enabled, refetchInterval: REFRESH_MS });

export const useCallsOfApplication = (applicationId: string, enabled: boolean) =>
  useQuery({
    queryKey: videoKeys.callsOf(applicationId),
    queryFn: () => fetchCallsOfApplication(applicationId),
    enabled,
    refetchInterval: REFRESH_MS,
  });

/** The server's view of the gateway, for a notice before anyone tries a call. */
export const useGatewayStatus = () =>
  useQuery({ queryKey: videoKeys.gatewayStatus, queryFn: fetchGatewayStatus, refetchInterval: 30_000, retry: false });

export const useInvitation = (enabled: boolean) =>
  useQuery({ queryKey: videoKeys.invitation, queryFn: fetchInvitation, enabled, refetchInterval: REFRESH_MS });

/** Every call list of this remote is stale after a start, join or end. */
function useRefreshCalls() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: videoKeys.all });
}

export function useStartCall() {
  const refresh = useRefreshCalls();
  return useMutation({ mutationFn: (body: StartVideoCallBody) => startCall(body), onSettled: refresh });
}

export function useJoinCall() {
  const refresh = useRefreshCalls();
  return useMutation({ mutationFn: (callId: string) => joinCall(callId), onSettled: refresh });
}

export function useJoinAsApplicant() {
  const refresh = useRefreshCalls();
  return useMutation({ mutationFn: (callId: string) => joinAsApplicant(callId), onSettled: refresh });
}

export function useEndCall() {
  const refresh = useRefreshCalls();
  return useMutation({ mutationFn: (callId: string) => endCall(callId), onSettled: refresh });
}
