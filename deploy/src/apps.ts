// Which apps exist in the repo, on which port each is served, and what each remote declares.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repo root (deploy/src/.. /..). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Default ports of the architecture guide (deploy/ports.json); each is overridable by its env variable. */
export const DEFAULT_PORTS: Readonly<Record<string, number>> = JSON.parse(
  readFileSync(path.join(REPO_ROOT, 'deploy', 'ports.json'), 'utf8'),
);

export interface AppInfo {
  /** Folder name, e.g. 'shell' or 'mfe-notifications'. */
  dir: string;
  /** Federation container name, e.g. 'mfe_notifications'. */
  name: string;
  kind: 'host' | 'remote';
  /** Env variable holding the port, e.g. 'MFE_NOTIFICATIONS_PORT'. */
  portEnv: string;
  port: number;
  distDir: string;
}

type Env = Readonly<Record<string, string | undefined>>;

/** 'mfe-customer-flow' → 'MFE_CUSTOMER_FLOW_PORT'; 'shell' → 'SHELL_PORT'. */
export function portEnvName(dir: string): string {
  return `${dir.replace(/-/g, '_').toUpperCase()}_PORT`;
}

/** Reads a port from env (or the default table); a bad value is an error naming the variable. */
export function resolvePort(envName: string, env: Env): number | null {
  const raw = env[envName];
  if (raw === undefined || raw === '') return DEFAULT_PORTS[envName] ?? null;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`${envName}: must be a port number between 1 and 65535, got '${raw}'`);
  }
  return port;
}

export function serverPort(env: Env): number {
  return resolvePort('SERVER_PORT', env) ?? 4000;
}

/** An app is deployed once its build has produced mf-manifest.json (the file that flips last). */
export function isBuilt(root: string, dir: string): boolean {
  return existsSync(path.join(root, dir, 'dist', 'mf-manifest.json'));
}

/** The shell plus every mfe-* folder, in a stable order; `built` limits it to what has a build. */
export function listApps(root: string, env: Env, opts: { built: boolean }): AppInfo[] {
  const dirs = readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory() && (d.name === 'shell' || d.name.startsWith('mfe-')))
    .map((d) => d.name)
    .sort((a, b) => (a === 'shell' ? -1 : b === 'shell' ? 1 : a.localeCompare(b)));
  const apps: AppInfo[] = [];
  for (const dir of dirs) {
    if (opts.built ? !isBuilt(root, dir) : !existsSync(path.join(root, dir, 'package.json'))) continue;
    const portEnv = portEnvName(dir);
    const port = resolvePort(portEnv, env);
    if (port === null) {
      console.warn(`[deploy] ${dir}: no port; set ${portEnv} to serve it`);
      continue;
    }
    apps.push({
      dir,
      name: dir.replace(/-/g, '_'),
      kind: dir === 'shell' ? 'host' : 'remote',
      portEnv,
      port,
      distDir: path.join(root, dir, 'dist'),
    });
  }
  return apps;
}

export function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8'));
}
