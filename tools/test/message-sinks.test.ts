import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { freeMessagePorts, startMessageSinks, withoutCredentials } from '../lib/message-sinks.mjs';
import { listening } from '../lib/process.mjs';

describe('the mail catcher and SMS sink npm start and the e2e run start', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'message-sinks-'));
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('start both when nothing is configured, point the API at them, and stop', async () => {
    const ports = await freeMessagePorts();
    const sinks = await startMessageSinks({ ports, dataDir, configured: {}, logDir: dataDir });
    try {
      assert.deepEqual(sinks.env, {
        SMTP_URL: `smtp://127.0.0.1:${ports.MAIL_SMTP_PORT}`,
        SMS_GATEWAY_URL: `http://127.0.0.1:${ports.SMS_SINK_PORT}/sms`,
      });
      assert.equal(sinks.mailUrl, `http://127.0.0.1:${ports.MAIL_WEB_PORT}/`);
      assert.equal(await (await fetch(`http://127.0.0.1:${ports.MAIL_WEB_PORT}/api/healthz`)).text(), 'true');
      // The sink's page frames the catcher it was started beside.
      const page = await (await fetch(sinks.smsUrl ?? '')).text();
      assert.match(page, new RegExp(`<iframe title="Mail catcher" src="${sinks.mailUrl}">`));
      // A second pair on the same ports is refused, naming the variable.
      await assert.rejects(
        startMessageSinks({ ports, dataDir, configured: {}, logDir: dataDir }),
        /in use \(MAIL_SMTP_PORT\)/,
      );
    } finally {
      await sinks.stop();
    }
    assert.equal(await listening(ports.MAIL_SMTP_PORT), false);
    assert.equal(await listening(ports.SMS_SINK_PORT), false);
  });

  it('start nothing for a channel the operator configured, unless told to replace it', async () => {
    const configured = { SMTP_URL: 'smtp://mail.example.com:587', SMS_GATEWAY_URL: 'https://sms.example.com/sms' };
    const none = await startMessageSinks({ ports: await freeMessagePorts(), dataDir, configured, logDir: dataDir });
    assert.deepEqual([none.env, none.mailUrl, none.smsUrl, none.maildev, none.smsSink], [{}, null, null, null, null]);

    const ports = await freeMessagePorts();
    const smsOnly = await startMessageSinks({
      ports,
      dataDir,
      configured: { SMTP_URL: configured.SMTP_URL },
      logDir: dataDir,
    });
    try {
      assert.deepEqual(smsOnly.env, { SMS_GATEWAY_URL: `http://127.0.0.1:${ports.SMS_SINK_PORT}/sms` });
      assert.equal(smsOnly.maildev, null);
      assert.doesNotMatch(await (await fetch(smsOnly.smsUrl ?? '')).text(), /<iframe/);
    } finally {
      await smsOnly.stop();
    }
  });

  it('stops what it started when the other one cannot start', async () => {
    const ports = await freeMessagePorts();
    const blocker = createServer().listen(ports.SMS_SINK_PORT, '127.0.0.1');
    await new Promise((resolve) => blocker.once('listening', resolve));
    try {
      await assert.rejects(
        startMessageSinks({ ports, dataDir, configured: {}, logDir: dataDir }),
        /in use \(SMS_SINK_PORT\)/,
      );
      assert.equal(await listening(ports.MAIL_SMTP_PORT), false);
    } finally {
      blocker.close();
    }
  });

  it('prints a configured URL without its password or query', () => {
    assert.equal(withoutCredentials('smtp://user:s3cret@mail.example.com:587'), 'smtp://user:***@mail.example.com:587');
    assert.equal(withoutCredentials('https://sms.example.com/send?token=abc'), 'https://sms.example.com/send?…');
    assert.equal(withoutCredentials('not a url'), '(not a URL)');
  });
});
