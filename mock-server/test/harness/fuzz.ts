// The request fuzzer shared by test/fuzz.test.ts (a modest run in CI) and scripts/fuzz.ts (10,000+):
// for each registered route, a fixed corpus (every hostile string in every string position, hostile
// bodies, content types and tokens) plus fast-check-generated cases, sent with app.inject, and a raw
// corpus sent on sockets to the listening server (raw.ts: what Node's own parser refuses); every answer
// is held to answerProblem (no 5xx, error envelope with a catalogue code) and, when the input breaks
// the route's contract, must not be a 2xx.

import { DEFAULT_LOGIN_KEY, encryptPayload } from '@originate/contract';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { RegisteredRoute } from '../../src/app';
import { createSession, isSessionLive, issueShortToken, revokeSession } from '../../src/modules/auth/sessions';
import { login } from '../helpers';
import { answerProblem, statusClass } from './envelope';
import { rawCorpus, sendRaw } from './raw';
import { apiRoutes, type CorpusSize, DEBUG_PREFIX, fillPath, hasBody, pathParams, rotation, routeKey } from './routes';
import {
  type Hints,
  invalidArb,
  type JsonSchema,
  labelOf,
  replaceAt,
  sampleValid,
  stringPaths,
  validArb,
} from './schema';
import { EVIL_STRINGS, encodeText, HEADER_STRINGS, headerValueArb, NUL, SURROGATE_HIGH, URL_EVIL } from './strings';

export type UserName = 'officer' | 'opsadmin' | 'developer';
const USERS: readonly UserName[] = ['officer', 'opsadmin', 'developer'];

/** Which token the request carries; resolved against live sessions only when it is sent. */
export type TokenKind = 'none' | 'valid' | 'expired' | 'revoked' | 'garbage' | 'doubled';

export interface AuthChoice {
  user: UserName;
  token: TokenKind;
  /** The session id header: absent, the token's own, another session's, or garbage. */
  sessionid: 'none' | 'match' | 'other' | 'garbage';
  xsrf: 'none' | 'match' | 'wrong';
  garbage: string;
}

export interface FuzzCase {
  route: RegisteredRoute;
  /** Path and query, already encoded. */
  url: string;
  auth: AuthChoice;
  headers: Record<string, string | string[]>;
  payload?: string | Buffer;
  /** The input breaks the route's contract: any 2xx is a bug. */
  mustRefuse: boolean;
  /** What the case does, for the failure report. */
  what: string;
}

interface Actor {
  userid: string;
  access: string;
  sessionid: string;
  xsrf: string;
}

export interface FuzzContext {
  app: FastifyInstance;
  actors: Record<UserName, Actor>;
  /** Tokens that must be refused: one expired, one revoked session per user. */
  dead: Record<UserName, { expired: string; revoked: string }>;
  hints: Hints;
  /** Per user: a live /tokenApi/getToken token and a team of theirs, put first in that user's hints. */
  own: Record<UserName, { token: string; team: string }>;
}

const SESSION_TTL = { accessTokenTtlSeconds: 900, refreshTokenTtlSeconds: 28800 };

