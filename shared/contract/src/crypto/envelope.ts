// The {data} envelope of spec section 7: AES-CBC, key = first 32 characters of the access token,
// random 16-byte IV, sent as hex "iv:cipher". WebCrypto only, so browser and Node run this same code.

// Created on first use: jest's jsdom environment has no TextEncoder, and importing the package must not fail there.
const encode = (text: string) => new TextEncoder().encode(text);
const decode = (bytes: ArrayBuffer) => new TextDecoder().decode(bytes);

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

/** Each byte's two hex digits as character codes: an envelope of a large list is megabytes. */
const HEX_DIGITS = new TextEncoder().encode('0123456789abcdef');

function toHex(bytes: Uint8Array): string {
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

function fromHex(hex: string): Uint8Array<ArrayBuffer> {
  if (hex.length % 2 !== 0) throw new EnvelopeError('Envelope is not hex');
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) {
    const high = hexValue(hex.charCodeAt(i * 2));
    const low = hexValue(hex.charCodeAt(i * 2 + 1));
    if (high < 0 || low < 0) throw new EnvelopeError('Envelope is not hex');
    out[i] = high * 16 + low;
  }
  return out;
}

async function importKey(accessToken: string): Promise<CryptoKey> {
  if (accessToken.length < 32) throw new EnvelopeError('Access token is too short to derive the envelope key');
  const raw = encode(accessToken.slice(0, 32));
  return subtle().importKey('raw', raw, { name: 'AES-CBC' }, false, ['encrypt', 'decrypt']);
}

/** Encrypts any JSON value into the hex "iv:cipher" string. */
export async function encryptPayload(value: unknown, accessToken: string): Promise<string> {
  return encryptJson(JSON.stringify(value), accessToken);
}

/** Encrypts a JSON text as it is (an answer already serialized): the same envelope, without parsing it again. */
async function encryptJson(json: string, accessToken: string): Promise<string> {
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(16));
  const key = await importKey(accessToken);
  const cipher = await subtle().encrypt({ name: 'AES-CBC', iv }, key, encode(json));
  return `${toHex(iv)}:${toHex(new Uint8Array(cipher))}`;
}

/** Decrypts a hex "iv:cipher" string back into its JSON value. Throws EnvelopeError when it cannot. */
export async function decryptPayload<T = unknown>(payload: string, accessToken: string): Promise<T> {
  const [ivHex, cipherHex, ...rest] = payload.split(':');
  if (!ivHex || !cipherHex || rest.length > 0) throw new EnvelopeError('Envelope must be "iv:cipher"');
  const iv = fromHex(ivHex);
  if (iv.length !== 16) throw new EnvelopeError('Envelope IV must be 16 bytes');
  const key = await importKey(accessToken);
  let plain: ArrayBuffer;
  try {
    plain = await subtle().decrypt({ name: 'AES-CBC', iv }, key, fromHex(cipherHex));
  } catch {
    throw new EnvelopeError('Envelope cannot be decrypted with this token');
  }
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
