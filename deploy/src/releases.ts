// The release store: every app's immutable files, its releases, and the one mutable pointer to the current one.
//
//   <RELEASES_DIR>/<app>/files/                 every file of every kept release, never changed once written:
//                                               chunks/ and assets/ by their content-hashed names (a chunk two
//                                               releases share is one file, one URL, cached once), the entry
//                                               files with the release id in their name (remoteEntry.<id>.js,
//                                               mf-manifest.<id>.json, main.<id>.js)
//   <RELEASES_DIR>/<app>/releases/<id>/         one release: its page (index.html), release.json, remote.json
//   <RELEASES_DIR>/<app>/current                symlink to releases/<id>; switched by rename
//   <RELEASES_DIR>/<app>/history.json           every switch of the pointer (time, who, from, to); rewritten by rename
//   <RELEASES_DIR>/<app>/env.json               the origin's runtime configuration
//   <RELEASES_DIR>/shell/remotes.json           every remote's current release; rewritten by rename
//
// An origin (deploy's own server or nginx) serves that folder as it is: nothing is computed per request.
// Making a release out of a build is src/releaseBuild.ts.
import {
  existsSync,
  lstatSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import { type AppInfo, appInfo, type Env, portEnvName, portSet, REPO_ROOT, resolvePort } from './apps';

/** The folder of immutable files, below an app's folder and its origin. */
export const FILES_DIR = 'files';

/** A top-level build file as a release names it: 'main.js.br' → 'main.<id>.js.br'. Chunks and assets keep theirs. */
export function releasedName(file: string, id: string): string {
  if (file.includes('/')) return file;
  const dot = file.indexOf('.');
  return dot < 0 ? `${file}.${id}` : `${file.slice(0, dot)}.${id}${file.slice(dot)}`;
}

/** The URL path of a release's file on its app's origin, e.g. '/files/mf-manifest.<id>.json'. */
export function releaseFileUrl(id: string, buildFile: string): string {
  return `/${FILES_DIR}/${releasedName(buildFile, id)}`;
}

export interface ReleaseInfo {
  app: string;
  /** `<version>-<hash>`: the folder name and the path segment. */
  id: string;
  version: string;
  /** First 12 hex digits of the SHA-256 over the build's files (names and contents). */
  hash: string;
  /** ISO time the release was made. */
  createdAt: string;
  /** Its files, relative to files/. */
  files: string[];
}

export interface ListedRelease extends ReleaseInfo {
  current: boolean;
}

export const RELEASE_FILE = 'release.json';
const ID_PATTERN = /^[0-9A-Za-z.+_-]{1,80}-[0-9a-f]{12}$/;
const DEFAULT_KEEP = 5;

/**
 * The release store: RELEASES_DIR, else deploy/releases for the ports of deploy/ports.json and, for any
 * other port set, a store of its own below it (ports-<every port>): the origin files (env.json,
 * remotes.json) name one environment's ports, so a second `npm start` on other ports must not rewrite
 * the first one's.
 */
export function releasesRoot(env: Env): string {
  if (env.RELEASES_DIR) return path.resolve(env.RELEASES_DIR);
  const store = path.join(REPO_ROOT, 'deploy', 'releases');
  const ports = portSet(env);
  return ports === portSet({}) ? store : path.join(store, `ports-${ports}`);
}

/** How many releases of an app are kept (RELEASES_KEEP); the current one always is, on top. */
export function keepCount(env: Env): number {
  const raw = env.RELEASES_KEEP;
  if (raw === undefined || raw === '') return DEFAULT_KEEP;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 1000) {
    throw new Error(`RELEASES_KEEP: must be a whole number from 1 to 1000, got '${raw}'`);
  }
  return value;
}

/** The folder an app's origin serves. */
export function originRoot(env: Env, dir: string): string {
  return path.join(releasesRoot(env), dir);
}

export function isReleaseId(value: string): boolean {
  return ID_PATTERN.test(value);
}

/** Writes `content` to `file` so that a reader sees the old file or the new one, never a part. */
export function writeAtomically(file: string, content: string | Buffer): void {
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(temporary, content);
  renameSync(temporary, file);
}

export function releasesDir(env: Env, dir: string): string {
  return path.join(originRoot(env, dir), 'releases');
}

