// README "Layout": the server is one folder per concern under src/modules/. Another module, and any
// file outside the modules, reaches a module only through its index.ts; route files (routes.ts,
// *-routes.ts) validate, check access and answer, while SQL and transactions live in the module's
// service files (and db/, seed/). The modules stand in one order (LAYERS) and import only those before
// them, so none is caught in a circle with another. A violation fails here, naming the line.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { it } from 'node:test';
import { fileURLToPath } from 'node:url';

const SRC = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src');
const MODULES = path.join(SRC, 'modules');
const DATABASE_CALL = /\b(?:db|tx|ctx\.db)\.(?:query|exec|transaction)\s*[<(]/;
const IMPORT_FROM = /\bfrom\s+'(\.{1,2}\/[^']*)'/;

/** Every TypeScript file under dir, as a path relative to src/. */
function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.m?ts$/.test(file))
    .map((file) => path.relative(SRC, path.join(dir, file)));
}

/** The module a path relative to src/ belongs to, if any. */
const moduleOf = (file: string) => /^modules\/([^/]+)\//.exec(file.split(path.sep).join('/'))?.[1];

/**
 * The order of src/, first to last: each layer imports only layers before it (and itself). Type-only
 * imports count too: a type that a lower layer needs from a higher one belongs below, where both can
 * see it (platform/context.ts declares the caller and the file store for that reason). health needs
 * only the platform, so it sits right after it. Last comes what starts the process and wires the
 * modules together: app.ts, main.ts, seed/ and socket/.
 */
const LAYERS = [
  'platform',
  'health',
  'notifications',
  'users',
  'messages',
  'auth',
  'configs',
  'lifecycle',
  'applications',
  'lists',
  'follows',
  'sla',
  'documents',
  'message-log',
  'templates',
  'consent',
  'integrations',
  'decisions',
  'credit-summary',
  'tasks',
  'calculations',
  'utilities',
  'otp',
  'customer-flow',
  'portal',
  'queries',
  'leads',
  'reports',
  'video',
  'server',
] as const;
/** The platform: the configuration, the database, what every route shares (http/) and the rest (platform/). */
const PLATFORM = /^(?:config\.ts$|db\/|http\/|platform\/)/;
/** The composition: the process (main.ts), the app that registers every module (app.ts), seeding, socket.io. */
const SERVER = /^(?:app\.ts$|main\.ts$|seed\/|socket\/)/;

/** The layer a path relative to src/ (a file, or an import target without its extension) belongs to. */
function layerOf(file: string): string | undefined {
  const slashed = file.split(path.sep).join('/');
  const target = /\.m?ts$/.test(slashed) ? slashed : `${slashed}.ts`;
  if (PLATFORM.test(target) || PLATFORM.test(`${slashed}/`)) return 'platform';
  if (SERVER.test(target) || SERVER.test(`${slashed}/`)) return 'server';
  return moduleOf(`${slashed}/`);
}

/** Every relative import of a file (static, re-export, side effect, dynamic), at the line it starts on. */
function importsOf(file: string): { at: string; spec: string; text: string }[] {
  const text = readFileSync(path.join(SRC, file), 'utf8');
  const found: { at: string; spec: string; text: string }[] = [];
  const forms = [
    /^(?:import|export)\b[^;]*?\bfrom\s+'(\.{1,2}\/[^']*)'/gm,
    /^import\s+'(\.{1,2}\/[^']*)'/gm,
    /\bimport\(\s*'(\.{1,2}\/[^']*)'\s*\)/g,
  ];
  for (const form of forms) {
    for (const match of text.matchAll(form)) {
      const line = text.slice(0, match.index).split('\n').length;
      found.push({ at: `${file}:${line}`, spec: match[1] as string, text: match[0].replace(/\s+/g, ' ') });
    }
  }
  return found;
}

/** Each import of one layer by another: from, to, where and what. */
function layerImports() {
  return sources(SRC).flatMap((file) => {
    const from = layerOf(file);
    return importsOf(file).map(({ at, spec, text }) => ({
      from,
      to: layerOf(path.join(path.dirname(file), spec)),
      at,
      text,
    }));
  });
}

const lines = (file: string) =>
  readFileSync(path.join(SRC, file), 'utf8')
    .split('\n')
    .map((line, i) => ({ at: `${file}:${i + 1}`, line }));

it('the server is one folder per concern: no flat routes/ or services/ beside the modules', () => {
  const top = readdirSync(SRC);
  assert.deepEqual(
    top.filter((name) => name === 'routes' || name === 'services'),
    [],
  );
  assert.ok(readdirSync(MODULES).length >= 10, 'the modules are there');
});

it("a module is reached only through its index, never at another module's internals", () => {
  const found = sources(SRC).flatMap((file) =>
    lines(file).flatMap(({ at, line }) => {
      const spec = IMPORT_FROM.exec(line)?.[1];
      if (!spec) return [];
      const target = path.join(path.dirname(file), spec).split(path.sep).join('/');
      const module = /^modules\/([^/]+)(\/.*)?$/.exec(target);
      if (!module || module[1] === moduleOf(file)) return [];
      return module[2] === undefined || module[2] === '/index' ? [] : [`${at}: ${line.trim()}`];
    }),
  );
  assert.deepEqual(found, []);
});

it('route files hold no SQL', () => {
  const routeFiles = sources(MODULES).filter((file) => /(?:^|[/-])routes\.ts$/.test(path.basename(file)));
  assert.ok(routeFiles.length >= 10, 'the route files are there');
  const found = routeFiles
    .flatMap(lines)
    .filter(
      ({ line }) => DATABASE_CALL.test(line) || /\b(?:SELECT|INSERT INTO|UPDATE \w+ SET|DELETE FROM)\b/.test(line),
    )
    .map(({ at, line }) => `${at}: ${line.trim()}`);
  assert.deepEqual(found, []);
});

it('every file of src/ has its place in the order; only the entry, the app and config.ts lie loose', () => {
  assert.deepEqual(
    sources(SRC).filter((file) => !LAYERS.includes(layerOf(file) as (typeof LAYERS)[number])),
    [],
  );
  // config.ts is platform; it stays at the top of src/ because the deployment's tests read it there.
  assert.deepEqual(
    readdirSync(SRC).filter((name) => /\.m?ts$/.test(name)),
    ['app.ts', 'config.ts', 'main.ts'],
  );
});

it('each layer imports only the layers before it (type-only imports too)', () => {
  const rank = (layer: string | undefined) => LAYERS.indexOf(layer as (typeof LAYERS)[number]);
  const found = layerImports()
    .filter(({ from, to }) => rank(to) > rank(from) || rank(to) === -1)
    .map(
      ({ from, to, at, text }) => `${at}: ${from} imports ${to ?? 'an unknown layer'}, which comes after it: ${text}`,
    );
  assert.deepEqual(found, []);
});

it('no import cycle among the modules', () => {
  const edges = new Map<string, Set<string>>();
  for (const { from, to } of layerImports()) {
    if (!from || !to || from === to) continue;
    edges.set(from, (edges.get(from) ?? new Set()).add(to));
  }
  const cycles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (layer: string, trail: string[]) => {
    if (state.get(layer) === 'done') return;
    if (state.get(layer) === 'open') {
      cycles.push([...trail.slice(trail.indexOf(layer)), layer].join(' → '));
      return;
    }
    state.set(layer, 'open');
    for (const next of edges.get(layer) ?? []) visit(next, [...trail, layer]);
    state.set(layer, 'done');
  };
  for (const layer of edges.keys()) visit(layer, []);
  assert.deepEqual(cycles, []);
});
