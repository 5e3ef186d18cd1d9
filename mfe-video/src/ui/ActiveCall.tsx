// Holds the call a screen entered (its VideoJoin) and shows the call screen until the user closes it.
import type { VideoJoin } from '@originate/contract';
import { useEndCall } from '../api/useVideoCalls';
import { CallScreen } from './CallScreen';
import { useUser } from './useUser';

export interface EnteredCall {
  join: VideoJoin;
}

export function ActiveCall({
  entered,
  phone,
  onClose,
}: {
  entered: EnteredCall;
  phone?: boolean;
  onClose: () => void;
}) {
  const endCall = useEndCall();
  const { userId } = useUser();
  // The agent who started it ends it (an applicant's session has no user id).
  const owner = entered.join.role === 'publisher' && userId !== '' && entered.join.call.startedBy.id === userId;
  return (
    <CallScreen
      // A new join (another call, or the same call entered again) is a new screen with a new service.
      key={`${entered.join.call.callId}:${entered.join.room.id}`}
      join={entered.join}
      phone={phone}
      onClose={onClose}
      onEnd={owner ? () => endCall.mutateAsync(entered.join.call.callId) : undefined}
    />
  );
}
