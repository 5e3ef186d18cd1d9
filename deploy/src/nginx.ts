// The production topology's nginx (README "nginx topology"): one server per deployed app, serving the app's
// folder of the release store as it is with the headers of deploy's own server (the same code, headers.ts),
// and one server on SERVER_PORT proxying the API and socket.io to N API processes.
//   node --import tsx deploy/src/nginx.ts <out dir> [--api-upstream 127.0.0.1:4201 ...]
// For the nginx container of compose and Kubernetes (README "Compose and Kubernetes"): --container, and
// --deployment, --store, --resolver as `npm run nginx:compose` and `npm run nginx:k8s` pass them.
// The configuration is made from what is deployed when it runs: a new release or a rollback needs nothing
// (the pointer files are served as they are), a release that changes its `pages` declaration or a new app
// needs it made again and `nginx -s reload`.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import send from '@fastify/send';
import { type LiveAnswer, type ReadyAnswer, SOCKET_PATH, VIDEO_GATEWAY_RELAY_PATH } from '@originate/contract';
import { type AppInfo, type Env, listenHost, millisecondsFrom, serverPort, withDeploymentFile } from './apps';
import { readDeploymentConfig } from './deploymentConfig';
import {
  cacheControlFor,
  FEDERATION_FILES,
  FILE_VARY,
  federationHeaders,
  federationOrigins,
  originHeaders,
  type PageRules,
  recentPageRules,
} from './headers';
import { deployedApps, FILES_DIR, originRoot, RELEASE_FILE, releasesRoot } from './releases';

/** The page every navigation gets, as serve.ts serves it. */
/** Debian's libnginx-mod-http-brotli-static: serves the build's .br files (`brotli_static on`). */
export const BROTLI_STATIC_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

const CURRENT_PAGE = '/current/index.html';
/** Every release has its record: the origin is ready while the pointer names one. */
const CURRENT_RECORD = `/current/${RELEASE_FILE}`;
/** deploy's own not-found answer (serve.ts), byte for byte. */
const NOT_FOUND_BODY = JSON.stringify({ code: 404, message: 'Not found' });
/** fastify's type for a JSON answer. */
const JSON_TYPE = 'application/json; charset=utf-8';
/** A page navigation is a path whose last segment has no '.' (serve.ts isPageRequest); the rest is a file. */
const FILE_PATH = String.raw`\.[^/]*/?$`;
/** Types of the files a build makes beside those found in the store (a later release may bring them). */
const WEB_EXTENSIONS = [
  'html',
  'js',
  'mjs',
  'css',
  'json',
  'map',
  'txt',
  'xml',
  'svg',
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'avif',
  'ico',
  'woff',
  'woff2',
  'ttf',
  'otf',
  'mp3',
  'wav',
  'ogg',
  'mp4',
  'webm',
  'wasm',
  'pdf',
];

const API_UPSTREAM = 'originate_api';
/** With --resolver: the API's host:port, resolved when a request needs it (a variable in proxy_pass). */
const API_TARGET = '$api_upstream';
/** $federation_origin: the request's Origin when a shell's page may read a remote's federation files, else empty. */
const FEDERATION_ORIGIN = '$federation_origin';

/** A value in double quotes; a '$' (an nginx variable) or a line break cannot be written, and says where. */
function quoted(value: string, what: string): string {
  if (/[$\r\n]/.test(value)) throw new Error(`${what}: '${value}' cannot be written into nginx's configuration`);
  return `"${value.replace(/[\\"]/g, '\\$&')}"`;
}

/** A regular expression in double quotes ('$' is its end anchor there, not a variable). */
function quotedRegex(source: string): string {
  return `"${source.replace(/[\\"]/g, '\\$&')}"`;
}

