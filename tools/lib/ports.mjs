// The ports of the composed system: the defaults operators see (deploy/ports.json, read as data), each
// overridable by its environment variable.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { ROOT } from './repo.mjs';

/** @type {{ SERVER_PORT: number, SHELL_PORT: number, MFE_APPLICATIONS_PORT: number, MFE_LEADS_PORT: number, MFE_CUSTOMER_FLOW_PORT: number, MFE_NOTIFICATIONS_PORT: number, MFE_VIDEO_PORT: number, MFE_REPORTS_PORT: number, JANUS_PORT: number }} */
const DEFAULT_PORTS = JSON.parse(readFileSync(path.join(ROOT, 'deploy', 'ports.json'), 'utf8'));

/**
 * JANUS_PORT (the video gateway's websocket) may be left out: startSystem then takes a free port, so a test
 * run's gateway never meets the one `npm start` runs on 8188.
 * @typedef {Record<Exclude<keyof typeof DEFAULT_PORTS, 'JANUS_PORT'>, number> & { JANUS_PORT?: number }} Ports
 */

/** @param {NodeJS.ProcessEnv} env @returns {Ports} */
export function portsFrom(env) {
  /** @type {Record<string, number>} */
  const ports = {};
  for (const [name, fallback] of Object.entries(DEFAULT_PORTS)) {
    const raw = env[name];
    const port = raw ? Number(raw) : fallback;
    if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`${name}: '${raw}' is not a port number`);
    ports[name] = port;
  }
  return /** @type {Ports} */ (ports);
}

/** 'mfe-customer-flow' → 'MFE_CUSTOMER_FLOW_PORT' */
export function portEnvName(/** @type {string} */ dir) {
  return `${dir.replace(/-/g, '_').toUpperCase()}_PORT`;
}

/** @param {Ports} ports */
export function portsEnv(ports) {
  return Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)]));
}

/** A port nothing listens on now (loopback only). @returns {Promise<number>} */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
