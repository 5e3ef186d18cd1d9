// Turning a build into a release of the store (src/releases.ts): its files added to the app's immutable
// files (entry files renamed with the release id), its page pointed at them, its record written, each step
// complete before the next. Only the release tooling loads this (it needs the build package).
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { RELEASE_BASE_PLACEHOLDER } from '@originate/build/release';
import type { AppInfo, Env } from './apps';
import {
  FILES_DIR,
  filesUnder,
  isReleaseId,
  originRoot,
  RELEASE_FILE,
  type ReleaseInfo,
  readRelease,
  releasedName,
  releasesDir,
} from './releases';

/** Build diagnostics nobody loads at run time (and that differ between identical builds): not released. */
function isReleased(name: string): boolean {
  return !name.startsWith('mf-stats.json');
}

/** The page and its precompressed copies live in the release's folder, not among the files. */
const PAGE_FILES = ['index.html', 'index.html.gz', 'index.html.br'];

/** SHA-256 over every file's path and bytes: the same build gives the same hash, any change another. */
export function contentHash(dir: string): string {
  const hash = createHash('sha256');
  for (const file of filesUnder(dir, isReleased)) {
    hash.update(file);
    hash.update('\0');
    hash.update(readFileSync(path.join(dir, file)));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 12);
}

/** The id a build gets as a release of `version`. */
export function releaseIdOf(distDir: string, version: string): string {
  if (!existsSync(path.join(distDir, 'mf-manifest.json')))
    throw new Error(`${distDir}: not a build (no mf-manifest.json)`);
  const id = `${version}-${contentHash(distDir)}`;
  if (!isReleaseId(id)) throw new Error(`version '${version}': not usable in a path (letters, digits, . + _ -)`);
  return id;
}

/** A text file and the precompressed copies the build wrote beside it, rewritten together. */
function withCopies(file: string, text: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>([[file, Buffer.from(text)]]);
  if (existsSync(`${file}.gz`)) out.set(`${file}.gz`, gzipSync(text, { level: 9 }));
  if (existsSync(`${file}.br`)) {
    out.set(`${file}.br`, brotliCompressSync(text, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
  }
  return out;
}

/** The release's own content of a build file, where it differs from the build's (the entry's name). */
function rewritten(distDir: string, id: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const manifestFile = path.join(distDir, 'mf-manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
    metaData?: { remoteEntry?: { name?: string } };
  };
  const entry = manifest.metaData?.remoteEntry;
  if (entry?.name) {
    entry.name = releasedName(entry.name, id);
    for (const [file, bytes] of withCopies(manifestFile, JSON.stringify(manifest))) out.set(file, bytes);
  }
  const page = path.join(distDir, 'index.html');
  if (existsSync(page)) {
    // '<placeholder>main.js' → '/files/main.<id>.js'.
    const html = readFileSync(page, 'utf8').replace(
      new RegExp(`${RELEASE_BASE_PLACEHOLDER.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}([^"'\\s>]+)`, 'g'),
      (_match, file: string) => `/${FILES_DIR}/${releasedName(file, id)}`,
    );
    for (const [file, bytes] of withCopies(page, html)) out.set(file, bytes);
  }
  return out;
}

/** Writes a file whole under its final name, or not at all. */
function writeWhole(file: string, bytes: Buffer): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, bytes);
  renameSync(temporary, file);
}

/**
 * Adds a build to the store as a new release. Its files join the app's files (a file already there must
 * be byte for byte the same: content-hashed names never change meaning); then its page and record are
 * written to a folder of their own, renamed into place when whole. The same build published again is the
 * release that already exists.
 */
export function createRelease(
  env: Env,
  app: Pick<AppInfo, 'dir'>,
  build: { distDir: string; version: string; declarationFile?: string },
): { release: ReleaseInfo; created: boolean } {
  const id = releaseIdOf(build.distDir, build.version);
  const hash = id.slice(-12);
  const target = path.join(releasesDir(env, app.dir), id);
  if (existsSync(path.join(target, RELEASE_FILE))) return { release: readRelease(env, app.dir, id), created: false };

  const own = rewritten(build.distDir, id);
  const contentOf = (file: string) =>
    own.get(path.join(build.distDir, file)) ?? readFileSync(path.join(build.distDir, file));
  const buildFiles = filesUnder(build.distDir, isReleased);
  const fileDir = path.join(originRoot(env, app.dir), FILES_DIR);
  const files: string[] = [];
  for (const file of buildFiles.filter((f) => !PAGE_FILES.includes(f))) {
    const name = releasedName(file, id);
    const bytes = contentOf(file);
    const stored = path.join(fileDir, name);
    if (existsSync(stored)) {
      if (!readFileSync(stored).equals(bytes)) {
        throw new Error(
          `${file}: differs from the kept file of the same name; a changed file must get a new name (content hash)`,
        );
      }
    } else {
      writeWhole(stored, bytes);
    }
    files.push(name);
  }

  const staging = path.join(releasesDir(env, app.dir), `.staging-${id}-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  for (const file of buildFiles.filter((f) => PAGE_FILES.includes(f)))
    writeFileSync(path.join(staging, file), contentOf(file));
  if (build.declarationFile) cpSync(build.declarationFile, path.join(staging, 'remote.json'));
  const release: ReleaseInfo = {
    app: app.dir,
    id,
    version: build.version,
    hash,
    createdAt: new Date().toISOString(),
    files,
  };
  writeFileSync(path.join(staging, RELEASE_FILE), `${JSON.stringify(release, null, 2)}\n`);
  rmSync(target, { recursive: true, force: true });
  renameSync(staging, target);
  return { release, created: true };
}
