// The nginx configuration made from a deployment (src/nginx.ts), read as text: its arguments, its servers,
// and the headers it writes being those of headers.ts. topology.test.ts runs it.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { readConfigMapData, readDeploymentConfig, readEnvFile } from '../src/deploymentConfig';
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

  it("takes the container's options: --container, --resolver, --deployment, --store", () => {
    assert.deepEqual(
      parseNginxArgs([
        'compose',
        '--container',
        '--deployment',
        'compose/deployment.env',
        '--api-upstream',
        'api:4000',
        '--resolver',
        '127.0.0.11',
        '--store',
        '/mnt/releases',
      ]),
      {
        outDir: 'compose',
        apiUpstreams: ['api:4000'],
        container: true,
        deployment: 'compose/deployment.env',
        resolver: '127.0.0.11',
        store: '/mnt/releases',
      },
    );
    for (const resolver of ['127.0.0.11:53', '[::1]', '[fd00::1]:5353']) {
      assert.equal(parseNginxArgs(['out', '--resolver', resolver]).resolver, resolver);
    }
  });

  it('refuses a container option without its value, given twice, or a resolver that is not an IP address', () => {
    for (const option of ['--resolver', '--deployment', '--store']) {
      assert.throws(() => parseNginxArgs(['out', option]), new RegExp(`^Error: ${option}: needs `));
      assert.throws(() => parseNginxArgs(['out', option, '--container']), new RegExp(`^Error: ${option}: needs `));
      assert.throws(
        () => parseNginxArgs(['out', option, '1.2.3.4', option, '1.2.3.4']),
        new RegExp(`${option}: given twice`),
      );
    }
    for (const bad of ['api', 'dns.example', '::1', '[127.0.0.1]', '300.1.1.1', '127.0.0.11:0', '127.0.0.11:70000']) {
      assert.throws(
        () => parseNginxArgs(['out', '--resolver', bad]),
        (error: Error) => error.message.startsWith(`--resolver: '${bad}' is not an IP address`),
        bad,
      );
    }
  });
});

