// The one http client (ky): headers of spec §7, the {data} envelope, XSRF, the debug prefix and
// the 401 handling of spec §8. Every failure is thrown as an ApiError (or ky's network error).

import {
  API_PATHS,
  ApiError,
  AUTH_PATH_PREFIX,
  type DomainUrlRecord,
  debugPath,
  decryptPayload,
  encryptPayload,
  hasPortalAccess,
  INVALID_USER_MESSAGE,
  isEnvelope,
  isEnvelopedResponsePath,
  LOGIN_ROUTE,
  type LoginResponse,
  type MessageAnswer,
  PORTAL_ACCESS_DENIED_MESSAGE,
  parseRetryAfter,
  SESSION_EXPIRED_MESSAGE,
  type SessionData,
} from '@originate/contract';
import ky from 'ky';
import { browserOpenChannel, browserWithLock } from '../session/browserTabs';
import { createRefreshCoordinator } from '../session/refreshCoordinator';
import { appRefIdAtom, clearSession, debugModeAtom, type Session, sessionAtom, sharedStore } from '../session/store';
import { showToast } from '../ui/feedback';
import { type ExportWorkerAnswer, type ExportWorkerRequest, startExportWorker } from './exportWorker';
import { requireRuntimeEnv } from './runtimeEnv';

type SearchParams = Record<string, string | number | boolean>;
export interface RequestOptions {
  searchParams?: SearchParams;
  /** Send the body as {data: 'iv:cipher'} keyed by the access token, and decrypt a {data} answer. Not for FormData. */
  encrypted?: boolean;
  /** Headers of this call beside the session's (a receipt pass). */
  headers?: Record<string, string>;
}
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const NEW_APPLICATION_PREFIX = '/newapplication';

let navigate: (to: string) => void = (to) => window.location.assign(to);

/** The shell hands over its router's navigate so 401 redirects stay in the single-page app. */
export function configureHttp(opts: { navigate: (to: string) => void }): void {
  navigate = opts.navigate;
}

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

/** access_token, sessionId and appRefId when present: what every call and every download sends. */
export function authHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const session = sharedStore.get(sessionAtom);
  if (session) {
    headers.access_token = session.access_token;
    headers.sessionId = session.sessionid;
  }
  const appRefId = sharedStore.get(appRefIdAtom);
  if (appRefId) headers.appRefId = appRefId;
  return headers;
}

/** The absolute URL of an API path, with the /debugger prefix in debug mode. */
export function apiUrl(path: string, searchParams?: SearchParams): string {
  if (!path.startsWith('/')) throw new Error(`api: path must start with '/', got '${path}'`);
  const url = new URL(requireRuntimeEnv().apiBaseUrl + debugPath(path, sharedStore.get(debugModeAtom)));
  for (const [key, value] of Object.entries(searchParams ?? {})) url.searchParams.set(key, String(value));
  return url.toString();
}

function accessTokenFor(path: string): string {
  const token = sharedStore.get(sessionAtom)?.access_token;
  if (!token) throw new Error(`api: ${path} is encrypted and needs a logged-in session`);
  return token;
}

async function readBody(response: Response): Promise<unknown> {
  return parseBody(await response.text());
}

/** An answer's text as its JSON, the text itself when it is none, or undefined when empty. */
function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * A file's bytes from the API (downloads send access_token and sessionId, spec §7), outside ky so the body
 * stays a Blob; a failure is the same ApiError as any call's, named by `pattern` (the route's path). With a
 * `body`, a POST of it as JSON (with XSRF) whose answer is a file (a template's PDF preview).
 */
export async function downloadBlob(
  path: string,
  pattern: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<Blob> {
  const headers = { ...authHeaders(), ...extraHeaders };
  const init: RequestInit = { headers, credentials: 'include' };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    const xsrf = readCookie('XSRF-TOKEN');
    if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
    init.method = 'POST';
    init.body = JSON.stringify(body);
  }
  const response = await fetch(apiUrl(path), init);
  if (!response.ok) throw new ApiError(response.status, await readBody(response), pattern);
  return response.blob();
}

export interface ExportProgress {
  /** Rows the server is writing (its x-export-rows header); null until the answer starts. */
  rows: number | null;
  /** Bytes of the file received so far. */
  bytes: number;
  /** While the export waits its turn on the server: how many exports wait before it. */
  queuedAhead?: number;
}

export interface ExportedFile {
  blob: Blob;
  /** The server's name for it (spec §9: _export_ and a timestamp). */
  fileName: string;
  rows: number | null;
}

/** The file name of a content-disposition header (the UTF-8 form first), or the fallback. */
function attachmentName(header: string | null, fallback: string): string {
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(header ?? '')?.[1];
  if (utf8) return decodeURIComponent(utf8);
  return /filename="([^"]+)"/i.exec(header ?? '')?.[1] ?? fallback;
}

