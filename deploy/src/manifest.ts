// The runtime contract every origin serves: /env.json (RuntimeEnv) and, on the shell, /remotes.json.
import path from 'node:path';
import type { MenuContribution, RemoteEntry, RemoteSlot, RemotesManifest, RuntimeEnv } from '@originate/shared/node';
import { DEFAULT_LOGIN_KEY, PORTAL_APP_NAME } from '@originate/shared/node';
import { type AppInfo, type Env, readJson } from './apps';

const HOST = '127.0.0.1';

export function originOf(port: number): string {
  return `http://${HOST}:${port}`;
}

export function buildRuntimeEnv(opts: { serverPort: number; shellPort: number; env: Env }): RuntimeEnv {
  const loginKey = opts.env.LOGIN_KEY || DEFAULT_LOGIN_KEY;
  if (loginKey.length !== 32) throw new Error(`LOGIN_KEY: must be exactly 32 characters, got ${loginKey.length}`);
  return {
    apiBaseUrl: originOf(opts.serverPort),
    remotesManifestUrl: `${originOf(opts.shellPort)}/remotes.json`,
    loginKey,
    portalAppName: PORTAL_APP_NAME,
  };
}

/** What a remote declares about itself in its remote.json. */
export interface RemoteDeclaration {
  requiredRoles: string[];
  menu: MenuContribution[];
  slots?: Partial<Record<RemoteSlot, string>>;
}

const SLOTS: readonly RemoteSlot[] = ['headerBell', 'customerArea'];

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isStringArray(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((x) => typeof x === 'string');
}

/** Checks a remote.json against the contract; throws an error naming the field and the reason. */
export function parseDeclaration(value: unknown, source: string): RemoteDeclaration {
  const fail = (field: string, reason: string): never => {
    throw new Error(`${source}: ${field} ${reason}`);
  };
  if (!isObject(value)) return fail('(root)', 'must be an object');
  const requiredRoles = value.requiredRoles ?? [];
  if (!isStringArray(requiredRoles)) fail('requiredRoles', 'must be an array of strings');
  const menuRaw = value.menu ?? [];
  if (!Array.isArray(menuRaw)) return fail('menu', 'must be an array');
  const menu = menuRaw.map((item: unknown, i): MenuContribution => {
    if (!isObject(item)) return fail(`menu[${i}]`, 'must be an object');
    for (const key of ['id', 'label', 'path', 'module'] as const) {
      if (typeof item[key] !== 'string' || item[key] === '') fail(`menu[${i}].${key}`, 'must be a non-empty string');
    }
    if (typeof item.order !== 'number') fail(`menu[${i}].order`, 'must be a number');
    for (const key of ['requiredRole', 'group'] as const) {
      if (item[key] !== undefined && typeof item[key] !== 'string') fail(`menu[${i}].${key}`, 'must be a string');
    }
    return item as unknown as MenuContribution;
  });
  const declaration: RemoteDeclaration = { requiredRoles: requiredRoles as string[], menu };
  if (value.slots !== undefined) {
    if (!isObject(value.slots)) return fail('slots', 'must be an object');
    for (const [slot, module] of Object.entries(value.slots)) {
      if (!SLOTS.includes(slot as RemoteSlot)) fail(`slots.${slot}`, `is not a known slot (${SLOTS.join(', ')})`);
      if (typeof module !== 'string' || module === '') fail(`slots.${slot}`, 'must be a non-empty module name');
    }
    declaration.slots = value.slots as RemoteDeclaration['slots'];
  }
  return declaration;
}

/** One manifest entry: the remote's own origin, its package version (lerna independent) and declaration. */
export function remoteEntry(root: string, app: AppInfo): RemoteEntry {
  const pkg = readJson(path.join(root, app.dir, 'package.json'));
  const version = isObject(pkg) && typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  const declarationFile = path.join(root, app.dir, 'remote.json');
  const declaration = parseDeclaration(readJson(declarationFile), `${app.dir}/remote.json`);
  return {
    name: app.name,
    entry: `${originOf(app.port)}/mf-manifest.json`,
    version,
    requiredRoles: declaration.requiredRoles,
    menu: declaration.menu,
    ...(declaration.slots ? { slots: declaration.slots } : {}),
  };
}

/**
 * Built per request from the remotes that are deployed right now, so re-publishing a remote
 * (rebuild, then the manifest flips) reaches a running shell without a restart. A remote whose
 * declaration is broken is left out with a logged reason rather than breaking the whole shell.
 */
export function buildRemotesManifest(root: string, remotes: readonly AppInfo[], log = console.error): RemotesManifest {
  const entries: RemoteEntry[] = [];
  for (const app of remotes) {
    try {
      entries.push(remoteEntry(root, app));
    } catch (error) {
      log(`[deploy] ${app.dir} left out of remotes.json: ${(error as Error).message}`);
    }
  }
  return { remotes: entries };
}
