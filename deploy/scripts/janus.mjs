// Runs the video gateway alone, as `npm start` runs it (lib/janus.mjs): `node deploy/scripts/janus.mjs
// [--data-dir <dir>] [--port <port>]` (defaults: DATA_DIR or mock-server/.data, JANUS_PORT or 8188).
// Prints `janus listening on ws://127.0.0.1:<port>` once it serves; SIGTERM / SIGINT stop it.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_JANUS_PORT, ensureJanus, startJanus } from './lib/janus.mjs';
import { ROOT } from './lib/run.mjs';

const { values } = parseArgs({ options: { 'data-dir': { type: 'string' }, port: { type: 'string' } } });
const dataDir = path.resolve(values['data-dir'] || process.env.DATA_DIR || path.join(ROOT, 'mock-server', '.data'));
const port = Number(values.port || process.env.JANUS_PORT || DEFAULT_JANUS_PORT);
if (!Number.isInteger(port) || port < 1 || port > 65535)
  throw new Error(`--port: '${values.port}' is not a port number`);

await ensureJanus();
const janus = await startJanus({ dataDir, port });
console.log(`janus listening on ws://127.0.0.1:${port} (configuration in ${path.join(dataDir, 'janus', 'config')})`);
const stop = async () => {
  await janus.stop();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
const { code, signal } = await janus.done;
console.error(`janus exited (${signal ?? code})`);
process.exit(1);
