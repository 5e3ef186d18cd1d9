// The route lists the fuzz and access tests walk: everything comes from app.registeredRoutes (so a route
// added later is covered without touching the tests), plus the two lists a reviewer must sign off.

import type { FastifyInstance } from 'fastify';
import type { RegisteredRoute } from '../../src/app';
import { encodeText } from './strings';

/**
 * Every route that answers without a token (README "Auth and sessions"). The access test holds the
 * routes marked `config.public` to exactly this list, so a new public route must be added here and
 * documented in the README.
 */
export const PUBLIC_ROUTES: readonly string[] = [
  // Probes of load balancers and orchestrators (README "Health and drain").
  'GET /healthz',
  'HEAD /healthz',
  'GET /readyz',
  'HEAD /readyz',
  'POST /v3/auth/login',
  'POST /v3/auth/refresh-token',
  'POST /v3/auth/forget-password',
  // The mailed password reset link's page: check the link, set the new password (README "Messages").
  'GET /v3/auth/reset-password/check',
  'HEAD /v3/auth/reset-password/check',
  'POST /v3/auth/reset-password',
  'GET /setup/configs/Environment/Domain',
  'HEAD /setup/configs/Environment/Domain',
  // The bank's logo for the portal's header (README "Admin configuration").
  'GET /v3/portal/branding',
  'HEAD /v3/portal/branding',
  // The customer portal before a session exists (README "Customer flow").
  'GET /v3/lead/getAllProducts',
  'HEAD /v3/lead/getAllProducts',
  'GET /api/ProductDetails/:productCode',
  'HEAD /api/ProductDetails/:productCode',
  'GET /config/flow_config_by_id/:verNum/:flowId',
  'HEAD /config/flow_config_by_id/:verNum/:flowId',
  'GET /config/flow_configs',
  'HEAD /config/flow_configs',
  'GET /config/route_config/:productCode/:verNum',
  'HEAD /config/route_config/:productCode/:verNum',
  'GET /config/latest_route_config/:productCode',
  'HEAD /config/latest_route_config/:productCode',
  'GET /v3/flow/fetch_rules',
  'HEAD /v3/flow/fetch_rules',
  'POST /v3/component/componentsConfigs',
  'POST /config/get_fields_config',
  'POST /v3/translation/translate',
  'GET /v3/captcha/challenge',
  'HEAD /v3/captcha/challenge',
  'POST /v3/captcha/validateCaptcha',
  'POST /v3/external-integration/validate-token',
  // A resume link on a device the application does not know: it has no session until the code is right
  // (README "Resume links").
  'POST /v3/external-integration/resume/sendOtp',
  'POST /v3/external-integration/resume/verifyOtp',
  // Public only to create an application; later saves need that application's applicant session.
  'POST /v3/application/consumer/save_or_update',
  // The applicant portal's sign-in by a code sent to the e-mail (README "Applicant portal").
  'POST /v3/portal/signIn/sendOtp',
  'POST /v3/portal/signIn/verifyOtp',
  // The submitted application's confirmation and receipt: its receipt pass, else a session checked by the
  // route itself (README "Consents and the receipt").
  'GET /v3/application/:applicationId/confirmation',
  'HEAD /v3/application/:applicationId/confirmation',
  'GET /v3/application/:applicationId/receipt',
  'HEAD /v3/application/:applicationId/receipt',
  // The products' consent texts, and the bank's name and contact for the portal's end and error pages (README
  // "Consents and the receipt").
  'GET /v3/consents/:productCode',
  'HEAD /v3/consents/:productCode',
  'GET /v3/portal/contact',
  'HEAD /v3/portal/contact',
  // The portal's 'Request a call back' (README "Leads: callback requests").
  'POST /api/requestforcallback',
  // The app's i18n file (README "Routes"): read before anyone signs in, like the app's other assets.
  'GET /assets/i18n/:file',
  'HEAD /assets/i18n/:file',
];

/**
 * Routes a user without the portal app may still call (config.sessionOnly: ending one's own session).
 * RegisteredRoute does not carry the flag, so the access test checks it by behaviour: every other route
 * must refuse the portal-less user with 403.
 */
