// The video gateway's configuration (deploy README "Video gateway"): deploy/janus/*.jcfg written into
// <DATA_DIR>/janus/config with the install's keys, for janus.mjs to run `janus -F <that folder>`.
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const TEMPLATES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'janus');

/**
 * The install's gateway keys, shared by Janus's configuration and the API server (which derives the call
 * tokens and the Admin API's admin_secret from the token secret, and alone uses the admin key to create
 * rooms): JANUS_ADMIN_KEY and JANUS_TOKEN_SECRET when
 * both are set, else <dataDir>/janus/keys.json, made once (128 random bits each, mode 0600). The API
 * reads the same file (mock-server src/modules/video/keys.ts), whichever of the two starts first makes it.
 * @param {string} dataDir @param {NodeJS.ProcessEnv} env
 * @returns {{ adminKey: string, tokenSecret: string }}
 */
export function gatewayKeys(dataDir, env = process.env) {
  if (env.JANUS_ADMIN_KEY && env.JANUS_TOKEN_SECRET) {
    return { adminKey: env.JANUS_ADMIN_KEY, tokenSecret: env.JANUS_TOKEN_SECRET };
  }
  const file = path.join(dataDir, 'janus', 'keys.json');
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const fresh = { adminKey: randomBytes(16).toString('hex'), tokenSecret: randomBytes(32).toString('hex') };
  try {
    writeFileSync(file, `${JSON.stringify(fresh)}\n`, { flag: 'wx', mode: 0o600 });
    return fresh;
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
  }
  const stored = JSON.parse(readFileSync(file, 'utf8'));
  if (typeof stored.adminKey !== 'string' || typeof stored.tokenSecret !== 'string') {
    throw new Error(`${file}: must hold { adminKey, tokenSecret }`);
  }
  return { adminKey: stored.adminKey, tokenSecret: stored.tokenSecret };
}

/**
 * The Admin API's admin_secret, derived from the token secret as the API derives it (mock-server
 * src/modules/video/keys.ts adminSecretOf). @param {string} tokenSecret
 */
function adminSecretOf(tokenSecret) {
  return createHmac('sha256', tokenSecret).update('janus admin_secret').digest('hex');
}

/** The Admin API's unix socket (the API's src/modules/video/gateway-admin.ts). @param {string} dataDir */
export function adminSocketOf(dataDir) {
  return path.join(dataDir, 'janus', 'admin.sock');
}

/** Debian's folder of Janus's plugins, transports, event handlers and loggers (per architecture). */
function janusLibDir() {
  for (const triplet of existsSync('/usr/lib') ? readdirSync('/usr/lib') : []) {
    const dir = path.join('/usr/lib', triplet, 'janus');
    if (existsSync(path.join(dir, 'plugins'))) return dir;
  }
  return '/usr/lib/x86_64-linux-gnu/janus';
}

/** A value that goes between the quotes of a jcfg string. @param {string} name @param {string} value */
function jcfgString(name, value) {
  if (/["\\\n\r]/.test(value)) throw new Error(`${name}: '${value}' cannot go into a Janus configuration`);
  return value;
}

/**
 * Writes deploy/janus/*.jcfg into <dataDir>/janus/config with the values filled in; answers the folder.
 * Written again on every start, so a permanent room Janus saved there is gone after a restart (an agent's
 * join creates its room again).
 * @param {{ dataDir: string, port: number, env?: NodeJS.ProcessEnv }} opts
 */
export function writeJanusConfig(opts) {
  const env = opts.env ?? process.env;
  const keys = gatewayKeys(opts.dataDir, env);
  const configDir = path.join(opts.dataDir, 'janus', 'config');
  mkdirSync(configDir, { recursive: true, mode: 0o700 });
  const host = env.JANUS_INTERFACE || '127.0.0.1';
  const rtp = env.JANUS_RTP_PORT_RANGE || '20000-40000';
  if (!/^\d{1,5}-\d{1,5}$/.test(rtp)) throw new Error(`JANUS_RTP_PORT_RANGE: '${rtp}' is not <min>-<max>`);
  /** @type {Record<string, string>} */
  const values = {
    CONFIG_DIR: jcfgString('DATA_DIR', configDir),
    ADMIN_KEY: jcfgString('JANUS_ADMIN_KEY', keys.adminKey),
    ADMIN_SECRET: adminSecretOf(keys.tokenSecret),
    ADMIN_SOCKET: jcfgString('DATA_DIR', adminSocketOf(opts.dataDir)),
    WS_PORT: String(opts.port),
    WS_IP: jcfgString('JANUS_INTERFACE', host),
    ICE_ENFORCE_LIST: jcfgString('JANUS_ICE_ENFORCE_LIST', env.JANUS_ICE_ENFORCE_LIST || host),
    RTP_PORT_RANGE: rtp,
    LIB_DIR: janusLibDir(),
  };
  for (const name of readdirSync(TEMPLATES).filter((f) => f.endsWith('.jcfg'))) {
    const text = readFileSync(path.join(TEMPLATES, name), 'utf8').replace(/\{\{([A-Z_]+)\}\}/g, (_, key) => {
      const value = values[key];
      if (value === undefined) throw new Error(`deploy/janus/${name}: unknown placeholder {{${key}}}`);
      return value;
    });
    writeFileSync(path.join(configDir, name), text, { mode: 0o600 });
  }
  return configDir;
}
