import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { RELEASE_BASE_PLACEHOLDER } from '@originate/build/release';
import { type AppInfo, listApps, listenHost, withDeploymentFile } from '../src/apps';
import {
  compatibilityLine,
  type FederationManifest,
  foreignUrls,
  misfits,
  missingExposes,
  packageOf,
  singletonMisfits,
} from '../src/fit';
import { publish, RefusedError, rollback } from '../src/release-cli';
import { contentHash, createRelease } from '../src/releaseBuild';
import {
  collectReleases,
  currentId,
  listReleases,
  originRoot,
  readHistory,
  resolveRollbackTarget,
  switchCurrent,
} from '../src/releases';

const PAGE = `<html><script defer src="${RELEASE_BASE_PLACEHOLDER}main.js"></script></html>`;
const DECLARATION = {
  displayName: 'Notifications',
  requiredRoles: [],
  slots: { headerBell: './NotificationBell' },
  menu: [{ id: 'n', label: 'Notification', path: 'notifications', module: './NotificationsPage', order: 1 }],
};

function manifest(shared: FederationManifest['shared'], exposes = ['./NotificationBell', './NotificationsPage']) {
  return {
    name: 'mfe_notifications',
    metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
    shared,
    exposes: exposes.map((p) => ({ path: p })),
  };
}

const HOST_SHARED = [
  { name: 'react', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true },
  { name: '@mui/material/Box', version: '9.5.0', requiredVersion: '^9.5.0', singleton: true },
  { name: '@originate/web', version: '0.1.0', requiredVersion: '^0.1.0', singleton: true },
];

describe('fit of a remote to the host', () => {
  it('reads the line a singleton must match: the major, or 0.minor below 1.0', () => {
    assert.equal(compatibilityLine('^19.3.1'), '19');
    assert.equal(compatibilityLine('>=18.2.0 <19'), '18');
    assert.equal(compatibilityLine('~0.1.4'), '0.1');
    assert.equal(compatibilityLine('0.x'), '0');
    assert.equal(compatibilityLine('*'), null);
    assert.equal(packageOf('@mui/material/Box'), '@mui/material');
    assert.equal(packageOf('react-dom/client'), 'react-dom');
  });

  it('names each package whose singleton line differs from the host, once, with how many modules alike', () => {
    const remote = manifest([
      { name: 'react', version: '18.3.1', requiredVersion: '^18.3.1', singleton: true },
      { name: '@mui/material/Box', version: '7.3.0', requiredVersion: '^7.3.0', singleton: true },
      { name: '@originate/web', version: '0.2.0', requiredVersion: '^0.2.0', singleton: true },
      // Not a singleton, or not provided by the host: each remote may bring its own.
      { name: 'lodash', version: '4.17.21', requiredVersion: '^4.17.21' },
      { name: 'dayjs', version: '1.11.0', requiredVersion: '^1.11.0', singleton: true },
    ]);
    assert.deepEqual(singletonMisfits(remote, { shared: HOST_SHARED }), [
      'shared singleton react: the remote requires ^18.3.1 (line 18), the host provides 19.3.1 (line 19)',
      'shared singleton @mui/material: the remote requires ^7.3.0 (line 7), the host provides 9.5.0 (line 9)',
      'shared singleton @originate/web: the remote requires ^0.2.0 (line 0.2), the host provides 0.1.0 (line 0.1)',
    ]);
    assert.deepEqual(singletonMisfits(manifest(HOST_SHARED), { shared: HOST_SHARED }), []);
  });

  it('names the modules the declaration uses that the build does not expose', () => {
    assert.deepEqual(missingExposes(manifest([], ['./NotificationBell']), DECLARATION), [
      'exposed module ./NotificationsPage: the declaration names it, the build does not expose it',
    ]);
    assert.deepEqual(missingExposes(manifest([]), DECLARATION), []);
  });

  it('refuses a URL whose origin is not allowed', () => {
    const allowed = ['http://127.0.0.1:3004'];
    assert.deepEqual(foreignUrls(['http://127.0.0.1:3004/releases/x/mf-manifest.json'], allowed), []);
    assert.match(foreignUrls(['https://cdn.evil.example/x.js'], allowed)[0] ?? '', /not in the allow-list/);
    const withForeignPath = { ...manifest(HOST_SHARED), metaData: { publicPath: 'https://cdn.evil.example/' } };
    const problems = misfits({
      remote: withForeignPath,
      host: { shared: HOST_SHARED },
      declaration: DECLARATION,
      entryUrl: 'http://127.0.0.1:3004/releases/x/mf-manifest.json',
      allowedOrigins: allowed,
    });
    assert.deepEqual(problems, [
      'URL https://cdn.evil.example/: its origin is not in the allow-list (http://127.0.0.1:3004)',
    ]);
  });
});

