// npm run bench [-- --cold]: measurements of the composed build (see e2e/bench/run.ts).
import { ensureInstall } from './lib/ensure-install.mjs';
import { run } from './lib/run.mjs';

await ensureInstall();
const { code } = await run(process.execPath, ['--import', 'tsx', 'e2e/bench/run.ts', ...process.argv.slice(2)]);
process.exit(code);
