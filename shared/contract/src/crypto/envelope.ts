// The {data} envelope of spec section 7: AES-CBC, key = first 32 characters of the access token,
// random 16-byte IV, sent as hex "iv:cipher". One format for browser and server: WebCrypto in the browser, Node's
// own AES where the runtime has it (a server opens and seals hundreds of envelopes a second; WebCrypto there costs a
// key import and a thread-pool job per envelope, more than the cipher itself).

// Created on first use: jest's jsdom environment has no TextEncoder, and importing the package must not fail there.
const encode = (text: string) => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

export interface Envelope {
  data: string;
}

export class EnvelopeError extends Error {
  override name = 'EnvelopeError';
}

function subtle(): SubtleCrypto {
  const c = globalThis.crypto;
  if (!c?.subtle) throw new EnvelopeError('WebCrypto is not available in this runtime');
  return c.subtle;
}

/** What the envelope uses of node:crypto. */
interface NodeCipher {
  update(data: Uint8Array): Uint8Array;
  final(): Uint8Array;
}
interface NodeAes {
  createCipheriv(algorithm: 'aes-256-cbc', key: Uint8Array, iv: Uint8Array): NodeCipher;
  createDecipheriv(algorithm: 'aes-256-cbc', key: Uint8Array, iv: Uint8Array): NodeCipher;
}

/** What the envelope uses of node:buffer: native hex both ways. */
interface NodeBuffer {
  from(bytes: ArrayBufferLike, offset: number, length: number): { toString(encoding: 'hex'): string };
  from(hex: string, encoding: 'hex'): Uint8Array<ArrayBuffer>;
}

/** Node's own modules when the runtime is Node (process.getBuiltinModule: no import a browser build would follow). */
const nodeModule = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process
  ?.getBuiltinModule;
const nodeAes = nodeModule?.('node:crypto') as NodeAes | undefined;
const nodeBuffer = (nodeModule?.('node:buffer') as { Buffer: NodeBuffer } | undefined)?.Buffer;

/** Each byte's two hex digits as character codes: an envelope of a large list is megabytes. */
const HEX_DIGITS = new TextEncoder().encode('0123456789abcdef');

function toHex(bytes: Uint8Array): string {
  if (nodeBuffer) return nodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
  const codes = new Uint8Array(bytes.length * 2);
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i] as number;
    codes[i * 2] = HEX_DIGITS[b >> 4] as number;
    codes[i * 2 + 1] = HEX_DIGITS[b & 15] as number;
  }
  return new TextDecoder().decode(codes);
}

/** A hex digit's value from its character code, or -1. */
function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48; // 0-9
  if (code >= 97 && code <= 102) return code - 87; // a-f
  if (code >= 65 && code <= 70) return code - 55; // A-F
  return -1;
}

const HEX = /^[0-9a-fA-F]*$/;

function fromHex(hex: string): Uint8Array<ArrayBuffer> {
  if (hex.length % 2 !== 0) throw new EnvelopeError('Envelope is not hex');
  if (nodeBuffer) {
    // Node's decoder stops quietly at the first character that is not hex: checked first.
    if (!HEX.test(hex)) throw new EnvelopeError('Envelope is not hex');
    return nodeBuffer.from(hex, 'hex');
  }
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) {
    const high = hexValue(hex.charCodeAt(i * 2));
    const low = hexValue(hex.charCodeAt(i * 2 + 1));
    if (high < 0 || low < 0) throw new EnvelopeError('Envelope is not hex');
    out[i] = high * 16 + low;
  }
  return out;
}

/** The key's bytes: the token's first 32 characters, which must be 32 bytes (AES-256). */
function keyBytes(accessToken: string): Uint8Array<ArrayBuffer> {
  if (accessToken.length < 32) throw new EnvelopeError('Access token is too short to derive the envelope key');
  const raw = encode(accessToken.slice(0, 32));
  if (raw.length !== 32) throw new EnvelopeError('Access token must begin with 32 ASCII characters');
  return raw;
}

async function importKey(accessToken: string): Promise<CryptoKey> {
  return subtle().importKey('raw', keyBytes(accessToken), { name: 'AES-CBC' }, false, ['encrypt', 'decrypt']);
}

/** A cipher's whole output: its update and its final block. */
function run(cipher: NodeCipher, data: Uint8Array): Uint8Array {
  const body = cipher.update(data);
  const last = cipher.final();
  const out = new Uint8Array(body.length + last.length);
  out.set(body);
  out.set(last, body.length);
  return out;
}

async function encryptBytes(plain: Uint8Array<ArrayBuffer>, iv: Uint8Array<ArrayBuffer>, token: string) {
  if (nodeAes) return run(nodeAes.createCipheriv('aes-256-cbc', keyBytes(token), iv), plain);
  return new Uint8Array(await subtle().encrypt({ name: 'AES-CBC', iv }, await importKey(token), plain));
}

/** The plain bytes, or an EnvelopeError when the token or the bytes do not fit. */
async function decryptBytes(cipher: Uint8Array<ArrayBuffer>, iv: Uint8Array<ArrayBuffer>, token: string) {
  if (nodeAes) {
    const decipher = nodeAes.createDecipheriv('aes-256-cbc', keyBytes(token), iv);
    try {
      return run(decipher, cipher);
    } catch {
      throw new EnvelopeError('Envelope cannot be decrypted with this token');
    }
  }
  const key = await importKey(token);
  try {
    return new Uint8Array(await subtle().decrypt({ name: 'AES-CBC', iv }, key, cipher));
  } catch {
    throw new EnvelopeError('Envelope cannot be decrypted with this token');
  }
}

/** Encrypts any JSON value into the hex "iv:cipher" string. */
export async function encryptPayload(value: unknown, accessToken: string): Promise<string> {
  return encryptJson(JSON.stringify(value), accessToken);
}

/** Encrypts a JSON text as it is (an answer already serialized): the same envelope, without parsing it again. */
async function encryptJson(json: string, accessToken: string): Promise<string> {
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return `${toHex(iv)}:${toHex(await encryptBytes(encode(json), iv, accessToken))}`;
}

/** Decrypts a hex "iv:cipher" string back into its JSON value. Throws EnvelopeError when it cannot. */
export async function decryptPayload<T = unknown>(payload: string, accessToken: string): Promise<T> {
  const [ivHex, cipherHex, ...rest] = payload.split(':');
  if (!ivHex || !cipherHex || rest.length > 0) throw new EnvelopeError('Envelope must be "iv:cipher"');
  const iv = fromHex(ivHex);
  if (iv.length !== 16) throw new EnvelopeError('Envelope IV must be 16 bytes');
  const plain = await decryptBytes(fromHex(cipherHex), iv, accessToken);
  try {
    return JSON.parse(decode(plain)) as T;
  } catch {
    throw new EnvelopeError('Envelope does not hold JSON');
  }
}

export async function seal(value: unknown, accessToken: string): Promise<Envelope> {
  return { data: await encryptPayload(value, accessToken) };
}

/** `seal` of a value already serialized to JSON text (a server's answer): no parse and stringify of it again. */
export async function sealJson(json: string, accessToken: string): Promise<Envelope> {
  return { data: await encryptJson(json, accessToken) };
}

export function isEnvelope(body: unknown): body is Envelope {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as Envelope).data === 'string' &&
    Object.keys(body).length === 1
  );
}
