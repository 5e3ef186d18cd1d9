// The error catalogue of spec section 8: the server's error codes, the typed ApiError every http call
// throws, and classifyError, the pure decision of what the UI must do with an error.
// React-free and DOM-free: Node code (mock-server, tests) imports it through `@originate/contract`.
import { API_PATHS } from '../contracts/apiPaths';

export const ERROR_CODES = {
  INTERNAL_SERVER_ERROR: { code: 1100, status: 500, message: 'Internal server error' },
  VALIDATION_FAILED: { code: 1101, status: 400, message: 'Validation Failed' },
  ERROR_WHILE_SENDING_BACK: { code: 1167, status: 500, message: 'Error while sending back' },
} as const;

/**
 * Refusals outside spec §8's table carry their HTTP status as the code (README "Wire contract").
 * With ERROR_CODES these are every code the server may answer with: the fuzz harness holds it to that.
 */
export const REFUSAL_CODES = {
  UNAUTHORIZED: { code: 401, status: 401, message: 'Unauthorized' },
  FORBIDDEN: { code: 403, status: 403, message: 'Forbidden' },
  NOT_FOUND: { code: 404, status: 404, message: 'Not found' },
  CONFLICT: { code: 409, status: 409, message: 'Conflict' },
  REQUEST_TIMEOUT: { code: 408, status: 408, message: 'The request did not arrive whole in time' },
  PAYLOAD_TOO_LARGE: { code: 413, status: 413, message: 'The request body is too large' },
  TOO_MANY_REQUESTS: { code: 429, status: 429, message: 'Too many attempts. Please try again later.' },
  SERVICE_UNAVAILABLE: { code: 503, status: 503, message: 'The server is busy. Please try again in a minute.' },
} as const;

/** True for a code the server's error envelope may carry. */
export function isCatalogueCode(code: unknown): boolean {
  return [...Object.values(ERROR_CODES), ...Object.values(REFUSAL_CODES)].some((entry) => entry.code === code);
}

const VALIDATION_MODAL_TITLE = 'We encountered following errors';
export const GENERIC_ERROR_MESSAGE = 'Something bad happened; please try again later.';
export const SESSION_EXPIRED_MESSAGE = 'Session expired. Please login again.';
export const INVALID_USER_MESSAGE = 'Invalid user';
export const PORTAL_ACCESS_DENIED_MESSAGE = 'Access denied. Your account is not enabled for this portal.';
/** Client-side rows of spec §8 that remotes raise themselves. */
export const MANDATORY_FIELDS_MESSAGE = 'Please fill all mandatory fields';
export const MICROFLOW_ERROR_MESSAGE = 'An error has occurred please try again later';
/** A wrong OTP code (spec §5): the server's reason and the OTP field's message. */
export const OTP_WRONG_CODE_MESSAGE = 'Oops, this is incorrect one time password (OTP)';
/** The page an expired, invalid or submitted link lands on (spec §2 invalidURL, §8). */
export const INVALID_URL_HEADING = '400 Invalid URL';
export const INVALID_URL_TEXT =
  'The link is either expired or invalid or your application has already been submitted for further processing.';
export const SESSION_ENDED_MESSAGE = 'Your session expired';
/** Where the UI goes when a refresh answers 'Invalid user' (spec §2, relative on purpose). */
export const LOGIN_ROUTE = './login';

/** One entry of a validation answer: `label` names the field, `reason` says what is wrong. */
export interface ErrorItem {
  label?: string;
  reason: string;
}

/** A Retry-After header in seconds (the HTTP-date form is not used by our server); undefined otherwise. */
export function parseRetryAfter(header: string | null | undefined): number | undefined {
  if (!header || !/^\d+$/.test(header.trim())) return undefined;
  return Number(header.trim());
}

