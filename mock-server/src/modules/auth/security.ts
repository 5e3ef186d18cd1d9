// Password hashing (scrypt, salted, timing-safe) and opaque tokens (random, stored only as sha256).
import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 64;
/** scrypt's N for every hash the server makes; a stored hash carries its own N, which verifying it uses. */
const COST = 16384;

function scryptAsync(password: string, salt: Buffer, cost: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, { N: cost, r: 8, p: 1 }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/**
 * 'scrypt$<N>$<salt hex>$<key hex>'. `cost` is the tests' (their seeded users' hashes are cheap to verify: a
 * login at the server's N is 44 ms of CPU); the server always hashes at COST.
 */
export async function hashPassword(password: string, cost = COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, cost);
  return `scrypt$${cost}$${salt.toString('hex')}$${key.toString('hex')}`;
}

/** A hash of a password nobody has, so unknown user names cost the same time as wrong passwords. */
const DUMMY_HASH = `scrypt$${COST}$${'00'.repeat(16)}$${'00'.repeat(KEY_LENGTH)}`;

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const [scheme, cost, saltHex, keyHex] = (stored ?? DUMMY_HASH).split('$');
  if (scheme !== 'scrypt' || !cost || !saltHex || !keyHex) return false;
  const expected = Buffer.from(keyHex, 'hex');
  const actual = await scryptAsync(password, Buffer.from(saltHex, 'hex'), Number(cost));
  return stored !== null && expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** URL-safe random token; 48 bytes give 64 characters (the first 32 key the {data} envelope). */
export function newToken(bytes = 48): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
