// Which apps exist in the repo, on which port each is served, and what each remote declares.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { VIDEO_GATEWAY_RELAY_PATH } from '@originate/contract';

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
  /** Where browsers reach it: `<FOLDER>_PUBLIC_URL`, default http://127.0.0.1:<port>. */
  publicUrl: string;
  distDir: string;
}

export type Env = Readonly<Record<string, string | undefined>>;

/** 'mfe-customer-flow' → 'MFE_CUSTOMER_FLOW_PORT'; 'shell' → 'SHELL_PORT'. */
export function portEnvName(dir: string): string {
  return `${dir.replace(/-/g, '_').toUpperCase()}_PORT`;
}

/** 'mfe-customer-flow' → 'MFE_CUSTOMER_FLOW_PUBLIC_URL'. */
export function publicUrlEnvName(dir: string): string {
  return `${dir.replace(/-/g, '_').toUpperCase()}_PUBLIC_URL`;
}

const LOOPBACK = '127.0.0.1';

/**
 * The environment with the deployment file's entries beneath it: DEPLOYMENT_FILE names a JSON object of
 * the same variables (a ConfigMap's data has this shape), and a variable set in the environment wins.
 */
export function withDeploymentFile(env: Env): Env {
  const file = env.DEPLOYMENT_FILE;
  if (!file) return env;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`DEPLOYMENT_FILE: cannot read ${file}: ${(error as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error(`DEPLOYMENT_FILE: ${file} must hold one JSON object of variables`);
  }
  const fromFile: Record<string, string> = {};
  for (const [name, value] of Object.entries(parsed)) {
    if (!/^[A-Z][A-Z0-9_]*$/.test(name)) throw new Error(`DEPLOYMENT_FILE: '${name}' is not a variable name`);
    if (typeof value !== 'string') throw new Error(`DEPLOYMENT_FILE: ${name} must be a string`);
    fromFile[name] = value;
  }
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  return { ...fromFile, ...set };
}

/** The address every origin listens on (HOST): loopback unless configured, e.g. 0.0.0.0 in a container. */
export function listenHost(env: Env): string {
  const host = env.HOST || LOOPBACK;
  if (isIP(host) === 0 && !/^[A-Za-z0-9.-]{1,253}$/.test(host)) {
    throw new Error(`HOST: '${host}' is not an address or host name`);
  }
  return host;
}

/** A public URL from env (an origin: scheme://host[:port]), or the loopback origin of the port. */
export function publicUrlFrom(env: Env, name: string, port: number): string {
  if (!env[name]) return `http://${LOOPBACK}:${port}`;
  const [origin, ...more] = originsFrom(env, name);
  if (!origin || more.length > 0) throw new Error(`${name}: must be one origin (scheme://host[:port])`);
  return origin;
}

/** Where browsers reach the API (API_PUBLIC_URL). */
export function apiPublicUrl(env: Env): string {
  return publicUrlFrom(env, 'API_PUBLIC_URL', serverPort(env));
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

/** Every port of deploy/ports.json as configured, in that file's order: '4000-3000-3001-…-8188' by default. */
export function portSet(env: Env): string {
  return Object.keys(DEFAULT_PORTS)
    .map((name) => resolvePort(name, env))
    .join('-');
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

/**
 * Where browsers reach the video gateway: the API's relay (VIDEO_GATEWAY_RELAY_PATH on the API's public
 * origin, ws:// or wss:// as it is http:// or https://), or VIDEO_GATEWAY_URL when a proxy serves that relay
 * elsewhere. Never Janus's own port: Janus answers `info` to anyone (README "Video gateway").
 */
export function videoGatewayUrl(env: Env): string {
  const raw = env.VIDEO_GATEWAY_URL;
  if (!raw) return `${apiPublicUrl(env).replace(/^http/, 'ws')}${VIDEO_GATEWAY_RELAY_PATH}`;
  const url = URL.canParse(raw) ? new URL(raw) : null;
  if (!url || (url.protocol !== 'ws:' && url.protocol !== 'wss:') || url.username || url.password || url.hash) {
    throw new Error(`VIDEO_GATEWAY_URL: '${raw}' is not a ws:// or wss:// URL`);
  }
  return raw;
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
    apps.push(appInfo(root, dir, env, port));
  }
  return apps;
}

export function appInfo(root: string, dir: string, env: Env, port: number): AppInfo {
  return {
    dir,
    name: dir.replace(/-/g, '_'),
    kind: dir === 'shell' ? 'host' : 'remote',
    portEnv: portEnvName(dir),
    port,
    publicUrl: publicUrlFrom(env, publicUrlEnvName(dir), port),
    distDir: path.join(root, dir, 'dist'),
  };
}

/** An app of the repo by folder name, whether built or not; an unknown name is an error saying which exist. */
export function appNamed(root: string, env: Env, dir: string): AppInfo {
  const app = listApps(root, env, { built: false }).find((a) => a.dir === dir);
  if (!app) {
    const known = listApps(root, env, { built: false }).map((a) => a.dir);
    throw new Error(`'${dir}': not an app (apps: ${known.join(', ')})`);
  }
  return app;
}

export function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8'));
}
