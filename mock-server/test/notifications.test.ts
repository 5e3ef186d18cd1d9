import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { type FromServerPayloads, formatBankDateTime, relativeTime, SOCKET_PATH } from '@originate/contract';
import { NotificationSchema, schemaIssues } from '@originate/contract/schemas';
import { io, type Socket } from 'socket.io-client';
import { call, type Login, labels, login, startServer, type TestServer } from './helpers';

let s: TestServer;
let url: string;
let officer: Login;
let lead: Login;
let approver: Login;
const sockets: Socket[] = [];

before(async () => {
  s = await startServer();
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
  officer = await login(s.app, 'officer');
  lead = await login(s.app, 'teamlead');
  approver = await login(s.app, 'approver');
});
after(async () => {
  for (const socket of sockets) socket.disconnect();
  await s.close();
});

/** A connected socket that also records every event it receives. */
function connect(auth: Record<string, unknown>): {
  socket: Socket;
  events: [string, unknown][];
  ready: Promise<unknown>;
} {
  const socket = io(url, { path: SOCKET_PATH, auth, transports: ['websocket'], forceNew: true, reconnection: false });
  sockets.push(socket);
  const events: [string, unknown][] = [];
  socket.onAny((event: string, payload: unknown) => events.push([event, payload]));
  const ready = new Promise((resolve, reject) => {
    socket.once('NOTIFICATION', resolve);
    socket.once('connect_error', reject);
  });
  return { socket, events, ready };
}

function next<K extends keyof FromServerPayloads | 'ERROR' | 'disconnect'>(socket: Socket, event: K): Promise<unknown> {
  return new Promise((resolve) => socket.once(event as string, resolve));
}

describe('socket handshake', () => {
  it('refuses a missing or wrong token and a session id of another session', async () => {
    for (const auth of [
      {},
      { token: 'x'.repeat(64), sessionId: officer.sessionid },
      { token: officer.access_token, sessionId: lead.sessionid },
    ]) {
      const { ready } = connect(auth);
      await assert.rejects(ready, /Unauthorized/);
    }
  });

  it('on connect sends NOTIFICATION (each a spec §3 notification) with the newest first and the uncounted count', async () => {
    const { ready } = connect({ token: officer.access_token, sessionId: officer.sessionid });
    const payload = (await ready) as FromServerPayloads['NOTIFICATION'];
    assert.equal(payload.messages.length, 3);
    assert.equal(payload.count, 2);
    const times = payload.messages.map((m) => Date.parse(m.createdAT));
    assert.deepEqual(
      times,
      [...times].sort((a, b) => b - a),
    );
    // The avatar names who assigned it (teamlead Priya Sharma), not the recipient.
    assert.equal(payload.messages[0]?.username, 'Priya Sharma');
    assert.equal(payload.messages[0]?.metadata.type, 'ASSIGNED');
    // Spec §3: the server fills timeText (relative to when it sends) and createdDate (DD/MM/YYYY hh:mm:ss).
    for (const m of payload.messages) {
      assert.deepEqual(schemaIssues(NotificationSchema, m), []);
      assert.equal(m.createdDate, formatBankDateTime(m.createdAT));
      assert.match(m.createdDate ?? '', /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} IST$/);
      assert.match(
        m.timeText ?? '',
        /^(Just now|\d+ min ago|\d+ hours? ago|Yesterday|\d days ago|\d{2}\/\d{2}\/\d{4})$/,
      );
    }
  });
});

describe('timeText', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  const ago = (ms: number) => relativeTime(new Date(now.getTime() - ms), now);
  const MIN = 60_000;
  const HOUR = 60 * MIN;
  const DAY = 24 * HOUR;

  it('words the age as the bell does, each boundary exactly', () => {
    assert.equal(ago(0), 'Just now');
    assert.equal(ago(MIN - 1), 'Just now');
    assert.equal(ago(MIN), '1 min ago');
    assert.equal(ago(59 * MIN + 59_999), '59 min ago');
    assert.equal(ago(HOUR), '1 hour ago');
    assert.equal(ago(2 * HOUR), '2 hours ago');
    assert.equal(ago(DAY - 1), '23 hours ago');
    assert.equal(ago(DAY), 'Yesterday');
    assert.equal(ago(2 * DAY), '2 days ago');
    assert.equal(ago(7 * DAY - 1), '6 days ago');
    const old = new Date(now.getTime() - 7 * DAY);
    assert.equal(relativeTime(old, now), formatBankDateTime(old).slice(0, 10));
  });

  it('a clock behind the stored time still says Just now, never a negative age', () => {
    assert.equal(ago(-5 * MIN), 'Just now');
  });
});