describe('the release store', () => {
  let root: string;
  let env: Record<string, string>;
  const app = { dir: 'mfe-notifications' } as AppInfo;

  /** A build folder with a shared chunk and one of the given text, named by its content as webpack does. */
  const build = (text: string) => {
    const dist = mkdtempSync(path.join(root, 'dist-'));
    mkdirSync(path.join(dist, 'chunks'));
    writeFileSync(path.join(dist, 'mf-manifest.json'), JSON.stringify(manifest(HOST_SHARED)));
    writeFileSync(path.join(dist, 'chunks', chunkName(text)), text);
    writeFileSync(path.join(dist, 'chunks', chunkName('shared')), 'shared');
    writeFileSync(path.join(dist, 'remoteEntry.js'), `entry ${text}`);
    writeFileSync(path.join(dist, 'index.html'), PAGE);
    writeFileSync(path.join(dist, 'index.html.gz'), gzipSync(PAGE));
    writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(PAGE));
    writeFileSync(path.join(dist, 'mf-stats.json'), String(Math.random()));
    return dist;
  };

  const chunkName = (text: string) => `1.${createHash('sha256').update(text).digest('hex').slice(0, 12)}.js`;
  const filesDir = () => path.join(originRoot(env, app.dir), 'files');

  before(() => {
    root = mkdtempSync(path.join(tmpdir(), 'deploy-releases-'));
    env = { RELEASES_DIR: path.join(root, 'store') };
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it('makes a release per content: its id holds the version and hash, the same build is the same release', () => {
    const dist = build('one');
    const first = createRelease(env, app, { distDir: dist, version: '1.0.0' });
    assert.equal(first.created, true);
    assert.match(first.release.id, /^1\.0\.0-[0-9a-f]{12}$/);
    assert.equal(first.release.hash, contentHash(dist));
    // Build diagnostics that differ between identical builds do not make another release.
    writeFileSync(path.join(dist, 'mf-stats.json'), 'another run');
    const again = createRelease(env, app, { distDir: dist, version: '1.0.0' });
    assert.deepEqual(again, { release: first.release, created: false });
    const id = first.release.id;
    // Chunks keep their content-hashed names; entry files get the release id in theirs.
    assert.deepEqual(first.release.files.sort(), [
      `chunks/${chunkName('one')}`,
      `chunks/${chunkName('shared')}`,
      `mf-manifest.${id}.json`,
      `remoteEntry.${id}.js`,
    ]);
    assert.equal(readFileSync(path.join(filesDir(), 'chunks', chunkName('one')), 'utf8'), 'one');
    const stored = JSON.parse(readFileSync(path.join(filesDir(), `mf-manifest.${id}.json`), 'utf8'));
    assert.equal(stored.metaData.remoteEntry.name, `remoteEntry.${id}.js`);
    assert.ok(!readdirSync(filesDir()).some((f) => f.startsWith('mf-stats')));
    const folder = path.join(originRoot(env, app.dir), 'releases', id);
    assert.deepEqual(readdirSync(folder).sort(), ['index.html', 'index.html.br', 'index.html.gz', 'release.json']);
  });

  it('refuses a build whose file has the name of a kept file but other bytes', () => {
    const dist = build('one');
    writeFileSync(path.join(dist, 'chunks', chunkName('shared')), 'not what the name says');
    assert.throws(
      () => createRelease(env, app, { distDir: dist, version: '1.0.9' }),
      (error: Error) =>
        error.message ===
        `chunks/${chunkName('shared')}: differs from the kept file of the same name; a changed file must get a new name (content hash)`,
    );
  });

  it("points the release's page, and its precompressed copies, at the release's files", () => {
    const { release } = createRelease(env, app, { distDir: build('page'), version: '1.0.1' });
    const folder = path.join(originRoot(env, app.dir), 'releases', release.id);
    const expected = `<html><script defer src="/files/main.${release.id}.js"></script></html>`;
    assert.equal(readFileSync(path.join(folder, 'index.html'), 'utf8'), expected);
    assert.equal(gunzipSync(readFileSync(path.join(folder, 'index.html.gz'))).toString(), expected);
    assert.equal(brotliDecompressSync(readFileSync(path.join(folder, 'index.html.br'))).toString(), expected);
  });

  it('refuses a folder that is not a build, and a version unusable in a path', () => {
    assert.throws(() => createRelease(env, app, { distDir: root, version: '1.0.0' }), /not a build/);
    assert.throws(() => createRelease(env, app, { distDir: build('x'), version: '1.0/..' }), /not usable in a path/);
  });

  it('switches the pointer with a rename, lists newest first, and rolls back', () => {
    const releases = ['2.0.0', '2.1.0', '2.2.0'].map((version, i) => {
      const { release } = createRelease(env, app, { distDir: build(`v${version}`), version });
      // Distinct creation times, oldest first.
      const file = path.join(originRoot(env, app.dir), 'releases', release.id, 'release.json');
      const info = JSON.parse(readFileSync(file, 'utf8'));
      writeFileSync(file, JSON.stringify({ ...info, createdAt: `2030-01-0${i + 1}T00:00:00.000Z` }));
      return release.id;
    });
    switchCurrent(env, app.dir, releases[2] as string);
    assert.ok(lstatSync(path.join(originRoot(env, app.dir), 'current')).isSymbolicLink());
    assert.equal(currentId(env, app.dir), releases[2]);
    const listed = listReleases(env, app.dir);
    assert.deepEqual(
      listed.slice(0, 3).map((r) => [r.version, r.current]),
      [
        ['2.2.0', true],
        ['2.1.0', false],
        ['2.0.0', false],
      ],
    );
    assert.equal(resolveRollbackTarget(listed, [], '2.0.0').target.id, releases[0]);
    assert.equal(resolveRollbackTarget(listed, [], releases[1]).target.version, '2.1.0');
    assert.throws(() => resolveRollbackTarget(listed, [], '9.9.9'), /no kept release '9\.9\.9'/);
    // A pointer switched by hand (no history): a rollback needs a release named.
    assert.throws(
      () => resolveRollbackTarget(listed, []),
      /no switch to undo: none is recorded; name a kept release: /,
    );
    assert.throws(() => switchCurrent(env, app.dir, '0.0.0-000000000000'), /no release 0\.0\.0-000000000000/);
    // No temporary link is left behind.
    assert.deepEqual(
      readdirSync(originRoot(env, app.dir)).filter((f) => f.includes('tmp')),
      [],
    );
  });

  it('collects the oldest releases beyond the kept count, never the current one', () => {
    const oldest = listReleases(env, app.dir).at(-1);
    assert.ok(oldest);
    switchCurrent(env, app.dir, oldest.id);
    const removed = collectReleases(env, app.dir, 2);
    const kept = listReleases(env, app.dir);
    assert.equal(kept.length, 2);
    assert.ok(kept.some((r) => r.id === oldest.id && r.current));
    assert.ok(removed.length > 0);
    for (const id of removed) {
      assert.ok(!existsSync(path.join(originRoot(env, app.dir), 'releases', id)));
      assert.ok(!existsSync(path.join(filesDir(), `remoteEntry.${id}.js`)), `${id}: its entry is gone`);
    }
    // What the kept releases use stays, the chunk they all share included; nothing else does.
    const used = new Set(kept.flatMap((r) => r.files));
    assert.ok(used.has(`chunks/${chunkName('shared')}`));
    assert.deepEqual(
      readdirSync(filesDir(), { recursive: true })
        .map(String)
        .filter((f) => f.includes('.'))
        .sort(),
      [...used].sort(),
    );
  });
});

describe('publish and rollback against a host', () => {
  let repo: string;
  let env: Record<string, string>;

  /** A repo with a shell and mfe-notifications, each with a build (dist/). */
  const writeApp = (dir: string, shared: FederationManifest['shared'], declaration?: object) => {
    mkdirSync(path.join(repo, dir, 'dist'), { recursive: true });
    writeFileSync(path.join(repo, dir, 'package.json'), JSON.stringify({ version: '0.1.0' }));
    if (declaration) writeFileSync(path.join(repo, dir, 'remote.json'), JSON.stringify(declaration));
    writeFileSync(path.join(repo, dir, 'dist', 'mf-manifest.json'), JSON.stringify(manifest(shared)));
    writeFileSync(path.join(repo, dir, 'dist', 'index.html'), PAGE);
  };
  const appOf = (dir: string) => {
    const found = listApps(repo, env, { built: true }).find((a) => a.dir === dir);
    assert.ok(found);
    return found;
  };
  const remotesJson = () => readFileSync(path.join(originRoot(env, 'shell'), 'remotes.json'), 'utf8');

  before(() => {
    repo = mkdtempSync(path.join(tmpdir(), 'deploy-publish-'));
    env = { RELEASES_DIR: path.join(repo, 'store'), SHELL_PORT: '3100', MFE_NOTIFICATIONS_PORT: '3104' };
    writeApp('shell', HOST_SHARED);
    writeApp('mfe-notifications', HOST_SHARED, DECLARATION);
    publish(repo, env, appOf('shell'), appOf('shell').distDir);
  });
  after(() => rmSync(repo, { recursive: true, force: true }));

  it('publishes a remote that fits: the pointer moves and remotes.json names the release', () => {
    const result = publish(repo, env, appOf('mfe-notifications'), appOf('mfe-notifications').distDir);
    assert.equal(result.previous, null);
    const entry = JSON.parse(remotesJson()).remotes[0].entry;
    assert.equal(entry, `http://127.0.0.1:3104/files/mf-manifest.${result.release.id}.json`);
    assert.ok(existsSync(path.join(originRoot(env, 'mfe-notifications'), 'env.json')));
  });

  it('refuses a remote built against another react major: no release kept, pointer and remotes.json unchanged', () => {
    const before = { current: currentId(env, 'mfe-notifications'), remotes: remotesJson() };
    const dist = mkdtempSync(path.join(repo, 'variant-'));
    writeFileSync(
      path.join(dist, 'mf-manifest.json'),
      JSON.stringify(manifest([{ name: 'react', version: '18.3.1', requiredVersion: '^18.3.1', singleton: true }])),
    );
    const releasesBefore = listReleases(env, 'mfe-notifications').map((r) => r.id);
    const filesBefore = readdirSync(path.join(originRoot(env, 'mfe-notifications'), 'files'), { recursive: true });
    assert.throws(
      () => publish(repo, env, appOf('mfe-notifications'), dist),
      (error: Error) =>
        error instanceof RefusedError &&
        /refused, nothing changed:\n {2}- shared singleton react: the remote requires \^18\.3\.1/.test(error.message),
    );
    assert.deepEqual(
      listReleases(env, 'mfe-notifications').map((r) => r.id),
      releasesBefore,
    );
    assert.deepEqual(
      readdirSync(path.join(originRoot(env, 'mfe-notifications'), 'files'), { recursive: true }),
      filesBefore,
    );
    assert.deepEqual({ current: currentId(env, 'mfe-notifications'), remotes: remotesJson() }, before);
  });

  it('rolls back to the release before, and refuses when there is none', () => {
    const first = currentId(env, 'mfe-notifications');
    const dist = appOf('mfe-notifications').distDir;
    writeFileSync(path.join(dist, 'index.html'), `${PAGE}<!-- 2 -->`);
    const second = publish(repo, env, appOf('mfe-notifications'), dist);
    assert.equal(second.previous, first);
    const back = rollback(repo, env, appOf('mfe-notifications'));
    assert.equal(back.to.id, first);
    assert.equal(back.from, second.release.id);
    assert.ok(remotesJson().includes(`/files/mf-manifest.${first}.json`));
  });
});

describe('rollback undoes the last switch of the pointer (its history)', () => {
  let repo: string;
  const DIR = 'mfe-notifications';

  /** A repo with a shell and mfe-notifications; each `publishVersion` is a new build of the remote. */
  const envOf = (keep = '5'): Record<string, string> => ({
    RELEASES_DIR: path.join(repo, 'store'),
    SHELL_PORT: '3100',
    MFE_NOTIFICATIONS_PORT: '3104',
    RELEASES_KEEP: keep,
    RELEASE_ACTOR: 'alice',
  });
  const appOf = (dir: string) => {
    const found = listApps(repo, envOf(), { built: true }).find((a) => a.dir === dir);
    assert.ok(found);
    return found;
  };
  const writeApp = (dir: string, version: string, declaration?: object) => {
    mkdirSync(path.join(repo, dir, 'dist'), { recursive: true });
    writeFileSync(path.join(repo, dir, 'package.json'), JSON.stringify({ version }));
    if (declaration) writeFileSync(path.join(repo, dir, 'remote.json'), JSON.stringify(declaration));
    writeFileSync(path.join(repo, dir, 'dist', 'mf-manifest.json'), JSON.stringify(manifest(HOST_SHARED)));
    writeFileSync(path.join(repo, dir, 'dist', 'index.html'), `${PAGE}<!-- ${version} -->`);
  };
  /** Builds and publishes version `v` of the remote; returns its release id. */
  const publishVersion = (version: string, keep?: string): string => {
    writeApp(DIR, version, DECLARATION);
    return publish(repo, envOf(keep), appOf(DIR), appOf(DIR).distDir).release.id;
  };
  const undo = (keep?: string) => rollback(repo, envOf(keep), appOf(DIR)).to.id;
  const versionOf = (id: string | null) => id?.split('-')[0];

  beforeEach(() => {
    repo = mkdtempSync(path.join(tmpdir(), 'deploy-history-'));
    writeApp('shell', '0.1.0');
    publish(repo, envOf(), appOf('shell'), appOf('shell').distDir);
  });
  afterEach(() => rmSync(repo, { recursive: true, force: true }));

  it('publish v1, v2, rollback, v3, rollback: back at v1, the release current before v3', () => {
    const v1 = publishVersion('1.0.0');
    publishVersion('2.0.0');
    assert.equal(undo(), v1);
    publishVersion('3.0.0');
    assert.equal(undo(), v1);
    assert.equal(currentId(envOf(), DIR), v1);
  });

  it('repeated rollbacks go further back, to before the first release; a named release still works', () => {
    const [v1, v2, v3] = ['1.0.0', '2.0.0', '3.0.0'].map((v) => publishVersion(v));
    assert.deepEqual([undo(), undo()], [v2, v1]);
    assert.throws(
      () => undo(),
      /mfe-notifications: no switch to undo: #1 \(.*alice.*\) made the first release current, nothing was before it/,
    );
    // Naming a release is a switch of its own; the next rollback undoes it.
    assert.equal(rollback(repo, envOf(), appOf(DIR), '3.0.0').to.id, v3);
    assert.equal(undo(), v1);
    assert.throws(() => rollback(repo, envOf(), appOf(DIR), v1), /1\.0\.0-[0-9a-f]{12} is already current/);
  });

  it('records each switch, time, who, command, from and to, in history.json replaced by rename', () => {
    const v1 = publishVersion('1.0.0');
    const v2 = publishVersion('2.0.0');
    // The same build again moves nothing and records nothing.
    publishVersion('2.0.0');
    undo();
    const history = readHistory(envOf(), DIR);
    assert.deepEqual(
      history.map(({ at: _at, ...rest }) => rest),
      [
        { seq: 1, actor: 'alice', command: 'release', from: null, to: v1 },
        { seq: 2, actor: 'alice', command: 'release', from: v1, to: v2 },
        { seq: 3, actor: 'alice', command: 'rollback', from: v2, to: v1, undoes: 2 },
      ],
    );
    for (const entry of history) assert.ok(!Number.isNaN(Date.parse(entry.at)), entry.at);
    assert.deepEqual(
      readdirSync(originRoot(envOf(), DIR)).filter((f) => f.includes('tmp')),
      [],
    );
    // Without RELEASE_ACTOR: the OS user; a RELEASE_ACTOR that cannot be printed as it is, refused.
    const { RELEASE_ACTOR: _actor, ...withoutActor } = envOf();
    rollback(repo, withoutActor, appOf(DIR), v2);
    assert.equal(readHistory(envOf(), DIR).at(-1)?.actor, userInfo().username);
    assert.throws(
      () => rollback(repo, { ...envOf(), RELEASE_ACTOR: 'eve\u001b[2J' }, appOf(DIR), v1),
      /RELEASE_ACTOR: 1 to 100 printable characters \(no control character\), got "eve\\u001b\[2J"/,
    );
    assert.equal(currentId(envOf(), DIR), v2);
  });

  it('keeps the release the next rollback goes back to; a rollback past a collected one says why', () => {
    const [, b, c] = ['1.0.0', '2.0.0', '3.0.0'].map((v) => publishVersion(v, '2'));
    rollback(repo, envOf('2'), appOf(DIR), b);
    // d replaces b: b is the oldest beyond RELEASES_KEEP=2, yet the next rollback goes back to it.
    const d = publishVersion('4.0.0', '2');
    assert.deepEqual(
      listReleases(envOf(), DIR)
        .map((r) => r.id)
        .sort(),
      [b, c, d].sort(),
    );
    assert.deepEqual([undo('2'), undo('2'), undo('2')], [b, c, b]);
    assert.throws(
      () => undo('2'),
      /mfe-notifications: cannot undo #2 \(.*alice.*\): 1\.0\.0-[0-9a-f]{12}, current before it, is no longer kept \(RELEASES_KEEP collects the oldest\); name a kept release: /,
    );
    assert.equal(versionOf(currentId(envOf(), DIR)), '2.0.0');
  });
});

describe('deployment configuration', () => {
  it('reads DEPLOYMENT_FILE beneath the environment, and names what is wrong in it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'deploy-file-'));
    try {
      const file = path.join(dir, 'deployment.json');
      writeFileSync(file, JSON.stringify({ SHELL_PUBLIC_URL: 'https://bank.example.com', HOST: '0.0.0.0' }));
      assert.deepEqual(withDeploymentFile({ DEPLOYMENT_FILE: file, HOST: '127.0.0.1' }), {
        SHELL_PUBLIC_URL: 'https://bank.example.com',
        HOST: '127.0.0.1',
        DEPLOYMENT_FILE: file,
      });
      writeFileSync(file, JSON.stringify({ 'not a name': 'x' }));
      assert.throws(() => withDeploymentFile({ DEPLOYMENT_FILE: file }), /'not a name' is not a variable name/);
      writeFileSync(file, JSON.stringify({ SERVER_PORT: 4000 }));
      assert.throws(() => withDeploymentFile({ DEPLOYMENT_FILE: file }), /SERVER_PORT must be a string/);
      writeFileSync(file, '[1]');
      assert.throws(() => withDeploymentFile({ DEPLOYMENT_FILE: file }), /must hold one JSON object/);
      assert.throws(() => withDeploymentFile({ DEPLOYMENT_FILE: path.join(dir, 'none.json') }), /cannot read/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('listens on loopback unless HOST says otherwise', () => {
    assert.equal(listenHost({}), '127.0.0.1');
    assert.equal(listenHost({ HOST: '0.0.0.0' }), '0.0.0.0');
    assert.throws(() => listenHost({ HOST: 'a b' }), /HOST: 'a b' is not an address or host name/);
  });
});