function escapeRegex(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function listenAddress(host: string, port: number): string {
  return `${isIP(host) === 6 ? `[${host}]` : host}:${port}`;
}

/** `add_header` lines; `always` also on error answers (the security headers are on every answer, 404s too). */
function addHeaders(headers: Readonly<Record<string, string>>, always: boolean): string[] {
  return Object.entries(headers).map(
    ([name, value]) => `add_header ${name} ${quoted(value, name)}${always ? ' always' : ''};`,
  );
}

/** Content types as deploy's server sends them (@fastify/send's table, charset as @fastify/static adds it). */
function contentType(extension: string): string | null {
  const type = send.mime.getType(extension);
  if (!type) return null;
  return send.isUtf8MimeType(type) ? `${type}; charset=utf-8` : type;
}

/** The extensions of every file in the store, .br and .gz copies named by their file's. */
function storeExtensions(root: string): Set<string> {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name));
      const match = /\.([A-Za-z0-9]+)(\.(br|gz))?$/.exec(entry.name);
      if (entry.isFile() && match?.[1]) found.add(match[1].toLowerCase());
    }
  };
  walk(root);
  return found;
}

function typesBlock(root: string): string[] {
  const byType = new Map<string, string[]>();
  for (const extension of [...new Set([...WEB_EXTENSIONS, ...storeExtensions(root)])].sort()) {
    const type = contentType(extension);
    if (type) byType.set(type, [...(byType.get(type) ?? []), extension]);
  }
  return [
    'types {',
    ...[...byType].map(([type, extensions]) => `  ${quoted(type, 'content type')} ${extensions.join(' ')};`),
    '}',
  ];
}

function indent(lines: readonly string[]): string[] {
  return lines.map((line) => (line ? `  ${line}` : line));
}

function block(head: string, body: readonly string[]): string[] {
  return [`${head} {`, ...indent(body), '}'];
}

/** What an origin sends on every answer to a path: helmet's set, the CSP and Permissions-Policy of that path. */
type Security = (url: string) => Record<string, string>;

/** deploy's 404 with the headers of a path, whatever the path's extension (error_page sends every 404 here). */
function missingLocation(name: string, security: Security, url: string): string[] {
  return block(`location ${name}`, [
    ...addHeaders(security(url), true),
    'types {}',
    `default_type ${quoted(JSON_TYPE, 'default_type')};`,
    `return 404 ${quoted(NOT_FOUND_BODY, '404 body')};`,
  ]);
}

/** A navigation gets the current page; any other path is a 404. */
function pageBody(security: Security, url: string, missing: string): string[] {
  return [
    ...addHeaders(security(url), true),
    ...addHeaders({ 'Cache-Control': cacheControlFor(CURRENT_PAGE.slice(1)), Vary: FILE_VARY }, false),
    `error_page 404 ${missing};`,
    `if ($uri ~ ${quotedRegex(FILE_PATH)}) {`,
    '  return 404;',
    '}',
    `try_files ${CURRENT_PAGE} =404;`,
  ];
}

/** A file of the folder, with the cache policy of its path; missing, it is a navigation or a 404. */
function fileBody(security: Security, url: string, relative: string, extra: Record<string, string> = {}): string[] {
  return [
    ...addHeaders(security(url), true),
    ...addHeaders({ 'Cache-Control': cacheControlFor(relative), Vary: FILE_VARY, ...extra }, false),
    'try_files $uri @page;',
  ];
}

/** The paths the deployed declarations name (framable, camera): each gets its own headers, as serve.ts computes them per URL. */
function declaredPaths(rules: PageRules): string[] {
  return [...new Set([...rules.framable, ...rules.camera])].sort();
}

