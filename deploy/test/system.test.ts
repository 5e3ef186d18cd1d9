import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { BACKOFF, restartDelay, superviseProcess } from '../scripts/lib/system.mjs';

/** Polls until the check holds (generous: a failing supervisor fails the test, a slow machine does not). */
async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 300 && !check(); i++) await new Promise((r) => setTimeout(r, 100));
  assert.ok(check(), what);
}

describe('13. supervision of the server', () => {
  it('waits 0.5 s, doubling to 30 s, and starts over after a run of 60 s', () => {
    const delays: number[] = [];
    let delay = 0;
    for (let i = 0; i < 9; i++) {
      delay = restartDelay(delay, 1000);
      delays.push(delay);
    }
    assert.deepEqual(delays, [500, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    assert.equal(restartDelay(30000, BACKOFF.resetAfterMs), 500);
  });

  it('restarts a process that exits, saying why with the end of its log, until stopped', async () => {
    const logDir = mkdtempSync(path.join(tmpdir(), 'deploy-supervise-'));
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
      assert.match(messages[0] ?? '', /^\[supervisor\] crasher exited with code 3; restarting it in 0\.5 s/);
      assert.match(messages[0] ?? '', /The end of its log:\ndatabase is gone$/);
      assert.match(messages[1] ?? '', /restarting it in 1 s/);
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

  it('restarts a process killed by SIGKILL', async () => {
    const messages: string[] = [];
    const proc = superviseProcess('server', ['-e', 'setInterval(() => {}, 1000)'], {
      env: {},
      log: (message) => messages.push(message),
    });
    proc.ready();
    try {
      const first = proc.pid;
      assert.ok(first);
      process.kill(first, 'SIGKILL');
      await until(() => proc.pid !== first, 'a new process');
      assert.deepEqual(messages, ['[supervisor] server was killed by SIGKILL; restarting it in 0.5 s']);
    } finally {
      await proc.stop();
    }
  });
});
