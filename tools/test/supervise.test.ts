import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { builtServer } from '@originate/mock-server/built-server';
import { freePort } from '../lib/ports.mjs';
import { RESTART_POLICY, restartDecision, restartLine } from '../lib/restart-policy.mjs';
import { superviseProcess, superviseServer } from '../lib/supervise.mjs';

/** Polls until the check holds (generous: a failing supervisor fails the test, a slow machine does not). */
async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 300 && !check(); i++) await new Promise((r) => setTimeout(r, 100));
  assert.ok(check(), what);
}

/** A child that answers the supervisor's IPC as mock-server's main.ts does (README "Supervision"). */
const SERVING_CHILD = `
const send = (supervisor) => process.send && process.send({ supervisor });
const serve = () => { send('serving'); setInterval(() => {}, 1000); };
if (process.env.SUPERVISOR_STANDBY === '1') {
  process.on('message', (m) => { if (m && m.supervisor === 'start') serve(); });
  send('standby');
} else serve();
`;

describe('restart policy', () => {
  it('restarts at once after a run that served, however short and however often', () => {
    for (const uptimeMs of [0, 50, 2000, 120_000]) {
      assert.deepEqual(restartDecision({ previousDelayMs: 0, served: true, uptimeMs }), {
        delayMs: 0,
        crashLoop: false,
      });
    }
    // After backing off, a run that served starts over.
    assert.equal(restartDecision({ previousDelayMs: 8000, served: true, uptimeMs: 100 }).delayMs, 0);
  });

  it('backs off only in a crash loop (runs that stop quickly without serving): 0.5 s doubling, capped at 10 s', () => {
    const delays: number[] = [];
    let previousDelayMs = 0;
    for (let i = 0; i < 8; i++) {
      const decision = restartDecision({ previousDelayMs, served: false, uptimeMs: 300 });
      assert.equal(decision.crashLoop, true);
      previousDelayMs = decision.delayMs;
      delays.push(previousDelayMs);
    }
    assert.deepEqual(delays, [500, 1000, 2000, 4000, 8000, 10_000, 10_000, 10_000]);
    assert.equal(Math.max(...delays), RESTART_POLICY.maxMs);
  });

  it('a run that lasted the window without serving (a slow start) is no loop', () => {
    const decision = restartDecision({ previousDelayMs: 4000, served: false, uptimeMs: RESTART_POLICY.windowMs });
    assert.deepEqual(decision, { delayMs: 0, crashLoop: false });
  });

  it('says why it restarts, after how long, and when', () => {
    const served = restartLine({
      name: 'server',
      code: null,
      signal: 'SIGKILL',
      uptimeMs: 4230,
      served: true,
      decision: { delayMs: 0, crashLoop: false },
      standby: true,
    });
    assert.equal(served, '[supervisor] server was killed by SIGKILL after 4.2 s; restarting it now (warm standby)');
    const loop = restartLine({
      name: 'server',
      code: 1,
      signal: null,
      uptimeMs: 310,
      served: false,
      decision: { delayMs: 2000, crashLoop: true },
      standby: false,
    });
    assert.equal(
      loop,
      '[supervisor] server exited with code 1 after 0.3 s, before it served; crash loop: restarting it in 2 s',
    );
  });
});