/**
 * A streamed export (a POST whose answer is a file): the same headers, XSRF and error path as every call,
 * fetched by a worker (exportWorker.ts) that reports each chunk's arrival so the caller can show progress
 * and hands over the finished Blob; `signal` cancels it (the server stops writing when the connection
 * goes). No timeout: a million-row file takes as long as it takes, and the user can cancel it. A refusal
 * (400, 403) is the same ApiError as any call's; a cut stream is an error, never a file.
 */
export async function downloadExport(
  path: string,
  body: unknown,
  opts: { searchParams?: SearchParams; signal?: AbortSignal; onProgress?: (progress: ExportProgress) => void },
): Promise<ExportedFile> {
  const headers: Record<string, string> = { ...authHeaders(), 'Content-Type': 'application/json' };
  const xsrf = readCookie('XSRF-TOKEN');
  if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  const request: ExportWorkerRequest = { url: apiUrl(path, opts.searchParams), headers, body: JSON.stringify(body) };
  const { signal, onProgress } = opts;
  signal?.throwIfAborted();
  const worker = startExportWorker();
  let rows: number | null = null;
  try {
    const answer = await new Promise<Extract<ExportWorkerAnswer, { type: 'done' | 'refused' }>>((resolve, reject) => {
      const cancel = () => {
        worker.postMessage('cancel');
        reject(signal?.reason ?? new DOMException('The export was cancelled', 'AbortError'));
      };
      signal?.addEventListener('abort', cancel, { once: true });
      worker.onerror = (event) =>
        reject(new Error(`the export could not start (${event.message || 'its worker failed'})`));
      worker.onmessage = (event: MessageEvent<ExportWorkerAnswer>) => {
        const message = event.data;
        if (message.type === 'queued') {
          onProgress?.({ rows, bytes: 0, queuedAhead: message.ahead });
        } else if (message.type === 'started') {
          rows = message.rows !== null && /^\d+$/.test(message.rows) ? Number(message.rows) : null;
          onProgress?.({ rows, bytes: 0 });
        } else if (message.type === 'progress') {
          onProgress?.({ rows, bytes: message.bytes });
        } else if (message.type === 'failed') {
          reject(new Error(message.message));
        } else {
          signal?.removeEventListener('abort', cancel);
          resolve(message);
        }
      };
      worker.postMessage(request);
    });
    if (answer.type === 'refused') {
      const error = new ApiError(answer.status, parseBody(answer.text), path);
      if (answer.status === 401) await sessionExpired();
      throw error;
    }
    return { blob: answer.blob, fileName: attachmentName(answer.contentDisposition, 'export.xlsx'), rows };
  } finally {
    worker.terminate();
  }
}

let expiring: Promise<void> | null = null;

/** Spec §8: toast, drop the session, and go to the root or back to the new-application entry. */
function sessionExpired(): Promise<void> {
  // Several calls fail together when a token dies: one toast, one redirect.
  expiring ??= (async () => {
    showToast(SESSION_EXPIRED_MESSAGE, 'error');
    clearSession();
    if (window.location.pathname.startsWith(NEW_APPLICATION_PREFIX)) {
      await returnToNewApplication();
    } else {
      navigate('/');
    }
  })().finally(() => {
    expiring = null;
  });
  return expiring;
}

async function returnToNewApplication(): Promise<void> {
  const query = window.location.search;
  let portal: string | undefined;
  try {
    const domains = await request<DomainUrlRecord[]>('GET', API_PATHS.environmentDomain);
    portal = Array.isArray(domains) ? domains[0]?.customerportal : undefined;
  } catch {
    // Without the portal link the in-app entry is still the right place to return to.
  }
  if (portal && !portal.includes('newapplication')) window.location.assign(portal);
  else navigate(`${NEW_APPLICATION_PREFIX}${query}`);
}

