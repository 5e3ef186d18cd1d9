// `npm ci` when node_modules is missing or the lock file changed since the last install.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { runCommand } from './process.mjs';
import { ROOT, step } from './repo.mjs';

/** @param {string} root */
function needsInstall(root = ROOT) {
  const installedLock = path.join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(installedLock)) return true;
  return statSync(path.join(root, 'package-lock.json')).mtimeMs > statSync(installedLock).mtimeMs;
}

export async function ensureInstall() {
  if (!needsInstall()) return;
  step('Installing dependencies (npm ci)');
  const ci = await runCommand('npm', ['ci', '--no-audit', '--no-fund']);
  if (ci.code === 0) return;
  // A known npm bug: a lock written on one platform can lack other platforms' optional
  // binaries (@biomejs/cli-*, @swc/core-*), and `npm ci` then refuses it as out of sync.
  // `npm install` keeps every locked version and only adds those entries.
  if (!/can only install packages when your package\.json and package-lock\.json/.test(ci.output)) {
    throw new Error(`npm ci failed with exit code ${ci.code}`);
  }
  step('package-lock.json lacks optional entries of other platforms: npm install (locked versions kept)');
  const install = await runCommand('npm', ['install', '--no-audit', '--no-fund']);
  if (install.code !== 0) throw new Error(`npm install failed with exit code ${install.code}`);
}