describe('live notifications', () => {
  it('assign → NEW to the recipient only', async () => {
    const mine = connect({ token: officer.access_token, sessionId: officer.sessionid });
    const other = connect({ token: approver.access_token, sessionId: approver.sessionid });
    await Promise.all([mine.ready, other.ready]);
    const [task] = await s.app.ctx.db.query<{ application_id: string; task_id: string }>(
      `SELECT application_id, task_id FROM tasks WHERE assigned_to IS NULL AND progress = 'Pending'
          AND assigned_team @> '[{"id":"TEAM-MUM-WEST"}]' ORDER BY application_id LIMIT 1`,
    );
    assert.ok(task);
    const arrived = next(mine.socket, 'NEW');
    const res = await call(s.app, 'POST', '/v3/application/action/assign', lead, {
      application_id: task.application_id,
      taskId: task.task_id,
      assignTo: officer.user.userid,
    });
    assert.equal(res.statusCode, 200);
    const payload = (await arrived) as FromServerPayloads['NEW'];
    assert.deepEqual(schemaIssues(NotificationSchema, payload.notification), []);
    assert.equal(payload.notification.notificationId, res.json().notificationId);
    assert.equal(payload.notification.metadata.status, 'AssignedToUser');
    assert.match(payload.notification.messages, /has been assigned to you by Priya Sharma$/);
    assert.equal(payload.notification.username, 'Priya Sharma');
    assert.equal(payload.notification.timeText, 'Just now');
    assert.equal(payload.notification.createdDate, formatBankDateTime(payload.notification.createdAT));
    assert.equal(payload.count, 3);
    // A round trip on the other socket: anything sent to it before would have arrived first.
    const roundTrip = next(other.socket, 'UPDATE_COUNT_RESULT');
    other.socket.emit('UPDATE_COUNT', {});
    await roundTrip;
    assert.deepEqual(
      other.events.map(([e]) => e),
      ['NOTIFICATION', 'UPDATE_COUNT_RESULT'],
    );
  });

  it('answers every event with its *_RESULT to all the user’s sockets and touches only own notifications', async () => {
    const a = connect({ token: officer.access_token, sessionId: officer.sessionid });
    const second = await login(s.app, 'officer');
    const b = connect({ token: second.access_token, sessionId: second.sessionid });
    const first = (await a.ready) as FromServerPayloads['NOTIFICATION'];
    await b.ready;
    const id = first.messages[0]?.notificationId ?? '';

    let both = Promise.all([
      next(a.socket, 'UPDATE_COUNT_BY_USER_RESULT'),
      next(b.socket, 'UPDATE_COUNT_BY_USER_RESULT'),
    ]);
    a.socket.emit('UPDATE_COUNT_BY_USER', { notificationId: id });
    const [byUser] = (await both) as FromServerPayloads['UPDATE_COUNT_BY_USER_RESULT'][];
    assert.equal(byUser?.notificationId, id);
    assert.equal(byUser?.count, first.count - 1);

    both = Promise.all([next(a.socket, 'UPDATE_VIEW_RESULT'), next(b.socket, 'UPDATE_VIEW_RESULT')]);
    a.socket.emit('UPDATE_VIEW', { notificationId: id });
    const [view] = (await both) as FromServerPayloads['UPDATE_VIEW_RESULT'][];
    assert.equal(view?.notificationId, id);
    const [row] = await s.app.ctx.db.query<{ status: string }>('SELECT status FROM notifications WHERE id = $1', [id]);
    assert.equal(row?.status, '1');

    both = Promise.all([next(a.socket, 'UPDATE_COUNT_RESULT'), next(b.socket, 'UPDATE_COUNT_RESULT')]);
    a.socket.emit('UPDATE_COUNT', {});
    const [counted] = (await both) as FromServerPayloads['UPDATE_COUNT_RESULT'][];
    assert.equal(counted?.count, 0);
    assert.ok((counted?.notificationIds.length ?? 0) >= 1);

    both = Promise.all([next(a.socket, 'UPDATE_UNREAD_RESULT'), next(b.socket, 'UPDATE_UNREAD_RESULT')]);
    a.socket.emit('UPDATE_UNREAD', {});
    const [unread] = (await both) as FromServerPayloads['UPDATE_UNREAD_RESULT'][];
    assert.equal(unread?.count, 0);
    const statuses = await s.app.ctx.db.query<{ status: string; is_counted: boolean }>(
      'SELECT status, is_counted FROM notifications WHERE user_id = $1',
      [officer.user.userid],
    );
    assert.ok(statuses.every((r) => r.status === '0' && r.is_counted));

    // Another user's notification: refused with ERROR, never changed.
    const [foreign] = await s.app.ctx.db.query<{ id: string }>(
      "SELECT id FROM notifications WHERE user_id = 'USR-1003' LIMIT 1",
    );
    const refused = next(a.socket, 'ERROR');
    a.socket.emit('DELETE_NOTIFICATION', { notificationId: foreign?.id });
    assert.deepEqual(await refused, { event: 'DELETE_NOTIFICATION', code: 404, message: 'Notification not found' });
    assert.equal((await s.app.ctx.db.query('SELECT 1 FROM notifications WHERE id = $1', [foreign?.id])).length, 1);
    const invalid = next(a.socket, 'ERROR');
    a.socket.emit('UPDATE_VIEW', {});
    assert.equal(((await invalid) as { code: number }).code, 1101);
    // Text the database cannot hold is refused as bad input, not a 1100 from the database.
    for (const notificationId of ['a\u0000b', '\uD800', 'x'.repeat(65)]) {
      const refusedText = next(a.socket, 'ERROR');
      a.socket.emit('UPDATE_VIEW', { notificationId });
      assert.equal(((await refusedText) as { code: number }).code, 1101, JSON.stringify(notificationId));
    }

    both = Promise.all([next(a.socket, 'DELETE_NOTIFICATION_RESULT'), next(b.socket, 'DELETE_NOTIFICATION_RESULT')]);
    a.socket.emit('DELETE_NOTIFICATION', { notificationId: id });
    const [deleted] = (await both) as FromServerPayloads['DELETE_NOTIFICATION_RESULT'][];
    assert.equal(deleted?.notificationId, id);
    assert.equal((await s.app.ctx.db.query('SELECT 1 FROM notifications WHERE id = $1', [id])).length, 0);

    // LOGOUT closes this session's sockets only.
    const closed = next(a.socket, 'disconnect');
    a.socket.emit('LOGOUT', {});
    await closed;
    assert.equal(b.socket.connected, true);
  });

  it('ending a session disconnects its sockets', async () => {
    const l = await login(s.app, 'approver');
    const c = connect({ token: l.access_token, sessionId: l.sessionid });
    await c.ready;
    const closed = next(c.socket, 'disconnect');
    assert.equal((await call(s.app, 'POST', '/v3/auth/logout', l)).statusCode, 200);
    await closed;
    assert.equal(c.socket.connected, false);
  });
});