/** `env` reads what is deployed; `root` is where nginx finds the app's folder of the store. */
function appServer(app: AppInfo, env: Env, root: string, host: string): string[] {
  const rules = recentPageRules(app, env);
  const security: Security = (url) => originHeaders(app, env, rules, url);
  const json = (status: number, body: unknown) => `return ${status} ${quoted(JSON.stringify(body), 'answer')};`;
  const probe = (url: string, lines: string[]) =>
    block(`location = ${url}`, [
      ...addHeaders({ ...security(url), 'Cache-Control': 'no-store' }, true),
      `default_type ${quoted(JSON_TYPE, 'default_type')};`,
      ...lines,
    ]);
  const federation = app.kind === 'remote' ? federationHeaders(undefined, []) : undefined;
  const files = `/${FILES_DIR}/`;
  const releaseFiles = [
    // No dot-file is served (deploy's server ignores them too).
    ...block(`location ~ ${quotedRegex(String.raw`/\.`)}`, ['return 404;']),
    ...(federation
      ? block(`location ~ ${quotedRegex(`^/${FEDERATION_FILES.source.slice(1)}`)}`, [
          ...fileBody((url) => ({ ...security(url), ...federation.headers }), files, `${FILES_DIR}/chunks/file`, {
            Vary: `${FILE_VARY}, ${federation.vary}`,
          }),
          `add_header Access-Control-Allow-Origin ${FEDERATION_ORIGIN};`,
        ])
      : []),
    ...fileBody(security, files, `${FILES_DIR}/file`),
  ];
  const pointerFiles = ['/env.json', ...(app.kind === 'host' ? ['/remotes.json'] : []), CURRENT_PAGE];
  const declared = declaredPaths(rules()).map((p, i) => ({ path: `/${p}`, missing: `@missing_${i + 1}` }));
  return block('server', [
    `listen ${listenAddress(host, app.port)};`,
    `root ${quoted(root, 'root')};`,
    'gzip_static on;',
    'brotli_static on;',
    'error_page 404 @missing;',
    '',
    ...probe('/healthz', [json(200, { status: 'ok' } satisfies LiveAnswer)]),
    ...probe('/readyz', [
      `if (-f $document_root${CURRENT_RECORD}) {`,
      `  ${json(200, { status: 'ready' } satisfies ReadyAnswer)}`,
      '}',
      json(503, { status: 'not-ready', reasons: [`${app.dir} has no current release`] }),
    ]),
    ...block(`location ^~ ${files}`, releaseFiles),
    ...pointerFiles.flatMap((file) =>
      block(
        `location = ${file}`,
        file === '/remotes.json'
          ? [
              // The portal's page reads the shell's manifest cross-origin (serve.ts does the same).
              ...fileBody(
                (url) => ({ ...security(url), ...federationHeaders(undefined, []).headers }),
                file,
                file.slice(1),
                { Vary: `${FILE_VARY}, ${federationHeaders(undefined, []).vary}` },
              ),
              `add_header Access-Control-Allow-Origin ${FEDERATION_ORIGIN};`,
            ]
          : fileBody(security, file, file.slice(1)),
      ),
    ),
    ...declared.flatMap(({ path: url, missing }) => [
      ...block(`location = ${url}`, pageBody(security, url, missing)),
      ...block(`location ^~ ${url}/`, pageBody(security, `${url}/`, missing)),
      ...missingLocation(missing, security, url),
    ]),
    ...block('location /', pageBody(security, '/', '@missing')),
    ...block('location @page', pageBody(security, '/', '@missing')),
    ...missingLocation('@missing', security, '/'),
  ]);
}

/** `host:port` of an API process, as --api-upstream takes it. */
function parseUpstream(value: string): string {
  const match = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/.exec(value);
  const port = Number(match?.[2]);
  if (!match || port < 1 || port > 65535) {
    throw new Error(`--api-upstream: '${value}' is not host:port (e.g. 127.0.0.1:4201)`);
  }
  return value;
}

/** The headers every request to the API carries; set in each location (nginx drops inherited ones once a location sets any). */
const PROXY_HEADERS = [
  'proxy_set_header Host $host;',
  'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
  'proxy_set_header X-Forwarded-Proto $scheme;',
];

