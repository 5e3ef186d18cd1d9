// The workspace's dependency rules, read from every package.json and every import of every package:
// - every package declares its role ("originate": { "role": … } in its package.json) and depends only on the
//   roles its role may use (ROLE_ORDER below), so the layers cannot leak into each other;
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
  /** The package's originate.role as written (checked against ROLES). */
  role: unknown;
  declared: Set<string>;
  /** What the package needs at run time: dependencies and peer dependencies, not dev dependencies. */
  runtime: string[];
  /** What only its build and its tests need. */
  dev: string[];
}

function readWorkspaces(): Workspace[] {
  const root = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
  return root.workspaces.map((relative) => {
    const dir = path.join(ROOT, relative);
    const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
      name: string;
      originate?: { role?: unknown };
      dependencies?: Record<string, string>;
      devDependencies?: Record<string, string>;
      peerDependencies?: Record<string, string>;
    };
    const runtime = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})];
    const dev = Object.keys(pkg.devDependencies ?? {});
    return { name: pkg.name, dir, role: pkg.originate?.role, declared: new Set([...runtime, ...dev]), runtime, dev };
  });
}

const workspaces = readWorkspaces();
const names = new Set(workspaces.map((w) => w.name));

/**
 * The roles, and the order they may depend in (a role uses only roles below it):
 *
 *   contract  <  web-library  <  app, remote
 *   contract  <  server
 *   contract, web-library, server  <  tooling, test
 *
 * - contract: isomorphic and pure (no React, browser state or Node): the contract and the flow engine, which
 *   the server and the portal both run. The one role that may use itself: the flow engine builds on the
 *   contract, and the server may use both.
 * - web-library: the federated singleton of the browser apps, on the contract.
 * - app, remote: the host and the remotes; nothing depends on them, they meet at run time (module federation).
 * - server: a process that serves (the API, the static origins); the contract only, never browser code.
 * - tooling, test: build factories, orchestration, test helpers and test suites: may use anything but an app
 *   or a remote, and each other.
 * tooling and test are never needed to run: any other role lists them in its devDependencies only.
 */
const ROLE_ORDER = {
  contract: ['contract'],
  'web-library': ['contract'],
  app: ['contract', 'web-library'],
  remote: ['contract', 'web-library'],
  server: ['contract'],
  tooling: ['contract', 'web-library', 'server', 'tooling', 'test'],
  test: ['contract', 'web-library', 'server', 'tooling', 'test'],
} as const satisfies Record<string, readonly string[]>;
type Role = keyof typeof ROLE_ORDER;
const ROLES = Object.keys(ROLE_ORDER) as Role[];
/** What a run-time role's devDependencies may add: what builds it and what tests it. */
const DEV_ONLY_ROLES: readonly Role[] = ['tooling', 'test'];

const isRole = (value: unknown): value is Role => ROLES.includes(value as Role);
const roleOf = new Map(workspaces.map((w) => [w.name, w.role]));

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

const where = (workspace: Workspace) => path.relative(ROOT, path.join(workspace.dir, 'package.json'));

/** Packages whose package.json declares no role, or one not in ROLES. */
function roleViolations(): string[] {
  return workspaces
    .filter((w) => !isRole(w.role))
    .map((w) =>
      w.role === undefined
        ? `${where(w)}: ${w.name} declares no role ("originate": { "role": one of ${ROLES.join(', ')} })`
        : `${where(w)}: ${w.name} declares the role ${JSON.stringify(w.role)}, not one of ${ROLES.join(', ')}`,
    );
}

/** Workspace dependencies on a role the dependent's role may not use (packages with no valid role aside). */
function orderViolations(): string[] {
  const found: string[] = [];
  for (const workspace of workspaces) {
    const role = workspace.role;
    if (!isRole(role)) continue;
    const runtimeMayUse: readonly Role[] = ROLE_ORDER[role];
    const devMayUse: readonly Role[] = [...runtimeMayUse, ...DEV_ONLY_ROLES];
    const check = (dependencies: string[], mayUse: readonly Role[], kind: string) => {
      for (const dependency of dependencies) {
        const used = roleOf.get(dependency);
        if (!names.has(dependency) || !isRole(used) || mayUse.includes(used)) continue;
        found.push(
          `${where(workspace)}: ${workspace.name} (${role}) has ${dependency} (${used}) in its ${kind}; ` +
            `a ${role} may use ${mayUse.join(', ')} there`,
        );
      }
    };
    check(workspace.runtime, runtimeMayUse, 'dependencies');
    check(workspace.dev, devMayUse, 'devDependencies');
  }
  return found;
}

/** Relative imports that leave their package, and workspace packages imported but not declared. */
function importViolations(): string[] {
  const found: string[] = [];
  for (const workspace of workspaces) {
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
          found.push(`${at}: imports ${name}, not declared in ${where(workspace)}`);
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

  it('every package declares a role', () => {
    assert.deepEqual(roleViolations(), []);
  });

  it('every package depends only on the roles below its own; tooling and test are dev dependencies of the others', () => {
    assert.deepEqual(orderViolations(), []);
  });

  it('no relative import leaves a package; every imported workspace package is declared', () => {
    assert.deepEqual(importViolations(), []);
  });
});
