// The gateway keys (README "Video calls"): the videoroom plugin's admin_key (only holders may create rooms;
// the API hands it to a call's agent) and the secret Janus verifies signed tokens with (token_auth). Both
// per install and never committed: JANUS_ADMIN_KEY + JANUS_TOKEN_SECRET, else <DATA_DIR>/janus/keys.json,
// made by whichever of the API and deploy/scripts/lib/janus.mjs comes first (same format, exclusive create).
import { createHmac, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { VIDEO_GATEWAY_TOKEN_HOURS } from '@originate/contract';
import { type Config, IN_MEMORY_DATA_DIR } from '../../config';

export interface GatewayKeys {
  adminKey: string;
  tokenSecret: string;
}

const fresh = (): GatewayKeys => ({
  adminKey: randomBytes(16).toString('hex'),
  tokenSecret: randomBytes(32).toString('hex'),
});

const loaded = new WeakMap<object, Promise<GatewayKeys>>();

/** The install's keys, read once per configuration (a failed read is tried again on the next call). */
export function gatewayKeysOf(config: Pick<Config, 'dataDir' | 'videoGateway'>): Promise<GatewayKeys> {
  let keys = loaded.get(config);
  if (!keys) {
    keys = loadGatewayKeys(config).catch((error: unknown) => {
      loaded.delete(config);
      throw error;
    });
    loaded.set(config, keys);
  }
  return keys;
}

/** The install's keys; a database kept in memory (tests) gets keys of its own process. */
async function loadGatewayKeys(config: Pick<Config, 'dataDir' | 'videoGateway'>): Promise<GatewayKeys> {
  const { adminKey, tokenSecret } = config.videoGateway;
  if (adminKey && tokenSecret) return { adminKey, tokenSecret };
  if (config.dataDir === IN_MEMORY_DATA_DIR) return fresh();
  const file = path.join(config.dataDir, 'janus', 'keys.json');
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const made = fresh();
  try {
    await writeFile(file, `${JSON.stringify(made)}\n`, { flag: 'wx', mode: 0o600 });
    return made;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const stored = JSON.parse(await readFile(file, 'utf8')) as Partial<GatewayKeys>;
  if (typeof stored.adminKey !== 'string' || typeof stored.tokenSecret !== 'string') {
    throw new Error(`${file}: must hold { adminKey, tokenSecret }`);
  }
  return { adminKey: stored.adminKey, tokenSecret: stored.tokenSecret };
}

/**
 * A Janus signed token (token_auth with token_auth_secret): `<expiry>,janus,janus.plugin.videoroom:<HMAC-SHA1
 * in base64>`. Janus checks it on every request of the session (keepalives too), so it lives
 * VIDEO_GATEWAY_TOKEN_HOURS; it opens the videoroom plugin only.
 */
export function signGatewayToken(tokenSecret: string, now: Date): string {
  const expiry = Math.floor(now.getTime() / 1000) + VIDEO_GATEWAY_TOKEN_HOURS * 3600;
  const data = `${expiry},janus,janus.plugin.videoroom`;
  return `${data}:${createHmac('sha1', tokenSecret).update(data).digest('base64')}`;
}