function apiServer(env: Env, host: string, upstreams: readonly string[], resolver: string | undefined): string[] {
  const [resolved] = upstreams;
  const target = resolver ? API_TARGET : API_UPSTREAM;
  return [
    // A process that refuses or times out is left out for fail_timeout after max_fails failures, and the
    // request goes to the next one (a killed or draining process refuses new connections).
    ...(resolver
      ? []
      : block(
          `upstream ${API_UPSTREAM}`,
          upstreams.map((upstream) => `server ${upstream} max_fails=1 fail_timeout=10s;`),
        )),
    ...block('map $http_upgrade $connection_upgrade', ['default upgrade;', "'' close;"]),
    ...block('server', [
      `listen ${listenAddress(host, serverPort(env))};`,
      // An upstream block resolves its names once, at start: a container replaced since (a new address) or
      // a name not yet known would be missed. A name in a variable is asked of the resolver when a request
      // needs it, again after `valid`; every address it answers (each replica) is tried in turn, the next
      // on an error as below.
      ...(resolver && resolved
        ? [`resolver ${resolver} valid=10s;`, `set ${API_TARGET} ${quoted(resolved, 'upstream')};`]
        : []),
      // The API's token header is access_token: nginx drops header names with '_' unless told not to.
      'underscores_in_headers on;',
      // The API refuses what is too big with its own answer naming the limit; bodies stream to it as they come.
      'client_max_body_size 0;',
      'proxy_request_buffering off;',
      'proxy_http_version 1.1;',
      'proxy_next_upstream error timeout;',
      'proxy_connect_timeout 5s;',
      // socket.io runs over WebSocket only (no long-polling), so any process can take any connection.
      ...block(`location ${SOCKET_PATH}/`, [
        `proxy_pass http://${target};`,
        ...PROXY_HEADERS,
        'proxy_set_header Upgrade $http_upgrade;',
        'proxy_set_header Connection $connection_upgrade;',
        // socket.io pings every 25 s: a connection silent for longer is gone.
        'proxy_read_timeout 60s;',
      ]),
      // The video gateway relay, the browsers' only way to Janus; janus.js sends a keepalive every 25 s.
      ...block(`location = ${VIDEO_GATEWAY_RELAY_PATH}`, [
        `proxy_pass http://${target};`,
        ...PROXY_HEADERS,
        'proxy_set_header Upgrade $http_upgrade;',
        'proxy_set_header Connection $connection_upgrade;',
        'proxy_read_timeout 60s;',
      ]),
      ...block('location /', [`proxy_pass http://${target};`, ...PROXY_HEADERS]),
    ]),
  ];
}

/** What a configuration for the nginx container (deploy/compose/nginx.Dockerfile) needs beyond the deployment's variables. */
export interface ContainerOptions {
  /**
   * For the container: logs to its output, the pid and temp files where Debian's nginx keeps them in the
   * image (its built-in paths, `nginx -V`); the image runs `nginx -g 'daemon off;'`, so that is not here.
   */
  container?: boolean;
  /** The DNS server (address[:port]) the API's one upstream name is resolved with at run time: Docker's is 127.0.0.11. */
  resolver?: string;
  /**
   * The release store to read what is deployed from, when RELEASES_DIR is not where it is on this machine
   * (a copy, or a mount elsewhere): `root` still names RELEASES_DIR, where the container mounts it.
   */
  store?: string;
}

export interface NginxOptions extends ContainerOptions {
  /** Where nginx.conf goes, with logs/ and temp/: nginx's prefix (`nginx -p <out dir>`). */
  outDir: string;
  /** API processes (host:port); none: no API server. */
  apiUpstreams: readonly string[];
  /** The deployment's variables from this file instead of the environment (deploymentConfig.ts). */
  deployment?: string;
}

/** Where nginx writes: relative to its prefix, or in the container. */
interface Writes {
  pid: string;
  errorLog: string;
  accessLog: string;
  temp: Record<'client_body' | 'proxy' | 'fastcgi' | 'uwsgi' | 'scgi', string>;
}

const PREFIX_WRITES: Writes = {
  pid: quoted('nginx.pid', 'pid'),
  errorLog: quoted('logs/error.log', 'error_log'),
  accessLog: `${quoted('logs/access.log', 'access_log')} combined buffer=64k flush=1s`,
  temp: {
    client_body: quoted('temp/client_body', 'temp'),
    proxy: quoted('temp/proxy', 'temp'),
    fastcgi: quoted('temp/fastcgi', 'temp'),
    uwsgi: quoted('temp/uwsgi', 'temp'),
    scgi: quoted('temp/scgi', 'temp'),
  },
};

/** Debian's paths (/run and /var/lib/nginx are in the image); nginx makes the temp folders at start. */
const CONTAINER_WRITES: Writes = {
  pid: quoted('/run/nginx.pid', 'pid'),
  errorLog: 'stderr',
  // Unbuffered: each line is one write, so the workers' lines do not interleave on the container's output.
  accessLog: `${quoted('/dev/stdout', 'access_log')} combined`,
  temp: {
    client_body: quoted('/var/lib/nginx/body', 'temp'),
    proxy: quoted('/var/lib/nginx/proxy', 'temp'),
    fastcgi: quoted('/var/lib/nginx/fastcgi', 'temp'),
    uwsgi: quoted('/var/lib/nginx/uwsgi', 'temp'),
    scgi: quoted('/var/lib/nginx/scgi', 'temp'),
  },
};

