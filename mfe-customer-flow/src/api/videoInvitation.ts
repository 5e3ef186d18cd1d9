// The applicant's video invitation: whether a call waits on the session's application. The portal asks
// only while a remote fills the videoCall slot; the call itself (joining, the room) is that remote's.
import { API_PATHS, type VideoInvitation } from '@originate/contract';
import { api } from '@originate/web';
import { useQuery } from '@tanstack/react-query';
import { flowKeys } from './keys';

/** How often the portal asks whether an agent started a call. */
const INVITATION_POLL_MS = 15_000;

function fetchVideoInvitation(): Promise<VideoInvitation> {
  return api.get<VideoInvitation>(API_PATHS.videoInvitation);
}

/** Quiet: a failure shows nothing (the portal works without video) and the next poll tries again. */
export const useVideoInvitation = (applicationId: string | null) =>
  useQuery({
    queryKey: flowKeys.videoInvitation(applicationId ?? ''),
    queryFn: fetchVideoInvitation,
    enabled: applicationId !== null,
    refetchInterval: INVITATION_POLL_MS,
    retry: false,
  });