/** 'in 40 seconds', 'in 1 minute', 'in 15 minutes': how long a refusal asks to wait, for people. */
export function waitText(seconds: number): string {
  if (seconds < 60) return `in ${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** The refusal of a 429 for people: with the wait when the server said it, else the catalogue's words. */
export function tooManyAttemptsMessage(retryAfterSeconds?: number): string {
  if (retryAfterSeconds === undefined) return REFUSAL_CODES.TOO_MANY_REQUESTS.message;
  return `Too many attempts. Please try again ${waitText(retryAfterSeconds)}.`;
}

/** The 429 of a recipient locked after 5 wrong OTP codes: what is refused and until when (server and portal). */
export function otpLockedMessage(retryAfterSeconds: number): string {
  return `Too many wrong codes. Try again ${waitText(retryAfterSeconds)}.`;
}

/** 'label - reason', or just the reason when there is no label (spec §8). */
export function formatErrorItem(item: ErrorItem): string {
  return item.label ? `${item.label} - ${item.reason}` : item.reason;
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function itemsOf(body: unknown): string[] {
  const errors = asRecord(body)?.errors;
  if (!Array.isArray(errors)) return [];
  const items: string[] = [];
  for (const entry of errors) {
    if (typeof entry === 'string') items.push(entry);
    else {
      const e = asRecord(entry);
      if (e && typeof e.reason === 'string') {
        items.push(formatErrorItem({ label: typeof e.label === 'string' ? e.label : undefined, reason: e.reason }));
      }
    }
  }
  return items;
}

/** Every failed http call of @originate/web's client throws this. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly code?: number | string;
  /** The body's `errors` as display strings ('label - reason'). */
  readonly items: string[];
  readonly body: unknown;
  /** The API path that failed (without the debug prefix), when known. */
  readonly path?: string;
  /** Seconds the server asked to wait (a 429's Retry-After), when it said. */
  readonly retryAfterSeconds?: number;

  constructor(status: number, body: unknown, path?: string, retryAfterSeconds?: number) {
    const record = asRecord(body);
    const message = typeof record?.message === 'string' ? record.message : `Request failed with status ${status}`;
    super(message);
    this.status = status;
    const code = record?.code;
    if (typeof code === 'number' || typeof code === 'string') this.code = code;
    this.items = itemsOf(body);
    this.body = body;
    this.path = path;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export type ErrorOutcome =
  | { kind: 'validation'; title: typeof VALIDATION_MODAL_TITLE; items: string[] }
  | { kind: 'passthrough'; message: string; code?: number | string; data?: unknown }
  | { kind: 'generic'; message: typeof GENERIC_ERROR_MESSAGE }
  | { kind: 'sessionExpired'; message: typeof SESSION_EXPIRED_MESSAGE }
  | { kind: 'invalidUser'; redirectTo: typeof LOGIN_ROUTE }
  | { kind: 'resubmission' };

function isCatalogued(code: unknown, message: unknown, entry: { code: number; message: string }): boolean {
  return Number(code) === entry.code && message === entry.message;
}

function hasDataEntries(data: unknown): boolean {
  if (Array.isArray(data)) return data.length > 0;
  const record = asRecord(data);
  return record !== null && Object.keys(record).length > 0;
}

const GENERIC: ErrorOutcome = { kind: 'generic', message: GENERIC_ERROR_MESSAGE };

/**
 * What the UI must do with an error (spec §8). Pure: no toast, no navigation.
 * `ctx.path` overrides the path carried by an ApiError.
 */
export function classifyError(error: unknown, ctx: { path?: string } = {}): ErrorOutcome {
  if (!(error instanceof ApiError)) return GENERIC;
  const path = ctx.path ?? error.path ?? '';
  const body = asRecord(error.body) ?? {};

  if (error.status === 401) {
    if (path.startsWith(API_PATHS.refreshToken) && body.message === INVALID_USER_MESSAGE) {
      return { kind: 'invalidUser', redirectTo: LOGIN_ROUTE };
    }
    if (!path.startsWith(API_PATHS.login)) return { kind: 'sessionExpired', message: SESSION_EXPIRED_MESSAGE };
  }
  if (body.error === 'resubmission' || body.message === 'resubmission') return { kind: 'resubmission' };
  if (
    isCatalogued(body.code, body.message, ERROR_CODES.VALIDATION_FAILED) ||
    isCatalogued(body.code, body.message, ERROR_CODES.ERROR_WHILE_SENDING_BACK)
  ) {
    return { kind: 'validation', title: VALIDATION_MODAL_TITLE, items: error.items };
  }
  const hasMessageAndCode = typeof body.message === 'string' && body.message !== '' && body.code !== undefined;
  if (hasDataEntries(body.data) || hasMessageAndCode) {
    const outcome: ErrorOutcome = {
      kind: 'passthrough',
      message: typeof body.message === 'string' && body.message !== '' ? body.message : GENERIC_ERROR_MESSAGE,
    };
    if (typeof body.code === 'number' || typeof body.code === 'string') outcome.code = body.code;
    if (body.data !== undefined) outcome.data = body.data;
    return outcome;
  }
  return GENERIC;
}

/**
 * What a failed request says inline (a widget, a list, a join): the same classification reportError turns into
 * the modal or toast, so a refusal reads as the server's reason.
 */
export function errorText(error: unknown): string {
  const outcome = classifyError(error);
  switch (outcome.kind) {
    case 'validation':
      return outcome.items.join('; ') || outcome.title;
    case 'passthrough':
    case 'generic':
    case 'sessionExpired':
      return outcome.message;
    case 'invalidUser':
    case 'resubmission':
      return 'The request was not completed.';
  }
}
