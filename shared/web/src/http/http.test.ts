// The real ky client against a stubbed global fetch (jsdom with Node's fetch classes, see src/testing).
import { ApiError, decryptPayload, encryptPayload } from '@originate/contract';
import { testSession, testUser } from '@originate/testing/fixtures';
import {
  appRefIdAtom,
  clearSession,
  debugModeAtom,
  modTimeUpdatesStoppedAtom,
  runtimeEnvAtom,
  type Session,
  sessionAtom,
  sharedStore,
} from '../session/store';
import { closeModal, modalAtom, toastsAtom } from '../ui/feedback';
import { api, configureHttp, downloadBlob, endSession, forgetPassword, login, refreshSession } from './client';
import { reportError } from './reportError';
import { loadRuntimeEnv, parseRuntimeEnv } from './runtimeEnv';

const env = {
  apiBaseUrl: 'http://127.0.0.1:4400',
  remotesManifestUrl: 'http://127.0.0.1:3200/remotes.json',
  loginKey: 'originate-login-key-0123456789ab',
  portalAppName: 'originate-backoffice',
};
const token = 'access-token-0123456789abcdef0123456789';

const user = testUser;
const session = (roles?: string[]): Session => testSession(roles, token);

type Handler = (request: Request) => Response | Promise<Response>;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let requests: Request[];
let navigate: jest.Mock;
const realFetch = globalThis.fetch;

function stubFetch(...handlers: Handler[]): void {
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    requests.push(request.clone());
    const handler = handlers[Math.min(requests.length - 1, handlers.length - 1)];
    if (!handler) throw new Error('no handler');
    return handler(request);
  }) as typeof fetch;
}

beforeEach(() => {
  requests = [];
  navigate = jest.fn();
  configureHttp({ navigate });
  sharedStore.set(runtimeEnvAtom, env);
  sharedStore.set(sessionAtom, session());
  sharedStore.set(toastsAtom, []);
  sharedStore.set(appRefIdAtom, null);
  closeModal();
  window.history.pushState({}, '', '/backstage/applications');
  // biome-ignore lint/suspicious/noDocumentCookie: plays the server's Set-Cookie; jsdom has no Cookie Store API
  document.cookie = 'XSRF-TOKEN=xsrf-123; path=/';
});

