// Publishing one app alone (README "Deploying"):
//   npm run release -- <app> [--dist <folder>]   build (or take a built folder), check it fits, make it current
//   npm run rollback -- <app> [id | version]     undo the last switch of the pointer, or point at a kept release
//   npm run releases -- <app>                    list kept releases and the pointer's switches
//   node --import tsx deploy/src/release-cli.ts sync   every built app's dist becomes a release if it is new
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  type AppInfo,
  apiPublicUrl,
  appNamed,
  type Env,
  listApps,
  originsFrom,
  publicUrlEnvName,
  REPO_ROOT,
  readJson,
  withDeploymentFile,
} from './apps';
import { type FederationManifest, misfits } from './fit';
import { readDeclaration, shellPublicUrl, writeOriginFiles } from './manifest';
import { createRelease, releaseIdOf } from './releaseBuild';
import {
  collectReleases,
  currentId,
  describeSwitch,
  FILES_DIR,
  keepCount,
  type ListedRelease,
  listReleases,
  originRoot,
  type ReleaseInfo,
  readHistory,
  releasedName,
  releaseFileUrl,
  releasesRoot,
  resolveRollbackTarget,
  type Switch,
  switchAndRecord,
} from './releases';

/** Origins a remote may be loaded from: every configured app's public origin, plus ALLOWED_ORIGINS. */
export function allowedOrigins(root: string, env: Env): string[] {
  const configured = listApps(root, env, { built: false }).map((a) => a.publicUrl);
  return [...new Set([...configured, shellPublicUrl(env), apiPublicUrl(env), ...originsFrom(env, 'ALLOWED_ORIGINS')])];
}

/** A release's federation manifest, as the store keeps it. */
function manifestOf(env: Env, dir: string, id: string): FederationManifest {
  return readJson(
    path.join(originRoot(env, dir), FILES_DIR, releasedName('mf-manifest.json', id)),
  ) as FederationManifest;
}

/** Why a remote's build, about to be release `id`, does not fit the current host; empty when it fits (or is the host). */
function misfitsOf(
  root: string,
  env: Env,
  app: AppInfo,
  candidate: { id: string; manifest: FederationManifest; declarationFile: string },
): string[] {
  if (app.kind === 'host') return [];
  const hostId = currentId(env, 'shell');
  const host = hostId ? manifestOf(env, 'shell', hostId) : undefined;
  if (!host) {
    console.warn(
      `[release] the shell has no current release in ${originRoot(env, 'shell')}: shared singletons are not checked`,
    );
  }
  return misfits({
    remote: candidate.manifest,
    host,
    declaration: readDeclaration(candidate.declarationFile),
    entryUrl: `${app.publicUrl}${releaseFileUrl(candidate.id, 'mf-manifest.json')}`,
    allowedOrigins: allowedOrigins(root, env),
  });
}

/** Checked before anything is written, so a refused build leaves the store as it was. */
function buildMisfits(root: string, env: Env, app: AppInfo, distDir: string, id: string): string[] {
  const manifest = readJson(path.join(distDir, 'mf-manifest.json')) as FederationManifest;
  return misfitsOf(root, env, app, { id, manifest, declarationFile: path.join(root, app.dir, 'remote.json') });
}

/** A kept release checked again (a rollback: the host may have moved on since). */
function releaseMisfits(root: string, env: Env, app: AppInfo, id: string): string[] {
  const declarationFile = path.join(originRoot(env, app.dir), 'releases', id, 'remote.json');
  return misfitsOf(root, env, app, { id, manifest: manifestOf(env, app.dir, id), declarationFile });
}

