// Publishing a remote from a test or a benchmark: the release CLI, and builds that differ from the running one.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { ROOT } from '@originate/tools/lib/repo.mjs';

/** A sentence of mfe-notifications' lazily loaded Notification page, and the one a variant build says instead. */
export const NOTIFICATIONS_TEXT = 'Assignments and updates on the applications you work on.';
export const NOTIFICATIONS_NEW_TEXT = 'Assignments and updates on the applications you work on, now grouped by day.';

/** Runs the release CLI as a team would (`npm run release|rollback|releases -- …`) with a system's env. */
export function releaseCli(env: Record<string, string>, ...args: string[]): { code: number; output: string } {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join('deploy', 'src', 'release-cli.ts'), ...args],
    {
      cwd: ROOT,
      env: { ...process.env, ...env },
      encoding: 'utf8',
    },
  );
  return { code: result.status ?? 1, output: `${result.stdout}${result.stderr}` };
}

/**
 * A build of the remote that differs from the running one: the built folder, changed by `change`.
 */
export function variantBuild(app: string, change: (folder: string) => void): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'originate-variant-'));
  cpSync(path.join(ROOT, app, 'dist'), folder, { recursive: true });
  change(folder);
  return folder;
}

/** Every text file of a build folder, relative to it. */
function textFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true })
    .map(String)
    .filter((f) => /\.(js|json|html)$/.test(f));
}

/** Rewrites a build file, and the precompressed copies the build wrote beside it, as the build would. */
function rewrite(folder: string, file: string, text: string): void {
  const full = path.join(folder, file);
  writeFileSync(full, text);
  if (existsSync(`${full}.gz`)) writeFileSync(`${full}.gz`, gzipSync(text, { level: 9 }));
  if (existsSync(`${full}.br`)) {
    writeFileSync(`${full}.br`, brotliCompressSync(text, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
  }
}

/**
 * Changes a sentence in the chunks that hold it, as a source change would: each gets a new content hash
 * in its name, and every file naming an old hash (the runtime's chunk map) names the new one.
 */
export function changeSentence(folder: string, from: string, to: string): void {
  const chunks = textFiles(folder).filter(
    (f) => f.startsWith('chunks') && readFileSync(path.join(folder, f), 'utf8').includes(from),
  );
  if (chunks.length === 0) throw new Error(`no chunk of ${folder} says '${from}'`);
  for (const chunk of chunks) {
    const oldHash = /\.([0-9a-f]{12})\.js$/.exec(chunk)?.[1];
    if (!oldHash) throw new Error(`${chunk}: no content hash in its name`);
    const newHash = createHash('sha256').update(`${chunk} ${to}`).digest('hex').slice(0, 12);
    rewrite(folder, chunk, readFileSync(path.join(folder, chunk), 'utf8').split(from).join(to));
    for (const suffix of ['', '.br', '.gz']) {
      const source = path.join(folder, `${chunk}${suffix}`);
      if (existsSync(source)) renameSync(source, path.join(folder, `${chunk.replace(oldHash, newHash)}${suffix}`));
    }
    for (const file of textFiles(folder)) {
      const text = readFileSync(path.join(folder, file), 'utf8');
      if (text.includes(oldHash)) rewrite(folder, file, text.split(oldHash).join(newHash));
    }
  }
}