afterEach(() => {
  globalThis.fetch = realFetch;
  clearSession();
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('api requests', () => {
  it('sends the session headers, XSRF token and credentials on a GET', async () => {
    sharedStore.set(appRefIdAtom, 'ref-9');
    stubFetch(() => json({ rows: [1] }));
    const answer = await api.get<{ rows: number[] }>('/backstage/getTableConfig/ALL_APPLICATIONS', {
      searchParams: { page: 2, active: true },
    });
    expect(answer).toEqual({ rows: [1] });
    const [request] = requests;
    expect(request?.method).toBe('GET');
    expect(request?.url).toBe('http://127.0.0.1:4400/backstage/getTableConfig/ALL_APPLICATIONS?page=2&active=true');
    expect(request?.headers.get('access_token')).toBe(token);
    expect(request?.headers.get('sessionId')).toBe('sess-1');
    expect(request?.headers.get('appRefId')).toBe('ref-9');
    expect(request?.headers.get('X-XSRF-TOKEN')).toBe('xsrf-123');
    expect(request?.headers.get('Content-Type')).toBeNull();
    expect(request?.credentials).toBe('include');
  });

  it('omits appRefId when absent and sends JSON content and accept on POST and PUT', async () => {
    stubFetch(() => json({ ok: true }));
    await api.post('/v3/application/save', { application_id: 'A1' });
    await api.put('/v3/application/save', { application_id: 'A2' });
    for (const request of requests) {
      expect(request.headers.get('appRefId')).toBeNull();
      expect(request.headers.get('Content-Type')).toBe('application/json');
      expect(request.headers.get('Accept')).toBe('application/json');
    }
    expect(await requests[0]?.json()).toEqual({ application_id: 'A1' });
    expect(requests[1]?.method).toBe('PUT');
  });

  it('sends an encrypted body as {data} keyed by the access token and decrypts the {data} answer', async () => {
    const reply = await encryptPayload({ actions: ['lookup'] }, token);
    stubFetch(() => json({ data: reply }));
    const answer = await api.post('/v3/microflow/execute/m1', { field: 'pan' }, { encrypted: true });
    expect(answer).toEqual({ actions: ['lookup'] });
    const sent = (await requests[0]?.json()) as { data: string };
    expect(Object.keys(sent)).toEqual(['data']);
    expect(sent.data).toMatch(/^[0-9a-f]{32}:[0-9a-f]+$/);
    expect(await decryptPayload(sent.data, token)).toEqual({ field: 'pan' });
  });

  it('decrypts admin responses without being asked, but leaves excluded and non-admin routes alone', async () => {
    const theme = { primaryColor: '#0b3d91' };
    stubFetch(async (request) =>
      json(
        new URL(request.url).pathname === '/api/getCustomeStyle'
          ? { data: await encryptPayload(theme, token) }
          : { data: 'x' },
      ),
    );
    expect(await api.get('/api/getCustomeStyle')).toEqual(theme);
    expect(await api.get('/setup/configs/Environment/Domain')).toEqual({ data: 'x' });
    expect(await api.get('/v3/users/roles')).toEqual({ data: 'x' });
  });

  it('prefixes non-admin paths with /debugger in debug mode, never admin paths', async () => {
    sharedStore.set(sessionAtom, session(['DEBUGGER', 'DEVELOPER']));
    sharedStore.set(debugModeAtom, true);
    stubFetch(() => json([]));
    await api.get('/backstage/getApplications');
    await api.get('/setup/configs/Admin/Features');
    expect(requests.map((r) => r.url)).toEqual([
      'http://127.0.0.1:4400/debugger/backstage/getApplications',
      'http://127.0.0.1:4400/setup/configs/Admin/Features',
    ]);
  });

  it('sends a FormData body as multipart, with its own boundary', async () => {
    stubFetch(() => json({ fileId: 'f1' }));
    const form = new FormData();
    form.append('app_id', 'A1');
    form.append('file', new Blob(['%PDF'], { type: 'application/pdf' }), 'id.pdf');
    await expect(api.post('/api/uploadLocalFiletoS3', form)).resolves.toEqual({ fileId: 'f1' });
    expect(requests[0]?.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    const received = await requests[0]?.formData();
    expect(received?.get('app_id')).toBe('A1');
    expect(received?.get('file')).toMatchObject({ name: 'id.pdf', type: 'application/pdf' });
  });

  it('throws an ApiError carrying the validation items', async () => {
    stubFetch(() =>
      json({ code: 1101, message: 'Validation Failed', errors: [{ label: 'amount', reason: 'is required' }] }, 400),
    );
    const error = await api.post('/v3/application/save', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 1101,
      items: ['amount - is required'],
      path: '/v3/application/save',
    });
  });

  it("carries a 429's Retry-After in seconds", async () => {
    stubFetch(
      () =>
        new Response(JSON.stringify({ code: 429, message: 'Too many attempts. Please try again later.' }), {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': '900' },
        }),
    );
    const error = await api.post('/v3/auth/login', {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429, code: 429, retryAfterSeconds: 900 });
  });

  it('refuses an encrypted call without a session', async () => {
    clearSession();
    await expect(api.post('/v3/graphql', { q: 1 }, { encrypted: true })).rejects.toThrow(
      'api: /v3/graphql is encrypted and needs a logged-in session',
    );
  });
});

describe('downloadBlob', () => {
  it('sends the session headers and answers the bytes; a failure is an ApiError with the server body', async () => {
    stubFetch(
      () => new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), { status: 200 }),
      () => json({ code: 403, message: 'You do not have access to this application' }, 403),
    );
    const blob = await downloadBlob('/v3/document/f-1', '/v3/document/:fileId');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new Uint8Array([0x25, 0x50, 0x44, 0x46]));
    expect(requests[0]?.headers.get('access_token')).toBe(token);
    expect(requests[0]?.headers.get('sessionId')).toBe('sess-1');
    const failure = await downloadBlob('/v3/document/f-2', '/v3/document/:fileId').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(403);
    expect((failure as ApiError).message).toBe('You do not have access to this application');
  });

  it('with a body, POSTs it as JSON with the XSRF header and answers the bytes', async () => {
    stubFetch(() => new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), { status: 200 }));
    const blob = await downloadBlob('/v3/template/preview', '/v3/template/preview', { template_type: 'PDF' });
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new Uint8Array([0x25, 0x50, 0x44, 0x46]));
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.headers.get('content-type')).toBe('application/json');
    expect(requests[0]?.headers.get('X-XSRF-TOKEN')).toBe('xsrf-123');
    expect(requests[0]?.headers.get('access_token')).toBe(token);
    expect(await requests[0]?.json()).toEqual({ template_type: 'PDF' });
  });
});

