// /env.json: what a build must not know (API origin, manifest URL, login key, portal name).

import type { RuntimeEnv } from '@originate/contract';
import ky from 'ky';
import { runtimeEnvAtom, sharedStore } from '../session/store';

const REQUIRED_FIELDS = ['apiBaseUrl', 'remotesManifestUrl', 'loginKey', 'portalAppName'] as const;

/** Checks an /env.json body; throws naming the first missing or empty field. */
export function parseRuntimeEnv(body: unknown): RuntimeEnv {
  if (typeof body !== 'object' || body === null) throw new Error('env.json: must be a JSON object');
  const record = body as Record<string, unknown>;
  for (const field of REQUIRED_FIELDS) {
    if (typeof record[field] !== 'string' || record[field] === '') {
      throw new Error(`env.json: ${field} must be a non-empty string`);
    }
  }
  const env = record as unknown as RuntimeEnv;
  if (env.loginKey.length < 32) throw new Error('env.json: loginKey must be at least 32 characters');
  return { ...env, apiBaseUrl: env.apiBaseUrl.replace(/\/+$/, '') };
}

/** GET /env.json of the page's origin; stores it in runtimeEnvAtom. */
export async function loadRuntimeEnv(): Promise<RuntimeEnv> {
  const url = new URL('/env.json', window.location.origin).toString();
  const body = await ky.get(url, { cache: 'no-store', retry: 1 }).json<unknown>();
  const env = parseRuntimeEnv(body);
  sharedStore.set(runtimeEnvAtom, env);
  return env;
}

export function requireRuntimeEnv(): RuntimeEnv {
  const env = sharedStore.get(runtimeEnvAtom);
  if (!env) throw new Error('Runtime environment is not loaded: call loadRuntimeEnv() first');
  return env;
}
