// npm run bench -- --only crash: the API's downtime per crash. The server runs under the supervisor
// startSystem uses, on a throw-away data directory; it is killed with SIGKILL ten times in a row, each
// time as soon as it serves again, and the downtime is the time from the kill until a cheap route
// (GET /setup/configs/Environment/Domain, public, read from the database) answers 200.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../lib/ports.mjs';
import { ROOT } from '../lib/repo.mjs';
import { superviseServer } from '../lib/supervise.mjs';

const CRASHES = 10;
const GOAL_MS = 3000;
const PROBE_PATH = '/setup/configs/Environment/Domain';
/** Probe interval: the downtime's resolution. */
const POLL_MS = 20;

/**
 * Resolves with the time the URL first answers 200.
 * @param {string} url @param {{ exited: boolean }} server
 */
async function until200(url, server, timeoutMs = 180_000) {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (server.exited) throw new Error('the server exited before it served (see bench-results/logs/server.log)');
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
      await response.arrayBuffer();
      if (response.status === 200) return performance.now();
    } catch {}
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s`);
}

/** Runs the crash bench; prints its table and writes bench-results/crash.json. Resolves with the figures. */
export async function crashBench() {
  const loadAtStart = loadavg();
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'originate-crash-'));
  const logDir = path.join(ROOT, 'bench-results', 'logs');
  const url = `http://127.0.0.1:${port}${PROBE_PATH}`;
  /** @type {string[]} */
  const supervisorLines = [];
  const server = superviseServer({
    env: { SERVER_PORT: String(port), DATA_DIR: dataDir },
    logDir,
    log: (line) => {
      supervisorLines.push(line.split('\n')[0] ?? line);
      console.log(line.split('\n')[0]);
    },
  });
  /** @type {{ crash: number, downtimeMs: number, pidBefore: number | undefined, pidAfter: number | undefined }[]} */
  const crashes = [];
  try {
    const started = performance.now();
    await until200(url, server);
    server.ready();
    console.log(`first start (seeding an empty database): ${Math.round(performance.now() - started)} ms`);
    for (let crash = 1; crash <= CRASHES; crash++) {
      const pidBefore = server.pid;
      if (pidBefore === undefined) throw new Error('the server has no pid');
      const killedAt = performance.now();
      process.kill(pidBefore, 'SIGKILL');
      const servedAt = await until200(url, server);
      crashes.push({ crash, downtimeMs: Math.round(servedAt - killedAt), pidBefore, pidAfter: server.pid });
      console.log(`crash ${crash}: down ${Math.round(servedAt - killedAt)} ms`);
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const downtimes = crashes.map((c) => c.downtimeMs);
  const worst = Math.max(...downtimes);
  const result = {
    measuredAt: new Date().toISOString(),
    machine: { cpus: cpus().length, loadAverageAtStart: loadAtStart, loadAverageAtEnd: loadavg() },
    probe: `GET ${PROBE_PATH} every ${POLL_MS} ms until 200`,
    goalMs: GOAL_MS,
    crashes,
    worstMs: worst,
    medianMs: [...downtimes].sort((a, b) => a - b)[Math.floor(downtimes.length / 2)],
    supervisor: supervisorLines,
  };
  mkdirSync(path.join(ROOT, 'bench-results'), { recursive: true });
  writeFileSync(path.join(ROOT, 'bench-results', 'crash.json'), `${JSON.stringify(result, null, 2)}\n`);

  console.log(`\n${'crash'.padEnd(6)}  ${'downtime'.padStart(9)}`);
  for (const c of crashes) console.log(`${String(c.crash).padEnd(6)}  ${`${c.downtimeMs} ms`.padStart(9)}`);
  console.log(
    `worst ${worst} ms, median ${result.medianMs} ms; goal every crash ≤ ${GOAL_MS} ms: ${worst <= GOAL_MS ? 'met' : 'NOT met'}`,
  );
  const load = (/** @type {number[]} */ l) => l.map((n) => n.toFixed(2)).join(' ');
  console.log(`${cpus().length} CPUs; load average at start ${load(loadAtStart)}, at end ${load(loadavg())}`);
  console.log(`written to ${path.join('bench-results', 'crash.json')}`);
  if (worst > GOAL_MS) process.exitCode = 1;
  return result;
}
