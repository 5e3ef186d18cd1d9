// `node tools/scripts/with-cpu-time.mjs <file> <command> [args…]`: runs the command (output and exit code
// passed through) and writes `{ "cpuSeconds": n }` to <file>: the CPU seconds of the command and of every
// process under it that was waited for (lib/cpu-time.mjs). npm test runs each step through it.
import { writeFileSync } from 'node:fs';
import { cpuSeconds } from '../lib/cpu-time.mjs';
import { startProcess } from '../lib/process.mjs';

const [file, command, ...args] = process.argv.slice(2);
if (!file || !command) {
  console.error('usage: with-cpu-time.mjs <file> <command> [args…]');
  process.exit(2);
}
// Ctrl-C reaches the command too (same process group): this waits for it, so its CPU is still counted.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => {});
const { code, signal } = await startProcess(command, command, args, { group: false, echo: 'inherit' }).done;
writeFileSync(file, `${JSON.stringify({ cpuSeconds: cpuSeconds()?.children ?? null })}\n`);
process.exit(code ?? (signal ? 128 : 1));
