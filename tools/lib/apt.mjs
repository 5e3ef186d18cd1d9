// Debian packages the project needs on its machines (chromium, nginx), installed with apt-get when missing.
import { existsSync } from 'node:fs';
import { runCommand } from './process.mjs';
import { step } from './repo.mjs';

let updated = false;

/**
 * `apt-get install -y <packages>` (after one `apt-get update` per run) unless every file in `gives` exists;
 * fails, naming them, when the install does not give them.
 * @param {string} what @param {string[]} packages @param {string[]} gives
 */
export async function aptInstall(what, packages, gives) {
  if (gives.every((file) => existsSync(file))) return;
  step(`Installing ${what} (apt-get)`);
  if (!updated) {
    const update = await runCommand('apt-get', ['update']);
    if (update.code !== 0) throw new Error('apt-get update failed');
    updated = true;
  }
  const install = await runCommand('apt-get', ['install', '-y', ...packages], {
    env: { DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (install.code !== 0 || !gives.every((file) => existsSync(file))) {
    throw new Error(`apt-get install -y ${packages.join(' ')} did not give ${gives.join(' and ')}`);
  }
}
