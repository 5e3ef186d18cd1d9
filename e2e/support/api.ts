// Talking to the server the way the shell does (encrypted login password, token headers), for
// arranging what a browser test then observes.
import {
  API_PATHS,
  type Application,
  apiPath,
  DEFAULT_LOGIN_KEY,
  decryptPayload,
  encryptPayload,
  isEnvelope,
  isEnvelopedResponsePath,
  type LoginResponse,
} from '@originate/contract';
import { API } from './system';

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

/**
 * An ACTIVE seeded application whose open task someone other than `userid` may be given, with
 * the action that gives it ('assign' when unassigned, else 'reassign'). The seed numbers
 * applications <product>-2026-000101 onwards.
 */
export async function findAssignableTask(
  admin: LoginResponse,
  userid: string,
): Promise<{ applicationId: string; taskId: string; action: 'assign' | 'reassign' }> {
  for (let n = 101; n < 140; n++) {
    for (const product of ['PL', 'HL', 'CL']) {
      const id = `${product}-2026-${String(n).padStart(6, '0')}`;
      let app: Application;
      try {
        app = await apiGet<Application>(admin, apiPath('application', { applicationId: id }));
      } catch (error) {
        if (error instanceof HttpError && (error.status === 404 || error.status === 403)) continue;
        throw error;
      }
      if (app._applicationStatus !== 'ACTIVE') continue;
      const steps = app.appLifeCycle?.steps ?? [];
      for (const step of steps) {
        for (const info of step.assignmentInfo ?? []) {
          if (info.progress === 'Completed' || info.assignedTo === userid || !info.taskId) continue;
          return { applicationId: id, taskId: info.taskId, action: info.assignedTo ? 'reassign' : 'assign' };
        }
      }
    }
  }
  throw new Error(`no seeded ACTIVE application has an open task that could go to ${userid}`);
}
