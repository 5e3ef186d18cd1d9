// How a screen enters a call (pure): who creates the room on the gateway first, and how to join it.
import type { VideoCall, VideoJoin } from '@originate/contract';

/**
 * What happens on the gateway before the join: the owning agent (the only one the server gives the room's
 * secret) creates the room when starting a call (spec §4: an existing room with the same id is destroyed
 * first), and when rejoining only if it is gone; everyone else just joins.
 */
export type RoomSetup = 'create' | 'createIfMissing' | 'none';

export function roomSetup(join: VideoJoin, started: boolean): RoomSetup {
  if (join.role !== 'publisher' || !join.room.secret) return 'none';
  return started ? 'create' : 'createIfMissing';
}

/** The call is still open (someone may join it). */
const isOpen = (call: Pick<VideoCall, 'status'>): boolean => call.status !== 'ENDED';

/** The open call of an application, newest first; null when none. */
export function openCallOf(calls: readonly VideoCall[]): VideoCall | null {
  return [...calls].filter(isOpen).sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0] ?? null;
}

/** What the staff user may do with an application's video call, from their roles and the open call. */
export type StaffAction =
  | { kind: 'rejoin'; call: VideoCall }
  | { kind: 'supervise'; call: VideoCall }
  | { kind: 'start'; replaces: VideoCall | null }
  | { kind: 'none' };

export function staffActions(userId: string, roles: readonly string[], calls: readonly VideoCall[]): StaffAction[] {
  const open = openCallOf(calls);
  const actions: StaffAction[] = [];
  const agent = roles.includes('AGENT');
  if (open && open.startedBy.id === userId && agent) actions.push({ kind: 'rejoin', call: open });
  if (open && open.startedBy.id !== userId && roles.includes('SUPERVISOR'))
    actions.push({ kind: 'supervise', call: open });
  if (agent) actions.push({ kind: 'start', replaces: open });
  return actions.length > 0 ? actions : [{ kind: 'none' }];
}

/** The join button's words on the Video page for one open call. */
export function joinLabel(call: Pick<VideoCall, 'startedBy'>, userId: string): string {
  return call.startedBy.id === userId ? 'Rejoin call' : 'Join silently';
}

/** Whole kbit/s for the indicator; '—' until measured. */
export function bitrateText(kbps: number | null): string {
  return kbps === null ? '—' : `${kbps} kbit/s`;
}