export const SESSION_ONLY_ROUTES: readonly string[] = [
  'POST /v3/auth/end-session',
  'POST /v3/auth/logout',
  'POST /user/logout',
  'POST /debugger/user/logout',
];

/**
 * GET routes that change something (the spec fixes their method). Fastify gives every GET a HEAD that runs
 * the same handler, so each of these turns it off (`exposeHeadRoute: false`); test/file-storage.test.ts
 * holds them to it, and checks that every HEAD route left writes nothing.
 */
export const WRITING_GET_ROUTES: readonly string[] = [
  '/v3/application/copy/:applicationId',
  // Taking a decision stores it and writes the application's risk grade.
  '/decision_engine/execute/:product/:name',
];

/**
 * Routes whose answers no response schema describes, each for a reason: every other route declares a
 * success answer and the error answers (test/answers.test.ts).
 */
export const ANSWERS_ELSEWHERE: readonly string[] = [];

export const DEBUG_PREFIX = '/debugger';

export const routeKey = (route: Pick<RegisteredRoute, 'method' | 'url'>) => `${route.method} ${route.url}`;

/**
 * The routes a client can address: CORS's `OPTIONS *` catch-all is left out (it is a preflight
 * answerer, not an API route; preflights carry no credentials by design).
 */
export function apiRoutes(app: FastifyInstance): RegisteredRoute[] {
  return app.registeredRoutes.filter((r) => !(r.method === 'OPTIONS' && r.url === '*'));
}

/**
 * How much of the systematic corpus a route gets. 'whole' (npm run fuzz): every hostile value in every
 * position. 'rotated' (npm test): the same, but where the answer does not depend on the route's own code a
 * route gets a turn of the list instead of all of it (`rotation`, below): the hostile auth header values, which the
 * one access hook meets before any route code, and the hostile bodies of a route that reads no body (GET,
 * HEAD: Fastify never parses them). Every value still meets every header on public and private routes
 * (test/fuzz.test.ts holds the rotation to that); body positions, query fields and path params keep every value.
 */
export type CorpusSize = 'whole' | 'rotated';

/**
 * `count` items of `list` for this route, consecutive from a start its key picks (wrapping), so each item
 * lands on about count/length of the routes and adding a route changes no other route's turn.
 */
export function rotation<T>(route: RegisteredRoute, list: readonly T[], count: number): T[] {
  if (count >= list.length) return [...list];
  let h = 7;
  for (const ch of routeKey(route)) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  const start = (h >>> 0) % list.length;
  return Array.from({ length: count }, (_, i) => list[(start + i) % list.length] as T);
}

/** Plausible values per path-param name, so a filled path matches the route and reaches its handler. */
const PARAM_VALUES: Record<string, string> = {
  id: 'PL-2026-000101',
  userid: 'USR-1001',
  type: 'Admin',
  name: 'Features',
  applicationId: 'PL-2026-000101',
  productCode: 'HL',
  product: 'HL',
  verNum: '243',
  flowId: 'home_loan',
  fileId: '00000000-0000-4000-8000-000000000000',
  microflowId: 'pincode_lookup',
  componentId: 'PL_LOAN',
  propertyType: 'DROPDOWN',
  property: 'MARITAL_STATUS',
  // Back office
  action: 'cancel',
  taskId: 'TSK-PL-2026-000101-1',
  status: 'OPEN',
  page: '0',
  subTaskId: 'SUB-00000000',
  // Video calls (README "Video calls")
  callId: '00000000-0000-4000-8000-000000000000',
  fileName: 'videoroom-100000-user-1-1764300000000000-audio-0.mjr',
};

/** `:param` → plausible value (or `override(name)` when given), each percent-encoded. */
export function fillPath(url: string, override?: (param: string) => string | undefined): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_, param: string) => {
    const value = override?.(param) ?? PARAM_VALUES[param] ?? 'x1';
    return encodeText(value);
  });
}

/** Names of a route's path params, in order. */
export const pathParams = (url: string): string[] => [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] ?? '');

/** HEAD answers carry no body, so only their status can be checked. */
export const hasBody = (method: string) => method !== 'HEAD';
