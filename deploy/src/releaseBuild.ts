// Turning a build into a release of the store (src/releases.ts): copied whole under its content hash, its
// page pointed at the release's folder. Only the release tooling loads this (it needs the build package).
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { RELEASE_BASE_PLACEHOLDER } from '@originate/build/release';
import type { AppInfo, Env } from './apps';
import { isReleaseId, RELEASE_FILE, type ReleaseInfo, readRelease, releaseBase, releasesDir } from './releases';

/** Build diagnostics nobody loads at run time (and that differ between identical builds): not released. */
function isReleased(name: string): boolean {
  return !name.startsWith('mf-stats.json');
}

function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => isReleased(entry.name))
    .flatMap((entry) => {
      const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) return filesUnder(path.join(dir, entry.name), relative);
      return entry.isFile() ? [relative] : [];
    })
    .sort();
}

/** SHA-256 over every file's path and bytes: the same build gives the same hash, any change another. */
export function contentHash(dir: string): string {
  const hash = createHash('sha256');
  for (const file of filesUnder(dir)) {
    hash.update(file);
    hash.update('\0');
    hash.update(readFileSync(path.join(dir, file)));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 12);
}

/** The page's script URLs point into the release; its precompressed copies follow. */
function rewritePage(folder: string, id: string): void {
  const page = path.join(folder, 'index.html');
  if (!existsSync(page)) return;
  const html = readFileSync(page, 'utf8').split(RELEASE_BASE_PLACEHOLDER).join(releaseBase(id));
  writeFileSync(page, html);
  if (existsSync(`${page}.gz`)) writeFileSync(`${page}.gz`, gzipSync(html, { level: 9 }));
  if (existsSync(`${page}.br`)) {
    writeFileSync(`${page}.br`, brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
  }
}

/**
 * Copies a build into a new release (a folder of its own, renamed into place when whole). The same
 * build published again is the release that already exists.
 */
export function createRelease(
  env: Env,
  app: Pick<AppInfo, 'dir'>,
  build: { distDir: string; version: string; declarationFile?: string },
): { release: ReleaseInfo; created: boolean } {
  if (!existsSync(path.join(build.distDir, 'mf-manifest.json'))) {
    throw new Error(`${build.distDir}: not a build (no mf-manifest.json)`);
  }
  const hash = contentHash(build.distDir);
  const id = `${build.version}-${hash}`;
  if (!isReleaseId(id)) throw new Error(`version '${build.version}': not usable in a path (letters, digits, . + _ -)`);
  const target = path.join(releasesDir(env, app.dir), id);
  if (existsSync(path.join(target, RELEASE_FILE))) return { release: readRelease(env, app.dir, id), created: false };

  const staging = path.join(releasesDir(env, app.dir), `.staging-${id}-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  cpSync(build.distDir, staging, { recursive: true, filter: (source) => isReleased(path.basename(source)) });
  if (build.declarationFile) cpSync(build.declarationFile, path.join(staging, 'remote.json'));
  rewritePage(staging, id);
  const release: ReleaseInfo = { app: app.dir, id, version: build.version, hash, createdAt: new Date().toISOString() };
  writeFileSync(path.join(staging, RELEASE_FILE), `${JSON.stringify(release, null, 2)}\n`);
  rmSync(target, { recursive: true, force: true });
  renameSync(staging, target);
  return { release, created: true };
}