/** Logs the fuzz users in once (the login rate limit allows that) and mints the dead tokens. */
export async function prepareFuzz(app: FastifyInstance): Promise<FuzzContext> {
  const { db } = app.ctx;
  const actors = {} as Record<UserName, Actor>;
  const dead = {} as FuzzContext['dead'];
  const shortTokens: string[] = [];
  const own = {} as FuzzContext['own'];
  for (const name of USERS) {
    const l = await login(app, name);
    actors[name] = { userid: l.user.userid, access: l.access_token, sessionid: l.sessionid, xsrf: l.xsrf };
    const past = new Date(Date.now() - 2 * 86_400_000);
    const expired = await createSession(db, l.user.userid, SESSION_TTL, past);
    const revoked = await createSession(db, l.user.userid, SESSION_TTL, new Date());
    await revokeSession(db, revoked.sessionid, 'fuzz', new Date());
    dead[name] = { expired: expired.access_token, revoked: revoked.access_token };
    // Body tokens live on a session the fuzz never sees, so a fuzzed logout cannot kill them.
    const keep = await createSession(db, l.user.userid, SESSION_TTL, new Date());
    const short = await issueShortToken(
      db,
      { sessionId: keep.sessionid, userId: l.user.userid, xsrfToken: keep.xsrfToken },
      86_400,
      new Date(),
    );
    shortTokens.push(short.token);
    own[name] = { token: short.token, team: OWN_TEAM[name] };
  }
  const spare = await createSession(db, actors.officer.userid, SESSION_TTL, new Date());
  const hints: Hints = {
    application_id: ['CL-2026-000103', 'HL-2026-000102', 'PL-2026-000999'],
    taskId: ['TSK-CL-2026-000103-3', 'TSK-HL-2026-000102-3', 'TSK-X'],
    assignTo: ['USR-1001', 'USR-1002', 'USR-1004', 'USR-9999'],
    userId: ['USR-1001', 'USR-1004', 'USR-1005'],
    userid: ['USR-1001', 'USR-1004', 'USR-1005'],
    teams: [['TEAM-MUM-WEST'], ['TEAM-RETAIL-LENDING', 'TEAM-MUM-WEST'], ['TEAM-PLATFORM'], ['TEAM-PUNE-CENTRAL']],
    groupid: ['TEAM-MUM-WEST', 'TEAM-PLATFORM', 'TEAM-NONE'],
    team: ['Mumbai West Branch', 'Platform Engineering', 'No Such Team'],
    userName: ['officer', 'teamlead', 'nobody'],
    token: shortTokens,
    refresh_token: [spare.refresh_token, 'r'.repeat(64)],
    // A known user with a wrong password would lock that user out; 'nobody' exercises the same path.
    username: ['nobody', 'fuzz-user'],
    password: [
      await encryptPayload('wrong', DEFAULT_LOGIN_KEY),
      await encryptPayload('wrong', 'k'.repeat(32)),
      '00:00',
      'zz:zz',
    ],
    redirectURL: ['http://127.0.0.1:3000/reset', 'javascript:alert(1)', 'ftp://x'],
    endpoint: ['https://push.example/fuzz', 'http://127.0.0.1/x'],
    p256dh: ['BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM'],
    auth: ['tBHItJI5svbpez7KI4CCXg'],
    page: ['1', '2'],
    size: ['10', '25'],
    product_code: ['PL', 'HL', 'GOLD'],
  };
  return { app, actors, dead, hints, own };
}

const OWN_TEAM: Record<UserName, string> = {
  officer: 'TEAM-MUM-WEST',
  opsadmin: 'TEAM-OPERATIONS',
  developer: 'TEAM-PLATFORM',
};

/** The hints with the route's primary user's own ids first, so the plausible case gets past ownership checks. */
function hintsFor(route: RegisteredRoute, ctx: FuzzContext): Hints {
  const user = primaryUser(route);
  const { userid } = ctx.actors[user];
  const { token, team } = ctx.own[user];
  const first = (key: string, value: unknown) => [value, ...(ctx.hints[key] ?? []).filter((v) => v !== value)];
  return {
    ...ctx.hints,
    userId: first('userId', userid),
    userid: first('userid', userid),
    token: first('token', token),
    groupid: first('groupid', team),
    teams: first('teams', [team]),
  };
}

/** The user whose rights get a case furthest into the route: debug routes need DEVELOPER, /setup ADMIN. */
export function primaryUser(route: RegisteredRoute): UserName {
  if (route.url.startsWith(`${DEBUG_PREFIX}/`)) return 'developer';
  if (route.url.startsWith('/setup/') || route.url === '/v3/users' || route.url.includes('/action/')) return 'opsadmin';
  return 'officer';
}

const schemaOf = (route: RegisteredRoute, part: 'body' | 'querystring' | 'params'): JsonSchema | undefined =>
  (route.schema as Record<string, JsonSchema | undefined> | undefined)?.[part];

/** Whether the route reads a request body at all (Fastify parses none for GET and HEAD). */
const readsBody = (route: RegisteredRoute) => route.method !== 'GET' && route.method !== 'HEAD';

function goodAuth(route: RegisteredRoute): AuthChoice {
  return { user: primaryUser(route), token: 'valid', sessionid: 'match', xsrf: 'match', garbage: '' };
}

const JSON_TYPE = 'application/json';

function jsonBody(value: unknown): Pick<FuzzCase, 'payload' | 'headers'> {
  return { payload: JSON.stringify(value), headers: { 'content-type': JSON_TYPE } };
}

