// The application detail's video calls: who is offered the call, and how a call reads in the list.
import { Roles, type User, type VideoCall, type VideoCallStatus } from '@originate/contract';

/** Conference roles (spec §6): an AGENT starts or rejoins the application's call, a SUPERVISOR joins to watch. */
const CONFERENCE_ROLES: readonly string[] = [Roles.AGENT, Roles.SUPERVISOR];

/** The detail offers "Video call" to users holding AGENT or SUPERVISOR (the server decides what each may do). */
export function canJoinVideoCall(user: Pick<User, 'roles'>): boolean {
  return user.roles.some((role) => CONFERENCE_ROLES.includes(role));
}

export const VIDEO_STATUS_LABELS: Record<VideoCallStatus, string> = {
  WAITING: 'Waiting for the applicant',
  ACTIVE: 'In progress',
  ENDED: 'Ended',
};

/** A recording's size as people read it: KB below 1 MB (at least 1 KB), MB with one decimal above. */
export function recordingSize(bytes: number): string {
  return bytes >= 1048576 ? `${(bytes / 1048576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** Newest first, whatever order the answer came in. */
export function callsNewestFirst(calls: readonly VideoCall[]): VideoCall[] {
  return [...calls].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}
