// README "Layout": the server is one folder per concern under src/modules/. Another module, and any
// file outside the modules, reaches a module only through its index.ts; route files (routes.ts,
// *-routes.ts) validate, check access and answer, while SQL and transactions live in the module's
// service files (and db/, seed/). A violation fails here, naming the line.
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
    .filter((file) => file.endsWith('.ts'))
    .map((file) => path.relative(SRC, path.join(dir, file)));
}

/** The module a path relative to src/ belongs to, if any. */
const moduleOf = (file: string) => /^modules\/([^/]+)\//.exec(file.split(path.sep).join('/'))?.[1];

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