/** The body a route is happy with (empty when it takes none). */
function baseBody(route: RegisteredRoute, hints: Hints): Pick<FuzzCase, 'payload' | 'headers'> {
  const schema = schemaOf(route, 'body');
  if (schema) return jsonBody(sampleValid(schema, hints));
  if (route.method === 'PUT') return jsonBody({ fuzz: true });
  return { headers: {} };
}

/**
 * The hints a query parameter may take: query values are text, so a hint that is not (a body's `teams` list)
 * says nothing about a query parameter of that name (the list call's `teams=` is a comma list).
 */
const textHints = (hints: Hints): Hints =>
  Object.fromEntries(Object.entries(hints).filter(([, values]) => values.every((v) => typeof v === 'string')));

function baseQuery(route: RegisteredRoute, hints: Hints): Record<string, string> {
  const schema = schemaOf(route, 'querystring');
  if (!schema?.properties) return {};
  return sampleValid(schema, textHints(hints)) as Record<string, string>;
}

/** A PUT fills its path with a config name of its own, so the fuzz never overwrites the seeded ones. */
function basePath(route: RegisteredRoute, override?: (p: string) => string | undefined): string {
  return fillPath(
    route.url,
    (p) => override?.(p) ?? (route.method === 'PUT' && p === 'name' ? 'FuzzSample' : undefined),
  );
}

const queryText = (query: Record<string, string>, raw: string[] = []) => {
  const parts = [...Object.entries(query).map(([k, v]) => `${encodeText(k)}=${encodeText(v)}`), ...raw];
  return parts.length > 0 ? `?${parts.join('&')}` : '';
};

const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

type HostileBody = [string | Buffer, string | undefined, string, boolean];

/** The upload forms of the wire contract (README "Uploads"): text fields first, then one file. */
const MULTIPART_FORMS: readonly (readonly string[])[] = [
  ['application_id', 'fieldKey'],
  ['application_id', 'fileId'],
];
const MULTIPART_VALUES: Record<string, (hints: Hints) => string> = {
  application_id: (hints) => String(hints.application_id?.[0] ?? 'PL-2026-000101'),
  fieldKey: () => 'id_document',
  fileId: () => '00000000-0000-4000-8000-000000000000',
};
const PDF_BYTES = '%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n';

/**
 * Multipart bodies a parser must refuse, for a route whose scope parses multipart: each upload form
 * with plausible fields (so the break is met where the file is read, not at an earlier check) cut off
 * at each place, with broken part headers, and framed by a missing, other or over-long boundary.
 */