export function readRelease(env: Env, dir: string, id: string): ReleaseInfo {
  return JSON.parse(readFileSync(path.join(releasesDir(env, dir), id, RELEASE_FILE), 'utf8')) as ReleaseInfo;
}

/** The id the app's pointer names, or null before its first release. */
export function currentId(env: Env, dir: string): string | null {
  const link = path.join(originRoot(env, dir), 'current');
  try {
    if (!lstatSync(link).isSymbolicLink()) return null;
  } catch {
    return null;
  }
  const id = path.basename(readlinkSync(link));
  return isReleaseId(id) ? id : null;
}

/** Points the app at a release: a new link, renamed over the old one (atomic on one file system). */
export function switchCurrent(env: Env, dir: string, id: string): void {
  if (!existsSync(path.join(releasesDir(env, dir), id, RELEASE_FILE))) throw new Error(`${dir}: no release ${id}`);
  const link = path.join(originRoot(env, dir), 'current');
  const temporary = `${link}.${process.pid}.tmp`;
  rmSync(temporary, { force: true });
  symlinkSync(path.join('releases', id), temporary);
  renameSync(temporary, link);
}

/** One switch of an app's pointer, as history.json records it. */
export interface Switch {
  /** 1, 2, …: its number in the app's history. */
  seq: number;
  /** ISO time of the switch. */
  at: string;
  /** RELEASE_ACTOR, else the OS user who ran the command. */
  actor: string;
  command: 'release' | 'rollback';
  from: string | null;
  to: string;
  /** A rollback that named no release: the switch it undid. */
  undoes?: number;
}

const HISTORY_FILE = 'history.json';
/** What a terminal prints as it is: no control character can rewrite the operator's screen. */
const ACTOR_PATTERN = /^[^\p{C}]{1,100}$/u;

/** Who switches: RELEASE_ACTOR (a pipeline names its run), else the OS user. */
function actorOf(env: Env): string {
  const named = env.RELEASE_ACTOR;
  if (named !== undefined && named !== '') {
    if (!ACTOR_PATTERN.test(named)) {
      throw new Error(
        `RELEASE_ACTOR: 1 to 100 printable characters (no control character), got ${JSON.stringify(named)}`,
      );
    }
    return named;
  }
  try {
    return userInfo().username;
  } catch {
    // A container's user may have no name.
    return `uid ${process.getuid?.() ?? 'unknown'}`;
  }
}

/** Every switch of an app's pointer, oldest first; none before the first one recorded. */
export function readHistory(env: Env, dir: string): Switch[] {
  const file = path.join(originRoot(env, dir), HISTORY_FILE);
  if (!existsSync(file)) return [];
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(parsed)) throw new Error(`${file}: not a list of switches`);
  return parsed as Switch[];
}

/**
 * Switches the pointer and records the switch in history.json (written aside, then renamed). Who
 * switches is known before anything changes; were the process to stop between the two, the pointer
 * and the history's last switch would differ, which a rollback notices.
 */
export function switchAndRecord(env: Env, dir: string, to: string, how: Pick<Switch, 'command' | 'undoes'>): Switch {
  const actor = actorOf(env);
  const history = readHistory(env, dir);
  const from = currentId(env, dir);
  switchCurrent(env, dir, to);
  const entry: Switch = { seq: (history.at(-1)?.seq ?? 0) + 1, at: new Date().toISOString(), actor, ...how, from, to };
  writeAtomically(path.join(originRoot(env, dir), HISTORY_FILE), `${JSON.stringify([...history, entry], null, 2)}\n`);
  return entry;
}

/** The switch that made the pointer what it is and is not undone yet: what a rollback without a release undoes. */
function lastSwitch(history: readonly Switch[]): Switch | undefined {
  const effective: Switch[] = [];
  for (const entry of history) {
    if (entry.undoes === undefined) effective.push(entry);
    else {
      const undone = effective.findIndex((e) => e.seq === entry.undoes);
      if (undone >= 0) effective.splice(undone, 1);
    }
  }
  return effective.at(-1);
}

/** Every kept release of an app, newest first. */
export function listReleases(env: Env, dir: string): ListedRelease[] {
  const folder = releasesDir(env, dir);
  if (!existsSync(folder)) return [];
  const current = currentId(env, dir);
  return readdirSync(folder)
    .filter((name) => isReleaseId(name) && existsSync(path.join(folder, name, RELEASE_FILE)))
    .map((id) => ({ ...readRelease(env, dir, id), current: id === current }))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
}

