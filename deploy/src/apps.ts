// Which apps exist in the repo, on which port each is served, and what each remote declares.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repo root (deploy/src/.. /..). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Default ports of the architecture guide (deploy/ports.json); each is overridable by its env variable. */
const DEFAULT_PORTS: Readonly<Record<string, number>> = JSON.parse(
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

export type Env = Readonly<Record<string, string | undefined>>;

/** 'mfe-customer-flow' → 'MFE_CUSTOMER_FLOW_PORT'; 'shell' → 'SHELL_PORT'. */
function portEnvName(dir: string): string {
  return `${dir.replace(/-/g, '_').toUpperCase()}_PORT`;
}

/** A positive integer from env, or undefined when unset; a bad value is an error naming the variable. */
function positiveInt(env: Env, name: string, max: number, what: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > max) throw new Error(`${name}: must be ${what}, got '${raw}'`);
  return value;
}

/** Reads a port from env (or the default table). */
export function resolvePort(envName: string, env: Env): number | null {
  return positiveInt(env, envName, 65535, 'a port number between 1 and 65535') ?? DEFAULT_PORTS[envName] ?? null;
}

/** Reads a duration in milliseconds from env (or the fallback). */
export function millisecondsFrom(env: Env, name: string, fallback: number): number {
  return positiveInt(env, name, 2 ** 31 - 1, 'a positive number of milliseconds') ?? fallback;
}

/**
 * A comma- or space-separated list of origins (scheme://host[:port]) from env; anything else is an
 * error naming the variable, so nothing odd reaches a header.
 */
export function originsFrom(env: Env, name: string): string[] {
  return (env[name] ?? '')
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((value) => {
      const origin = URL.canParse(value) ? new URL(value).origin : 'null';
      if (origin === 'null' || origin !== value.replace(/\/$/, '')) {
        throw new Error(`${name}: '${value}' is not an origin (scheme://host[:port])`);
      }
      return origin;
    });
}

export function serverPort(env: Env): number {
  return resolvePort('SERVER_PORT', env) ?? 4000;
}

/** An app is deployed once its build has produced mf-manifest.json (the file that flips last). */
function isBuilt(root: string, dir: string): boolean {
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

/** The remotes deployed right now: what /remotes.json lists and the CSP allows. */
export function deployedRemotes(root: string, env: Env): AppInfo[] {
  return listApps(root, env, { built: true }).filter((a) => a.kind === 'remote');
}

export function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8'));
}
