// Serves each deployed app from its own origin, as each team would deploy it: the app's folder of the
// release store (src/releases.ts) as it is, with the headers of src/headers.ts.
//   tsx deploy/src/serve.ts                           every deployed app (shell + remotes with a release)
//   tsx deploy/src/serve.ts --app mfe-notifications   one app alone (restartable on its own)
import path from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { type AppInfo, type Env, listenHost, millisecondsFrom, withDeploymentFile } from './apps';
import {
  cacheControlFor,
  FILE_VARY,
  federationHeaders,
  federationOrigins,
  helmetOptions,
  isFederationFile,
  NO_CACHE,
  PERMISSIONS_POLICY,
  pathnameOf,
  permissionsPolicy,
  recentPageRules,
} from './headers';
import { writeOriginFiles } from './manifest';
import { currentId, deployedApps, FILES_DIR, originRoot } from './releases';

/** A browser navigation (no file extension) gets the app page; a missing file stays a 404. */
export function isPageRequest(url: string): boolean {
  return !path.posix.basename(pathnameOf(url)).includes('.');
}

/** A path segment written so that the decodeURI of @fastify/static gives it back as it is. */
function encodeSegment(segment: string): string {
  return encodeURI(segment).replace(/[?#]/g, encodeURIComponent);
}

/**
 * The URL as the origin's checks and files read it: its path percent-decoded once and its dot segments
 * resolved (a backslash or an encoded '/' separates segments too; repeated slashes are one), as nginx resolves a
 * path before it matches a location; the query kept. Null for a path no file has: undecodable, with a NUL
 * byte, or above the origin's folder (nginx answers those 400 too).
 */
function canonicalUrl(url: string): string | null {
  const query = url.indexOf('?');
  let decoded: string;
  try {
    decoded = decodeURIComponent(query < 0 ? url : url.slice(0, query));
  } catch {
    return null;
  }
  if (!decoded.startsWith('/') || decoded.includes('\0')) return null;
  const parts = decoded.split(/[/\\]+/).slice(1);
  const segments: string[] = [];
  for (const part of parts) {
    if (part === '..') {
      if (segments.pop() === undefined) return null;
    } else if (part !== '.' && part !== '') {
      segments.push(part);
    }
  }
  const last = parts.at(-1);
  const folder = segments.length > 0 && (last === '' || last === '.' || last === '..');
  const pathname = `/${segments.map(encodeSegment).join('/')}${folder ? '/' : ''}`;
  return query < 0 ? pathname : `${pathname}${url.slice(query)}`;
}

function addVary(reply: FastifyReply, field: string): void {
  const vary = reply.getHeader('vary');
  reply.header('Vary', vary ? `${vary}, ${field}` : field);
}

export interface ServeOptions {
  env: Env;
  logger?: boolean;
}

/** The page every navigation gets: the current release's. */
const CURRENT_PAGE = '/current/index.html';

/** The files of an origin's folder it serves: release files, its env.json, the current page and, on the shell, remotes.json. */
function isServed(app: AppInfo, pathname: string): boolean {
  const normalized = pathname.startsWith('/') ? pathname : `/${pathname}`;
  return (
    normalized.startsWith(`/${FILES_DIR}/`) ||
    normalized === '/env.json' ||
    normalized === CURRENT_PAGE ||
    (app.kind === 'host' && normalized === '/remotes.json')
  );
}

export function createAppServer(app: AppInfo, opts: ServeOptions): FastifyInstance {
  const folder = originRoot(opts.env, app.dir);
  let draining = false;
  const requestTimeout = millisecondsFrom(opts.env, 'REQUEST_TIMEOUT_MS', 30_000);
  const server = Fastify({
    logger: opts.logger ?? false,
    // Before routing and every check: what is checked is the file served (a path no file has is refused below).
    rewriteUrl: (req) => canonicalUrl(req.url ?? '/') ?? '/',
    // A request that never finishes is not held open: half-sent headers or bodies, idle sockets.
    requestTimeout,
    connectionTimeout: requestTimeout,
    keepAliveTimeout: millisecondsFrom(opts.env, 'KEEP_ALIVE_TIMEOUT_MS', 5_000),
    http: {
      headersTimeout: Math.min(requestTimeout, 20_000),
      // Node enforces both timeouts on this tick (default 30 s, too coarse for short timeouts).
      connectionsCheckingInterval: Math.min(requestTimeout, 5_000),
    },
  });

  const pageRules = recentPageRules(app, opts.env);
  server.register(fastifyHelmet, helmetOptions(app, opts.env, pageRules));
  server.addHook('onRequest', async (req, reply) => {
    reply.header(PERMISSIONS_POLICY, permissionsPolicy(req.url, pageRules()));
    if (canonicalUrl(req.originalUrl) === null) {
      return reply.code(400).send({ code: 400, message: 'path: undecodable, a NUL byte, or above the root' });
    }
  });

  // The pages that host remotes (the shell's, the portal's) read a remote's federation files cross-origin, and
  // the portal's reads the shell's /remotes.json; nothing else of either.
  const crossOrigin = (pathname: string) =>
    app.kind === 'remote' ? isFederationFile(pathname) : pathname === '/remotes.json';
  const hosts = federationOrigins(opts.env);
  server.addHook('onSend', async (req, reply, payload) => {
    if (reply.statusCode >= 400 || !crossOrigin(pathnameOf(req.url))) return payload;
    const { vary, headers } = federationHeaders(req.headers.origin, hosts);
    addVary(reply, vary);
    reply.headers(headers);
    return payload;
  });

  // Probes of an orchestrator or load balancer: the process answers; it has a release to serve and is not stopping.
  server.get('/healthz', async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok' };
  });
  server.get('/readyz', async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
    const reasons = [
      ...(draining ? ['draining'] : []),
      ...(currentId(opts.env, app.dir) ? [] : [`${app.dir} has no current release`]),
    ];
    if (reasons.length > 0) return reply.code(503).send({ status: 'not-ready', reasons });
    return { status: 'ready', release: currentId(opts.env, app.dir) };
  });
  server.addHook('onClose', async () => {
    draining = true;
  });

  server.register(fastifyStatic, {
    root: folder,
    cacheControl: false,
    allowedPath: (pathname) => isServed(app, pathname),
    // The build writes .br and .gz beside each file worth compressing; the client's Accept-Encoding picks.
    preCompressed: true,
    setHeaders: (res, filePath) => {
      res.setHeader('Cache-Control', cacheControlFor(path.relative(folder, filePath)));
      res.setHeader('Vary', FILE_VARY);
    },
  });

  server.setNotFoundHandler((req, reply) => {
    if ((req.method === 'GET' || req.method === 'HEAD') && isPageRequest(req.url)) {
      return reply.header('Cache-Control', NO_CACHE).sendFile(CURRENT_PAGE.slice(1));
    }
    return reply.code(404).send({ code: 404, message: 'Not found' });
  });

  return server;
}

