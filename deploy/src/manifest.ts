// The runtime contract every origin serves: /env.json (RuntimeEnv) and, on the shell, /remotes.json.
// Both are files of the release store, written when they change (a release, a rollback, a start with new
// configuration), so any static server serves them as they are.
import { mkdirSync } from 'node:fs';
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
import { type AppInfo, apiPublicUrl, type Env, publicUrlFrom, readJson, resolvePort, videoGatewayUrl } from './apps';
import { currentId, deployedApps, originRoot, readRelease, releaseFileUrl, writeAtomically } from './releases';

export function shellPublicUrl(env: Env): string {
  return publicUrlFrom(env, 'SHELL_PUBLIC_URL', resolvePort('SHELL_PORT', env) ?? 3000);
}

export function buildRuntimeEnv(env: Env): RuntimeEnv {
  const loginKey = env.LOGIN_KEY || DEFAULT_LOGIN_KEY;
  if (loginKey.length !== 32) throw new Error(`LOGIN_KEY: must be exactly 32 characters, got ${loginKey.length}`);
  return {
    apiBaseUrl: apiPublicUrl(env),
    remotesManifestUrl: `${shellPublicUrl(env)}/remotes.json`,
    loginKey,
    portalAppName: PORTAL_APP_NAME,
    videoGatewayUrl: videoGatewayUrl(env),
  };
}

/** A remote.json, checked against the contract; an error names the file, each field and the reason. */
export function readDeclaration(file: string, source = file): RemoteDeclaration {
  return parseRemoteDeclaration(readJson(file), source);
}

/** The declaration a deployed remote's current release carries. */
export function deployedDeclaration(app: AppInfo): RemoteDeclaration {
  return readDeclaration(path.join(app.distDir, 'remote.json'), `${app.dir} ${path.basename(app.distDir)}/remote.json`);
}

/** Where the host finds a remote: its manifest URL, version and declaration. */
export interface RemoteSource {
  app: AppInfo;
  entry: string;
  version: string;
  declaration: () => RemoteDeclaration;
}

/** The manifest entry of a remote's current release. */
function releasedSource(env: Env, app: AppInfo): RemoteSource {
  const id = currentId(env, app.dir);
  if (!id) throw new Error(`${app.dir}: no current release`);
  return {
    app,
    entry: `${app.publicUrl}${releaseFileUrl(id, 'mf-manifest.json')}`,
    version: readRelease(env, app.dir, id).version,
    declaration: () => deployedDeclaration(app),
  };
}

/** A remote whose declaration is broken is left out with a logged reason rather than breaking the whole shell. */
export function buildRemotesManifest(sources: readonly RemoteSource[], log = console.error): RemotesManifest {
  const entries: RemoteEntry[] = [];
  for (const source of sources) {
    try {
      entries.push({ name: source.app.name, entry: source.entry, version: source.version, ...source.declaration() });
    } catch (error) {
      log(`[deploy] ${source.app.dir} left out of remotes.json: ${(error as Error).message}`);
    }
  }
  return { remotes: entries };
}

/** The remotes manifest of what is deployed now. */
function deployedRemotesManifest(env: Env, log = console.error): RemotesManifest {
  const remotes = deployedApps(env).filter((a) => a.kind === 'remote');
  return buildRemotesManifest(
    remotes.map((app) => releasedSource(env, app)),
    log,
  );
}

/**
 * Writes the files every origin serves beside its releases: each origin's env.json and the shell's
 * remotes.json, each replaced whole (written, then renamed).
 */
export function writeOriginFiles(env: Env, log = console.error): void {
  const runtimeEnv = `${JSON.stringify(buildRuntimeEnv(env), null, 2)}\n`;
  mkdirSync(originRoot(env, 'shell'), { recursive: true });
  for (const app of deployedApps(env)) writeAtomically(path.join(originRoot(env, app.dir), 'env.json'), runtimeEnv);
  const manifest = `${JSON.stringify(deployedRemotesManifest(env, log), null, 2)}\n`;
  writeAtomically(path.join(originRoot(env, 'shell'), 'remotes.json'), manifest);
}
