// Response headers of the static origins (README "Security"): cache policy, helmet's set with a CSP
// made from what is deployed, Permissions-Policy by route, and which remote files other origins may read.
// What a remote's pages need (framing, camera, blob: URLs) is what its remote.json declares (`pages`):
// on its own origin, and on the shell's, which renders remotes inside its page.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import { type BlobDirective, type RemoteDeclaration, SOCKET_PATH } from '@originate/contract';
import helmet, { type HelmetOptions } from 'helmet';
import {
  type AppInfo,
  apiPublicUrl,
  type Env,
  originsFrom,
  portEnvName,
  publicUrlEnvName,
  publicUrlFrom,
  resolvePort,
  videoGatewayUrl,
} from './apps';
import { deployedDeclaration, shellPublicUrl } from './manifest';
import { deployedApps, FILES_DIR } from './releases';

/** The app whose own page is the applicants' portal, a host of remotes too (its video call slot). */
const PORTAL_APP_DIR = 'mfe-customer-flow';

/** A release's files never change once written (content hash or release id in the name): cached for a year. */
const IMMUTABLE_DIR = `${FILES_DIR}/`;
/** What a host page loads from a remote's release (a path relative to the origin's folder). */
export const FEDERATION_FILES = /^files\/(mf-manifest\.[^/]+\.json|remoteEntry\.[^/]+\.js|chunks\/.+|assets\/.+)$/;

export const NO_CACHE = 'no-cache';
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Every file is sent precompressed when the client accepts it: caches key it by Accept-Encoding. */
export const FILE_VARY = 'Accept-Encoding';
export const PERMISSIONS_POLICY = 'Permissions-Policy';

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

/**
 * A path of the origin's folder (relative to it): every release file is immutable; the pointer's
 * files (the page, /env.json, /remotes.json) must be revalidated.
 */
export function cacheControlFor(relativePath: string): string {
  return distRelative(relativePath).startsWith(IMMUTABLE_DIR) ? IMMUTABLE : NO_CACHE;
}

/**
 * What a host page reads from a remote's origin: a release's manifest, entry, chunks and the assets
 * (images, sounds) the remote's code loads. Not its page, not /env.json.
 */
export function isFederationFile(relativePath: string): boolean {
  return FEDERATION_FILES.test(distRelative(relativePath));
}

/**
 * What a remote's federation file answers besides its file headers: readable cross-origin, and by the
 * request's Origin when that is one of `allowed` (the Vary field is added to the file's own).
 */
export function federationHeaders(
  origin: string | undefined,
  allowed: readonly string[],
): { vary: string; headers: Record<string, string> } {
  return {
    vary: 'Origin',
    headers: {
      'Cross-Origin-Resource-Policy': 'cross-origin',
      ...(origin && allowed.includes(origin) ? { 'Access-Control-Allow-Origin': origin } : {}),
    },
  };
}

/** The origin of an app's page, as browsers reach it, with its loopback alias (localhost) when it has no public URL. */
function pageOrigins(env: Env, dir: string, defaultPort: number): string[] {
  const port = resolvePort(portEnvName(dir), env) ?? defaultPort;
  const url = publicUrlFrom(env, publicUrlEnvName(dir), port);
  return env[publicUrlEnvName(dir)] ? [url] : [url, `http://localhost:${port}`];
}

/**
 * Origins whose pages host remotes and so read their federation files and the shell's /remotes.json: the
 * shell's and the applicants' portal's (mfe-customer-flow's own page shows the video remote's call through
 * its slot), plus SHELL_ORIGINS.
 */
export function federationOrigins(env: Env): string[] {
  return [
    ...new Set([
      shellPublicUrl(env),
      ...pageOrigins(env, 'shell', 3000),
      ...pageOrigins(env, PORTAL_APP_DIR, 3003),
      ...originsFrom(env, 'SHELL_ORIGINS'),
    ]),
  ];
}

/** The page rules an origin applies: of its own declaration, or, on the shell, of every deployed remote. */
export interface PageRules {
  framable: string[];
  camera: string[];
  blob: BlobDirective[];
}

/** Page rules merged from declarations; a remote whose remote.json is broken adds none (deploy logs why). */
function mergePageRules(declarations: readonly Pick<RemoteDeclaration, 'pages'>[]): PageRules {
  const merged = { framable: new Set<string>(), camera: new Set<string>(), blob: new Set<BlobDirective>() };
  for (const { pages } of declarations) {
    for (const p of pages?.framable ?? []) merged.framable.add(p);
    for (const p of pages?.camera ?? []) merged.camera.add(p);
    for (const d of pages?.blob ?? []) merged.blob.add(d);
  }
  return { framable: [...merged.framable], camera: [...merged.camera], blob: [...merged.blob] };
}

