// The video gateway's generated configuration (README "Video gateway"): loopback only, websockets only,
// the videoroom plugin only, the install's keys in it and in keys.json, nothing left unfilled.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { gatewayKeys, writeJanusConfig } from '../scripts/janus-config.mjs';

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'originate-janus-'));
  dirs.push(dir);
  return dir;
};
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const read = (dir: string, file: string) => readFileSync(path.join(dir, file), 'utf8');

describe('the Janus configuration', () => {
  it('is loopback, websockets and videoroom only, with the install keys and every value filled', () => {
    const data = dataDir();
    const config = writeJanusConfig({ dataDir: data, port: 18777, env: {} });
    assert.equal(config, path.join(data, 'janus', 'config'));
    const keys = JSON.parse(read(path.join(data, 'janus'), 'keys.json')) as { adminKey: string; tokenSecret: string };
    assert.ok(keys.adminKey.length >= 32 && keys.tokenSecret.length >= 64);
    assert.equal(statSync(path.join(data, 'janus', 'keys.json')).mode & 0o777, 0o600);
    const core = read(config, 'janus.jcfg');
    const ws = read(config, 'janus.transport.websockets.jcfg');
    const room = read(config, 'janus.plugin.videoroom.jcfg');
    for (const text of [core, ws, room]) assert.doesNotMatch(text, /\{\{/);
    assert.match(core, new RegExp(`configs_folder = "${config}"`));
    assert.match(core, /ice_enforce_list = "127\.0\.0\.1"/);
    // Stored tokens (the API adds and removes each call's token): no signing secret, so no token outlives its call.
    assert.match(core, /token_auth = true/);
    assert.doesNotMatch(core, /^\s*token_auth_secret =/m);
    assert.ok(!core.includes(keys.tokenSecret));
    assert.match(core, /admin_secret = "[0-9a-f]{64}"/);
    for (const transport of ['http', 'mqtt', 'nanomsg', 'pfunix', 'rabbitmq']) {
      assert.match(core, new RegExp(`libjanus_${transport}\\.so`), transport);
    }
    assert.doesNotMatch(core, /libjanus_videoroom\.so/);
    assert.doesNotMatch(core, /janusoverlord/);
    assert.match(ws, /ws_port = 18777/);
    assert.match(ws, /ws_ip = "127\.0\.0\.1"/);
    // The Admin API on a unix socket in the keys' folder only: no network port.
    assert.match(ws, /admin_ws = true/);
    assert.match(ws, new RegExp(`admin_ws_unix = "${path.join(data, 'janus', 'admin.sock')}"`));
    assert.doesNotMatch(ws, /admin_ws_port|admin_ws_ip|admin_wss = true/);
    assert.match(room, new RegExp(`admin_key = "${keys.adminKey}"`));
    assert.doesNotMatch(room, /room-\d+/);
  });

  it('keeps the keys of an install across starts; the environment can give them instead', () => {
    const data = dataDir();
    const first = gatewayKeys(data, {});
    assert.deepEqual(gatewayKeys(data, {}), first);
    const given = { adminKey: 'a'.repeat(32), tokenSecret: 'b'.repeat(64) };
    assert.deepEqual(
      gatewayKeys(data, { JANUS_ADMIN_KEY: given.adminKey, JANUS_TOKEN_SECRET: given.tokenSecret }),
      given,
    );
  });

  it('a container listens on its interface; a value that would break the file is refused', () => {
    const config = writeJanusConfig({
      dataDir: dataDir(),
      port: 8188,
      env: { JANUS_INTERFACE: '0.0.0.0', JANUS_ICE_ENFORCE_LIST: 'eth0', JANUS_RTP_PORT_RANGE: '20000-20099' },
    });
    assert.match(read(config, 'janus.transport.websockets.jcfg'), /ws_ip = "0\.0\.0\.0"/);
    assert.match(read(config, 'janus.jcfg'), /ice_enforce_list = "eth0"/);
    assert.match(read(config, 'janus.jcfg'), /rtp_port_range = "20000-20099"/);
    assert.throws(
      () => writeJanusConfig({ dataDir: dataDir(), port: 8188, env: { JANUS_INTERFACE: '1.2.3.4"' } }),
      /JANUS_INTERFACE/,
    );
    assert.throws(
      () => writeJanusConfig({ dataDir: dataDir(), port: 8188, env: { JANUS_RTP_PORT_RANGE: 'lots' } }),
      /JANUS_RTP_PORT_RANGE/,
    );
  });
});