describe('supervision of the server', () => {
  it('restarts a process that keeps exiting before it serves with backoff, saying why with the end of its log, until stopped', async () => {
    const logDir = mkdtempSync(path.join(tmpdir(), 'tools-supervise-'));
    const messages: string[] = [];
    const pids: (number | undefined)[] = [];
    const proc = superviseProcess('crasher', ['-e', 'console.log("database is gone"); process.exit(3)'], {
      env: {},
      logDir,
      onStart: (pid) => pids.push(pid),
      log: (message) => messages.push(message),
    });
    proc.ready();
    try {
      await until(() => pids.length >= 2, 'restarted twice');
      // ready() counted the first run as served: it is restarted at once; the next ones never served.
      assert.match(messages[0] ?? '', /^\[supervisor\] crasher exited with code 3 after [\d.]+ s; restarting it now/);
      assert.match(messages[0] ?? '', /The end of its log:\ndatabase is gone$/);
      assert.match(messages[1] ?? '', /before it served; crash loop: restarting it in 0\.5 s/);
      await until(() => pids.length >= 3, 'restarted three times');
      assert.match(messages[2] ?? '', /crash loop: restarting it in 1 s/);
      assert.equal(proc.pid, pids.at(-1));
    } finally {
      await proc.stop();
      rmSync(logDir, { recursive: true });
    }
    const restarts = pids.length;
    await new Promise((r) => setTimeout(r, 1500));
    assert.equal(pids.length, restarts, 'no restart after stop()');
  });

  it('does not restart a process that dies before it ever served: the start fails with it', async () => {
    const messages: string[] = [];
    const pids: (number | undefined)[] = [];
    const proc = superviseProcess('server', ['-e', 'process.exit(1)'], {
      env: {},
      onStart: (pid) => pids.push(pid),
      log: (message) => messages.push(message),
    });
    await until(() => proc.exited, 'seen as exited');
    await new Promise((r) => setTimeout(r, 1000));
    assert.deepEqual([pids, messages], [[], []]);
  });

  it('a first start that fails takes its standby with it', async () => {
    const proc = superviseProcess(
      'server',
      [
        '-e',
        `if (process.env.SUPERVISOR_STANDBY === '1') setInterval(() => {}, 1000); else setTimeout(() => process.exit(1), 300);`,
      ],
      { env: {}, standby: true, log: () => {} },
    );
    const standby = proc.standbyPid;
    assert.ok(standby);
    await until(() => proc.exited, 'seen as exited');
    await until(() => {
      try {
        process.kill(standby, 0);
        return false;
      } catch {
        return true;
      }
    }, 'the standby is gone');
  });

  it('restarts a process killed by SIGKILL after it served at once, every time, and says when it serves again', async () => {
    const messages: string[] = [];
    const proc = superviseProcess('server', ['-e', SERVING_CHILD], {
      env: {},
      log: (message) => messages.push(message),
    });
    proc.ready();
    try {
      for (let crash = 1; crash <= 3; crash++) {
        const before = proc.pid;
        assert.ok(before);
        process.kill(before, 'SIGKILL');
        await until(
          () => messages.filter((m) => m.includes('serves again')).length === crash,
          `served after crash ${crash}`,
        );
      }
      const stops = messages.filter((m) => m.includes('was killed by SIGKILL'));
      assert.equal(stops.length, 3);
      for (const line of stops)
        assert.match(line, /^\[supervisor\] server was killed by SIGKILL after [\d.]+ s; restarting it now$/);
      assert.ok(messages.every((m) => !m.includes('crash loop')));
    } finally {
      await proc.stop();
    }
  });

  it('with standby, a warm process that already loaded its code takes over', async () => {
    const messages: string[] = [];
    const pids: (number | undefined)[] = [];
    const proc = superviseProcess('server', ['-e', SERVING_CHILD], {
      env: {},
      standby: true,
      onStart: (pid) => pids.push(pid),
      log: (message) => messages.push(message),
    });
    proc.ready();
    try {
      await until(() => proc.standbyPid !== undefined, 'a standby');
      const standby = proc.standbyPid;
      const first = proc.pid;
      assert.ok(first);
      assert.notEqual(standby, first);
      process.kill(first, 'SIGKILL');
      await until(() => messages.some((m) => m.includes('serves again')), 'served again');
      assert.deepEqual(pids, [standby], 'the standby was promoted, no cold start');
      assert.match(messages[0] ?? '', /restarting it now \(warm standby\)$/);
      // A new standby is kept for the next crash.
      await until(() => proc.standbyPid !== undefined && proc.standbyPid !== standby, 'the next standby');
    } finally {
      const standby = proc.standbyPid;
      await proc.stop();
      if (standby) assert.throws(() => process.kill(standby, 0), 'stop() also stops the standby');
    }
  });
});

describe('the real API server under its supervisor', () => {
  it('speaks the standby protocol: after a SIGKILL the warm standby opens the same data and serves', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tools-standby-'));
    const logDir = mkdtempSync(path.join(tmpdir(), 'tools-standby-log-'));
    const port = await freePort();
    const messages: string[] = [];
    // Unseeded: readiness answers 200 once the database is open, which is what the standby must do.
    const server = superviseServer({
      env: { SERVER_PORT: String(port), DATA_DIR: dataDir },
      logDir,
      log: (m) => messages.push(m),
      seed: false,
      built: await builtServer(),
    });
    const domain = `http://127.0.0.1:${port}/readyz`;
    try {
      await untilAnswers(domain, server);
      server.ready();
      await until(() => server.standbyPid !== undefined, 'a standby');
      const standby = server.standbyPid;
      const first = server.pid;
      assert.ok(first);
      process.kill(first, 'SIGKILL');
      await untilAnswers(domain, server);
      assert.equal(server.pid, standby, 'the standby took over');
      assert.match(
        messages[0] ?? '',
        /^\[supervisor\] server was killed by SIGKILL after [\d.]+ s; restarting it now \(warm standby\)/,
      );
      await until(() => messages.some((m) => m.includes('serves again')), 'it said it serves again');
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(logDir, { recursive: true, force: true });
    }
  });
});

/** Polls until the URL answers 200 (generous: a loaded machine starts the server slowly). */
async function untilAnswers(url: string, server: { exited: boolean }): Promise<void> {
  for (let i = 0; i < 1800; i++) {
    assert.equal(server.exited, false, 'the server exited before it served');
    const status = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail(`${url} did not answer 200`);
}