function pageRulesOf(app: AppInfo, env: Env): PageRules {
  const deployed = deployedApps(env).filter((a) => a.kind === 'remote');
  const sources = app.kind === 'host' ? deployed : deployed.filter((a) => a.dir === app.dir);
  const declarations = sources.flatMap((remote) => {
    try {
      return [deployedDeclaration(remote)];
    } catch {
      return [];
    }
  });
  return mergePageRules(declarations);
}

/** Camera and microphone only on the paths a declaration names. */
export function permissionsPolicy(url: string, rules: PageRules): string {
  const media = isUnder(url, rules.camera) ? '(self)' : '()';
  return `camera=${media}, microphone=${media}, geolocation=(), payment=(), usb=()`;
}

/** Only the paths a declaration calls framable may be framed, by the origin itself and the FRAME_ANCESTORS sites. */
function frameAncestors(url: string, rules: PageRules, embedders: readonly string[]): string {
  return isUnder(url, rules.framable) ? ["'self'", ...embedders].join(' ') : "'none'";
}

/** A directive's sources, with blob: when a declaration asks for it there. */
function withBlob(rules: PageRules, directive: BlobDirective, sources: readonly string[]): string {
  return (rules.blob.includes(directive) ? [...sources, 'blob:'] : sources).join(' ');
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

/** The page rules of an app, re-read from disk at most once a second (a publish flips them without restart). */
export function recentPageRules(app: AppInfo, env: Env): () => PageRules {
  return recentFor(REMOTES_CACHE_MS, () => pageRulesOf(app, env));
}

/**
 * helmet's headers with a CSP that allows no inline script. Remote origins are re-read from disk at most
 * once a second, so a newly published remote is allowed without a restart.
 */
export function helmetOptions(app: AppInfo, env: Env, rules: () => PageRules): FastifyHelmetOptions {
  const api = apiPublicUrl(env);
  // socket.io runs on the API origin over WebSocket only.
  const socket = `${api.replace(/^http/, 'ws')}${SOCKET_PATH}/`;
  // The video remote talks to the gateway through the API's relay, on the API origin by default (README "Video gateway").
  const gateway = videoGatewayUrl(env);
  const chatbot = app.kind === 'host' ? originsFrom(env, 'CHATBOT_SCRIPT_ORIGINS') : [];
  // The portal's page reads the shell's /remotes.json to load the video remote into its slot.
  const manifests = app.dir === PORTAL_APP_DIR ? [shellPublicUrl(env)] : [];
  const embedders = originsFrom(env, 'FRAME_ANCESTORS');
  const remotes = recentFor(REMOTES_CACHE_MS, () => [
    ...new Set(
      deployedApps(env)
        .filter((a) => a.kind === 'remote')
        .map((r) => r.publicUrl),
    ),
  ]);
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
        // A file preview or signature is an image made in the page (blob:), when a remote declares it.
        imgSrc: [() => withBlob(rules(), 'img-src', ["'self'", 'data:', ...remotes()])],
        fontSrc: [() => ["'self'", ...remotes()].join(' ')],
        mediaSrc: [() => withBlob(rules(), 'media-src', ["'self'", ...remotes()])],
        connectSrc: [() => ["'self'", api, socket, gateway, ...manifests, ...remotes()].join(' ')],
        // A worker must be same-origin or blob: (e.g. a captcha's proof-of-work worker).
        workerSrc: [() => withBlob(rules(), 'worker-src', ["'self'"])],
        frameSrc: [() => withBlob(rules(), 'frame-src', ["'self'"])],
        frameAncestors: [(req) => frameAncestors(req.url ?? '', rules(), embedders)],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    // frame-ancestors decides framing: X-Frame-Options cannot name the sites allowed to embed.
    xFrameOptions: false,
  };
}

/**
 * The headers helmet sets on an answer to `url` with these options, as @fastify/helmet applies them:
 * what deploy's own server sends, for an origin that is not this process (nginx.ts writes them out).
 */
function helmetHeaders(options: FastifyHelmetOptions, url: string): Record<string, string> {
  const { global: _global, enableCSPNonces: _nonces, ...helmetOnly } = options;
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: unknown) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  // @fastify/helmet's types name helmet's CommonJS declarations, this import its ES ones: the same options.
  helmet(helmetOnly as HelmetOptions)({ url } as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return Object.fromEntries(headers);
}

/** Every header an origin sends on any answer to `url`: helmet's set with the CSP, and Permissions-Policy. */
export function originHeaders(app: AppInfo, env: Env, rules: () => PageRules, url: string): Record<string, string> {
  return {
    ...helmetHeaders(helmetOptions(app, env, rules), url),
    [PERMISSIONS_POLICY]: permissionsPolicy(url, rules()),
  };
}
