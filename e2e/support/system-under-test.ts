// The composed system under test: its ports, and stopping/starting one origin from inside a test.
// globalSetup starts everything (one process per origin) and records the process ids in a state
// file; a test that stops and restarts a remote updates it, so teardown stops what is running.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startVideoGateway } from '@originate/tools/lib/janus-process.mjs';
import { startNode, stopProcessGroup, waitForHttp } from '@originate/tools/lib/process.mjs';

/**
 * E2E_PORT_OFFSET (0 to 99; unset: 0) moves every port of the system by that much, so a second run on the same
 * machine (another checkout's npm test) never finds the first one's system answering on its ports.
 */
function portOffset(): number {
  const text = process.env.E2E_PORT_OFFSET || '0';
  const offset = Number(text);
  if (!Number.isInteger(offset) || offset < 0 || offset > 99) {
    throw new Error(`E2E_PORT_OFFSET must be an integer from 0 to 99, not '${text}'`);
  }
  return offset;
}
const OFFSET = portOffset();
/**
 * What a run keeps under test-results, named by its offset past 0: two runs at once (two offsets) each keep their
 * own state file, logs, artifacts and report (a shared state file let one run's setup stop the other's system).
 */
export const RUN_SUFFIX = OFFSET === 0 ? '' : `-${OFFSET}`;

export const E2E_PORTS = {
  SERVER_PORT: 4100 + OFFSET,
  SHELL_PORT: 3100 + OFFSET,
  MFE_APPLICATIONS_PORT: 3101 + OFFSET,
  MFE_LEADS_PORT: 3102 + OFFSET,
  MFE_CUSTOMER_FLOW_PORT: 3103 + OFFSET,
  MFE_NOTIFICATIONS_PORT: 3104 + OFFSET,
  MFE_VIDEO_PORT: 3105 + OFFSET,
  MFE_REPORTS_PORT: 3106 + OFFSET,
  /** The video gateway (Janus), on its own port so a running `npm start` (8188) never answers in its place. */
  JANUS_PORT: 8288 + OFFSET,
};

/**
 * The run's own mail catcher (maildev: SMTP and its web page and API) and SMS sink (tools/sms-sink), started by
 * globalSetup whatever SMTP_URL / SMS_GATEWAY_URL say, so the tests read every message the server sends
 * (support/messages.ts). Ranges of their own: no offset puts one on another's port.
 */
export const E2E_MESSAGE_PORTS = {
  MAIL_SMTP_PORT: 2500 + OFFSET,
  MAIL_WEB_PORT: 2600 + OFFSET,
  SMS_SINK_PORT: 2700 + OFFSET,
};

export const SHELL = `http://127.0.0.1:${E2E_PORTS.SHELL_PORT}`;
export const API = `http://127.0.0.1:${E2E_PORTS.SERVER_PORT}`;
export const NOTIFICATIONS_ORIGIN = `http://127.0.0.1:${E2E_PORTS.MFE_NOTIFICATIONS_PORT}`;
export const APPLICATIONS_ORIGIN = `http://127.0.0.1:${E2E_PORTS.MFE_APPLICATIONS_PORT}`;
export const MAIL_CATCHER = `http://127.0.0.1:${E2E_MESSAGE_PORTS.MAIL_WEB_PORT}`;
export const SMS_SINK = `http://127.0.0.1:${E2E_MESSAGE_PORTS.SMS_SINK_PORT}`;

const RESULTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results');
/** The parts' logs, emptied by globalSetup: npm test gives a second run of its own its own folder (E2E_LOG_DIR). */
export const LOG_DIR = process.env.E2E_LOG_DIR || path.join(RESULTS_DIR, `logs${RUN_SUFFIX}`);
export const SCREENSHOTS = path.join(RESULTS_DIR, 'screenshots');
const STATE_FILE = path.join(RESULTS_DIR, `system-state${RUN_SUFFIX}.json`);

export interface SystemState {
  dataDir: string;
  env: Record<string, string>;
  /** Process id (also its process group) of each running part: 'server', 'web', 'mfe-…', 'janus', 'maildev', 'sms-sink'. */
  pids: Record<string, number>;
}

/** The run's release store, beside its database (each run publishes its own releases from the builds). */
export function releasesDirOf(dataDir: string): string {
  return `${dataDir}-releases`;
}

/**
 * Written whole or not at all (a temporary file renamed over it): the runner's supervisor and a test's
 * worker both read and write it, and a read between another's truncate and write parsed an empty file (a
 * CI run lost its whole browser suite to that when a spec stopped the server as it restarted).
 */
export function writeState(state: SystemState): void {
  const next = `${STATE_FILE}.${process.pid}.tmp`;
  writeFileSync(next, JSON.stringify(state, null, 2));
  renameSync(next, STATE_FILE);
}

