// Where the repository is, and how a step announces itself: plain Node, so it runs on a fresh clone before any install.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** @param {string} message */
export function step(message) {
  console.log(`\n=== ${message}`);
}
