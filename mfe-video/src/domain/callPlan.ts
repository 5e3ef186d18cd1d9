// What a staff screen offers for an application's video call (pure), and the words it uses.
import type { VideoCall } from '@originate/contract';

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
