// npm test: runs the test command with one directory of seeded templates for every test file
// (test/harness/seeded.ts), and removes it afterwards.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TEMPLATES_ENV } from './harness/seeded';

const [command, ...args] = process.argv.slice(2);
if (!command) throw new Error('usage: tsx test/with-templates.ts <command> [args…]');
const root = await mkdtemp(path.join(tmpdir(), 'originate-templates-'));
const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, [TEMPLATES_ENV]: root } });
const code = await new Promise<number>((resolve) => child.once('exit', (status) => resolve(status ?? 1)));
await rm(root, { recursive: true, force: true });
process.exit(code);