export async function startApp(app: AppInfo, opts: ServeOptions): Promise<FastifyInstance> {
  const server = createAppServer(app, opts);
  await server.listen({ port: app.port, host: listenHost(opts.env) });
  return server;
}

/** `--app <dir>` may repeat; none means every built app. */
export function parseAppArgs(argv: readonly string[]): string[] {
  const selected: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--app') {
      const value = argv[i + 1];
      if (!value) throw new Error('--app: needs an app folder name, e.g. --app mfe-notifications');
      selected.push(value);
      i++;
    } else if (arg?.startsWith('--app=')) {
      selected.push(arg.slice('--app='.length));
    } else {
      throw new Error(`${arg}: unknown argument (use --app <folder>)`);
    }
  }
  return selected;
}

async function main(): Promise<void> {
  const env = withDeploymentFile(process.env);
  const selected = parseAppArgs(process.argv.slice(2));
  const deployed = deployedApps(env);
  for (const dir of selected) {
    if (!deployed.some((a) => a.dir === dir)) {
      throw new Error(`--app ${dir}: no release of that app (publish one first: npm run release -- ${dir})`);
    }
  }
  const apps = selected.length > 0 ? deployed.filter((a) => selected.includes(a.dir)) : deployed;
  if (apps.length === 0) throw new Error('nothing to serve: no app has a release (npm run release -- <app>)');
  // The configuration may have changed since the last release: the origin files follow it.
  writeOriginFiles(env);
  const servers = await Promise.all(apps.map((app) => startApp(app, { env })));
  for (const app of apps) console.log(`[deploy] ${app.dir} (${app.name}) ${app.publicUrl}`);
  // In-flight requests finish (fastify's close), idle keep-alive connections are closed, then the process exits.
  const stop = async () => {
    await Promise.all(servers.map((s) => s.close()));
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  main().catch((error: Error) => {
    console.error(`[deploy] ${error.message}`);
    process.exit(1);
  });
}
