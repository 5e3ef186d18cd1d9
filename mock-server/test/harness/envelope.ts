// What every answer of the server must look like (README "Errors"): never a 5xx, and every non-2xx is
// the error envelope { code, message, errors? } with a catalogue code.

import { ERROR_CODES, isCatalogueCode, REFUSAL_CODES } from '@originate/contract';

export interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

const STATUS_OF_CODE = new Map<number, number>(
  [...Object.values(ERROR_CODES), ...Object.values(REFUSAL_CODES)].map((e) => [e.code, e.status]),
);
const ENVELOPE_KEYS = new Set(['code', 'message', 'errors']);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The first thing wrong with an answer, or null when it keeps the contract. `withBody` is false for
 * HEAD, whose answers carry no body to check.
 */
export function answerProblem(res: Answer, withBody = true): string | null {
  const status = res.statusCode;
  if (status >= 500) return `status ${status}: ${res.body.slice(0, 200)}`;
  if (status >= 200 && status < 300) return null;
  const type = String(res.headers['content-type'] ?? '');
  if (!type.startsWith('application/json')) return `status ${status} with content-type "${type}"`;
  if (!withBody) return null;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `status ${status} body is not JSON: ${res.body.slice(0, 200)}`;
  }
  if (!isRecord(body)) return `status ${status} body is not an object: ${res.body.slice(0, 200)}`;
  const extra = Object.keys(body).filter((k) => !ENVELOPE_KEYS.has(k));
  if (extra.length > 0) return `status ${status} envelope has extra keys ${extra.join(', ')}`;
  const { code, message, errors } = body;
  if (!isCatalogueCode(code)) return `status ${status} code ${JSON.stringify(code)} is not in the catalogue`;
  if (STATUS_OF_CODE.get(code as number) !== status) return `status ${status} does not match code ${code}`;
  if (typeof message !== 'string' || message === '') return `status ${status} without a message`;
  if (code === ERROR_CODES.VALIDATION_FAILED.code) {
    if (!Array.isArray(errors) || errors.length === 0) return 'a 1101 answer without errors';
    const bad = errors.find((e) => !isRecord(e) || typeof e.label !== 'string' || typeof e.reason !== 'string');
    if (bad !== undefined) return `a 1101 errors item is not {label, reason}: ${JSON.stringify(bad)}`;
  } else if (errors !== undefined) {
    if (!Array.isArray(errors)) return `status ${status} errors is not a list`;
  }
  if (status === 429 && res.headers['retry-after'] === undefined) return '429 without Retry-After';
  return null;
}

/** '2xx' … '5xx' */
export const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;