export function readState(): SystemState | null {
  return existsSync(STATE_FILE) ? (JSON.parse(readFileSync(STATE_FILE, 'utf8')) as SystemState) : null;
}

/**
 * The remotes a spec stops and starts again (notifications.spec.ts, pages.spec.ts): each runs in a process of its
 * own; the shell and the other remotes share one ('web').
 */
export const RESTARTABLE_APPS = ['mfe-notifications', 'mfe-customer-flow'];

/** Stops one part (its whole process group) and waits until it is gone. */
export async function stopPart(name: string): Promise<void> {
  const state = readState();
  const pid = state?.pids[name];
  if (!state || pid === undefined) {
    throw new Error(`${name}: not running in the e2e system on its own (a remote must be in RESTARTABLE_APPS)`);
  }
  await stopProcessGroup(pid, { graceMs: 10_000 });
  // Read again: a supervisor may have restarted the part meanwhile (the server's warm standby takes over
  // at once) and written its new pid, which must not be forgotten.
  const latest = readState() ?? state;
  if (latest.pids[name] === pid) delete latest.pids[name];
  writeState(latest);
}

/** Starts one app origin again, exactly as globalSetup did. */
export async function startApp(dir: string, port: number): Promise<void> {
  const state = readState();
  if (!state) throw new Error('e2e system state is missing: globalSetup did not run');
  const proc = startNode(dir, ['--import', 'tsx', path.join('deploy', 'src', 'serve.ts'), '--app', dir], {
    env: state.env,
    logDir: LOG_DIR,
  });
  await waitForHttp(`http://127.0.0.1:${port}/env.json`, proc);
  if (proc.pid === undefined) throw new Error(`${dir}: did not start`);
  state.pids[dir] = proc.pid;
  writeState(state);
}

/** Starts the video gateway again, exactly as globalSetup did (video.spec.ts stops it to see the call screen say so). */
export async function startJanusPart(): Promise<void> {
  const state = readState();
  if (!state) throw new Error('e2e system state is missing: globalSetup did not run');
  const janus = await startVideoGateway({
    dataDir: state.dataDir,
    port: E2E_PORTS.JANUS_PORT,
    logDir: LOG_DIR,
    env: state.env,
  });
  if (janus.pid === undefined) throw new Error('janus: did not start');
  state.pids.janus = janus.pid;
  writeState(state);
}

/** Whether a pid is still one of ours (a run that was killed can leave its parts behind). */
function isOurs(pid: number): boolean {
  try {
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return (
      cmd.includes('deploy/src/serve.ts') ||
      cmd.includes('mock-server/src/main.ts') ||
      cmd.includes('mock-server/dist/test-server-') ||
      cmd.includes('deploy/scripts/janus.mjs') ||
      cmd.includes('maildev/dist/bin/maildev.js') ||
      cmd.includes('tools/sms-sink/main.ts')
    );
  } catch {
    return false;
  }
}

/** Teardown (and set-up, after a killed run): every part still listed and still ours. */
export async function stopAll(): Promise<void> {
  const state = readState();
  if (!state) return;
  for (const [name, pid] of Object.entries(state.pids)) {
    if (!isOurs(pid)) delete state.pids[name];
  }
  writeState(state);
  await Promise.all(Object.keys(state.pids).map((name) => stopPart(name)));
}

/**
 * A body read on a connection of its own: a kept-alive one may be closed by the origin (after
 * KEEP_ALIVE_TIMEOUT_MS) just as a test reuses it, which would fail the test, not the product.
 */
export function getText(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () =>
          response.statusCode === 200 ? resolve(body) : reject(new Error(`${url} answered ${response.statusCode}`)),
        );
      })
      .on('error', reject);
  });
}

/** The federation manifest URL of a remote's current release, as the shell's /remotes.json points at it. */
export async function remoteManifestUrl(name: string): Promise<string> {
  const manifest = JSON.parse(await getText(`${SHELL}/remotes.json`)) as { remotes: { name: string; entry: string }[] };
  const entry = manifest.remotes.find((r) => r.name === name)?.entry;
  if (!entry) throw new Error(`${name}: not in ${SHELL}/remotes.json`);
  return entry;
}

/** The URL of the script the shell's page loads (its current release's main.js). */
export async function shellMainJsUrl(): Promise<string> {
  const page = await getText(`${SHELL}/`);
  const src = /<script[^>]* src="([^"]+\/main\.[^"/]*js)"/.exec(page)?.[1];
  if (!src) throw new Error(`${SHELL}/: no main.js in the page`);
  return new URL(src, SHELL).toString();
}
