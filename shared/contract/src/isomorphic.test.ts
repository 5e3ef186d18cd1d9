// The contract runs unchanged in the browser and in Node: no source file of the package (tests aside, which
// run in Node) imports a UI or browser-state library or a Node module.
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';

const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const IMPORT =
  /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*|\brequire\.resolve\s*\(\s*)['"]([^'"\n]+)['"]/g;
const FORBIDDEN_PACKAGES = new Set(['react', 'react-dom', 'jotai', 'ky']);
const FORBIDDEN_SCOPES = ['@mui/', '@emotion/', '@tanstack/'];
const NODE_MODULES = new Set(builtinModules);

function isForbidden(specifier: string): boolean {
  const [first = ''] = specifier.split('/');
  return (
    FORBIDDEN_PACKAGES.has(first) ||
    FORBIDDEN_SCOPES.some((scope) => specifier.startsWith(scope)) ||
    specifier.startsWith('node:') ||
    NODE_MODULES.has(first)
  );
}

function sourcesOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourcesOf(full);
    return SOURCE.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const sources = sourcesOf(__dirname);

test('reads the sources of the package', () => {
  expect(sources.map((file) => path.relative(__dirname, file))).toEqual(
    expect.arrayContaining(['index.ts', path.join('contracts', 'schemas.ts'), path.join('crypto', 'envelope.ts')]),
  );
});

test('no source imports react, react-dom, jotai, ky, @mui, @emotion, @tanstack or a Node module', () => {
  const violations = sources.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(IMPORT)]
      .map(([, specifier = '']) => specifier)
      .filter(isForbidden)
      .map((specifier) => `${path.relative(__dirname, file)} imports '${specifier}'`),
  );
  expect(violations).toEqual([]);
});
