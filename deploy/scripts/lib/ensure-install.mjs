// `npm ci` when node_modules is missing or the lock file changed since the last install.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROOT, run, step } from './run.mjs';

/** @param {string} root */
export function needsInstall(root = ROOT) {
  const installedLock = path.join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(installedLock)) return true;
  return statSync(path.join(root, 'package-lock.json')).mtimeMs > statSync(installedLock).mtimeMs;
}

export async function ensureInstall() {
  if (!needsInstall()) return;
  step('Installing dependencies (npm ci)');
  const { code } = await run('npm', ['ci', '--no-audit', '--no-fund']);
  if (code !== 0) throw new Error(`npm ci failed with exit code ${code}`);
}
