// Builds the apps when a dist is missing or older than anything it is built from.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runCommand } from './process.mjs';
import { ROOT, step } from './repo.mjs';

/** Folders of the apps that build to dist/ (the shell and every remote with a build script). */
export function buildableApps(root = ROOT) {
  return readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory() && (d.name === 'shell' || d.name.startsWith('mfe-')))
    .map((d) => d.name)
    .filter((dir) => {
      const pkgFile = path.join(root, dir, 'package.json');
      return existsSync(pkgFile) && Boolean(JSON.parse(readFileSync(pkgFile, 'utf8')).scripts?.build);
    });
}

/** Newest modification time under a path (files and folders), skipping build output. */
function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist' || entry === '.swc') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/**
 * When an app was last built: webpack leaves an output that did not change untouched, so the time of
 * the build itself is kept in a stamp outside dist (dist is what gets released).
 * @param {string} dir @param {string} root
 */
function stampOf(dir, root = ROOT) {
  return path.join(root, 'node_modules', '.cache', 'originate-build', `${dir}.stamp`);
}

/** @param {string} dir @param {string} root */
function isStale(dir, root = ROOT) {
  const manifest = path.join(root, dir, 'dist', 'mf-manifest.json');
  if (!existsSync(manifest)) return true;
  const stamp = stampOf(dir, root);
  const builtAt = Math.max(statSync(manifest).mtimeMs, existsSync(stamp) ? statSync(stamp).mtimeMs : 0);
  const inputs = [
    path.join(root, dir, 'src'),
    path.join(root, dir, 'webpack.config.cjs'),
    path.join(root, dir, 'package.json'),
    path.join(root, 'shared', 'contract', 'src'),
    path.join(root, 'shared', 'web', 'src'),
    path.join(root, 'shared', 'build'),
    path.join(root, 'package-lock.json'),
  ];
  return inputs.some((input) => newestMtime(input) > builtAt);
}

export async function ensureBuilt() {
  const stale = buildableApps().filter((dir) => isStale(dir));
  if (stale.length === 0) return;
  step(`Building apps (${stale.join(', ')} out of date): npx lerna run build`);
  const startedAt = new Date();
  const { code } = await runCommand('npx', ['lerna', 'run', 'build']);
  if (code !== 0) throw new Error(`build failed with exit code ${code}`);
  markBuilt(startedAt);
}

/**
 * Records that every app was built from the sources as they were at `startedAt` (a successful
 * `lerna run build` that started then), so the next ensureBuilt does not build them again.
 * @param {Date} startedAt
 */
export function markBuilt(startedAt) {
  for (const dir of buildableApps()) {
    mkdirSync(path.dirname(stampOf(dir)), { recursive: true });
    writeFileSync(stampOf(dir), '');
    // An input that changed while the build ran still counts as newer.
    utimesSync(stampOf(dir), startedAt, startedAt);
  }
}
