// Every remote (mfe-*) has the one layout of the root README's "Remote layout":
// - src/ holds exposed/, standalone/, api/, domain/, ui/ (and test/ for jest fixtures, the two entry files);
// - every module the remote exposes lives in exposed/;
// - domain/ is pure: nothing from React, MUI, TanStack Query, jotai, ky or socket.io, and api/ only as types;
// - TanStack Query hooks (useQuery, useMutation, …) are made in api/ only, and query keys live in api/keys.ts.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const LAYERS = ['api', 'domain', 'exposed', 'standalone', 'ui'];
const ALLOWED_IN_SRC = new Set([...LAYERS, 'test', 'bootstrap.tsx', 'index.ts']);
const SOURCE = /\.(ts|tsx)$/;
const IMPURE_IN_DOMAIN = /^(react|react-dom|@mui\/|@emotion\/|@tanstack\/|jotai|ky|socket\.io-client)/;
const QUERY_HOOKS = /\buse(Query|Queries|Mutation|InfiniteQuery|SuspenseQuery|SuspenseQueries|SuspenseInfiniteQuery)\b/;
const TANSTACK_IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]@tanstack\/react-query['"]/g;
/** A key written out where it is used (one built from keys.ts starts with a spread or a call). */
const QUERY_KEY_LITERAL = /\bqueryKey\s*:\s*\[\s*['"`]/;
const IMPORT_FROM = /^\s*(import|export)\s+(type\s+)?[^'";]*?\bfrom\s*['"]([^'"]+)['"]/gm;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return SOURCE.test(entry.name) ? [full] : [];
  });
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.split(path.sep).includes('test');

/** What breaks the layout in one remote's folder, one sentence each (empty when it follows it). */
export function layoutViolations(remoteDir: string): string[] {
  const found: string[] = [];
  const src = path.join(remoteDir, 'src');
  const rel = (file: string) => path.relative(remoteDir, file);
  const entries = readdirSync(src);
  for (const layer of LAYERS) if (!entries.includes(layer)) found.push(`src/${layer}/ is missing`);
  for (const entry of entries) {
    if (!ALLOWED_IN_SRC.has(entry)) found.push(`src/${entry} is outside the layout (${LAYERS.join(', ')})`);
  }

  const config = readFileSync(path.join(remoteDir, 'webpack.config.cjs'), 'utf8');
  const exposes = config.match(/exposes:\s*\{([^}]*)\}/)?.[1] ?? '';
  for (const [, target = ''] of exposes.matchAll(/:\s*['"]([^'"]+)['"]/g)) {
    if (!target.startsWith('./src/exposed/')) found.push(`the exposed module ${target} is not in src/exposed/`);
  }

  for (const file of filesUnder(src)) {
    const text = readFileSync(file, 'utf8');
    const layer = path.relative(src, file).split(path.sep)[0];
    if (layer === 'domain') {
      for (const [, , typeOnly, specifier = ''] of text.matchAll(IMPORT_FROM)) {
        if (IMPURE_IN_DOMAIN.test(specifier)) found.push(`${rel(file)} imports ${specifier}: domain/ is pure`);
        if (/(^|\/)api(\/|$)/.test(specifier) && !typeOnly && !isTest(file))
          found.push(`${rel(file)} imports values from ${specifier}: domain/ may name api/ types only`);
      }
    }
    const tanstack = [...text.matchAll(TANSTACK_IMPORT)].flatMap(([, names = '']) => names.split(','));
    if (layer !== 'api' && !isTest(file) && tanstack.some((name) => QUERY_HOOKS.test(name))) {
      found.push(`${rel(file)} makes a TanStack Query hook: they live in src/api/`);
    }
    if (path.relative(src, file) !== path.join('api', 'keys.ts') && !isTest(file) && QUERY_KEY_LITERAL.test(text)) {
      found.push(`${rel(file)} writes a query key: every key lives in src/api/keys.ts`);
    }
  }
  return found;
}

const remotes = readdirSync(ROOT).filter((name) => name.startsWith('mfe-'));

describe('remote layout', () => {
  it('finds the remotes', () => assert.ok(remotes.length >= 3, `remotes: ${remotes.join(', ')}`));

  for (const remote of remotes) {
    it(`${remote} follows it`, () => assert.deepEqual(layoutViolations(path.join(ROOT, remote)), []));
  }

  it('names each kind of violation', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'remote-layout-'));
    try {
      const write = (file: string, text: string) => {
        mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        writeFileSync(path.join(dir, file), text);
      };
      write('webpack.config.cjs', "createAppConfig({ exposes: { './Page': './src/ui/Page.tsx' } });");
      for (const layer of ['api', 'exposed', 'ui']) write(`src/${layer}/.keep.ts`, '');
      write('src/services/old.ts', '');
      write('src/domain/rules.ts', "import { useState } from 'react';\nimport { fetchThings } from '../api/things';\n");
      write(
        'src/ui/Page.tsx',
        "import { useQuery } from '@tanstack/react-query';\nconst q = useQuery({ queryKey: ['x'], queryFn });\n",
      );
      assert.deepEqual(
        layoutViolations(dir).sort(),
        [
          'src/domain/rules.ts imports react: domain/ is pure',
          'src/domain/rules.ts imports values from ../api/things: domain/ may name api/ types only',
          'src/standalone/ is missing',
          'src/services is outside the layout (api, domain, exposed, standalone, ui)',
          'src/ui/Page.tsx makes a TanStack Query hook: they live in src/api/',
          'src/ui/Page.tsx writes a query key: every key lives in src/api/keys.ts',
          'the exposed module ./src/ui/Page.tsx is not in src/exposed/',
        ].sort(),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
