// Builds what is stale, then starts the composed system from the built apps on the e2e ports with
// a fresh database (under npm test, a copy of the server tests' seeded template), the shell and the remotes in one
// process but those a spec restarts. The supervisor of the server lives in this (the runner's) process and
// records each restart's pid in the state file.
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { builtServer } from '@originate/mock-server/built-server';
import { ensureBuilt } from '@originate/tools/lib/app-builds.mjs';
import { startSystem } from '@originate/tools/lib/composed-system.mjs';
import { runCommand } from '@originate/tools/lib/process.mjs';
import { ROOT } from '@originate/tools/lib/repo.mjs';
import {
  API,
  E2E_MESSAGE_PORTS,
  E2E_PORTS,
  LOG_DIR,
  RESTARTABLE_APPS,
  readState,
  releasesDirOf,
  SCREENSHOTS,
  stopAll,
  writeState,
} from './system-under-test';

/** npm test's directory of seeded templates (tools/scripts/test.mjs), shared with the server tests. */
const TEMPLATES_ENV = 'MOCK_SERVER_TEST_TEMPLATES';

/**
 * Under npm test (TEMPLATES_ENV set), a new data directory holding a copy of the server tests' seeded template
 * (mock-server test/harness/seeded.ts): the server's --seed then finds the seed done, and its start costs about
 * half the CPU (9 against 14 CPU-s). The server tests have usually made the template by the time the build ends:
 * it is copied here as it is; else a process of the harness makes it (or waits for the one making it) and copies
 * it (5 CPU-s: it loads the server's code). Elsewhere an empty directory, which the server seeds.
 */
async function dataDirectory(): Promise<string> {
  const root = process.env[TEMPLATES_ENV];
  if (!root) return mkdtempSync(path.join(tmpdir(), 'originate-e2e-'));
  const { NODE_ENV, SEED_APPLICATIONS, SEED_LEADS } = process.env;
  // The template's name as the harness gives it (its template()), with the server's default counts.
  const made = path.join(
    root,
    NODE_ENV === 'production' ? 'production' : `demo-${SEED_APPLICATIONS || 300}-${SEED_LEADS || 300}`,
  );
  if (existsSync(made)) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'originate-e2e-'));
    cpSync(made, dataDir, { recursive: true });
    return dataDir;
  }
  // What shapes a seed, as the server will read it.
  const shaping = Object.fromEntries(Object.entries({ NODE_ENV, SEED_APPLICATIONS, SEED_LEADS }).filter(([, v]) => v));
  const script = `const { seededDataDir } = await import('./test/harness/seeded.ts'); console.log(await seededDataDir(${JSON.stringify(shaping)}));`;
  const { code, output } = await runCommand(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    {
      cwd: path.join(ROOT, 'mock-server'),
      quiet: true,
    },
  );
  const dir = output.trim().split('\n').at(-1);
  if (code !== 0 || !dir) throw new Error(`copying the seeded template failed (exit code ${code}): ${output}`);
  return dir;
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  // A run that was killed leaves its parts and database behind.
  const stale = readState();
  await stopAll();
  if (stale) {
    rmSync(stale.dataDir, { recursive: true, force: true });
    rmSync(releasesDirOf(stale.dataDir), { recursive: true, force: true });
  }
  await ensureBuilt();
  rmSync(LOG_DIR, { recursive: true, force: true });
  mkdirSync(SCREENSHOTS, { recursive: true });
  const dataDir = await dataDirectory();
  const system = await startSystem({
    ports: E2E_PORTS,
    dataDir,
    releasesDir: releasesDirOf(dataDir),
    logDir: LOG_DIR,
    separateApps: RESTARTABLE_APPS,
    // The server built to JavaScript once for the run (esbuild, under a second), not src/main.ts under tsx: each of
    // its processes (the first, every warm standby, each restart) loads in about 2.7 CPU-s less (README "How the
    // suite runs"). Removed when this, the runner's process, exits.
    builtServer: await builtServer(),
    // Its own mail catcher and SMS sink even when the shell that runs it names real servers: the tests read them.
    messagePorts: E2E_MESSAGE_PORTS,
    replaceMessageSinks: true,
    // chatbot.spec.ts serves its script at the API origin. Every browser of the run logs in from 127.0.0.1, two
    // workers at once: the per-address limit on logins is for many people behind one address, not this one.
    // The SLA sweep every 2 s: sla-breach.spec.ts waits for a one-minute limit to run out, not a minute more.
    env: { CHATBOT_SCRIPT_ORIGINS: API, AUTH_CALLS_PER_ADDRESS_PER_MINUTE: '600', SLA_SWEEP_INTERVAL_MS: '2000' },
    onRestart: (name, pid) => {
      const state = readState();
      if (!state || pid === undefined) return;
      state.pids[name] = pid;
      writeState(state);
    },
  });
  const pids: Record<string, number> = {};
  for (const [name, proc] of [['server', system.server] as const, ...system.appProcs.entries()]) {
    if (proc.pid !== undefined) pids[name] = proc.pid;
  }
  // The video gateway is started when Janus can be (installed when missing); video.spec.ts needs it.
  if (system.janus?.pid !== undefined) pids.janus = system.janus.pid;
  if (system.messages.maildev?.pid !== undefined) pids.maildev = system.messages.maildev.pid;
  if (system.messages.smsSink?.pid !== undefined) pids['sms-sink'] = system.messages.smsSink.pid;
  writeState({
    dataDir,
    env: system.env,
    pids,
  });
  return async () => {
    const state = readState();
    await system.stop(); // first, or the supervisor would restart the server stopAll stops
    await stopAll();
    if (state) {
      rmSync(state.dataDir, { recursive: true, force: true });
      rmSync(releasesDirOf(state.dataDir), { recursive: true, force: true });
    }
  };
}