describe('POST /v3/notification/subscription', () => {
  const subscription = { endpoint: 'https://push.example.test/abc', keys: { p256dh: 'key', auth: 'secret' } };
  it('stores the caller’s push subscription', async () => {
    const res = await call(s.app, 'POST', '/v3/notification/subscription', officer, {
      subscription,
      userId: officer.user.userid,
    });
    assert.equal(res.statusCode, 200);
    const rows = await s.app.ctx.db.query<{ user_id: string }>(
      'SELECT user_id FROM push_subscriptions WHERE endpoint = $1',
      [subscription.endpoint],
    );
    assert.equal(rows[0]?.user_id, officer.user.userid);
  });
  it('another user id: 403; bad input: 400 naming the field; no token: 401', async () => {
    assert.equal(
      (await call(s.app, 'POST', '/v3/notification/subscription', officer, { subscription, userId: 'USR-1003' }))
        .statusCode,
      403,
    );
    const bad = await call(s.app, 'POST', '/v3/notification/subscription', officer, {
      subscription: { endpoint: 'https://x.test', keys: {} },
      userId: officer.user.userid,
    });
    assert.deepEqual(labels(bad), ['subscription.keys.p256dh', 'subscription.keys.auth']);
    assert.equal(
      (await call(s.app, 'POST', '/v3/notification/subscription', undefined, { subscription, userId: 'x' })).statusCode,
      401,
    );
  });
});
