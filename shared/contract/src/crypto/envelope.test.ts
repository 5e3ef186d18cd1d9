/**
 * @jest-environment node
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { decryptPayload, EnvelopeError, encryptPayload, isEnvelope, seal, sealJson } from './envelope';

const token = 'tok_0123456789abcdef0123456789abcdef-tail-not-in-key';
const key = Buffer.from(token.slice(0, 32), 'utf8');

describe('{data} envelope', () => {
  it('round-trips any JSON value', async () => {
    const value = { amount: 1250000, name: 'Asha', tags: ['a', 'b'], nested: { ok: true } };
    const payload = await encryptPayload(value, token);
    expect(payload).toMatch(/^[0-9a-f]{32}:[0-9a-f]+$/);
    expect(await decryptPayload(payload, token)).toEqual(value);
  });

  it('uses a random IV for each call', async () => {
    const a = await encryptPayload('same', token);
    const b = await encryptPayload('same', token);
    expect(a.split(':')[0]).not.toBe(b.split(':')[0]);
  });

  it('is decrypted by Node aes-256-cbc keyed with the first 32 characters', async () => {
    const payload = await encryptPayload({ hello: 'world' }, token);
    const [ivHex = '', cipherHex = ''] = payload.split(':');
    const decipher = createDecipheriv('aes-256-cbc', key, Buffer.from(ivHex, 'hex'));
    const plain = Buffer.concat([decipher.update(Buffer.from(cipherHex, 'hex')), decipher.final()]).toString('utf8');
    expect(JSON.parse(plain)).toEqual({ hello: 'world' });
  });

  it('decrypts what Node aes-256-cbc encrypted', async () => {
    const iv = randomBytes(16);
    const cipher = createCipheriv('aes-256-cbc', key, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify({ n: 42, s: 'नमस्ते' }), 'utf8'), cipher.final()]);
    const payload = `${iv.toString('hex')}:${body.toString('hex')}`;
    expect(await decryptPayload(payload, token)).toEqual({ n: 42, s: 'नमस्ते' });
  });

  it('refuses a wrong token, a malformed envelope and a short token with EnvelopeError', async () => {
    const payload = await encryptPayload({ a: 1 }, token);
    await expect(decryptPayload(payload, 'x'.repeat(32))).rejects.toThrow(EnvelopeError);
    await expect(decryptPayload('nothex', token)).rejects.toThrow('Envelope must be "iv:cipher"');
    await expect(decryptPayload('abcd:abcd', token)).rejects.toThrow('Envelope IV must be 16 bytes');
    await expect(encryptPayload({ a: 1 }, 'short')).rejects.toThrow(
      'Access token is too short to derive the envelope key',
    );
  });

  it('seal wraps the payload as {data}', async () => {
    const sealed = await seal([1, 2], token);
    expect(isEnvelope(sealed)).toBe(true);
    expect(await decryptPayload(sealed.data, token)).toEqual([1, 2]);
    expect(isEnvelope({ data: 'x', extra: 1 })).toBe(false);
  });

  it('sealJson wraps an answer already serialized, opening to the value it was made from', async () => {
    const answer = { rows: [{ id: 'A-1', amount: 1250000.5, name: 'Asha \u2028 Rao ₹' }], count: 1 };
    const sealed = await sealJson(JSON.stringify(answer), token);
    expect(isEnvelope(sealed)).toBe(true);
    expect(await decryptPayload(sealed.data, token)).toEqual(answer);
  });
});

describe('{data} envelope in a runtime without node:crypto (the browser: WebCrypto)', () => {
  /** The module as a browser loads it: no process.getBuiltinModule to find node:crypto with. */
  function loadWithoutNodeCrypto(): typeof import('./envelope') {
    const getBuiltinModule = process.getBuiltinModule;
    Object.assign(process, { getBuiltinModule: undefined });
    try {
      let loaded: typeof import('./envelope') | undefined;
      jest.isolateModules(() => {
        loaded = require('./envelope');
      });
      return loaded as typeof import('./envelope');
    } finally {
      Object.assign(process, { getBuiltinModule });
    }
  }
  const web = loadWithoutNodeCrypto();

  it('seals what the server side opens, and opens what it seals', async () => {
    const value = { rows: [{ id: 'A-1', amount: 1250000.5 }], name: 'नमस्ते' };
    // Each side its own cipher: WebCrypto here, node:crypto on the server side.
    const subtleEncrypt = jest.spyOn(globalThis.crypto.subtle, 'encrypt');
    await web.encryptPayload(value, token);
    expect(subtleEncrypt).toHaveBeenCalledTimes(1);
    await encryptPayload(value, token);
    expect(subtleEncrypt).toHaveBeenCalledTimes(1);
    subtleEncrypt.mockRestore();
    expect(await decryptPayload(await web.encryptPayload(value, token), token)).toEqual(value);
    expect(await web.decryptPayload(await encryptPayload(value, token), token)).toEqual(value);
    expect(await web.decryptPayload((await sealJson(JSON.stringify(value), token)).data, token)).toEqual(value);
  });

  it('refuses what the server side refuses, with the same errors', async () => {
    const payload = await encryptPayload({ a: 1 }, token);
    for (const side of [web, { decryptPayload, encryptPayload }]) {
      await expect(side.decryptPayload(payload, 'x'.repeat(32))).rejects.toThrow(
        'Envelope cannot be decrypted with this token',
      );
      await expect(side.decryptPayload(`${'0'.repeat(32)}:00zz`, token)).rejects.toThrow('Envelope is not hex');
      await expect(side.encryptPayload({ a: 1 }, `${'é'.repeat(32)}`)).rejects.toThrow(
        'Access token must begin with 32 ASCII characters',
      );
    }
  });
});
