import type { Notification, User } from '@originate/contract';
import type { Session } from '@originate/web';

export function notification(id: string, overrides: Partial<Notification> = {}): Notification {
  return {
    notificationId: id,
    _id: id,
    createdAT: '2026-11-22T10:00:00.000Z',
    status: '0',
    isCounted: false,
    metadata: { type: 'ASSIGNED', status: 'AssignedToUser', application_id: `APP-${id}` },
    messages: `Application APP-${id} has been assigned to you`,
    username: 'Priya Sharma',
    ...overrides,
  };
}

function user(roles: string[]): User {
  return {
    userid: 'u-officer',
    userName: 'officer',
    firstName: 'Olivia',
    lastName: 'Officer',
    displayName: 'Olivia Officer',
    roles,
    applications: ['originate-backoffice'],
    teams: [],
  };
}

export function session(overrides: Partial<Session> = {}, roles = ['NOTIFICATION']): Session {
  return {
    access_token: 'token-1',
    refresh_token: 'refresh-1',
    sessionid: 'session-1',
    expires_in: 3600,
    expiry_time: '2026-11-22T11:00:00.000Z',
    issuedAt: 0,
    user: user(roles),
    ...overrides,
  };
}

type Listener = (payload: never) => void;

/** A socket.io stand-in: records emits and lets a test play the server's events. */
export class FakeSocket {
  auth: unknown;
  readonly emitted: [string, unknown][] = [];
  readonly calls: string[] = [];
  private readonly listeners = new Map<string, Listener[]>();

  constructor(
    readonly url: string,
    auth: unknown,
  ) {
    this.auth = auth;
  }

  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }

  emit(event: string, payload: unknown): this {
    this.emitted.push([event, payload]);
    return this;
  }

  connect(): this {
    this.calls.push('connect');
    return this;
  }

  disconnect(): this {
    this.calls.push('disconnect');
    return this;
  }

  /** Plays an event from the server. */
  serverSends(event: string, payload?: unknown): void {
    for (const listener of this.listeners.get(event) ?? []) (listener as (p: unknown) => void)(payload);
  }
}
