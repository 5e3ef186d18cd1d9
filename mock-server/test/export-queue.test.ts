// Bounded list exports (README "Spreadsheet export"): at most EXPORTS_RUNNING run at
// once and EXPORTS_PER_USER of one user's; the others are answered 202 with a ticket and their place, ask
// again with the ticket, and run in the order they came; a full queue, or a user's second waiting export,
// is a 429 with Retry-After. The queue's own rules are checked with a clock of the test's.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { API_PATHS, type ExportQueuedAnswer, SPREADSHEET_MIME } from '@originate/contract';
import type { LightMyRequestResponse } from 'fastify';
import { ExportQueue } from '../src/http/export-queue';
import { exportQueueOf } from '../src/http/spreadsheet';
import { call, type Login, labels, login, startServer, type TestServer } from './helpers';

let server: TestServer;
const as: Record<string, Login> = {};

const appsUrl = (ticket?: string) =>
  `${API_PATHS.exportApplications}?exportFile=xlsx${ticket ? `&ticket=${ticket}` : ''}`;
const leadsUrl = (ticket?: string) => `${API_PATHS.leads}?exportFile=xlsx${ticket ? `&ticket=${ticket}` : ''}`;
const LEADS_BODY = { list: 'TEAM_LEADS', page: { page: 0, size: 10 } };

function queued(res: LightMyRequestResponse): ExportQueuedAnswer['data'] {
  assert.equal(res.statusCode, 202, res.body.slice(0, 300));
  assert.equal(res.headers['retry-after'], '1');
  const body = res.json<ExportQueuedAnswer>();
  assert.equal(
    body.message,
    `Your export is queued: ${body.data.ahead === 0 ? 'it is next' : `${body.data.ahead} ahead of it`}`,
  );
  return body.data;
}

function file(res: LightMyRequestResponse): void {
  assert.equal(res.statusCode, 200, res.body.slice(0, 300));
  assert.equal(res.headers['content-type'], SPREADSHEET_MIME);
  assert.ok(res.rawPayload.byteLength > 1000, 'a whole file');
}

