// Holds the call a screen entered (its VideoJoin) and shows the call screen until the user closes it.
import type { VideoJoin } from '@originate/contract';
import { useEndCall } from '../api/useVideoCalls';
import { CallScreen } from './CallScreen';

export interface EnteredCall {
  join: VideoJoin;
  /** The agent started it just now (the room is created on the gateway). */
  started: boolean;
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
  const owner = entered.join.role === 'publisher' && entered.join.room.secret !== undefined;
  return (
    <CallScreen
      // A new join (another call, or the same call entered again) is a new screen with a new service.
      key={`${entered.join.call.callId}:${entered.join.room.id}`}
      join={entered.join}
      started={entered.started}
      phone={phone}
      onClose={onClose}
      onEnd={owner ? () => endCall.mutateAsync(entered.join.call.callId) : undefined}
    />
  );
}
