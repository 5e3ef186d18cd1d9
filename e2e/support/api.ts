// Talking to the server the way the shell does (encrypted login password, token headers), for
// arranging what a browser test then observes.
import {
  API_PATHS,
  DEFAULT_LOGIN_KEY,
  decryptPayload,
  encryptPayload,
  isEnvelope,
  isEnvelopedResponsePath,
  type LoginResponse,
} from '@originate/contract';
import { API } from './system-under-test';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    what: string,
  ) {
    super(`${what}: HTTP ${status} ${JSON.stringify(body)}`);
  }
}

/** One call: the answer's body (decrypted when enveloped) and its headers. */
async function exchange<T>(
  method: string,
  path: string,
  opts: { body?: unknown; session?: LoginResponse } = {},
): Promise<{ body: T; headers: Headers }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.session) {
    headers.access_token = opts.session.access_token;
    headers.sessionId = opts.session.sessionid;
  }
  const res = await fetch(`${API}${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  const body: unknown = text ? JSON.parse(text) : null;
  if (!res.ok) throw new HttpError(res.status, body, `${method} ${path}`);
  // Admin answers arrive as a {data} envelope keyed by the caller's token (spec section 7).
  if (opts.session && isEnvelopedResponsePath(path) && isEnvelope(body)) {
    return { body: await decryptPayload<T>(body.data, opts.session.access_token), headers: res.headers };
  }
  return { body: body as T, headers: res.headers };
}

async function send<T>(method: string, path: string, opts: { body?: unknown; session?: LoginResponse } = {}) {
  return (await exchange<T>(method, path, opts)).body;
}

const loginBody = async (username: string, password: string) => ({
  username,
  password: await encryptPayload(password, DEFAULT_LOGIN_KEY),
});

export async function apiLogin(username: string, password: string): Promise<LoginResponse> {
  return send<LoginResponse>('POST', API_PATHS.login, { body: await loginBody(username, password) });
}

/**
 * The login the shell's form makes, with the value of the XSRF-TOKEN cookie its answer sets (as sent, as a
 * browser stores it): the shell sends it back as X-XSRF-TOKEN, so a page signed in this way needs it too.
 */
export async function apiLoginWithXsrf(
  username: string,
  password: string,
): Promise<{ answer: LoginResponse; xsrfCookie: string }> {
  const { body, headers } = await exchange<LoginResponse>('POST', API_PATHS.login, {
    body: await loginBody(username, password),
  });
  const value = headers
    .getSetCookie()
    .map((line) => /^XSRF-TOKEN=([^;]*)/.exec(line)?.[1])
    .find((found) => found !== undefined);
  if (value === undefined) throw new Error(`POST ${API_PATHS.login}: the answer set no XSRF-TOKEN cookie`);
  return { answer: body, xsrfCookie: value };
}

export const apiGet = <T>(session: LoginResponse, path: string) => send<T>('GET', path, { session });
export const apiPost = <T>(session: LoginResponse, path: string, body: unknown) =>
  send<T>('POST', path, { session, body });
export const apiPut = <T>(session: LoginResponse, path: string, body: unknown) =>
  send<T>('PUT', path, { session, body });
export const apiRefresh = (refreshToken: string) =>
  send<unknown>('POST', API_PATHS.refreshToken, { body: { refresh_token: refreshToken } });