/** '#3 (2030-01-01T00:00:00.000Z, alice, release)': a switch as messages name it. */
export function describeSwitch(entry: Switch): string {
  return `#${entry.seq} (${entry.at}, ${entry.actor}, ${entry.command})`;
}

/**
 * Where a rollback goes: the release an argument names (an id, or a version: its newest release); none:
 * back before the last switch not undone yet (publish v2, rollback to v1, publish v3: back to v1).
 */
export function resolveRollbackTarget(
  releases: readonly ListedRelease[],
  history: readonly Switch[],
  wanted?: string,
): { target: ListedRelease; undoes?: Switch } {
  const kept = `name a kept release: ${releases.map((r) => r.id).join(', ') || 'none'}`;
  const current = releases.find((r) => r.current)?.id ?? null;
  if (wanted) {
    const target = releases.find((r) => r.id === wanted) ?? releases.find((r) => r.version === wanted);
    if (!target)
      throw new Error(`no kept release '${wanted}' (kept: ${releases.map((r) => r.id).join(', ') || 'none'})`);
    if (target.id === current) throw new Error(`${target.id} is already current`);
    return { target };
  }
  const last = lastSwitch(history);
  if (!last) throw new Error(`no switch to undo: none is recorded; ${kept}`);
  if (last.to !== current) {
    throw new Error(
      `no switch to undo: the pointer is at ${current ?? 'nothing'}, the last switch recorded, ${describeSwitch(last)}, went to ${last.to}; ${kept}`,
    );
  }
  if (last.from === null) {
    throw new Error(`no switch to undo: ${describeSwitch(last)} made the first release current, nothing was before it`);
  }
  const target = releases.find((r) => r.id === last.from);
  if (!target) {
    throw new Error(
      `cannot undo ${describeSwitch(last)}: ${last.from}, current before it, is no longer kept (RELEASES_KEEP collects the oldest); ${kept}`,
    );
  }
  return { target, undoes: last };
}

/** Every file under a folder, relative to it, '/'-separated. */
export function filesUnder(dir: string, include: (name: string) => boolean = () => true, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => include(entry.name))
    .flatMap((entry) => {
      const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) return filesUnder(path.join(dir, entry.name), include, relative);
      return entry.isFile() ? [relative] : [];
    })
    .sort();
}

/**
 * Removes the oldest releases beyond `keep` (never the current one, whatever its age, nor the one a
 * rollback would go back to), then every file no kept release names. Returns the removed ids.
 */
export function collectReleases(env: Env, dir: string, keep: number): string[] {
  const releases = listReleases(env, dir);
  const rollbackTarget = lastSwitch(readHistory(env, dir))?.from;
  const removed: string[] = [];
  let kept = 0;
  for (const release of releases) {
    if (release.current) continue;
    kept++;
    if (kept < keep || release.id === rollbackTarget) continue;
    rmSync(path.join(releasesDir(env, dir), release.id), { recursive: true, force: true });
    removed.push(release.id);
  }
  const files = path.join(originRoot(env, dir), FILES_DIR);
  if (removed.length === 0 || !existsSync(files)) return removed;
  const used = new Set(listReleases(env, dir).flatMap((r) => r.files));
  for (const file of filesUnder(files)) if (!used.has(file)) rmSync(path.join(files, file), { force: true });
  return removed;
}

/**
 * The apps deployed right now: every folder of the store with a current release, as an origin serves it
 * (port and public URL from the deployment configuration). `distDir` is the current release's folder.
 */
export function deployedApps(env: Env): AppInfo[] {
  const root = releasesRoot(env);
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory() && (d.name === 'shell' || d.name.startsWith('mfe-')))
    .map((d) => d.name)
    .sort((a, b) => (a === 'shell' ? -1 : b === 'shell' ? 1 : a.localeCompare(b)))
    .flatMap((dir) => {
      const id = currentId(env, dir);
      const port = resolvePort(portEnvName(dir), env);
      if (!id || port === null) return [];
      return [{ ...appInfo(root, dir, env, port), distDir: path.join(releasesDir(env, dir), id) }];
    });
}