function brokenMultipart(hints: Hints): HostileBody[] {
  const b = 'fuzzBoundary7MA4YWxk';
  const type = `multipart/form-data; boundary=${b}`;
  const bodies: HostileBody[] = [];
  for (const form of MULTIPART_FORMS) {
    const fields = form.map(
      (name) =>
        `--${b}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${MULTIPART_VALUES[name]?.(hints)}\r\n`,
    );
    const fileHead = `--${b}\r\nContent-Disposition: form-data; name="file"; filename="fuzz.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
    const open = `${fields.join('')}${fileHead}${PDF_BYTES}\r\n`;
    const whole = `${open}--${b}--\r\n`;
    const name = form.join('+');
    const firstValue = fields[0] ?? '';
    bodies.push(
      [open, type, `multipart ${name} without its closing boundary`, true],
      [`${open}--${b}`, type, `multipart ${name} cut inside the closing boundary`, true],
      [`${fields.join('')}${fileHead}${PDF_BYTES.slice(0, 12)}`, type, `multipart ${name} cut inside the file`, true],
      [firstValue.slice(0, -6), type, `multipart ${name} cut inside a field`, true],
      [`${fields.join('')}${fileHead.slice(0, 40)}`, type, `multipart ${name} cut inside part headers`, true],
      [
        `${fields.join('')}--${b}\r\nContent-Disposition form-data name=file\r\nX: \u0001\r\n\r\n${PDF_BYTES}\r\n--${b}--\r\n`,
        type,
        `multipart ${name} with broken part headers`,
        true,
      ],
      [whole, 'multipart/form-data', `multipart ${name} without a boundary parameter`, true],
      [whole, 'multipart/form-data; boundary=anotherBoundary', `multipart ${name} under another boundary`, true],
      [
        whole.replaceAll(b, 'x'.repeat(300)),
        `multipart/form-data; boundary=${'x'.repeat(300)}`,
        `multipart ${name} with a 300-character boundary`,
        true,
      ],
    );
  }
  bodies.push(['', type, 'empty multipart body', true]);
  return bodies;
}

/**
 * Hostile whole bodies: [payload, content-type, what, breaks the contract?]. What must be refused
 * depends on what the route reads: text a database cannot hold, unbounded nesting and unparsable JSON
 * on any route that reads a body; a non-object on one that takes a JSON value; a shape its schema
 * forbids only where the schema says so.
 */
function hostileBodies(route: RegisteredRoute, hints: Hints): HostileBody[] {
  const anyBody = readsBody(route);
  const takesValue = anyBody && (schemaOf(route, 'body') !== undefined || route.method === 'PUT');
  const closed = anyBody && schemaOf(route, 'body')?.additionalProperties === false;
  const cesu = Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]);
  const multipart = '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b--';
  return [
    [deepArray(5_000), JSON_TYPE, '5,000-deep arrays', anyBody],
    [deepObject(5_000), JSON_TYPE, '5,000-deep objects', anyBody],
    [`{"teams":${deepArray(2_000)},"token":${deepObject(2_000)}}`, JSON_TYPE, 'deep values in fields', anyBody],
    ['{"a":', JSON_TYPE, 'truncated JSON', anyBody],
    ['not json', JSON_TYPE, 'not JSON', anyBody],
    ['{"a":"\\u0000"}', JSON_TYPE, 'escaped NUL in a value', anyBody],
    ['{"a":"\\ud800"}', JSON_TYPE, 'escaped lone surrogate in a value', anyBody],
    ['{"\\u0000":1}', JSON_TYPE, 'NUL in a key', anyBody],
    // Decoded as U+FFFD, which is well-formed text: only the route's own rules decide.
    [cesu, JSON_TYPE, 'CESU-8 surrogate bytes', closed],
    [Buffer.from([0xff, 0xfe, 0x00, 0x7b]), JSON_TYPE, 'invalid UTF-8 bytes', anyBody],
    ['{"__proto__":{"isAdmin":true}}', JSON_TYPE, '__proto__ key', anyBody],
    ['{"constructor":{"prototype":{"isAdmin":true}}}', JSON_TYPE, 'constructor.prototype key', closed],
    ['{"data":"00112233445566778899aabbccddeeff:00"}', JSON_TYPE, 'bad {data} envelope', closed],
    ['{"data":5}', JSON_TYPE, '{data} envelope of a number', closed],
    ['{"data":"zz"}', JSON_TYPE, '{data} envelope without iv', closed],
    ['', JSON_TYPE, 'empty JSON body', false],
    ['   ', JSON_TYPE, 'blank JSON body', false],
    ['null', JSON_TYPE, 'null body', takesValue],
    ['[]', JSON_TYPE, 'list body', closed],
    ['"text"', JSON_TYPE, 'string body', takesValue],
    ['{"a":1}', 'text/plain', 'JSON as text/plain', takesValue],
    ['a=1&b=2', 'application/x-www-form-urlencoded', 'form body', takesValue],
    [multipart, 'multipart/form-data; boundary=b', 'multipart body', takesValue],
    ['{"a":1}', 'application/json; charset=latin1', 'latin1 JSON', closed],
    ['{"a":1}', 'application/xml', 'unknown content type', takesValue],
    [`{"a":"${'A'.repeat(1_100_000)}"}`, JSON_TYPE, 'body over 1 MiB', anyBody],
    ...(route.multipart && anyBody ? brokenMultipart(hints) : []),
  ];
}

/** Hostile header values per route in the rotated corpus (of 9), and hostile bodies per route that reads none (of 27). */
const ROTATED_HEADER_VALUES = 3;
const ROTATED_UNREAD_BODIES = 4;

/** The systematic part: each hostile value in each position, once per route (see CorpusSize). */
export function corpus(route: RegisteredRoute, ctx: FuzzContext, size: CorpusSize = 'whole'): FuzzCase[] {
  const hints = hintsFor(route, ctx);
  const cases: FuzzCase[] = [];
  const auth = goodAuth(route);
  const body = baseBody(route, hints);
  const query = baseQuery(route, hints);
  const url = `${basePath(route)}${queryText(query)}`;
  const base = { route, auth, url, headers: body.headers, payload: body.payload };
  const push = (c: Partial<FuzzCase> & { what: string; mustRefuse: boolean }) =>
    cases.push({ ...base, ...c, headers: { ...base.headers, ...(c.headers ?? {}) } });

  push({ what: 'plausible input', mustRefuse: false });
  push({ what: 'plausible input, no token', auth: { ...auth, token: 'none' }, mustRefuse: !route.public });

  // Every string of the body, then every body object gets a hostile key.
  const bodySchema = schemaOf(route, 'body');
  if (bodySchema && body.payload !== undefined && readsBody(route)) {
    const value = JSON.parse(String(body.payload)) as unknown;
    for (const at of stringPaths(value)) {
      for (const evil of EVIL_STRINGS) {
        push({
          ...jsonBody(replaceAt(value, at, evil.value)),
          what: `body ${labelOf(at)} = ${evil.what}`,
          mustRefuse: evil.refused,
        });
      }
    }
    if (bodySchema.additionalProperties === false && typeof value === 'object' && value !== null) {
      for (const key of ['extra', `k${NUL}`, `k${SURROGATE_HIGH}`, '__proto__']) {
        push({
          payload: `${JSON.stringify(value).slice(0, -1)},${JSON.stringify(key)}:1}`,
          what: `body extra field ${JSON.stringify(key)}`,
          mustRefuse: true,
        });
      }
    }
  }

  // Every query field, and a field the route does not declare.
  for (const name of [...Object.keys(query), 'extra']) {
    for (const evil of URL_EVIL) {
      push({
        url: `${basePath(route)}${queryText({ ...query, [name]: '' }).replace(`${name}=`, `${name}=${evil.raw}`)}`,
        what: `query ${name} = ${evil.what}`,
        mustRefuse: evil.refused || name === 'extra',
      });
    }
  }
  push({
    url: `${basePath(route)}${queryText(query, ['page=1', 'page=2'])}`,
    what: 'repeated query field',
    mustRefuse: true,
  });

  // Every path param.
  for (const param of pathParams(route.url)) {
    for (const evil of URL_EVIL) {
      const path = route.url.replace(/:([A-Za-z0-9_]+)/g, (_, p: string) =>
        p === param ? evil.raw : basePath({ ...route, url: `:${p}` }),
      );
      push({ url: `${path}${queryText(query)}`, what: `path ${param} = ${evil.what}`, mustRefuse: evil.refused });
    }
  }

  // Every auth header, with values HTTP can carry.
  const headerValues = size === 'whole' ? HEADER_STRINGS : rotation(route, HEADER_STRINGS, ROTATED_HEADER_VALUES);
  for (const h of headerValues) {
    push({
      auth: { ...auth, token: 'garbage', garbage: h.value },
      what: `access_token = ${h.what}`,
      mustRefuse: !route.public,
    });
    push({
      auth: { ...auth, sessionid: 'garbage', garbage: h.value },
      what: `sessionid = ${h.what}`,
      mustRefuse: !route.public,
    });
    push({
      auth: { ...auth, xsrf: 'none' },
      headers: { 'x-xsrf-token': h.value },
      what: `x-xsrf-token = ${h.what}`,
      mustRefuse: !route.public,
    });
  }
  for (const token of ['expired', 'revoked', 'doubled'] as const) {
    push({ auth: { ...auth, token }, what: `${token} access_token`, mustRefuse: !route.public });
  }
  push({ auth: { ...auth, sessionid: 'other' }, what: "another session's sessionid", mustRefuse: !route.public });
  push({ auth: { ...auth, xsrf: 'wrong' }, what: "another session's x-xsrf-token", mustRefuse: !route.public });

  const bodies = hostileBodies(route, hints);
  const sentBodies = size === 'whole' || readsBody(route) ? bodies : rotation(route, bodies, ROTATED_UNREAD_BODIES);
  for (const [payload, type, what, mustRefuse] of sentBodies) {
    push({ payload, headers: type ? { 'content-type': type } : {}, what: `body: ${what}`, mustRefuse });
  }
  return cases;
}

const authArb = (route: RegisteredRoute): fc.Arbitrary<AuthChoice> =>
  fc.record({
    user: fc.oneof({ arbitrary: fc.constant(primaryUser(route)), weight: 3 }, fc.constantFrom(...USERS)),
    token: fc.oneof(
      { arbitrary: fc.constant<TokenKind>('valid'), weight: 6 },
      fc.constantFrom<TokenKind>('none', 'expired', 'revoked', 'garbage', 'doubled'),
    ),
    sessionid: fc.oneof(
      { arbitrary: fc.constantFrom<AuthChoice['sessionid']>('none', 'match'), weight: 6 },
      fc.constantFrom<AuthChoice['sessionid']>('other', 'garbage'),
    ),
    xsrf: fc.oneof(
      { arbitrary: fc.constantFrom<AuthChoice['xsrf']>('none', 'match'), weight: 6 },
      fc.constant<AuthChoice['xsrf']>('wrong'),
    ),
    garbage: headerValueArb,
  });

const badAuth = (a: AuthChoice, route: RegisteredRoute) =>
  !route.public && (a.token !== 'valid' || a.sessionid === 'other' || a.sessionid === 'garbage' || a.xsrf === 'wrong');

/** The generated part: random plausible-or-broken input per route. */
export function caseArb(route: RegisteredRoute, ctx: FuzzContext): fc.Arbitrary<FuzzCase> {
  const hints = hintsFor(route, ctx);
  const bodySchema = schemaOf(route, 'body');
  const querySchema = schemaOf(route, 'querystring');
  const paramsSchema = schemaOf(route, 'params');

  type Part = { payload?: string | Buffer; headers: Record<string, string>; what: string; broken: boolean };
  const json = (value: unknown, what: string, broken: boolean): Part => ({ ...jsonBody(value), what, broken }) as Part;

  const hostileArb = fc.constantFrom(...hostileBodies(route, hints)).map(
    ([payload, type, what, broken]): Part => ({
      payload,
      headers: type ? { 'content-type': type } : {},
      what: `body: ${what}`,
      broken,
    }),
  );
  const bodyArb: fc.Arbitrary<Part> = !readsBody(route)
    ? fc.constant<Part>({ headers: {}, what: 'no body', broken: false })
    : bodySchema
      ? fc.oneof(
          { arbitrary: validArb(bodySchema, hints).map((v) => json(v, 'valid body', false)), weight: 4 },
          { arbitrary: invalidArb(bodySchema, hints).map((m) => json(m.value, `body ${m.what}`, true)), weight: 5 },
          hostileArb,
        )
      : fc.oneof(
          fc.constant<Part>({ headers: {}, what: 'no body', broken: false }),
          fc.jsonValue({ maxDepth: 4 }).map((v) => json(v, 'any JSON body', false)),
          fc.constantFrom(...EVIL_STRINGS).map((e) => json({ value: e.value }, `body value = ${e.what}`, e.refused)),
          hostileArb,
        );

  type Url = { query: string; what: string; broken: boolean };
  const queryArb: fc.Arbitrary<Url> = fc.oneof(
    { arbitrary: fc.constant({ query: queryText(baseQuery(route, hints)), what: '', broken: false }), weight: 4 },
    ...(querySchema?.properties
      ? [
          validArb(querySchema, textHints(hints)).map((v) => ({
            query: queryText(v as Record<string, string>),
            what: '',
            broken: false,
          })),
          invalidArb(querySchema, textHints(hints))
            .filter((m) => typeof m.value === 'object' && m.value !== null && !Array.isArray(m.value))
            .map((m) => ({
              query: queryText(
                Object.fromEntries(
                  Object.entries(m.value as object).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
                ),
              ),
              what: `query ${m.what}`,
              // A non-string turned to text may be valid text ('5' for a page), so only text mutations count.
              broken: !m.what.includes('wrong type'),
            })),
        ]
      : []),
    fc.tuple(fc.string({ minLength: 1, maxLength: 10 }), fc.constantFrom(...URL_EVIL)).map(([k, e]) => ({
      query: `?${encodeText(k)}=${e.raw}`,
      what: `query ${JSON.stringify(k)} = ${e.what}`,
      broken: true,
    })),
  );

  type Path = { path: string; what: string; broken: boolean };
  const params = pathParams(route.url);
  const pathArb: fc.Arbitrary<Path> =
    params.length === 0
      ? fc.constant({ path: basePath(route), what: '', broken: false })
      : fc.oneof(
          { arbitrary: fc.constant({ path: basePath(route), what: '', broken: false }), weight: 3 },
          fc.tuple(fc.constantFrom(...params), fc.constantFrom(...URL_EVIL)).map(([param, e]) => ({
            path: route.url.replace(/:([A-Za-z0-9_]+)/g, (_, p: string) =>
              p === param ? e.raw : basePath({ ...route, url: `:${p}` }),
            ),
            what: `path ${param} = ${e.what}`,
            broken: e.refused,
          })),
          ...(paramsSchema?.properties
            ? [
                fc.tuple(fc.constantFrom(...params), fc.string({ maxLength: 70 })).map(([param, s]) => ({
                  path: basePath(route, (p) => (p === param ? s || 'x' : undefined)),
                  what: `path ${param} = ${JSON.stringify(s.slice(0, 20))}`,
                  broken: s.includes(NUL),
                })),
              ]
            : []),
        );

  const extraHeaderArb = fc.oneof(
    { arbitrary: fc.constant<Record<string, string>>({}), weight: 4 },
    headerValueArb.map((v) => ({ 'x-xsrf-token': v })),
    headerValueArb.map((v) => ({ origin: v })),
    headerValueArb.map((v) => ({ 'accept-language': v })),
  );

  return fc
    .record({ auth: authArb(route), body: bodyArb, query: queryArb, path: pathArb, extra: extraHeaderArb })
    .map(({ auth, body, query, path, extra }): FuzzCase => {
      const what = [
        body.what,
        query.what,
        path.what,
        badAuth(auth, route) ? `auth ${auth.token}/${auth.sessionid}/${auth.xsrf}` : '',
      ]
        .filter(Boolean)
        .join('; ');
      return {
        route,
        url: `${path.path}${query.query}`,
        auth: 'x-xsrf-token' in extra ? { ...auth, xsrf: 'none' } : auth,
        headers: { ...extra, ...body.headers },
        payload: body.payload,
        mustRefuse: body.broken || query.broken || path.broken || badAuth(auth, route),
        what: what || 'plausible input',
      };
    });
}

/** A logged-in actor whose session a fuzzed logout, end-session or refresh reuse ended gets a new one. */
async function liveActor(ctx: FuzzContext, user: UserName): Promise<Actor> {
  const actor = ctx.actors[user];
  const { db } = ctx.app.ctx;
  if (await isSessionLive(db, actor.sessionid)) return actor;
  const s = await createSession(db, actor.userid, SESSION_TTL, new Date());
  ctx.actors[user] = { userid: actor.userid, access: s.access_token, sessionid: s.sessionid, xsrf: s.xsrfToken };
  return ctx.actors[user];
}

async function headersOf(ctx: FuzzContext, c: FuzzCase): Promise<Record<string, string | string[]>> {
  const { auth } = c;
  const actor = await liveActor(ctx, auth.user);
  const other = ctx.actors[auth.user === 'officer' ? 'opsadmin' : 'officer'];
  const h: Record<string, string | string[]> = {};
  const tokens: Record<TokenKind, string | string[] | undefined> = {
    none: undefined,
    valid: actor.access,
    expired: ctx.dead[auth.user].expired,
    revoked: ctx.dead[auth.user].revoked,
    garbage: auth.garbage,
    doubled: [ctx.dead[auth.user].revoked, actor.access],
  };
  const token = tokens[auth.token];
  if (token !== undefined) h.access_token = token;
  if (auth.sessionid === 'match') h.sessionid = actor.sessionid;
  if (auth.sessionid === 'other') h.sessionid = other.sessionid;
  if (auth.sessionid === 'garbage') h.sessionid = auth.garbage;
  if (auth.xsrf === 'match') h['x-xsrf-token'] = actor.xsrf;
  if (auth.xsrf === 'wrong') h['x-xsrf-token'] = other.xsrf;
  return { ...h, ...c.headers };
}

export interface Outcome {
  status: number;
  problem: string | null;
}

/** Sends one case; a request light-my-request itself refuses to build counts as status 0, no problem. */
export async function send(ctx: FuzzContext, c: FuzzCase): Promise<Outcome> {
  const options: InjectOptions = {
    method: c.route.method as InjectOptions['method'],
    url: c.url,
    headers: await headersOf(ctx, c),
    ...(c.payload === undefined ? {} : { payload: c.payload }),
  };
  const res = await ctx.app.inject(options);
  let problem = answerProblem(res, hasBody(c.route.method));
  if (!problem && c.mustRefuse && res.statusCode >= 200 && res.statusCode < 300) {
    problem = `accepted (${res.statusCode}) input it must refuse`;
  }
  return { status: res.statusCode, problem };
}

export interface Failure {
  route: string;
  what: string;
  url: string;
  status: number;
  problem: string;
}

/** Counts per route and status class, and the failures (first few per route + problem kind). */
export class Tally {
  readonly rows = new Map<string, Record<string, number>>();
  readonly failures: Failure[] = [];
  total = 0;
  private readonly seen = new Map<string, number>();

  add(c: Pick<FuzzCase, 'route' | 'what' | 'url'>, outcome: Outcome): void {
    this.total++;
    const key = routeKey(c.route);
    const row = this.rows.get(key) ?? { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, bad: 0 };
    const cls = statusClass(outcome.status);
    row[cls] = (row[cls] ?? 0) + 1;
    if (outcome.problem) row.bad = (row.bad ?? 0) + 1;
    this.rows.set(key, row);
    if (!outcome.problem) return;
    // Keep the report readable: a few examples per route, problem and input kind.
    const kind = `${key}|${outcome.problem.replace(/[0-9]+/g, 'N').slice(0, 60)}|${c.what.replace(/ = .*$/, '')}`;
    const n = this.seen.get(kind) ?? 0;
    this.seen.set(kind, n + 1);
    if (n < 2) {
      this.failures.push({
        route: key,
        what: c.what,
        url: c.url.slice(0, 120),
        status: outcome.status,
        problem: outcome.problem,
      });
    }
  }

  get badCount(): number {
    let n = 0;
    for (const row of this.rows.values()) n += row.bad ?? 0;
    return n;
  }

  table(): string {
    const head = ['route', '2xx', '3xx', '4xx', '5xx', 'bad'];
    const lines = [...this.rows.entries()].map(([route, r]) => [
      route,
      ...['2xx', '3xx', '4xx', '5xx', 'bad'].map((k) => String(r[k] ?? 0)),
    ]);
    const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
    const fmt = (cells: string[]) =>
      cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
    return [fmt(head), ...lines.map(fmt)].join('\n');
  }

  report(limit = 40): string {
    return this.failures
      .slice(0, limit)
      .map((f) => `${f.route} [${f.what.slice(0, 100)}] ${f.url} → ${f.status}: ${f.problem}`)
      .join('\n');
  }
}

/** Every fuzzed route: all registered ones but CORS's `OPTIONS *`. */
export const fuzzRoutes = apiRoutes;

/** A seed from FUZZ_SEED, or a fresh one (printed by the callers so a failure can be replayed). */
export function seedFrom(env: NodeJS.ProcessEnv, fallback: number): number {
  const raw = env.FUZZ_SEED;
  if (raw === undefined || raw === '') return fallback;
  const seed = Number(raw);
  if (!Number.isInteger(seed)) throw new Error(`FUZZ_SEED must be an integer, got ${raw}`);
  return seed;
}

/** Generated cases for a route, reproducible from (seed, route). */
export function generated(route: RegisteredRoute, ctx: FuzzContext, seed: number, runs: number): FuzzCase[] {
  if (runs <= 0) return [];
  // Each route draws from its own stream, so adding a route does not change the others' cases.
  let h = seed | 0;
  for (const ch of routeKey(route)) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return fc.sample(caseArb(route, ctx), { seed: h, numRuns: runs });
}

/** Runs cases in order, tallying each. */
export async function runCases(ctx: FuzzContext, cases: FuzzCase[], tally: Tally): Promise<void> {
  for (const c of cases) tally.add(c, await send(ctx, c));
}

/** Sends each route's raw corpus to the listening server on `port` (a few connections at once), tallying every answer. */
export async function runRawCases(
  port: number,
  routes: RegisteredRoute[],
  tally: Tally,
  size: CorpusSize = 'whole',
): Promise<void> {
  const cases = routes.flatMap((route) => rawCorpus(route, size));
  const next = cases.entries();
  const worker = async () => {
    for (const [, c] of next) {
      for (const outcome of await sendRaw(port, c)) tally.add({ ...c, url: c.bytes.slice(0, 80) }, outcome);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}
