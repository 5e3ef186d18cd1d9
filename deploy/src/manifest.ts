// The runtime contract every origin serves: /env.json (RuntimeEnv) and, on the shell, /remotes.json.
import path from 'node:path';
import {
  DEFAULT_LOGIN_KEY,
  PORTAL_APP_NAME,
  type RemoteDeclaration,
  type RemoteEntry,
  type RemotesManifest,
  type RuntimeEnv,
} from '@originate/contract';
import { parseRemoteDeclaration } from '@originate/contract/schemas';
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

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A remote's remote.json, checked against the contract; an error names the file, each field and the reason. */
export function readDeclaration(root: string, app: AppInfo): RemoteDeclaration {
  return parseRemoteDeclaration(readJson(path.join(root, app.dir, 'remote.json')), `${app.dir}/remote.json`);
}

/** One manifest entry: the remote's own origin, its package version (lerna independent) and declaration. */
function remoteEntry(root: string, app: AppInfo): RemoteEntry {
  const pkg = readJson(path.join(root, app.dir, 'package.json'));
  const version = isObject(pkg) && typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  return { name: app.name, entry: `${originOf(app.port)}/mf-manifest.json`, version, ...readDeclaration(root, app) };
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