/** The configuration to read what is deployed with: the store given, else RELEASES_DIR (where nginx finds it either way). */
function deployedFrom(env: Env, store: string | undefined): Env {
  return store ? { ...env, RELEASES_DIR: store } : env;
}

/**
 * nginx.conf for what is deployed now under this configuration. The pid file, the logs and the temp files
 * are named relative to nginx's prefix (`-p`), so the file works wherever that folder is; or, for the
 * container, where the image has them.
 */
export function nginxConfig(env: Env, apiUpstreams: readonly string[], options: ContainerOptions = {}): string {
  if (options.resolver && apiUpstreams.length !== 1) {
    throw new Error(
      `--resolver: needs exactly one --api-upstream, a name that resolves to every API process (e.g. api:4000); got ${apiUpstreams.length}`,
    );
  }
  const read = deployedFrom(env, options.store);
  const apps = deployedApps(read);
  if (apps.length === 0) throw new Error(`nothing to serve: no app has a release in ${releasesRoot(read)}`);
  const host = listenHost(env);
  const writes = options.container ? CONTAINER_WRITES : PREFIX_WRITES;
  const requestTimeout = millisecondsFrom(env, 'REQUEST_TIMEOUT_MS', 30_000);
  const shells = federationOrigins(read);
  const releases = apps.map((app) => `#   ${app.dir}: ${path.basename(app.distDir)} on ${app.publicUrl}`);
  const lines = [
    '# Made by deploy/src/nginx.ts from the deployment configuration and the release store; do not edit.',
    '# Deployed when it was made:',
    ...releases,
    '# A release or rollback needs nothing; a new app or a changed `pages` declaration: make it again, nginx -s reload.',
    `load_module ${quoted(BROTLI_STATIC_MODULE, 'load_module')};`,
    'worker_processes auto;',
    // Graceful stop and reload wait for connections in flight, open WebSockets included, at most this long.
    'worker_shutdown_timeout 10s;',
    `pid ${writes.pid};`,
    `error_log ${writes.errorLog} warn;`,
    ...block('events', ['worker_connections 1024;']),
    ...block('http', [
      `access_log ${writes.accessLog};`,
      ...Object.entries(writes.temp).map(([kind, dir]) => `${kind}_temp_path ${dir};`),
      'server_tokens off;',
      'sendfile on;',
      'tcp_nopush on;',
      // deploy's server: REQUEST_TIMEOUT_MS (headers within min(that, 20 s)) and KEEP_ALIVE_TIMEOUT_MS.
      `client_header_timeout ${Math.min(requestTimeout, 20_000)}ms;`,
      `client_body_timeout ${requestTimeout}ms;`,
      `send_timeout ${requestTimeout}ms;`,
      `keepalive_timeout ${millisecondsFrom(env, 'KEEP_ALIVE_TIMEOUT_MS', 5_000)}ms;`,
      ...typesBlock(releasesRoot(read)),
      'default_type application/octet-stream;',
      '',
      ...block(`map $http_origin ${FEDERATION_ORIGIN}`, [
        'default "";',
        ...shells.map((origin) => `${quotedRegex(`~^${escapeRegex(origin)}$`)} $http_origin;`),
      ]),
      ...apps.flatMap((app) => [
        '',
        `# ${app.dir} (${app.kind})`,
        ...appServer(app, read, originRoot(env, app.dir), host),
      ]),
      ...(apiUpstreams.length > 0 ? ['', '# the API', ...apiServer(env, host, apiUpstreams, options.resolver)] : []),
    ]),
  ];
  return `${lines.join('\n')}\n`;
}

/**
 * Writes <out dir>/nginx.conf and makes the folders nginx writes to in its prefix (none for the container);
 * returns the configuration's path. The file is rewritten in place: a container that mounts it sees the new one.
 */