/** Asks again while the export is next in the queue (its place frees when the export before it has closed). */
async function firstFile(ask: () => Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse> {
  for (let asked = 0; asked < 50; asked++) {
    const res = await ask();
    if (res.statusCode !== 202) return res;
    assert.equal(queued(res).ahead, 0);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('never its turn');
}

before(async () => {
  // PGlite: its one connection's background lane is what an export's batches wait in (README "Spreadsheet export").
  server = await startServer({ EXPORTS_RUNNING: '2', EXPORTS_PER_USER: '1', EXPORTS_QUEUE: '3' }, {}, 'pglite');
  for (const name of ['officer', 'opsadmin', 'teamlead', 'approver']) as[name] = await login(server.app, name);
});
after(() => server.close());

describe('export queue (server)', () => {
  it('queues exports past the limit with their place, runs them in order, refuses a full queue', async () => {
    // Two exports hold both places (the running ones, as long as the test says).
    const queue = exportQueueOf(server.app.ctx);
    const first = queue.turn('USR-X');
    const second = queue.turn('USR-Y');
    assert.equal(first.kind, 'run');
    assert.equal(second.kind, 'run');

    const officer = as.officer as Login;
    const admin = as.opsadmin as Login;
    const lead = as.teamlead as Login;
    const officerTurn = queued(await call(server.app, 'POST', appsUrl(), officer, { list: 'MY_APPLICATIONS' }));
    assert.equal(officerTurn.ahead, 0);
    const adminTurn = queued(await call(server.app, 'POST', leadsUrl(), admin, LEADS_BODY));
    assert.equal(adminTurn.ahead, 1);
    const leadTurn = queued(await call(server.app, 'POST', appsUrl(), lead, { list: 'MY_APPLICATIONS' }));
    assert.equal(leadTurn.ahead, 2);

    // The officer's second export while the first waits: 429; a fourth waiting export: the queue is full.
    const again = await call(server.app, 'POST', appsUrl(), officer, { list: 'MY_APPLICATIONS' });
    assert.equal(again.statusCode, 429, again.body);
    assert.ok(Number(again.headers['retry-after']) > 0);
    const full = await call(server.app, 'POST', appsUrl(), as.approver as Login, { list: 'MY_APPLICATIONS' });
    assert.equal(full.statusCode, 429, full.body);
    assert.match(full.json<{ message: string }>().message, /Too many exports are waiting/);
    // Another user's ticket holds no place for the caller: it is a new export, and the queue is full.
    const borrowed = await call(server.app, 'POST', appsUrl(officerTurn.ticket), as.approver as Login, {
      list: 'MY_APPLICATIONS',
    });
    assert.equal(borrowed.statusCode, 429, borrowed.body);

    // One place frees: it is the officer's (first in the queue), not the admin's, who asks first.
    if (first.kind === 'run') first.release();
    assert.equal(queued(await call(server.app, 'POST', leadsUrl(adminTurn.ticket), admin, LEADS_BODY)).ahead, 1);
    file(await call(server.app, 'POST', appsUrl(officerTurn.ticket), officer, { list: 'MY_APPLICATIONS' }));
    // Once the officer's export has ended (its stream closed, its place free): the admin's turn, then the
    // team lead's.
    const adminFile = await firstFile(() => call(server.app, 'POST', leadsUrl(adminTurn.ticket), admin, LEADS_BODY));
    file(adminFile);
    assert.match(String(adminFile.headers['content-disposition']), /Team_Leads_export_/);
    file(await firstFile(() => call(server.app, 'POST', appsUrl(leadTurn.ticket), lead, { list: 'MY_APPLICATIONS' })));
    if (second.kind === 'run') second.release();
  });

  it('frees the place of an export refused before its first byte', async () => {
    // The officer may not export All (403): the refusal frees the place, so both places take exports after it.
    const refused = await call(server.app, 'POST', appsUrl(), as.officer as Login, { list: 'ALL' });
    assert.equal(refused.statusCode, 403, refused.body);
    const queue = exportQueueOf(server.app.ctx);
    const turns = [queue.turn('USR-X'), queue.turn('USR-Y')];
    assert.deepEqual(
      turns.map((t) => t.kind),
      ['run', 'run'],
    );
    for (const t of turns) if (t.kind === 'run') t.release();
  });

  it('refuses a ticket that is not one, naming it, and a ticket without an export', async () => {
    const officer = as.officer as Login;
    assert.deepEqual(
      labels(await call(server.app, 'POST', appsUrl('../../etc'), officer, { list: 'MY_APPLICATIONS' })),
      ['ticket'],
    );
    const page = await call(server.app, 'POST', `${API_PATHS.leads}?ticket=${'a'.repeat(32)}`, officer, {
      list: 'MY_LEADS',
      page: { page: 0, size: 10 },
    });
    assert.deepEqual(labels(page), ['ticket']);
  });

  it('runs several exports asked at once: each gets its whole file, asking again while it waits', async () => {
    const who = [as.officer, as.opsadmin, as.teamlead] as Login[];
    const results = await Promise.all(
      who.map(async (user) => {
        let ticket: string | undefined;
        for (let asked = 0; asked < 200; asked++) {
          const res = await call(server.app, 'POST', appsUrl(ticket), user, { list: 'MY_APPLICATIONS' });
          if (res.statusCode !== 202) return res;
          ticket = queued(res).ticket;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        throw new Error('never its turn');
      }),
    );
    for (const res of results) file(res);
  });
});

describe('export queue (rules)', () => {
  const limits = { running: 1, perUser: 1, queue: 5 };

  it('a user over their own limit waits while others run, and a place goes to the first who may take it', () => {
    const queue = new ExportQueue({ ...limits, running: 2 });
    const a1 = queue.turn('a');
    assert.equal(a1.kind, 'run');
    const a2 = queue.turn('a');
    assert.deepEqual(a2.kind === 'queued' && a2.ahead, 0);
    // b comes after a's second export, but a may not run two: b takes the free place.
    assert.equal(queue.turn('b').kind, 'run');
    if (a1.kind === 'run') a1.release();
    assert.equal(a2.kind === 'queued' && queue.turn('a', a2.ticket).kind, 'run');
  });

  it('forgets a ticket not asked for again within its time (the client has gone)', () => {
    let now = 0;
    const queue = new ExportQueue(limits, () => now);
    const running = queue.turn('a');
    const gone = queue.turn('b');
    const waiting = queue.turn('c');
    assert.equal(waiting.kind === 'queued' && waiting.ahead, 1);
    now += 6_000;
    assert.equal(waiting.kind === 'queued' && queue.turn('c', waiting.ticket).kind, 'queued');
    now += 5_000;
    if (running.kind === 'run') running.release();
    // b's ticket is forgotten: c is first and runs.
    assert.equal(waiting.kind === 'queued' && queue.turn('c', waiting.ticket).kind, 'run');
    assert.equal(gone.kind === 'queued' && queue.turn('b', gone.ticket).kind, 'queued');
  });
});
