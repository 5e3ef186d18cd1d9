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

async function send<T>(
  method: string,
  path: string,
  opts: { body?: unknown; session?: LoginResponse } = {},
): Promise<T> {
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
    return decryptPayload<T>(body.data, opts.session.access_token);
  }
  return body as T;
}

export async function apiLogin(username: string, password: string): Promise<LoginResponse> {
  const encrypted = await encryptPayload(password, DEFAULT_LOGIN_KEY);
  return send<LoginResponse>('POST', API_PATHS.login, { body: { username, password: encrypted } });
}

export const apiGet = <T>(session: LoginResponse, path: string) => send<T>('GET', path, { session });
export const apiPost = <T>(session: LoginResponse, path: string, body: unknown) =>
  send<T>('POST', path, { session, body });
export const apiPut = <T>(session: LoginResponse, path: string, body: unknown) =>
  send<T>('PUT', path, { session, body });
export const apiRefresh = (refreshToken: string) =>
  send<unknown>('POST', API_PATHS.refreshToken, { body: { refresh_token: refreshToken } });