describe('401 on a non-login call', () => {
  it("toasts 'Session expired. Please login again.', clears the session and goes to the root", async () => {
    stubFetch(() => json({ code: 401, message: 'Unauthorized' }, 401));
    await expect(api.get('/backstage/getApplications')).rejects.toMatchObject({ status: 401 });
    expect(sharedStore.get(toastsAtom).map((t) => [t.message, t.severity])).toEqual([
      ['Session expired. Please login again.', 'error'],
    ]);
    expect(sharedStore.get(sessionAtom)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('under /newapplication fetches the customer portal link and returns to /newapplication with the query', async () => {
    window.history.pushState({}, '', '/newapplication/capture_1?appId=A1&lang=en');
    stubFetch(
      () => json({ code: 401, message: 'Unauthorized' }, 401),
      () => json([{ customerportal: 'http://127.0.0.1:3203/newapplication' }]),
    );
    await expect(api.get('/v3/application/A1')).rejects.toBeInstanceOf(ApiError);
    expect(requests[1]?.url).toBe('http://127.0.0.1:4400/setup/configs/Environment/Domain');
    expect(navigate).toHaveBeenCalledWith('/newapplication?appId=A1&lang=en');
    expect(sharedStore.get(sessionAtom)).toBeNull();
  });

  it('does not treat a failed login as an expired session', async () => {
    stubFetch(() => json({ code: 401, message: 'Invalid username or password' }, 401));
    await expect(login('asha', 'wrong')).rejects.toMatchObject({
      status: 401,
      message: 'Invalid username or password',
    });
    expect(sharedStore.get(toastsAtom)).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('auth calls', () => {
  it('login encrypts the password with the runtime login key and stores the session', async () => {
    clearSession();
    const answer = { ...session(), user: user() } as Partial<Session>;
    delete answer.issuedAt;
    stubFetch(() => json(answer));
    const before = Date.now();
    const stored = await login('asha', 'S3cret!');
    const request = requests[0];
    expect(request?.url).toBe('http://127.0.0.1:4400/v3/auth/login');
    const body = (await request?.json()) as { username: string; password: string };
    expect(body.username).toBe('asha');
    expect(body.password).not.toContain('S3cret');
    expect(await decryptPayload(body.password, env.loginKey)).toBe('S3cret!');
    expect(stored.issuedAt).toBeGreaterThanOrEqual(before);
    expect(sharedStore.get(sessionAtom)).toEqual(stored);
  });

  it("login passes on the server's 403 refusal", async () => {
    clearSession();
    const message = 'Access denied. Your account is not enabled for this portal.';
    stubFetch(() => json({ code: 403, message }, 403));
    await expect(login('asha', 'x')).rejects.toMatchObject({ status: 403, message });
    expect(sharedStore.get(sessionAtom)).toBeNull();
  });

  it('login refuses a user without the portal app even if the server let them in', async () => {
    clearSession();
    stubFetch(() => json({ ...session(), user: { ...user(), applications: ['other'] } }));
    await expect(login('asha', 'x')).rejects.toMatchObject({
      status: 403,
      message: 'Access denied. Your account is not enabled for this portal.',
    });
    expect(sharedStore.get(sessionAtom)).toBeNull();
  });

  it('refreshSession rotates the tokens and keeps the user', async () => {
    stubFetch(() =>
      json({
        access_token: `${token}-2`,
        refresh_token: 'refresh-2',
        sessionid: 'sess-1',
        expires_in: 1800,
        expiry_time: 'x',
      }),
    );
    const next = await refreshSession();
    expect(await requests[0]?.json()).toEqual({ refresh_token: 'refresh-1' });
    expect(next).toMatchObject({ access_token: `${token}-2`, refresh_token: 'refresh-2', expires_in: 1800 });
    expect(next.user.userid).toBe('u1');
    expect(sharedStore.get(sessionAtom)?.refresh_token).toBe('refresh-2');
  });

  it('concurrent refreshSession calls in one tab share one request (no Web Locks or BroadcastChannel in jsdom)', async () => {
    stubFetch(() =>
      json({
        access_token: `${token}-2`,
        refresh_token: 'refresh-2',
        sessionid: 'sess-1',
        expires_in: 900,
        expiry_time: 'x',
      }),
    );
    const [first, second] = await Promise.all([refreshSession(), refreshSession()]);
    expect(requests).toHaveLength(1);
    expect(second).toBe(first);
    expect(sharedStore.get(sessionAtom)?.refresh_token).toBe('refresh-2');
  });

  it("refreshSession answering 'Invalid user' clears the session and goes to ./login", async () => {
    stubFetch(() => json({ code: 401, message: 'Invalid user' }, 401));
    await expect(refreshSession()).rejects.toMatchObject({ status: 401, message: 'Invalid user' });
    expect(sharedStore.get(sessionAtom)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('./login');
    expect(sharedStore.get(toastsAtom)).toEqual([]);
  });

  it('endSession posts the refresh token, then clears the session', async () => {
    stubFetch(() => new Response(null, { status: 204 }));
    await endSession();
    expect(requests[0]?.url).toBe('http://127.0.0.1:4400/v3/auth/end-session');
    expect(await requests[0]?.json()).toEqual({ refresh_token: 'refresh-1' });
    expect(sharedStore.get(sessionAtom)).toBeNull();
  });

  it('endSession still clears the session when the server cannot be reached', async () => {
    stubFetch(() => {
      throw new TypeError('fetch failed');
    });
    await endSession();
    expect(sharedStore.get(sessionAtom)).toBeNull();
  });

  it("forgetPassword returns the server's message", async () => {
    stubFetch(() => json({ message: 'A reset link has been sent' }));
    await expect(forgetPassword('asha', 'http://127.0.0.1:3200/reset')).resolves.toBe('A reset link has been sent');
    expect(await requests[0]?.json()).toEqual({ username: 'asha', redirectURL: 'http://127.0.0.1:3200/reset' });
  });
});

describe('runtime env', () => {
  it("loads /env.json from the page's origin into runtimeEnvAtom", async () => {
    sharedStore.set(runtimeEnvAtom, null);
    stubFetch(() => json({ ...env, apiBaseUrl: 'http://127.0.0.1:4400/' }));
    await expect(loadRuntimeEnv()).resolves.toEqual(env);
    expect(requests[0]?.url).toBe(`${window.location.origin}/env.json`);
    expect(sharedStore.get(runtimeEnvAtom)).toEqual(env);
  });

  it('names the bad field of an env.json', () => {
    expect(() => parseRuntimeEnv({ ...env, loginKey: '' })).toThrow('env.json: loginKey must be a non-empty string');
    expect(() => parseRuntimeEnv({ ...env, loginKey: 'short' })).toThrow(
      'env.json: loginKey must be at least 32 characters',
    );
    expect(() => parseRuntimeEnv([])).toThrow('env.json: apiBaseUrl must be a non-empty string');
  });

  it('refuses calls before the env is loaded', async () => {
    sharedStore.set(runtimeEnvAtom, null);
    await expect(api.get('/v3/users')).rejects.toThrow(
      'Runtime environment is not loaded: call loadRuntimeEnv() first',
    );
  });
});

describe('reportError', () => {
  it("opens 'We encountered following errors' listing each validation item", () => {
    reportError(
      new ApiError(400, {
        code: 1101,
        message: 'Validation Failed',
        errors: [{ label: 'email', reason: 'is invalid' }, { reason: 'Amount too high' }],
      }),
    );
    expect(sharedStore.get(modalAtom)).toMatchObject({
      title: 'We encountered following errors',
      size: 'md',
      entries: [
        { type: 'error', description: 'email - is invalid' },
        { type: 'error', description: 'Amount too high' },
      ],
    });
  });

  it('toasts a passed-on message', () => {
    reportError(new ApiError(403, { code: 403, message: 'Not your task' }));
    expect(sharedStore.get(toastsAtom).map((t) => [t.message, t.severity])).toEqual([['Not your task', 'error']]);
  });

  it('shows the generic message for anything else', () => {
    reportError(new TypeError('Failed to fetch'));
    expect(sharedStore.get(modalAtom)?.message).toBe('Something bad happened; please try again later.');
  });

  it("stops modification-time updates on 'resubmission'", () => {
    reportError(new ApiError(409, { error: 'resubmission' }));
    expect(sharedStore.get(modTimeUpdatesStoppedAtom)).toBe(true);
  });
});
