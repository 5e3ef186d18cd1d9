import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createSmsSink, parseSms, SmsStore } from '../sms-sink/sink';

describe('parseSms: what the gateway accepts', () => {
  it('takes {to, text, reference}', () => {
    assert.deepEqual(parseSms({ to: '+919876543210', text: 'Your code is 123456', reference: 'k1' }), {
      ok: true,
      sms: { to: '+919876543210', text: 'Your code is 123456', reference: 'k1' },
    });
  });

  it('names the field and the reason of a refusal', () => {
    const refusal = (body: unknown) => {
      const parsed = parseSms(body);
      assert.equal(parsed.ok, false);
      return parsed.ok ? '' : parsed.error;
    };
    assert.match(refusal([]), /^body: /);
    assert.match(refusal({ to: '+919876543210', text: 'x', reference: 'r', from: 'BANK' }), /^from: unknown field/);
    assert.match(refusal({ to: 'asha@example.test', text: 'x', reference: 'r' }), /^to: /);
    assert.match(refusal({ to: '+919876543210', text: '', reference: 'r' }), /^text: /);
    assert.match(refusal({ to: '+919876543210', text: 'x'.repeat(1601), reference: 'r' }), /^text: /);
    assert.match(refusal({ to: '+919876543210', text: 'x' }), /^reference: /);
  });
});

describe('SmsStore', () => {
  it('lists newest first, counts a repeated reference once, and keeps at most its limit', () => {
    const store = new SmsStore(2);
    store.add({ to: '+911111111111', text: 'one', reference: 'a' }, new Date('2026-01-01T00:00:00Z'));
    store.add({ to: '+912222222222', text: 'two', reference: 'b' }, new Date('2026-01-01T00:00:01Z'));
    assert.deepEqual(store.add({ to: '+912222222222', text: 'two', reference: 'b' }, new Date()).repeat, true);
    store.add({ to: '+911111111111', text: 'three', reference: 'c' }, new Date('2026-01-01T00:00:02Z'));
    assert.deepEqual(
      store.list().map((m) => [m.text, m.repeats]),
      [
        ['three', 0],
        ['two', 1],
      ],
    );
    assert.deepEqual(
      store.list({ to: '91 1111 111111' }).map((m) => m.text),
      ['three'],
    );
    assert.deepEqual(
      store.list({ after: new Date('2026-01-01T00:00:02Z') }).map((m) => m.text),
      ['three'],
    );
  });
});

describe('the sink over HTTP', () => {
  const { server } = createSmsSink({ mailUrl: 'http://127.0.0.1:1080/' });
  let base = '';
  before(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const post = (body: unknown, type = 'application/json') =>
    fetch(`${base}/sms`, {
      method: 'POST',
      headers: { 'content-type': type },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  it('accepts an SMS with 202, a repeat of its reference with 200, and lists it', async () => {
    const first = await post({ to: '+919876543210', text: 'Code 481516 <b>', reference: 'otp-1' });
    assert.equal(first.status, 202);
    assert.equal(((await first.json()) as { repeat: boolean }).repeat, false);
    const again = await post({ to: '+919876543210', text: 'Code 481516 <b>', reference: 'otp-1' });
    assert.equal(again.status, 200);
    const { messages } = (await (await fetch(`${base}/api/sms?to=%2B919876543210`)).json()) as {
      messages: { text: string; repeats: number }[];
    };
    assert.deepEqual(
      messages.map((m) => [m.text, m.repeats]),
      [['Code 481516 <b>', 1]],
    );
  });

  it('refuses what a gateway would, naming the field', async () => {
    const bad = await post({ to: '+919876543210', text: 'x' });
    assert.equal(bad.status, 400);
    assert.match(((await bad.json()) as { error: string }).error, /^reference: /);
    assert.equal((await post('{', 'application/json')).status, 400);
    assert.equal((await post('to=1', 'application/x-www-form-urlencoded')).status, 415);
    assert.equal((await post({ to: '+919876543210', text: 'x'.repeat(20_000), reference: 'r' })).status, 413);
    assert.equal((await fetch(`${base}/api/sms?after=yesterday`)).status, 400);
    assert.equal((await fetch(`${base}/nothing`)).status, 404);
  });

  it('shows the SMS as text beside the mail catcher', async () => {
    const html = await (await fetch(`${base}/`)).text();
    assert.match(html, /Code 481516 &lt;b&gt;/);
    assert.doesNotMatch(html, /481516 <b>/);
    assert.match(html, /<iframe title="Mail catcher" src="http:\/\/127\.0\.0\.1:1080\/">/);
  });

  it('shows one number’s SMS alone with ?to=', async () => {
    assert.equal((await post({ to: '+911234567890', text: 'Other number', reference: 'other-1' })).status, 202);
    const html = await (await fetch(`${base}/?to=%2B911234567890`)).text();
    assert.match(html, /SMS sent to \+911234567890 \(<span id="count">1<\/span>\)/);
    assert.match(html, /Other number/);
    assert.doesNotMatch(html, /481516/);
  });
});
