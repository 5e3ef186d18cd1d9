// The engine runs unchanged in the portal (a browser) and in mock-server (Node), and re-validates a form on
// every keystroke: no source file (tests aside, which run in Node) imports React or another UI or browser
// state library, a Node module or a network client, or reads a browser, DOM, network or Node global.
// Besides its own files a source imports only what package.json declares as a dependency.
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.join(__dirname, '..');
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const FORBIDDEN_PACKAGES = new Set(['react', 'react-dom', 'jotai', 'ky', 'axios', 'idb-keyval', 'socket.io-client']);
const FORBIDDEN_SCOPES = ['@mui/', '@emotion/', '@tanstack/'];
const NODE_MODULES = new Set(builtinModules);
const GLOBALS: Record<string, readonly string[]> = {
  'a browser or DOM global': [
    'window',
    'self',
    'document',
    'navigator',
    'location',
    'history',
    'localStorage',
    'sessionStorage',
    'indexedDB',
    'caches',
    'customElements',
    'requestAnimationFrame',
    'cancelAnimationFrame',
    'requestIdleCallback',
    'matchMedia',
    'getComputedStyle',
    'alert',
    'confirm',
    'prompt',
    'HTMLElement',
    'Element',
    'MutationObserver',
    'ResizeObserver',
    'IntersectionObserver',
    'DOMParser',
    'FileReader',
  ],
  'a network global': ['fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource', 'Request', 'Response', 'Headers'],
  'a Node global': ['process', 'require', 'module', 'Buffer', '__dirname', '__filename', 'global', 'setImmediate'],
  'the global object': ['globalThis'],
};
const KIND_OF = new Map(Object.entries(GLOBALS).flatMap(([kind, names]) => names.map((name) => [name, kind])));

const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  dependencies?: Record<string, string>;
};
const DEPENDENCIES = new Set(Object.keys(manifest.dependencies ?? {}));

function packageOf(specifier: string): string {
  const [first = '', second = ''] = specifier.split('/');
  return first.startsWith('@') ? `${first}/${second}` : first;
}

function importProblem(specifier: string): string | null {
  if (specifier.startsWith('.')) return null;
  const name = packageOf(specifier);
  if (specifier.startsWith('node:') || NODE_MODULES.has(name)) return 'a Node module';
  if (FORBIDDEN_PACKAGES.has(name) || FORBIDDEN_SCOPES.some((scope) => specifier.startsWith(scope)))
    return 'a UI, browser state or network library';
  return DEPENDENCIES.has(name) ? null : 'a package package.json does not declare as a dependency';
}

function sourcesOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourcesOf(full);
    return SOURCE.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** An identifier that names a property or an imported binding's original, not a variable in scope. */
function isPropertyName(node: ts.Identifier): boolean {
  const parent = node.parent;
  return (
    ((ts.isPropertyAccessExpression(parent) ||
      ts.isPropertyAssignment(parent) ||
      ts.isPropertyDeclaration(parent) ||
      ts.isPropertySignature(parent) ||
      ts.isMethodDeclaration(parent) ||
      ts.isMethodSignature(parent) ||
      ts.isGetAccessorDeclaration(parent) ||
      ts.isSetAccessorDeclaration(parent) ||
      ts.isEnumMember(parent)) &&
      parent.name === node) ||
    (ts.isQualifiedName(parent) && parent.right === node) ||
    ((ts.isBindingElement(parent) || ts.isImportSpecifier(parent) || ts.isExportSpecifier(parent)) &&
      parent.propertyName === node)
  );
}

/** What one file imports or reads that the engine may not. */
function problemsOf(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const at = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  // Names the file declares, whatever their scope: a variable named like a global is not the global.
  const declared = new Set<string>();
  const found: string[] = [];
  const collect = (node: ts.Node): void => {
    const name = (node as { name?: ts.Node }).name;
    if (name && ts.isIdentifier(name) && !ts.isPropertyAccessExpression(node) && !isPropertyName(name))
      declared.add(name.text);
    ts.forEachChild(node, collect);
  };
  const visit = (node: ts.Node): void => {
    const specifier =
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier
        ? node.moduleSpecifier
        : ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword
          ? node.arguments[0]
          : ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)
            ? node.argument.literal
            : undefined;
    if (specifier && ts.isStringLiteralLike(specifier)) {
      const problem = importProblem(specifier.text);
      if (problem) found.push(`${at(node)} imports '${specifier.text}': ${problem}`);
    }
    if (ts.isMetaProperty(node) && node.keywordToken === ts.SyntaxKind.ImportKeyword)
      found.push(`${at(node)} reads import.meta: the module's host`);
    if (ts.isIdentifier(node) && !isPropertyName(node) && !declared.has(node.text)) {
      const kind = KIND_OF.get(node.text);
      if (kind) found.push(`${at(node)} reads '${node.text}': ${kind}`);
    }
    ts.forEachChild(node, visit);
  };
  collect(source);
  visit(source);
  return found;
}

const sources = [...sourcesOf(path.join(ROOT, 'src')), path.join(ROOT, 'bench', 'generateFlow.ts')];

test('reads the sources of the package', () => {
  expect(sources.map((file) => path.relative(ROOT, file))).toEqual(
    expect.arrayContaining([
      path.join('src', 'index.ts'),
      path.join('src', 'form', 'draft.ts'),
      path.join('src', 'testFixtures.ts'),
      path.join('bench', 'generateFlow.ts'),
    ]),
  );
});

test('the check finds what it looks for', () => {
  const planted = [
    "import { useState } from 'react';",
    "import { readFile } from 'node:fs';",
    "import ky from 'ky';",
    "import { joinPath } from 'path';",
    "import { left } from 'left-pad';",
    'export const width = () => window.innerWidth + document.body.clientWidth;',
    'export const get = (url: string) => fetch(url);',
    'export const mode = process.env.NODE_ENV;',
    'export const here = import.meta.url;',
    'export const scope = globalThis;',
  ].join('\n');
  expect(problemsOf('planted.ts', planted)).toEqual([
    "planted.ts:1 imports 'react': a UI, browser state or network library",
    "planted.ts:2 imports 'node:fs': a Node module",
    "planted.ts:3 imports 'ky': a UI, browser state or network library",
    "planted.ts:4 imports 'path': a Node module",
    "planted.ts:5 imports 'left-pad': a package package.json does not declare as a dependency",
    "planted.ts:6 reads 'window': a browser or DOM global",
    "planted.ts:6 reads 'document': a browser or DOM global",
    "planted.ts:7 reads 'fetch': a network global",
    "planted.ts:8 reads 'process': a Node global",
    "planted.ts:9 reads import.meta: the module's host",
    "planted.ts:10 reads 'globalThis': the global object",
  ]);
  // A property or a variable of that name is not the global.
  const innocent = 'export const at = (r: { location: string }, document = r.location) => ({ document, fetch: 1 });';
  expect(problemsOf('innocent.ts', innocent)).toEqual([]);
});

test('no source imports React, a UI library, a Node module or a network client, or reads their globals', () => {
  const problems = sources.flatMap((file) => problemsOf(path.relative(ROOT, file), readFileSync(file, 'utf8')));
  expect(problems).toEqual([]);
});
