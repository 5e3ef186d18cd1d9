// The workspace's dependency rules, read from every package.json and every import of every package:
// - no package depends on the host (@originate/shell) or on a remote (@originate/mfe-*): remotes meet at
//   run time through module federation, never at build time;
// - the server (@originate/mock-server) depends on the contract and the flow engine only (dev dependencies
//   aside), so a change to the browser packages never touches it;
// - the build factories (@originate/build) and the test helpers (@originate/testing) are never a run-time
//   dependency: no app or server installs webpack, MUI or test data through them;
// - no relative import leaves its package (a package is reached by its name, through its exports);
// - every workspace package imported is declared in the importer's package.json.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'test-results', 'playwright-report', 'bench-results', '.data']);
const IMPORT =
  /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*|\brequire\.resolve\s*\(\s*)['"]([^'"\n]+)['"]/g;

interface Workspace {
  name: string;
  dir: string;
  declared: Set<string>;
  dependencies: string[];
  /** What the package needs at run time: dependencies and peer dependencies, not dev dependencies. */
  runtime: string[];
}

function readWorkspaces(): Workspace[] {
  const root = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
  return root.workspaces.map((relative) => {
    const dir = path.join(ROOT, relative);
    const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
      name: string;
      dependencies?: Record<string, string>;
      devDependencies?: Record<string, string>;
      peerDependencies?: Record<string, string>;
    };
    const dependencies = [
      ...Object.keys(pkg.dependencies ?? {}),
      ...Object.keys(pkg.devDependencies ?? {}),
      ...Object.keys(pkg.peerDependencies ?? {}),
    ];
    const runtime = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})];
    return { name: pkg.name, dir, declared: new Set(dependencies), dependencies, runtime };
  });
}

const workspaces = readWorkspaces();
const names = new Set(workspaces.map((w) => w.name));

const SERVER = '@originate/mock-server';
const SERVER_MAY_USE = new Set(['@originate/contract', '@originate/flow-engine']);
const DEV_ONLY = new Set(['@originate/build', '@originate/testing']);

/** The workspace a file belongs to: the deepest workspace folder holding it. */
function ownerOf(file: string): Workspace | undefined {
  return workspaces
    .filter((w) => file === w.dir || file.startsWith(`${w.dir}${path.sep}`))
    .sort((a, b) => b.dir.length - a.dir.length)[0];
}

/** A workspace's source files, without those of a workspace nested in it. */
function sourcesOf(workspace: Workspace, dir = workspace.dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (SKIPPED_DIRS.has(entry.name) || ownerOf(full) !== workspace) return [];
      return sourcesOf(workspace, full);
    }
    return SOURCE.test(entry.name) ? [full] : [];
  });
}

function packageName(specifier: string): string {
  const [first = '', second = ''] = specifier.split('/');
  return first.startsWith('@') ? `${first}/${second}` : first;
}

/** Every rule broken, one line each (package.json or file, then what). */
function violations(): string[] {
  const found: string[] = [];
  for (const workspace of workspaces) {
    const where = path.relative(ROOT, path.join(workspace.dir, 'package.json'));
    for (const dependency of workspace.dependencies) {
      if (dependency === '@originate/shell' || dependency.startsWith('@originate/mfe-')) {
        found.push(`${where}: depends on ${dependency}`);
      }
    }
    for (const dependency of workspace.runtime) {
      if (DEV_ONLY.has(dependency)) found.push(`${where}: ${dependency} is a dev dependency only`);
      if (workspace.name === SERVER && names.has(dependency) && !SERVER_MAY_USE.has(dependency)) {
        found.push(`${where}: the server depends on ${dependency} (only ${[...SERVER_MAY_USE].join(', ')})`);
      }
    }
    for (const file of sourcesOf(workspace)) {
      const text = readFileSync(file, 'utf8');
      for (const [, specifier = ''] of text.matchAll(IMPORT)) {
        const at = path.relative(ROOT, file);
        if (specifier.startsWith('.')) {
          const target = path.resolve(path.dirname(file), specifier);
          if (ownerOf(target) !== workspace)
            found.push(`${at}: relative import '${specifier}' leaves ${workspace.name}`);
          continue;
        }
        const name = packageName(specifier);
        if (names.has(name) && name !== workspace.name && !workspace.declared.has(name)) {
          found.push(`${at}: imports ${name}, not declared in ${where}`);
        }
      }
    }
  }
  return found;
}

describe('workspace rules', () => {
  it('reads every workspace and its sources', () => {
    assert.ok(workspaces.length >= 9);
    for (const workspace of workspaces) assert.ok(sourcesOf(workspace).length > 0, workspace.name);
  });

  it('no package depends on the host or a remote; the server on contract and flow engine only; build and testing are dev only; no relative import leaves a package; every import is declared', () => {
    assert.deepEqual(violations(), []);
  });
});
