// The nginx configuration made from a deployment (src/nginx.ts), read as text: its arguments, its servers,
// and the headers it writes being those of headers.ts. topology.test.ts runs it.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { originHeaders, recentPageRules } from '../src/headers';
import { nginxConfig, parseNginxArgs } from '../src/nginx';
import { deployedApps, switchCurrent } from '../src/releases';

describe('nginx.ts arguments', () => {
  it('takes the out dir and any number of API processes', () => {
    assert.deepEqual(parseNginxArgs(['out', '--api-upstream', '127.0.0.1:4201', '--api-upstream', 'api-b:4202']), {
      outDir: 'out',
      apiUpstreams: ['127.0.0.1:4201', 'api-b:4202'],
    });
    assert.deepEqual(parseNginxArgs(['out']), { outDir: 'out', apiUpstreams: [] });
  });

  it('refuses what is not an out dir or host:port, naming it', () => {
    assert.throws(() => parseNginxArgs([]), /the out dir is missing/);
    assert.throws(() => parseNginxArgs(['out', 'again']), /^Error: again: unknown argument/);
    assert.throws(() => parseNginxArgs(['out', '--api-upstream']), /--api-upstream: needs host:port/);
    for (const bad of ['127.0.0.1', 'http://127.0.0.1:4201', '127.0.0.1:0', '127.0.0.1:70000', 'a b:1']) {
      assert.throws(
        () => parseNginxArgs(['out', '--api-upstream', bad]),
        new RegExp(`--api-upstream: '${bad.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}' is not host:port`),
      );
    }
  });
});

/** A release store with a shell and a remote whose declaration names framable and camera paths. */
function store(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'deploy-nginx-'));
  const release = (dir: string, id: string, files: Record<string, string>) => {
    const folder = path.join(root, dir, 'releases', id);
    mkdirSync(folder, { recursive: true });
    for (const [name, content] of Object.entries(files)) {
      writeFileSync(path.join(folder, name), content);
    }
    writeFileSync(
      path.join(folder, 'release.json'),
      JSON.stringify({
        app: dir,
        id,
        version: '0.1.0',
        hash: id.slice(-12),
        createdAt: '2026-11-26T00:00:00Z',
        files: [],
      }),
    );
    switchCurrent({ RELEASES_DIR: root }, dir, id);
  };
  release('shell', '0.1.0-aaaaaaaaaaaa', { 'index.html': '<html></html>' });
  release('mfe-customer-flow', '0.2.0-bbbbbbbbbbbb', {
    'remote.json': JSON.stringify({
      displayName: 'Application form',
      requiredRoles: [],
      menu: [],
      pages: { framable: ['omni-embed'], camera: ['newapplication', 'backstage/newapplication'] },
    }),
  });
  return root;
}

describe('nginx.ts configuration', () => {
  let root: string;
  before(() => {
    root = store();
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  const env = (extra: Record<string, string> = {}) => ({
    RELEASES_DIR: root,
    SHELL_PORT: '3200',
    MFE_CUSTOMER_FLOW_PORT: '3203',
    SERVER_PORT: '4200',
    ...extra,
  });
  const config = (extra: Record<string, string> = {}, apiUpstreams: string[] = []) =>
    nginxConfig(env(extra), apiUpstreams);

  it('has one server per deployed app on HOST:<port>, rooted at its folder of the store', () => {
    const text = config();
    assert.match(text, /load_module "\/usr\/lib\/nginx\/modules\/ngx_http_brotli_static_module\.so";/);
    assert.match(text, /listen 127\.0\.0\.1:3200;\n\s+root ".*\/shell";/);
    assert.match(text, /listen 127\.0\.0\.1:3203;\n\s+root ".*\/mfe-customer-flow";/);
    assert.equal(text.match(/gzip_static on;\n\s+brotli_static on;/g)?.length, 2);
    assert.match(config({ HOST: '0.0.0.0' }), /listen 0\.0\.0\.0:3200;/);
    assert.match(config({ HOST: '::' }), /listen \[::\]:3200;/);
    // Relative: inside nginx's prefix (-p), wherever that is.
    for (const name of ['pid "nginx.pid"', 'error_log "logs/error.log"', 'access_log "logs/access.log"']) {
      assert.ok(text.includes(name), name);
    }
    assert.match(text, /proxy_temp_path "temp\/proxy";/);
    assert.doesNotMatch(text, /\/var\//);
  });

  it('writes the headers of headers.ts for each path class, and a location per declared path', () => {
    const text = config();
    const [shell, remote] = deployedApps(env());
    assert.ok(shell && remote);
    const rules = recentPageRules(shell, env());
    for (const url of ['/', '/omni-embed', '/newapplication', '/backstage/newapplication']) {
      const csp = originHeaders(shell, env(), rules, url)['Content-Security-Policy'];
      assert.ok(csp && text.includes(`add_header Content-Security-Policy "${csp}" always;`), url);
    }
    assert.match(text, /frame-ancestors 'self'/);
    assert.match(text, /Permissions-Policy "camera=\(self\), microphone=\(self\)/);
    for (const declared of ['omni-embed', 'newapplication', 'backstage/newapplication']) {
      assert.ok(text.includes(`location = /${declared} {`), declared);
      assert.ok(text.includes(`location ^~ /${declared}/ {`), declared);
    }
    assert.match(text, /add_header Cache-Control "public, max-age=31536000, immutable";/);
    assert.match(text, /location = \/remotes\.json/);
    // Only the remote's federation files are readable by the shell's origins.
    assert.equal(text.match(/add_header Access-Control-Allow-Origin \$federation_origin;/g)?.length, 1);
    assert.match(text, /"~\^http:\/\/127\\\\\.0\\\\\.0\\\\\.1:3200\$" \$http_origin;/);
    assert.match(config({ SHELL_ORIGINS: 'https://office.example' }), /"~\^https:\/\/office\\\\\.example\$"/);
  });

  it('proxies the API to its processes only when some are given', () => {
    assert.doesNotMatch(config(), /upstream originate_api/);
    const text = config({}, ['127.0.0.1:4201', '127.0.0.1:4202']);
    assert.match(
      text,
      /upstream originate_api \{\n\s+server 127\.0\.0\.1:4201 max_fails=1 fail_timeout=10s;\n\s+server 127\.0\.0\.1:4202 max_fails=1 fail_timeout=10s;/,
    );
    assert.match(text, /listen 127\.0\.0\.1:4200;\n\s+underscores_in_headers on;/);
    assert.match(text, /proxy_next_upstream error timeout;/);
    assert.match(text, /location \/socket\.io\/ \{[^}]*proxy_set_header Upgrade \$http_upgrade;/);
  });

  it('refuses a deployment with nothing released', () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'deploy-nginx-empty-'));
    try {
      assert.throws(() => nginxConfig({ RELEASES_DIR: empty }, []), /nothing to serve: no app has a release in /);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
