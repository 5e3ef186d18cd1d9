// npm run bench [-- --cold | --only <bench>]: measurements of the composed build. The API's downtime per crash
// (--only crash) is measured here (bench/crash-bench.mjs); every other bench drives the composed system and a
// browser, and is the e2e package's (e2e/README.md, "Benchmarks").
import { crashBench } from '../bench/crash-bench.mjs';
import { ensureInstall } from '../lib/ensure-install.mjs';
import { runCommand } from '../lib/process.mjs';

const args = process.argv.slice(2);
await ensureInstall();
if (args.includes('--only') && args[args.indexOf('--only') + 1] === 'crash') {
  await crashBench();
} else {
  const { code } = await runCommand('npm', ['run', '--silent', 'bench', '-w', '@originate/e2e', '--', ...args]);
  process.exitCode = code;
}
