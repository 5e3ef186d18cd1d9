// One call on screen: a video service for the gateway of the runtime configuration, the join (the server
// created the room already), and leaving when the screen goes. Operations run one after the other, so a
// remount (React's StrictMode, a retry) leaves before it enters again.
import type { VideoJoin } from '@originate/contract';
import { useCallback, useContext, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useGatewayUrl } from '../api/gatewayUrl';
import type { VideoRoomEvent } from '../domain/videoRoomReducer';
import type { VideoRoomService } from '../domain/videoRoomService';
import { VideoServiceContext } from './VideoServiceContext';

export type EntryState = { kind: 'entering' } | { kind: 'in' } | { kind: 'failed'; error: unknown };

export function useCallSession(join: VideoJoin) {
  const url = useGatewayUrl();
  const factory = useContext(VideoServiceContext);
  const [service] = useState<VideoRoomService>(() => factory(url, join.gatewayToken));
  const state = useSyncExternalStore(service.subscribe, service.getState);
  const [entry, setEntry] = useState<EntryState>({ kind: 'entering' });
  const [notice, setNotice] = useState<string | null>(null);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const [attempt, setAttempt] = useState(0);

  useEffect(
    () =>
      service.on((event: VideoRoomEvent) => {
        if (event.type === 'participantJoined') setNotice(`${event.display} joined the call.`);
        if (event.type === 'participantLeft') setNotice(`${event.display} left the call.`);
      }),
    [service],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: a retry (attempt) enters again
  useEffect(() => {
    let live = true;
    setEntry({ kind: 'entering' });
    const enter = async () => {
      if (join.role === 'publisher') await service.joinAsPublisher(join.room, join.display);
      else await service.joinAsSubscriber(join.room, join.display);
    };
    queue.current = queue.current.then(enter).then(
      () => live && setEntry({ kind: 'in' }),
      (error: unknown) => live && setEntry({ kind: 'failed', error }),
    );
    return () => {
      live = false;
      queue.current = queue.current.then(() => service.leave()).catch(() => undefined);
    };
  }, [service, join, attempt]);

  /** After a failure (gateway down, connection lost, refused join): the same entry again. */
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  return { service, state, entry, notice, retry };
}
