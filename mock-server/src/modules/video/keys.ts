// The gateway keys (README "Video calls"): the videoroom plugin's admin_key (only holders may create rooms:
// the API alone, through the Admin API) and the token secret, which the call tokens and the Admin API's
// admin_secret are derived from. Both per install and never committed: JANUS_ADMIN_KEY + JANUS_TOKEN_SECRET,
// else <DATA_DIR>/janus/keys.json, made by whichever of the API and deploy/scripts/janus-config.mjs comes first
// (same format, exclusive create; the admin_secret derivation is the same in both).
import { createHmac, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
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
 * The gateway token of a call (Janus token_auth with stored tokens): the same for everyone in the call, added
 * to the gateway (add_token) while the call is open and removed when it ends, so it opens no session after.
 * Derived, not stored: the API names it again at every join and at the end, also after a restart of either.
 */
export function callGatewayToken(tokenSecret: string, callId: string): string {
  return createHmac('sha256', tokenSecret).update(`gateway token of call ${callId}`).digest('base64url');
}

/** The Admin API's admin_secret (janus.jcfg): deploy/scripts/janus-config.mjs derives it the same way. */
export function adminSecretOf(tokenSecret: string): string {
  return createHmac('sha256', tokenSecret).update('janus admin_secret').digest('hex');
}
