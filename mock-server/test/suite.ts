// `npm test` and `npm run test:long`: the server's test files in one process, each file inside its own suite
// (its hooks and tests are scoped to it and run in file order), so a run pays Node's start, the app's imports
// and PGlite's WebAssembly compile once instead of once per file. `--long` runs the three long files
// (kill -9 durability, the fuzz corpus, the drain) instead of the others; file names run only those files.
// A single file still runs on its own: `node --import tsx --test test/<file>.test.ts`.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe } from 'node:test';
import { pathToFileURL } from 'node:url';

const LONG = new Set(['durability.test.ts', 'fuzz.test.ts', 'drain.test.ts']);

const args = process.argv.slice(2);
const long = args.includes('--long');
const named = args.filter((arg) => arg !== '--long').map((arg) => path.basename(arg));
const dir = import.meta.dirname;
const files =
  named.length > 0
    ? named
    : readdirSync(dir)
        .filter((file) => file.endsWith('.test.ts') && LONG.has(file) === long)
        .sort();
if (files.length === 0) throw new Error(`no test files match ${args.join(' ') || '(all)'}`);

for (const file of files) {
  describe(file, async () => {
    await import(pathToFileURL(path.join(dir, file)).href);
  });
}
