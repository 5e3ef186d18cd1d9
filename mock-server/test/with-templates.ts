// npm test: runs the test command with one directory of seeded templates for every test file
// (test/harness/seeded.ts), and removes it afterwards (one given in MOCK_SERVER_TEST_TEMPLATES is kept).
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TEMPLATES_ENV } from './harness/templates-env';

const [command, ...args] = process.argv.slice(2);
if (!command) throw new Error('usage: tsx test/with-templates.ts <command> [args…]');
// A directory the caller made (npm test's server parts share one) is the caller's to remove.
const given = process.env[TEMPLATES_ENV] || undefined;
const root = given ?? (await mkdtemp(path.join(tmpdir(), 'originate-templates-')));
const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, [TEMPLATES_ENV]: root } });
const code = await new Promise<number>((resolve) => child.once('exit', (status) => resolve(status ?? 1)));
if (!given) await rm(root, { recursive: true, force: true });
process.exit(code);