export function writeNginxConfig(env: Env, opts: NginxOptions): string {
  const out = path.resolve(opts.outDir);
  const prefixDirs = opts.container ? [] : [path.join(out, 'logs'), path.join(out, 'temp')];
  for (const dir of [out, ...prefixDirs]) mkdirSync(dir, { recursive: true });
  const file = path.join(out, 'nginx.conf');
  writeFileSync(file, nginxConfig(env, opts.apiUpstreams, opts));
  return file;
}

const USAGE = [
  'usage: node --import tsx deploy/src/nginx.ts <out dir> [--api-upstream host:port ...]',
  '         [--container] [--resolver address[:port]] [--deployment <file.env|file.yaml>] [--store <dir>]',
].join('\n');

/** A DNS server's address as nginx's `resolver` takes it: an IPv4 address or a bracketed IPv6 one, a port or not. */
function parseResolver(value: string): string {
  const match = /^(?:\[([0-9A-Fa-f:.]+)\]|([0-9.]+))(?::(\d{1,5}))?$/.exec(value);
  const ipOk = match?.[1] ? isIP(match[1]) === 6 : isIP(match?.[2] ?? '') === 4;
  const port = Number(match?.[3] ?? 53);
  if (!ipOk || port < 1 || port > 65535) {
    throw new Error(`--resolver: '${value}' is not an IP address with an optional port (e.g. 127.0.0.11, [::1]:5353)`);
  }
  return value;
}

/** Options that take a value: what the value is, for the message when it is missing. */
const VALUE_OPTIONS: Record<string, string> = {
  '--api-upstream': 'host:port, e.g. --api-upstream 127.0.0.1:4201',
  '--resolver': "an IP address, e.g. --resolver 127.0.0.11 (Docker's DNS)",
  '--deployment': 'a file, e.g. --deployment compose/deployment.env',
  '--store': 'a folder, e.g. --store /mnt/releases',
};

export function parseNginxArgs(argv: readonly string[]): NginxOptions {
  let outDir: string | undefined;
  const apiUpstreams: string[] = [];
  const more: Pick<NginxOptions, 'container' | 'resolver' | 'deployment' | 'store'> = {};
  const once = (arg: string, given: unknown) => {
    if (given !== undefined) throw new Error(`${arg}: given twice\n${USAGE}`);
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const needs = VALUE_OPTIONS[arg];
    if (needs !== undefined) {
      const value = argv[++i];
      if (!value || value.startsWith('-')) throw new Error(`${arg}: needs ${needs}\n${USAGE}`);
      if (arg === '--api-upstream') {
        apiUpstreams.push(parseUpstream(value));
      } else if (arg === '--resolver') {
        once(arg, more.resolver);
        more.resolver = parseResolver(value);
      } else if (arg === '--deployment') {
        once(arg, more.deployment);
        more.deployment = value;
      } else {
        once(arg, more.store);
        more.store = value;
      }
    } else if (arg === '--container') {
      more.container = true;
    } else if (arg.startsWith('-') || outDir !== undefined) {
      throw new Error(`${arg}: unknown argument\n${USAGE}`);
    } else {
      outDir = arg;
    }
  }
  if (!outDir) throw new Error(`the out dir is missing\n${USAGE}`);
  return { outDir, apiUpstreams, ...more };
}

function main(): void {
  const opts = parseNginxArgs(process.argv.slice(2));
  const env = opts.deployment ? readDeploymentConfig(opts.deployment) : withDeploymentFile(process.env);
  const file = writeNginxConfig(env, opts);
  const out = path.dirname(file);
  for (const app of deployedApps(deployedFrom(env, opts.store))) {
    console.log(`[nginx] ${app.dir}: ${listenAddress(listenHost(env), app.port)}`);
  }
  if (opts.apiUpstreams.length > 0) {
    console.log(`[nginx] API: ${listenAddress(listenHost(env), serverPort(env))} → ${opts.apiUpstreams.join(', ')}`);
  } else {
    console.log('[nginx] no --api-upstream: the API is not proxied');
  }
  console.log(
    opts.container
      ? `[nginx] wrote ${file} for the nginx container, which reads it as /etc/nginx/nginx.conf`
      : `[nginx] wrote ${file}; run: nginx -p ${out} -c ${file} -g 'daemon off;'`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  try {
    main();
  } catch (error) {
    console.error(`[nginx] ${(error as Error).message}`);
    process.exit(1);
  }
}
