// Response headers of the static origins (README "Security"): cache policy, helmet's set with a CSP
// made from what is deployed, Permissions-Policy by route, and which remote files other origins may read.
import type { FastifyHelmetOptions } from '@fastify/helmet';
import { CUSTOMER_PATHS, SOCKET_PATH } from '@originate/shared/node';
import { type AppInfo, deployedRemotes, type Env, originsFrom, resolvePort, serverPort } from './apps';
import { originOf } from './manifest';

/** The customer route that exists to be framed by partner sites (FRAME_ANCESTORS). */
const EMBED_PATH: (typeof CUSTOMER_PATHS)[number] = 'omni-embed';

/** Files that carry a content hash in their name (cached for a year). */
const CONTENT_HASHED_DIRS = ['chunks/', 'assets/'];

export const NO_CACHE = 'no-cache';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The URL's path without the query. */
export function pathnameOf(url: string): string {
  return url.split('?')[0] ?? '';
}

function isUnder(url: string, paths: readonly string[]): boolean {
  const pathname = pathnameOf(url);
  return paths.some((p) => pathname === `/${p}` || pathname.startsWith(`/${p}/`));
}

/** A path relative to dist/ ('chunks/1.js'), whatever its separators and leading slashes. */
function distRelative(relativePath: string): string {
  return relativePath.split('\\').join('/').replace(/^\/+/, '');
}

function isContentHashed(relativePath: string): boolean {
  const normalized = distRelative(relativePath);
  return CONTENT_HASHED_DIRS.some((dir) => normalized.startsWith(dir));
}

/**
 * Only chunks and assets carry a content hash (the federation runtime needs fixed names for the
 * entry, remoteEntry.js and mf-manifest.json), so everything else must be revalidated.
 */
export function cacheControlFor(relativePath: string): string {
  return isContentHashed(relativePath) ? IMMUTABLE : NO_CACHE;
}

/**
 * What a host page reads from a remote's origin: the manifest, the entry, chunks and the assets
 * (images, sounds) the remote's code loads. Not its page, not /env.json.
 */
export function isFederationFile(relativePath: string): boolean {
  const normalized = distRelative(relativePath);
  return normalized === 'mf-manifest.json' || normalized === 'remoteEntry.js' || isContentHashed(normalized);
}

/** Origins whose pages may read a remote's federation files: the shell's, plus SHELL_ORIGINS. */
export function federationOrigins(env: Env): string[] {
  const shellPort = resolvePort('SHELL_PORT', env) ?? 3000;
  return [originOf(shellPort), `http://localhost:${shellPort}`, ...originsFrom(env, 'SHELL_ORIGINS')];
}

/** Camera and microphone only where video runs: the mfe-video origin and the shell's customer routes. */
export function permissionsPolicy(app: AppInfo, url: string): string {
  const media = app.dir === 'mfe-video' || (app.kind === 'host' && isUnder(url, CUSTOMER_PATHS)) ? '(self)' : '()';
  return `camera=${media}, microphone=${media}, geolocation=(), payment=(), usb=()`;
}

/** Only the shell's embed route may be framed, by itself and the FRAME_ANCESTORS sites. */
export function frameAncestors(app: AppInfo, url: string, embedders: readonly string[]): string {
  return app.kind === 'host' && isUnder(url, [EMBED_PATH]) ? ["'self'", ...embedders].join(' ') : "'none'";
}

/** Every answer carries the CSP, chunks too: reading the deployed remotes off disk once a second is enough. */
const REMOTES_CACHE_MS = 1000;

/** `compute`'s value, computed again once it is older than `ms`. */
function recentFor<T>(ms: number, compute: () => T): () => T {
  let value: T;
  let at = Number.NEGATIVE_INFINITY;
  return () => {
    if (Date.now() - at > ms) {
      value = compute();
      at = Date.now();
    }
    return value;
  };
}

/**
 * helmet's headers with a CSP that allows no inline script. Remote origins are re-read from disk at most
 * once a second, so a newly published remote is allowed without a restart.
 */
export function helmetOptions(app: AppInfo, root: string, env: Env): FastifyHelmetOptions {
  const api = originOf(serverPort(env));
  // socket.io runs on the API origin over WebSocket only.
  const socket = `${api.replace(/^http/, 'ws')}${SOCKET_PATH}/`;
  const chatbot = app.kind === 'host' ? originsFrom(env, 'CHATBOT_SCRIPT_ORIGINS') : [];
  const embedders = originsFrom(env, 'FRAME_ANCESTORS');
  const remotes = recentFor(REMOTES_CACHE_MS, () => deployedRemotes(root, env).map((r) => originOf(r.port)));
  return {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [() => ["'self'", ...remotes(), ...chatbot].join(' ')],
        // emotion (MUI) injects <style> tags.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The page's favicon is a data: URI. Remotes render inside the shell's page, so the images,
        // fonts and sounds their code imports (content-hashed assets/) come from their origins.
        imgSrc: [() => ["'self'", 'data:', ...remotes()].join(' ')],
        fontSrc: [() => ["'self'", ...remotes()].join(' ')],
        mediaSrc: [() => ["'self'", ...remotes()].join(' ')],
        connectSrc: [() => ["'self'", api, socket, ...remotes()].join(' ')],
        frameAncestors: [(req) => frameAncestors(app, req.url ?? '', embedders)],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    // frame-ancestors decides framing: X-Frame-Options cannot name the sites allowed to embed.
    xFrameOptions: false,
  };
}
