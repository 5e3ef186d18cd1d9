// Runs the video gateway (deploy README "Video gateway"): `node deploy/scripts/janus.mjs [--data-dir <dir>]
// [--port <port>]` (defaults: DATA_DIR or mock-server/.data, JANUS_PORT or 8188) writes the configuration
// (janus-config.mjs) and runs Debian's `janus -F <it>` in the foreground, its output on this process's. Prints
// `janus listening on ws://127.0.0.1:<port>` once it serves; SIGTERM / SIGINT stop it. The compose and Kubernetes
// gateway runs this; npm start, npm run dev and the e2e system start it too (tools README).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { adminSocketOf, writeJanusConfig } from './janus-config.mjs';

const JANUS = '/usr/bin/janus';
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const { values } = parseArgs({ options: { 'data-dir': { type: 'string' }, port: { type: 'string' } } });
const dataDir = path.resolve(
  values['data-dir'] || process.env.DATA_DIR || path.join(REPO_ROOT, 'mock-server', '.data'),
);
const port = Number(values.port || process.env.JANUS_PORT || 8188);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`--port: '${values.port}' is not a port number`);
  process.exit(2);
}
if (!existsSync(JANUS)) {
  console.error(`${JANUS} is missing: apt-get install -y janus`);
  process.exit(1);
}

/** Whether something accepts TCP connections on 127.0.0.1:port. @returns {Promise<boolean>} */
function listening() {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

// Another gateway (a running `npm start`, Debian's service) would answer in this one's place.
if (await listening()) {
  console.error(`127.0.0.1:${port} is in use (JANUS_PORT)`);
  process.exit(1);
}
const configDir = writeJanusConfig({ dataDir, port });
// A socket file left by a gateway that did not end cleanly would keep the Admin API from listening.
rmSync(adminSocketOf(dataDir), { force: true });
mkdirSync(path.join(dataDir, 'recordings'), { recursive: true });

const janus = spawn(JANUS, ['-F', configDir, '--disable-colors'], {
  cwd: dataDir,
  stdio: ['ignore', 'inherit', 'inherit'],
});
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  janus.kill('SIGTERM');
  setTimeout(() => janus.kill('SIGKILL'), 5000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
janus.on('exit', (code, signal) => {
  if (!stopping) console.error(`janus exited (${signal ?? code})`);
  process.exit(stopping ? (process.exitCode ?? 0) : 1);
});

const deadline = Date.now() + 20_000;
while (!(await listening())) {
  if (Date.now() > deadline) {
    console.error(`janus did not listen on 127.0.0.1:${port} within 20 s`);
    process.exitCode = 1;
    stop();
    break;
  }
  await new Promise((r) => setTimeout(r, 100));
}
if (!stopping) console.log(`janus listening on ws://127.0.0.1:${port} (configuration in ${configDir})`);
