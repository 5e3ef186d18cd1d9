// Serves each built app from its own origin, as each team would deploy it.
//   tsx deploy/src/serve.ts                       every built app (shell + built remotes)
//   tsx deploy/src/serve.ts --app mfe-notifications   one app alone (restartable on its own)
import path from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import {
  type AppInfo,
  deployedRemotes,
  type Env,
  listApps,
  millisecondsFrom,
  REPO_ROOT,
  resolvePort,
  serverPort,
} from './apps';
import {
  cacheControlFor,
  federationOrigins,
  helmetOptions,
  isFederationFile,
  NO_CACHE,
  pathnameOf,
  permissionsPolicy,
  recentPageRules,
} from './headers';
import { buildRemotesManifest, buildRuntimeEnv, originOf } from './manifest';

/** A browser navigation (no file extension) gets the app page; a missing file stays a 404. */
export function isPageRequest(url: string): boolean {
  return !path.posix.basename(pathnameOf(url)).includes('.');
}

function addVary(reply: FastifyReply, field: string): void {
  const vary = reply.getHeader('vary');
  reply.header('Vary', vary ? `${vary}, ${field}` : field);
}

export interface ServeOptions {
  root: string;
  env: Env;
  logger?: boolean;
}

export function createAppServer(app: AppInfo, opts: ServeOptions): FastifyInstance {
  const shellPort = resolvePort('SHELL_PORT', opts.env) ?? 3000;
  const runtimeEnv = buildRuntimeEnv({ serverPort: serverPort(opts.env), shellPort, env: opts.env });
  const requestTimeout = millisecondsFrom(opts.env, 'REQUEST_TIMEOUT_MS', 30_000);
  const server = Fastify({
    logger: opts.logger ?? false,
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

  const pageRules = recentPageRules(app, opts.root, opts.env);
  server.register(fastifyHelmet, helmetOptions(app, opts.root, opts.env, pageRules));
  server.addHook('onRequest', async (req, reply) => {
    reply.header('Permissions-Policy', permissionsPolicy(req.url, pageRules()));
  });

  if (app.kind === 'remote') {
    // The shell's page reads a remote's federation files cross-origin; nothing else of it.
    const allowed = federationOrigins(opts.env);
    server.addHook('onSend', async (req, reply, payload) => {
      if (reply.statusCode >= 400 || !isFederationFile(pathnameOf(req.url))) return payload;
      addVary(reply, 'Origin');
      reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
      const origin = req.headers.origin;
      if (origin && allowed.includes(origin)) reply.header('Access-Control-Allow-Origin', origin);
      return payload;
    });
  }

  server.get('/env.json', async (_req, reply) => {
    reply.header('Cache-Control', NO_CACHE);
    return runtimeEnv;
  });

  if (app.kind === 'host') {
    server.get('/remotes.json', async (_req, reply) => {
      reply.header('Cache-Control', NO_CACHE);
      return buildRemotesManifest(opts.root, deployedRemotes(opts.root, opts.env));
    });
  }

  server.register(fastifyStatic, {
    root: app.distDir,
    cacheControl: false,
    // The build writes .br and .gz beside each file worth compressing; the client's Accept-Encoding picks.
    preCompressed: true,
    setHeaders: (res, filePath) => {
      res.setHeader('Cache-Control', cacheControlFor(path.relative(app.distDir, filePath)));
      res.setHeader('Vary', 'Accept-Encoding');
    },
  });

  server.setNotFoundHandler((req, reply) => {
    if ((req.method === 'GET' || req.method === 'HEAD') && isPageRequest(req.url)) {
      return reply.header('Cache-Control', NO_CACHE).sendFile('index.html');
    }
    return reply.code(404).send({ code: 404, message: 'Not found' });
  });

  return server;
}

export async function startApp(app: AppInfo, opts: ServeOptions): Promise<FastifyInstance> {
  const server = createAppServer(app, opts);
  await server.listen({ port: app.port, host: '127.0.0.1' });
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
  const env = process.env;
  const selected = parseAppArgs(process.argv.slice(2));
  const built = listApps(REPO_ROOT, env, { built: true });
  for (const dir of selected) {
    if (!built.some((a) => a.dir === dir)) {
      throw new Error(`--app ${dir}: no built app of that name (build it first: npm run build -w ${dir})`);
    }
  }
  const apps = selected.length > 0 ? built.filter((a) => selected.includes(a.dir)) : built;
  if (apps.length === 0)
    throw new Error('nothing to serve: no app has a dist/mf-manifest.json (run npx lerna run build)');
  const servers = await Promise.all(apps.map((app) => startApp(app, { root: REPO_ROOT, env })));
  for (const app of apps) console.log(`[deploy] ${app.dir} (${app.name}) ${originOf(app.port)}`);
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
