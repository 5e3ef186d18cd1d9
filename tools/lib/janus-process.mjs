// The video gateway for npm start, npm run dev, the e2e system and the benches: Debian's janus installed when
// missing, then deploy's gateway runner (deploy/scripts/janus.mjs, what operators run) started as a process of
// its own. The back office does not depend on it: when it cannot start, the rest starts anyway and says so.
import path from 'node:path';
import { aptInstall } from './apt.mjs';
import { listening, startNode, waitForPort } from './process.mjs';

const JANUS = '/usr/bin/janus';
const RUNNER = path.join('deploy', 'scripts', 'janus.mjs');

/** Installs Debian's janus (1.1.2 on Debian 12: websockets transport and videoroom plugin) when missing. */
export async function ensureJanus() {
  await aptInstall('Debian janus (the video gateway)', ['janus'], [JANUS]);
}

/**
 * Starts the gateway on 127.0.0.1:port with its configuration and keys under dataDir; resolves once it listens.
 * Its output goes to <logDir>/janus.log, or prefixed to this process's stderr.
 * @param {{ dataDir: string, port: number, logDir?: string, env?: NodeJS.ProcessEnv }} opts
 */
export async function startVideoGateway(opts) {
  // Another gateway (a running `npm start`, Debian's service) would answer in this one's place.
  if (await listening(opts.port)) throw new Error(`127.0.0.1:${opts.port} is in use (JANUS_PORT)`);
  const proc = startNode('janus', [RUNNER, '--data-dir', opts.dataDir, '--port', String(opts.port)], {
    env: opts.env,
    logDir: opts.logDir,
    // The runner gives janus 5 s before it kills it.
    graceMs: 6000,
  });
  try {
    await waitForPort(opts.port, proc);
  } catch (error) {
    await proc.stop();
    throw error;
  }
  return Object.assign(proc, { port: opts.port });
}

/**
 * The gateway as an extra: installed when missing and started; a failure is printed and answers null (the back
 * office runs without video; the API's GET /v3/video/gateway says the gateway is down).
 * @param {{ dataDir: string, port: number, logDir?: string, env?: NodeJS.ProcessEnv }} opts
 */
export async function startVideoGatewayIfPossible(opts) {
  try {
    await ensureJanus();
    return await startVideoGateway(opts);
  } catch (error) {
    console.error(`[janus] not started, video calls are unavailable: ${/** @type {Error} */ (error).message}`);
    return null;
  }
}