describe('--deployment: the variables of the compose env file or of the Kubernetes ConfigMap', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'deploy-deployment-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, content: string) => {
    const at = path.join(dir, name);
    writeFileSync(at, content);
    return at;
  };

  it('reads NAME=value lines of an env file, comments and blank lines skipped', () => {
    const env = file('ok.env', '# a comment\n\nHOST=0.0.0.0\nCUSTOMER_PORTAL_URL=http://a:1/b?c=d\nEMPTY=\n');
    assert.deepEqual(readDeploymentConfig(env), {
      HOST: '0.0.0.0',
      CUSTOMER_PORTAL_URL: 'http://a:1/b?c=d',
      EMPTY: '',
    });
    assert.throws(
      () => readEnvFile(file('bad.env', 'HOST=0.0.0.0\nexport PORT=1\n')),
      /^Error: bad\.env:2: not NAME=value$/,
    );
    assert.throws(() => readEnvFile(file('twice.env', 'HOST=a\nHOST=b\n')), /^Error: twice\.env:2: HOST set twice$/);
  });

  it('reads the data of the one ConfigMap of a YAML file, every value a string', () => {
    const configMap = (data: string) =>
      `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: originate-config\ndata:\n${data}`;
    assert.deepEqual(readDeploymentConfig(file('ok.yaml', configMap('  HOST: 0.0.0.0\n  SERVER_PORT: "4000"\n'))), {
      HOST: '0.0.0.0',
      SERVER_PORT: '4000',
    });
    assert.throws(
      () => readConfigMapData(file('number.yaml', configMap('  SERVER_PORT: 4000\n'))),
      /^Error: number\.yaml: data\.SERVER_PORT must be a string$/,
    );
    assert.throws(
      () => readConfigMapData(file('two.yaml', `${configMap('  A: b\n')}---\n${configMap('  C: d\n')}`)),
      /^Error: two\.yaml: must hold one ConfigMap, holds 2$/,
    );
    assert.throws(
      () => readConfigMapData(file('none.yaml', 'apiVersion: v1\nkind: Service\nmetadata:\n  name: x\n')),
      /must hold one ConfigMap, holds 0/,
    );
    assert.throws(
      () => readConfigMapData(file('dup.yaml', configMap('  A: b\n  A: c\n'))),
      /^Error: dup\.yaml: Map keys must be unique/,
    );
  });

  it('refuses a missing file and any other kind of file, naming it', () => {
    assert.throws(
      () => readDeploymentConfig(path.join(dir, 'missing.env')),
      /^Error: --deployment: no file '.*missing\.env'$/,
    );
    assert.throws(
      () => readDeploymentConfig(file('deployment.json', '{}')),
      /--deployment: '.*deployment\.json' is neither a compose env file \(\.env\) nor a ConfigMap \(\.yaml\)/,
    );
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
    // Only the remote's federation files and the shell's remotes.json are readable by the hosts' origins.
    assert.equal(text.match(/add_header Access-Control-Allow-Origin \$federation_origin;/g)?.length, 2);
    const manifest = text.slice(text.indexOf('location = /remotes.json {'));
    assert.match(
      manifest.slice(0, manifest.indexOf('}')),
      /add_header Access-Control-Allow-Origin \$federation_origin;/,
    );
    // The portal's page is a host too (its video call slot): its origin is in the map.
    assert.match(text, /"~\^http:\/\/127\\\\\.0\\\\\.0\\\\\.1:3203\$" \$http_origin;/);
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
    // The video gateway relay is a websocket too (browsers reach Janus only through it).
    assert.match(text, /location = \/v3\/video\/gateway\/socket \{[^}]*proxy_set_header Upgrade \$http_upgrade;/);
  });

  it('for the container: logs to its output, pid and temp files where the image has them, no daemon directive', () => {
    const text = nginxConfig(env(), [], { container: true });
    assert.match(text, /^pid "\/run\/nginx\.pid";$/m);
    assert.match(text, /^error_log stderr warn;$/m);
    assert.match(text, /^\s+access_log "\/dev\/stdout" combined;$/m);
    for (const kind of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
      const dir = kind === 'client_body' ? 'body' : kind;
      assert.match(text, new RegExp(`^\\s+${kind}_temp_path "/var/lib/nginx/${dir}";$`, 'm'), kind);
    }
    assert.doesNotMatch(text, /"(logs|temp)\//);
    assert.doesNotMatch(text, /^\s*daemon\b/m);
    // Everything else is the same configuration.
    const body = (conf: string) => conf.slice(conf.indexOf('  server_tokens off;'));
    assert.equal(body(text), body(config()));
  });

  it('with --resolver, proxies the API to its one name, resolved at run time', () => {
    const text = config({}, ['api:4000']).replace(/[\s\S]*# the API/, '');
    const resolved = nginxConfig(env(), ['api:4000'], { resolver: '127.0.0.11' }).replace(/[\s\S]*# the API/, '');
    assert.match(text, /^\s*upstream originate_api \{/m);
    assert.doesNotMatch(resolved, /^\s*upstream /m);
    assert.match(
      resolved,
      /listen 127\.0\.0\.1:4200;\n\s+resolver 127\.0\.0\.11 valid=10s;\n\s+set \$api_upstream "api:4000";/,
    );
    assert.equal(resolved.match(/proxy_pass http:\/\/\$api_upstream;/g)?.length, 3);
    assert.doesNotMatch(resolved, /originate_api/);
    for (const upstreams of [[], ['api-a:4000', 'api-b:4000']]) {
      assert.throws(
        () => nginxConfig(env(), upstreams, { resolver: '127.0.0.11' }),
        new RegExp(`--resolver: needs exactly one --api-upstream, .*; got ${upstreams.length}$`),
      );
    }
  });

  it('with --store, reads what is deployed there and roots each server at RELEASES_DIR, where nginx finds it', () => {
    const text = nginxConfig({ ...env(), RELEASES_DIR: '/srv/releases' }, [], { store: root });
    assert.match(text, /listen 127\.0\.0\.1:3200;\n\s+root "\/srv\/releases\/shell";/);
    assert.match(text, /listen 127\.0\.0\.1:3203;\n\s+root "\/srv\/releases\/mfe-customer-flow";/);
    assert.ok(!text.includes(root), 'the store read is not named');
    // The declarations come from the store read: the same paths as with the store at RELEASES_DIR.
    for (const declared of ['omni-embed', 'newapplication', 'backstage/newapplication']) {
      assert.ok(text.includes(`location = /${declared} {`), declared);
    }
    assert.throws(
      () => nginxConfig({ ...env(), RELEASES_DIR: root }, [], { store: '/nonexistent/store' }),
      /nothing to serve: no app has a release in \/nonexistent\/store$/,
    );
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
