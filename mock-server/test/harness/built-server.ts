// The server as plain JavaScript (esbuild), for the tests that start it as a child process (server.ts spawnServer,
// tools' supervisor test): under `node --import tsx src/main.ts` every start had tsx's loader resolve and compile
// its ~300 TypeScript files again, about 4 of a start's 10 CPU-s (README "Tests"). Built from the source at a
// process's first use (under a second), so it is never older than the code it tests.
import { rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type OnResolveArgs, type PluginBuild } from 'esbuild';

const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SRC = path.join(PACKAGE_ROOT, 'src');

/**
 * Modules the server starts as worker threads (`new URL('./x.ts', import.meta.url)`): each is built as an entry of
 * its own beside main.mjs, as a worker thread of the built server runs without tsx.
 */
const WORKERS = ['platform/document-work/worker.ts'];

const entryName = (relative: string) => relative.replace(/\.ts$/, '').replaceAll('/', '-');

/**
 * `new URL('<relative>.ts', import.meta.url)` names a worker entry (beside the built file); any other
 * `import.meta.url` becomes the source file's own URL, so the paths it finds (migrations, package root, fonts, the
 * sheet worker's .mjs) are the source tree's, as under tsx.
 */
function rewriteImportMeta(file: string, text: string): string {
  const url = JSON.stringify(pathToFileURL(file).href);
  return text.replace(
    /new URL\((['"])(\.{1,2}\/[^'"]+\.ts)\1,\s*import\.meta\.url\)|import\.meta\.url/g,
    (_match, _quote: string, worker: string | undefined) => {
      if (worker === undefined) return url;
      const relative = path
        .relative(SRC, path.resolve(path.dirname(file), worker))
        .split(path.sep)
        .join('/');
      if (!WORKERS.includes(relative)) {
        throw new Error(`${file} starts ${worker} as a worker: add ${relative} to WORKERS in ${import.meta.filename}`);
      }
      return `new URL('./${entryName(relative)}.mjs', import.meta.url)`;
    },
  );
}

/** Marks esbuild's own resolution of a package path (below), which our onResolve leaves alone. */
const RESOLVING = Symbol('resolving');

/**
 * A package import as node's ESM loader finds it: a deep import into a package without an exports map
 * (`dayjs/plugin/customParseFormat`) needs the file's extension, which tsx's loader and esbuild add but node does not.
 */
async function nodeSpecifier(b: PluginBuild, args: OnResolveArgs): Promise<string> {
  const parts = args.path.split('/');
  const name = parts.slice(0, args.path.startsWith('@') ? 2 : 1).join('/');
  if (isBuiltin(args.path) || name === args.path) return args.path;
  const resolved = await b.resolve(args.path, {
    kind: args.kind,
    resolveDir: args.resolveDir,
    importer: args.importer,
    pluginData: RESOLVING,
  });
  if (resolved.errors.length > 0) throw new Error(`${args.importer}: cannot resolve ${args.path}`);
  const marker = `${path.sep}node_modules${path.sep}${name.split('/').join(path.sep)}${path.sep}`;
  const packageDir = resolved.path.slice(0, resolved.path.lastIndexOf(marker) + marker.length);
  const manifest = JSON.parse(await readFile(path.join(packageDir, 'package.json'), 'utf8')) as { exports?: unknown };
  if (manifest.exports !== undefined) return args.path;
  return `${name}/${path.relative(packageDir, resolved.path).split(path.sep).join('/')}`;
}

async function buildInto(outdir: string): Promise<string> {
  await build({
    entryPoints: Object.fromEntries([
      ['main', path.join(SRC, 'main.ts')],
      ...WORKERS.map((worker) => [entryName(worker), path.join(SRC, worker)]),
    ]),
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Stack traces in a child's log name the source lines (the child runs with --enable-source-maps).
    sourcemap: 'linked',
    logLevel: 'error',
    plugins: [
      {
        name: 'server-test-build',
        setup(b) {
          // Packages stay node_modules' own (loaded by node from beside the output, inside this package): only the
          // server's and the workspace packages' sources are bundled.
          b.onResolve({ filter: /^[^./]/ }, async (args) =>
            args.path.startsWith('@originate/') || args.pluginData === RESOLVING
              ? undefined
              : { path: await nodeSpecifier(b, args), external: true },
          );
          b.onLoad({ filter: /\.[cm]?[jt]s$/ }, async (args) => ({
            contents: rewriteImportMeta(args.path, await readFile(args.path, 'utf8')),
            loader: /\.[cm]?ts$/.test(args.path) ? 'ts' : 'js',
          }));
        },
      },
    ],
  });
  return path.join(outdir, 'main.mjs');
}

let built: Promise<string> | undefined;

/**
 * The built server's main module, for `node --enable-source-maps <it>`: built once per process into a directory
 * of its own under dist/ (inside the package, so its imports find node_modules; two test processes never share
 * one), removed when the process exits.
 */
export function builtServer(): Promise<string> {
  if (!built) {
    const outdir = path.join(PACKAGE_ROOT, 'dist', `test-server-${process.pid}`);
    process.once('exit', () => rmSync(outdir, { recursive: true, force: true }));
    built = buildInto(outdir);
  }
  return built;
}
