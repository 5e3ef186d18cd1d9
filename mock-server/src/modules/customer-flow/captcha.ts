// Self-hosted captcha (ALTCHA proof of work, altcha-lib): challenges signed with the server's HMAC key
// (CAPTCHA_HMAC_KEY, else one generated per database and kept in meta), valid 10 minutes, each
// solution accepted once (captcha_used).
import { randomBytes } from 'node:crypto';
import type { CaptchaChallengeAnswer } from '@originate/contract';
import { type Challenge, createChallenge, randomInt, type Solution, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Db, Queryable } from '../../db';
import { sha256 } from '../auth';

const CAPTCHA_TTL_SECONDS = 600;
const ALGORITHM = 'PBKDF2/SHA-256';
/** Work per attempt and the attempt range: about a second in a phone's browser. */
const COST = 1_000;
const COUNTER_RANGE = [200, 1_000] as const;

export async function captchaKey(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const fresh = randomBytes(32).toString('base64url');
  // Concurrent first starts on one database agree on whichever key was stored first.
  await db.query("INSERT INTO meta (key, value) VALUES ('captcha_hmac_key', $1) ON CONFLICT (key) DO NOTHING", [fresh]);
  const rows = await db.query<{ value: string }>("SELECT value FROM meta WHERE key = 'captcha_hmac_key'");
  return rows[0]?.value ?? fresh;
}

export async function newChallenge(hmacKey: string, now: Date): Promise<CaptchaChallengeAnswer> {
  const challenge = await createChallenge({
    algorithm: ALGORITHM,
    cost: COST,
    counter: randomInt(COUNTER_RANGE[0], COUNTER_RANGE[1]),
    deriveKey,
    expiresAt: new Date(now.getTime() + CAPTCHA_TTL_SECONDS * 1000),
    hmacSignatureSecret: hmacKey,
  });
  const { signature } = challenge;
  const { expiresAt } = challenge.parameters;
  // The options above sign it and give it an expiry: the answer schema requires both.
  if (signature === undefined || expiresAt === undefined)
    throw new Error('altcha-lib made an unsigned or endless challenge');
  return { ...challenge, signature, parameters: { ...challenge.parameters, expiresAt } };
}

interface Payload {
  challenge: Challenge;
  solution: Solution;
}

/** The widget's answer: base64 of JSON {challenge, solution}; null when it is not that shape. */
function decodePayload(response: string): Payload | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(response, 'base64').toString('utf8'));
    if (typeof value !== 'object' || value === null) return null;
    const { challenge, solution } = value as Record<string, unknown>;
    if (typeof challenge !== 'object' || challenge === null || typeof solution !== 'object' || solution === null) {
      return null;
    }
    const c = challenge as Record<string, unknown>;
    const s = solution as Record<string, unknown>;
    if (typeof c.parameters !== 'object' || c.parameters === null || typeof c.signature !== 'string') return null;
    if (typeof s.counter !== 'number' || typeof s.derivedKey !== 'string') return null;
    return { challenge: challenge as Challenge, solution: solution as Solution };
  } catch {
    return null;
  }
}

/** Whether a response solves a live challenge of ours; `consume` marks it used (a replay then fails). */
export async function checkCaptcha(
  db: Queryable,
  hmacKey: string,
  response: string,
  now: Date,
  consume: boolean,
): Promise<boolean> {
  const payload = decodePayload(response);
  if (!payload) return false;
  const expiresAt = payload.challenge.parameters.expiresAt;
  // Our own clock decides expiry (altcha-lib reads the wall clock); challenges without one are not ours.
  if (typeof expiresAt !== 'number' || expiresAt * 1000 <= now.getTime()) return false;
  let verified = false;
  try {
    const result = await verifySolution({ ...payload, deriveKey, hmacSignatureSecret: hmacKey });
    verified = result.verified;
  } catch {
    return false;
  }
  if (!verified) return false;
  const id = sha256(payload.challenge.signature ?? '');
  if (!consume) {
    const used = await db.query('SELECT 1 FROM captcha_used WHERE challenge_hash = $1', [id]);
    return used.length === 0;
  }
  await db.query('DELETE FROM captcha_used WHERE expires_at < $1', [now]);
  const inserted = await db.query(
    'INSERT INTO captcha_used (challenge_hash, expires_at) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1',
    [id, new Date(expiresAt * 1000)],
  );
  return inserted.length === 1;
}