async function request<T>(method: Method, path: string, body?: unknown, opts: RequestOptions = {}): Promise<T> {
  const url = apiUrl(path, opts.searchParams);
  const headers: Record<string, string> = { ...authHeaders(), ...opts.headers };
  // Uploads go as multipart: fetch sets that Content-Type with its boundary.
  const multipart = typeof FormData !== 'undefined' && body instanceof FormData;
  if (method === 'POST' || method === 'PUT') {
    if (!multipart) headers['Content-Type'] = 'application/json';
    headers.Accept = 'application/json';
  }
  const xsrf = readCookie('XSRF-TOKEN');
  if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;

  let payload: string | FormData | undefined;
  if (multipart) {
    if (opts.encrypted) throw new Error(`api: ${path} cannot encrypt a FormData body`);
    payload = body;
  } else if (body !== undefined) {
    payload = JSON.stringify(opts.encrypted ? { data: await encryptPayload(body, accessTokenFor(path)) } : body);
  }

  const response = await ky(url, {
    method,
    headers,
    body: payload,
    credentials: 'include',
    retry: 0,
    timeout: 60000,
    throwHttpErrors: false,
  });
  const data = await readBody(response);
  if (!response.ok) {
    const error = new ApiError(response.status, data, path, parseRetryAfter(response.headers.get('retry-after')));
    if (response.status === 401 && !path.startsWith(AUTH_PATH_PREFIX)) await sessionExpired();
    throw error;
  }
  if (isEnvelope(data) && (opts.encrypted || isEnvelopedResponsePath(path))) {
    return decryptPayload<T>(data.data, accessTokenFor(path));
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, opts?: RequestOptions) => request<T>('GET', path, undefined, opts),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', path, body, opts),
  put: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PUT', path, body, opts),
  delete: <T>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, undefined, opts),
};

function sessionFrom(data: SessionData, user: Session['user']): Session {
  return {
    access_token: data.access_token,
    refresh_token: data.refresh_token,
    sessionid: data.sessionid,
    expires_in: data.expires_in,
    expiry_time: data.expiry_time,
    user,
    issuedAt: Date.now(),
  };
}

/** Logs in with the password encrypted by the runtime login key; stores and returns the session. */
export async function login(username: string, password: string): Promise<Session> {
  const env = requireRuntimeEnv();
  const encrypted = await encryptPayload(password, env.loginKey);
  const answer = await api.post<LoginResponse>(API_PATHS.login, { username, password: encrypted });
  // The server refuses such users with 403 too; checking here keeps a misconfigured server from letting one in.
  if (!hasPortalAccess(answer.user, env.portalAppName)) {
    throw new ApiError(403, { code: 403, message: PORTAL_ACCESS_DENIED_MESSAGE }, API_PATHS.login);
  }
  const session = sessionFrom(answer, answer.user);
  sharedStore.set(sessionAtom, session);
  return session;
}

/** The network half of a refresh. 'Invalid user' means the session is gone: drop it and go to login. */
async function rotateTokens(current: Session): Promise<Session> {
  try {
    const data = await api.post<SessionData>(API_PATHS.refreshToken, { refresh_token: current.refresh_token });
    return sessionFrom(data, current.user);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && error.message === INVALID_USER_MESSAGE) {
      clearSession();
      navigate(LOGIN_ROUTE);
    }
    throw error;
  }
}

// Tabs sharing a session (a duplicated tab, window.open) refresh it once between them and hear each
// other's rotations and logouts; see session/refreshCoordinator.
const tabs = createRefreshCoordinator<Session>({
  withLock: browserWithLock(),
  openChannel: browserOpenChannel(),
  read: () => sharedStore.get(sessionAtom),
  adopt: (session) => sharedStore.set(sessionAtom, session),
  end: clearSession,
  rotate: rotateTokens,
});
const followSession = () => tabs.follow(sharedStore.get(sessionAtom)?.sessionid ?? null);
sharedStore.sub(sessionAtom, followSession);
followSession();

/** Rotates the tokens, once across this tab's callers and the tabs sharing the session. */
export function refreshSession(): Promise<Session> {
  return tabs.refresh();
}

/** Ends the session on the server (best effort) and always locally, in every tab sharing it. */
export async function endSession(): Promise<void> {
  const current = sharedStore.get(sessionAtom);
  if (current) {
    try {
      await api.post(API_PATHS.endSession, { refresh_token: current.refresh_token });
    } catch {
      // The user is leaving: a server that cannot be reached or already forgot the token changes nothing.
    }
  }
  tabs.announceEnd();
  clearSession();
}

/** Asks the server to mail a reset link; returns the server's message. */
export async function forgetPassword(username: string, redirectURL: string): Promise<string> {
  const answer = await api.post<MessageAnswer>(API_PATHS.forgetPassword, { username, redirectURL });
  return answer.message;
}