function refusal(app: AppInfo, id: string, problems: readonly string[]): RefusedError {
  return new RefusedError(`${app.dir} ${id} refused, nothing changed:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
}

export class RefusedError extends Error {}

function versionOf(root: string, dir: string): string {
  const pkg = readJson(path.join(root, dir, 'package.json')) as { version?: unknown };
  return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
}

export interface PublishResult {
  release: ReleaseInfo;
  previous: string | null;
  removed: string[];
  created: boolean;
}

/**
 * Makes a build the app's current release: copy (once per content), check it fits the host, switch the
 * pointer, rewrite the origin files, collect old releases. A misfit changes nothing and throws RefusedError.
 */
export function publish(root: string, env: Env, app: AppInfo, distDir: string): PublishResult {
  const version = versionOf(root, app.dir);
  const id = releaseIdOf(distDir, version);
  const problems = buildMisfits(root, env, app, distDir, id);
  if (problems.length > 0) throw refusal(app, id, problems);
  mkdirSync(originRoot(env, app.dir), { recursive: true });
  const { release, created } = createRelease(env, app, {
    distDir,
    version,
    declarationFile: app.kind === 'remote' ? path.join(root, app.dir, 'remote.json') : undefined,
  });
  const previous = currentId(env, app.dir);
  if (previous !== release.id) switchAndRecord(env, app.dir, release.id, { command: 'release' });
  writeOriginFiles(env);
  return { release, previous, removed: collectReleases(env, app.dir, keepCount(env)), created };
}

/** Points back at a kept release (`wanted`), or undoes the last switch not undone yet; either is a switch recorded. */
export function rollback(
  root: string,
  env: Env,
  app: AppInfo,
  wanted?: string,
): { to: ListedRelease; from: string | null; undid?: Switch } {
  let resolved: ReturnType<typeof resolveRollbackTarget>;
  try {
    resolved = resolveRollbackTarget(listReleases(env, app.dir), readHistory(env, app.dir), wanted);
  } catch (error) {
    throw new Error(`${app.dir}: ${(error as Error).message}`);
  }
  const { target, undoes } = resolved;
  const problems = releaseMisfits(root, env, app, target.id);
  if (problems.length > 0) throw refusal(app, target.id, problems);
  const { from } = switchAndRecord(env, app.dir, target.id, { command: 'rollback', undoes: undoes?.seq });
  writeOriginFiles(env);
  return { to: target, from, undid: undoes };
}

/**
 * Every built app whose dist is not a release yet becomes one and current; an app without a current
 * release gets its build. A rollback is kept: a dist that is already a release does not move the pointer.
 * The shell goes first, so remotes are checked against it.
 */
export function sync(root: string, env: Env, log = console.log): void {
  log(`[release] release store ${releasesRoot(env)}`);
  for (const app of listApps(root, env, { built: true })) {
    const id = releaseIdOf(app.distDir, versionOf(root, app.dir));
    if (currentId(env, app.dir) && listReleases(env, app.dir).some((r) => r.id === id)) continue;
    try {
      const { release } = publish(root, env, app, app.distDir);
      log(`[release] ${app.dir} ${release.id} is current`);
    } catch (error) {
      if (!(error instanceof RefusedError)) throw error;
      log(`[release] ${error.message.replace('refused, nothing changed', 'not made current')}`);
    }
  }
  writeOriginFiles(env);
}

function formatTable(header: readonly string[], rows: readonly string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]?.length ?? 0)));
  return [header, ...rows]
    .map((row) =>
      row
        .map((cell, i) => cell.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** The kept releases (`*`: current), then the pointer's switches, newest first. */
function formatList(releases: readonly ListedRelease[], history: readonly Switch[]): string {
  const kept =
    releases.length === 0
      ? 'no releases'
      : formatTable(
          [' ', 'time', 'version', 'hash', 'release'],
          releases.map((r) => [r.current ? '*' : ' ', r.createdAt, r.version, r.hash, r.id]),
        );
  const switches =
    history.length === 0
      ? 'no switches recorded'
      : formatTable(
          ['#', 'time', 'who', 'command', 'from', 'to'],
          [...history]
            .reverse()
            .map((s) => [
              String(s.seq),
              s.at,
              s.actor,
              s.undoes === undefined ? s.command : `${s.command} (undid #${s.undoes})`,
              s.from ?? '-',
              s.to,
            ]),
        );
  return `${kept}\n\nswitches of the pointer, newest first:\n${switches}`;
}

function build(app: AppInfo): void {
  const result = spawnSync('npm', ['run', 'build', '-w', app.dir], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`build of ${app.dir} failed (exit ${result.status})`);
}

const USAGE = `usage:
  npm run release -- <app> [--dist <built folder>]
  npm run rollback -- <app> [release id | version]   (none: undo the last switch)
  npm run releases -- <app>`;

function main(argv: readonly string[]): void {
  const env = withDeploymentFile(process.env);
  const [command, dir, ...rest] = argv;
  if (command === 'sync') {
    sync(REPO_ROOT, env);
    return;
  }
  if (!dir || dir.startsWith('-')) throw new Error(USAGE);
  const app = appNamed(REPO_ROOT, env, dir);
  if (command === 'releases') {
    console.log(formatList(listReleases(env, app.dir), readHistory(env, app.dir)));
    return;
  }
  if (command === 'rollback') {
    if (rest.length > 1) throw new Error(USAGE);
    const { to, from, undid } = rollback(REPO_ROOT, env, app, rest[0]);
    console.log(
      `[rollback] ${app.dir}: ${to.id} is current (was ${from ?? 'none'}${undid ? `; undid ${describeSwitch(undid)}` : ''})`,
    );
    return;
  }
  if (command !== 'release') throw new Error(USAGE);
  let distDir = app.distDir;
  if (rest[0] === '--dist' && rest[1] && rest.length === 2) distDir = path.resolve(rest[1]);
  else if (rest.length > 0) throw new Error(USAGE);
  const started = performance.now();
  if (distDir === app.distDir) build(app);
  if (!existsSync(distDir)) throw new Error(`${distDir}: no such folder`);
  const result = publish(REPO_ROOT, env, app, distDir);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `[release] ${app.dir}: ${result.release.id} is current (was ${result.previous ?? 'none'}; ${result.created ? 'new' : 'already kept'}; ${seconds} s${result.removed.length ? `; removed ${result.removed.join(', ')}` : ''})`,
  );
  console.log(
    `[release] ${app.publicUrl}${releaseFileUrl(result.release.id, 'mf-manifest.json')} (${publicUrlEnvName(app.dir)})`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof RefusedError ? `[release] ${error.message}` : (error as Error).message);
    process.exit(1);
  }
}
