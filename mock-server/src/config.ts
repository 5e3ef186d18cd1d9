// Server configuration, read once from the environment. Every value has a development default;
// bad values fail start-up with a message naming the variable.
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LOGIN_KEY, INTEGRATION_KINDS, type IntegrationKind } from '@originate/contract';

export interface Config {
  port: number;
  host: string;
  /** PGlite data directory; unused when databaseUrl is set. */
  dataDir: string;
  /** PGlite's shared_buffers in MB (PGLITE_SHARED_BUFFERS_MB): PostgreSQL's 128 by default; tests start on 16, a third of the start-up. */
  pgliteSharedBuffersMb: number;
  /** A real PostgreSQL; when set, PGlite is not used. */
  databaseUrl?: string;
  /** Redis for several servers on one PostgreSQL (socket broadcasts, rate limits); unset: one process. */
  redisUrl?: string;
  /** What every Redis key and channel of this deployment starts with (two deployments may share a Redis). */
  redisKeyPrefix: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** How long this process answers an access token's session from memory (README "Session cache"); 0: never. */
  sessionCacheMs: number;
  corsOrigins: string[];
  loginKey: string;
  customerPortalUrl: string;
  /** True when CUSTOMER_PORTAL_URL was given explicitly: it then overrides the stored Domain config on start. */
  customerPortalUrlExplicit: boolean;
  nodeEnv: string;
  /** Seconds a /tokenApi/getToken token lives. */
  shortTokenTtlSeconds: number;
  /** A rotated refresh token presented again within this many seconds answers the same new pair (two tabs). */
  refreshReuseGraceSeconds: number;
  /** Login lockout: this many failed logins for one user name (known or not) lock it for loginLockSeconds. */
  loginMaxFailures: number;
  loginLockSeconds: number;
  /** Login and forget-password calls one client address may make per minute (the loose, per-address limit). */
  authCallsPerAddressPerMinute: number;
  /** OTP verify attempts (flow fields and portal sign-in) one client address may make per hour (README "OTP"). */
  otpVerifiesPerAddressPerHour: number;
  /** An applicant session ends this many hours after it began, refreshed or not (README "Applicant sessions"). */
  applicantSessionMaxHours: number;
  /** A request must arrive whole (headers and body) within this time, or its connection is closed. */
  requestTimeoutMs: number;
  /** Idle keep-alive connections are closed after this time. */
  keepAliveTimeoutMs: number;
  /** On SIGTERM, how long requests in flight may take to finish before what is left is closed (README "Health and drain"). */
  drainTimeoutMs: number;
  /**
   * Proxies (addresses or CIDR ranges) whose X-Forwarded-For is believed, so limits per client address
   * count the client, not the proxy; empty: the TCP peer is the client.
   */
  trustProxy: string[];
  /** HMAC key of the captcha challenges; unset: one generated per database (kept in meta). */
  captchaHmacKey?: string;
  /** Whether sent OTP messages are kept in the outbox DEVELOPERs read (OTP_OUTBOX=off turns it off). */
  otpOutbox: boolean;
  /** Generated applications the demo seed adds to the demo bank (SEED_APPLICATIONS; never in production). */
  seedApplications: number;
  /** Generated leads the demo seed adds (SEED_LEADS; never in production). */
  seedLeads: number;
  /** Logical bytes (live documents and their kept versions) one application may hold; past it additions answer 413. */
  applicationStorageQuotaBytes: number;
  /** Application copies (GET /v3/application/copy) one user may make per hour. */
  copiesPerUserPerHour: number;
  /**
   * The Janus video gateway as this server sees it (README "Video calls"): `url` for the information probe
   * (JANUS_URL, default ws://127.0.0.1:<JANUS_PORT or 8188>); the admin key and token secret when the
   * environment sets them (JANUS_ADMIN_KEY, JANUS_TOKEN_SECRET), else read from <DATA_DIR>/janus/keys.json.
   */
  videoGateway: { url: string; adminKey?: string; tokenSecret?: string };
  /** Applications one staff member may start (POST /v3/application/create) per hour. */
  startsPerUserPerHour: number;
  /** Document work (merges) in worker threads: pool size and per-job limits (README "Document work"). */
  documentLimits: DocumentLimits;
  /** Spreadsheet exports of lists running at once, in total and per user; beyond them they queue (README "Spreadsheet export"). */
  exportLimits: { running: number; perUser: number; queue: number };
  /** The SLA breach sweep (README "SLA breaches"): how often it runs (0: never), how many breaches one run marks, how old a breach may be and still notify. */
  slaSweep: SlaSweepConfig;
  /** Outgoing e-mail and SMS (README "Messages"): where they go, and how the outbox's worker delivers them. */
  messages: MessagesConfig;
  /** Vendor integrations (README "Integrations"): each kind's vendor, and how the one client calls them. */
  integrations: IntegrationsConfig;
}

interface IntegrationVendorConfig {
  /** INTEGRATION_<KIND>_URL: the real vendor's base URL; unset: the built-in sandbox the server starts. */
  url?: string;
  /** INTEGRATION_<KIND>_API_KEY: sent as the X-Api-Key header. */
  apiKey?: string;
  /** INTEGRATION_<KIND>_TIMEOUT_MS: one attempt gives up after this long. */
  timeoutMs: number;
}

interface IntegrationsConfig {
  vendors: Record<IntegrationKind, IntegrationVendorConfig>;
  /** INTEGRATION_RETRIES: further attempts of an idempotent call after a timeout, 5xx or unreachable vendor. */
  retries: number;
  /** INTEGRATION_RETRY_BASE_MS: the first retry's wait; each next one doubles it (with jitter). */
  retryBaseMs: number;
  /** INTEGRATION_BREAKER_FAILURES calls failing in a row open a kind's circuit for INTEGRATION_BREAKER_OPEN_MS. */
  breakerFailures: number;
  breakerOpenMs: number;
  /** INTEGRATION_SANDBOX_LATENCY_MS: how long the built-in sandboxes take to answer (the bench's 1 s vendor). */
  sandboxLatencyMs: number;
}

export interface MessagesConfig {
  /** SMTP_URL (smtp:// or smtps://, credentials and TLS options as the URL says); unset: e-mails wait QUEUED. */
  smtpUrl?: string;
  /** MAIL_FROM: the sender of every e-mail, e.g. `Originate Bank <no-reply@bank.example>`. */
  mailFrom: string;
  /** SMS_GATEWAY_URL (http or https): each SMS is POSTed there as {to, text, reference}; unset: SMS wait QUEUED. */
  smsGatewayUrl?: string;
  /** The worker looks for due messages this often besides being woken at each commit; 0: no worker in this process. */
  pollMs: number;
  /** Messages one claim takes. */
  batch: number;
  /** Messages sent at once (SMTP connections of the pool, SMS requests in flight). */
  concurrency: number;
  /** A claimed message is this process's for this long; past it (a killed process) another claims it again. */
  leaseMs: number;
  /** One send (an SMTP exchange, an SMS request) gives up after this long and counts as a failed attempt. */
  sendTimeoutMs: number;
}

interface SlaSweepConfig {
  /** Milliseconds between the end of one sweep and the start of the next; 0 turns the sweep off. */
  intervalMs: number;
  /** Breaches of one part one sweep marks at most; the rest wait for the next (a sweep stays short). */
  batch: number;
  /** A breach whose expected end is older than this is marked without notifying (old news after a stop or a seed). */
  notifyWithinHours: number;
}

export interface DocumentLimits {
  /** Worker threads merging at once. */
  workers: number;
  /** Jobs that may wait for a worker; beyond them a merge answers 503. */
  queue: number;
  /** Wall time of one job in its worker; past it the worker is stopped. */
  timeMs: number;
  /** A worker's JavaScript heap (V8 old generation). */
  memoryMb: number;
  /** Pages of one merge's result. */
  maxPages: number;
  /** Bytes one merge may decompress (PDF object and xref streams, PNG pixel data). */
  maxDecodedBytes: number;
  /** Pixels of one image (every frame of an animated PNG counts). */
  maxPixels: number;
}

const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function defaultCorsOrigins(): string[] {
  const origins: string[] = [];
  for (let port = 3000; port <= 3006; port++) {
    origins.push(`http://127.0.0.1:${port}`, `http://localhost:${port}`);
  }
  return origins;
}

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number, max = 2_147_483_647): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new Error(`${name} must be an integer between 1 and ${max}, got '${raw}'`);
  }
  return value;
}

/** A count that may be 0. */
function countOf(env: NodeJS.ProcessEnv, name: string, fallback: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value > max)
    throw new Error(`${name} must be an integer between 0 and ${max}, got '${raw}'`);
  return value;
}

/** A few hundred generated applications beside the 36 demo ones: lists with pages and counts worth seeing. */
const DEFAULT_SEED_APPLICATIONS = 300;
const DEFAULT_SEED_LEADS = 300;

/** Room for an application with 90 MB of documents and as much again in replaced versions and merges. */
const DEFAULT_APPLICATION_STORAGE_QUOTA_BYTES = 200 * 1024 * 1024;

/** PostgreSQL's own default. */
export const DEFAULT_PGLITE_SHARED_BUFFERS_MB = 128;

/** PGlite's in-memory URL stays as it is; anything else is a folder. */
export const IN_MEMORY_DATA_DIR = 'memory://';

function dataDirOf(raw: string | undefined): string {
  if (!raw) return path.join(PACKAGE_ROOT, '.data', 'pglite');
  return raw === IN_MEMORY_DATA_DIR ? raw : path.resolve(raw);
}

function captchaKeyOf(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (raw.length < 32) throw new Error('CAPTCHA_HMAC_KEY must be at least 32 characters');
  return raw;
}

function onOff(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'on') return true;
  if (raw === 'off') return false;
  throw new Error(`${name} must be 'on' or 'off', got '${raw}'`);
}

function redisUrlOf(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (!/^rediss?:$/.test(URL.canParse(raw) ? new URL(raw).protocol : '')) {
    throw new Error(`REDIS_URL must be a redis:// or rediss:// URL, got '${raw}'`);
  }
  return raw;
}

function redisKeyPrefixOf(raw: string | undefined): string {
  if (raw === undefined || raw === '') return 'originate:';
  if (!/^[\w.:-]{1,64}$/.test(raw)) {
    throw new Error(`REDIS_KEY_PREFIX must be 1 to 64 letters, digits or . _ : -, got '${raw}'`);
  }
  return raw;
}

/** A URL of one of `protocols` (e.g. ['smtp:', 'smtps:']), or undefined when unset; anything else fails start-up naming `name`. */
function urlOf(env: NodeJS.ProcessEnv, name: string, protocols: readonly string[]): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  if (!URL.canParse(raw) || !protocols.includes(new URL(raw).protocol)) {
    throw new Error(`${name} must be a ${protocols.map((p) => `${p}//`).join(' or ')} URL, got '${raw}'`);
  }
  return raw;
}

/** INTEGRATION_BUREAU_URL, INTEGRATION_BANK_STATEMENT_URL, ...: a kind's variables are named by its words in capitals. */
function integrationsOf(env: NodeJS.ProcessEnv): IntegrationsConfig {
  const vendors = {} as Record<IntegrationKind, IntegrationVendorConfig>;
  for (const kind of INTEGRATION_KINDS) {
    const prefix = `INTEGRATION_${kind.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
    vendors[kind] = {
      url: urlOf(env, `${prefix}_URL`, ['http:', 'https:']),
      apiKey: env[`${prefix}_API_KEY`] || undefined,
      timeoutMs: positiveInt(env, `${prefix}_TIMEOUT_MS`, 10_000, 600_000),
    };
  }
  return {
    vendors,
    retries: countOf(env, 'INTEGRATION_RETRIES', 2, 10),
    retryBaseMs: positiveInt(env, 'INTEGRATION_RETRY_BASE_MS', 200, 60_000),
    breakerFailures: positiveInt(env, 'INTEGRATION_BREAKER_FAILURES', 5, 1_000),
    breakerOpenMs: positiveInt(env, 'INTEGRATION_BREAKER_OPEN_MS', 30_000, 3_600_000),
    sandboxLatencyMs: countOf(env, 'INTEGRATION_SANDBOX_LATENCY_MS', 0, 600_000),
  };
}

/** MAIL_FROM: an address, or a name and an address in angle brackets. */
function mailFromOf(raw: string | undefined): string {
  if (raw === undefined || raw === '') return 'Originate <no-reply@originate.localhost>';
  if (!/^(?:[^<>@\r\n]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/.test(raw.trim())) {
    throw new Error(`MAIL_FROM must be an address or 'Name <address>', got '${raw}'`);
  }
  return raw.trim();
}

/** TRUST_PROXY: a comma-separated list of addresses or CIDR ranges (e.g. 127.0.0.1,10.0.0.0/8). */
function trustProxyOf(raw: string | undefined): string[] {
  if (raw === undefined || raw.trim() === '') return [];
  return raw.split(',').map((entry) => {
    const value = entry.trim();
    const [address = '', bits, ...rest] = value.split('/');
    const family = isIP(address);
    const maxBits = family === 6 ? 128 : 32;
    const validBits = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits);
    if (family === 0 || !validBits || rest.length > 0) {
      throw new Error(`TRUST_PROXY entry '${value}' must be an IP address or a CIDR range like 10.0.0.0/8`);
    }
    return value;
  });
}

/** JANUS_URL (ws:// or wss://), and the gateway keys: both or neither, each long enough to guess at no better than 128 bits. */
function videoGatewayOf(env: NodeJS.ProcessEnv): Config['videoGateway'] {
  const port = positiveInt(env, 'JANUS_PORT', 8188, 65535);
  const url = env.JANUS_URL || `ws://127.0.0.1:${port}`;
  if (!/^wss?:$/.test(URL.canParse(url) ? new URL(url).protocol : '')) {
    throw new Error(`JANUS_URL must be a ws:// or wss:// URL, got '${url}'`);
  }
  const adminKey = env.JANUS_ADMIN_KEY || undefined;
  const tokenSecret = env.JANUS_TOKEN_SECRET || undefined;
  if (Boolean(adminKey) !== Boolean(tokenSecret)) {
    throw new Error(
      'JANUS_ADMIN_KEY and JANUS_TOKEN_SECRET must be set together (or neither: <DATA_DIR>/janus/keys.json)',
    );
  }
  for (const [name, value] of [
    ['JANUS_ADMIN_KEY', adminKey],
    ['JANUS_TOKEN_SECRET', tokenSecret],
  ] as const) {
    if (value !== undefined && (value.length < 32 || /["\\\s]/.test(value))) {
      throw new Error(`${name} must be at least 32 characters without quotes, backslashes or spaces`);
    }
  }
  return { url, adminKey, tokenSecret };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const loginKey = env.LOGIN_KEY || DEFAULT_LOGIN_KEY;
  if (loginKey.length !== 32) throw new Error('LOGIN_KEY must be exactly 32 characters (it is the AES-256 key)');
  const corsOrigins = env.CORS_ORIGINS
    ? env.CORS_ORIGINS.split(',')
        .map((o) => o.trim())
        .filter(Boolean)
    : defaultCorsOrigins();
  for (const origin of corsOrigins) {
    if (!/^https?:\/\/[^/\s]+$/.test(origin))
      throw new Error(`CORS_ORIGINS entry '${origin}' must be an origin like http://127.0.0.1:3000`);
  }
  const customerPortalUrl = env.CUSTOMER_PORTAL_URL || 'http://127.0.0.1:3000/newapplication?product=PL';
  if (!URL.canParse(customerPortalUrl)) throw new Error('CUSTOMER_PORTAL_URL must be an absolute URL');
  return {
    port: positiveInt(env, 'SERVER_PORT', 4000, 65535),
    host: env.HOST || '127.0.0.1',
    dataDir: dataDirOf(env.DATA_DIR),
    pgliteSharedBuffersMb: positiveInt(env, 'PGLITE_SHARED_BUFFERS_MB', DEFAULT_PGLITE_SHARED_BUFFERS_MB, 16_384),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: redisUrlOf(env.REDIS_URL),
    redisKeyPrefix: redisKeyPrefixOf(env.REDIS_KEY_PREFIX),
    accessTokenTtlSeconds: positiveInt(env, 'ACCESS_TOKEN_TTL_SECONDS', 900),
    refreshTokenTtlSeconds: positiveInt(env, 'REFRESH_TOKEN_TTL_SECONDS', 28800),
    sessionCacheMs: countOf(env, 'SESSION_CACHE_MS', 2000, 60_000),
    corsOrigins,
    loginKey,
    customerPortalUrl,
    customerPortalUrlExplicit: Boolean(env.CUSTOMER_PORTAL_URL),
    nodeEnv: env.NODE_ENV || 'development',
    shortTokenTtlSeconds: 300,
    refreshReuseGraceSeconds: 5,
    loginMaxFailures: positiveInt(env, 'LOGIN_MAX_FAILURES', 5, 1000),
    loginLockSeconds: positiveInt(env, 'LOGIN_LOCK_SECONDS', 900),
    authCallsPerAddressPerMinute: positiveInt(env, 'AUTH_CALLS_PER_ADDRESS_PER_MINUTE', 60),
    otpVerifiesPerAddressPerHour: positiveInt(env, 'OTP_VERIFIES_PER_ADDRESS_PER_HOUR', 60),
    applicantSessionMaxHours: positiveInt(env, 'APPLICANT_SESSION_MAX_HOURS', 12, 720),
    requestTimeoutMs: positiveInt(env, 'REQUEST_TIMEOUT_MS', 30_000),
    keepAliveTimeoutMs: positiveInt(env, 'KEEP_ALIVE_TIMEOUT_MS', 5_000),
    drainTimeoutMs: positiveInt(env, 'DRAIN_TIMEOUT_MS', 10_000),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    captchaHmacKey: captchaKeyOf(env.CAPTCHA_HMAC_KEY),
    otpOutbox: onOff(env, 'OTP_OUTBOX', true),
    seedApplications: countOf(env, 'SEED_APPLICATIONS', DEFAULT_SEED_APPLICATIONS, 10_000_000),
    seedLeads: countOf(env, 'SEED_LEADS', DEFAULT_SEED_LEADS, 10_000_000),
    applicationStorageQuotaBytes: positiveInt(
      env,
      'APPLICATION_STORAGE_QUOTA_BYTES',
      DEFAULT_APPLICATION_STORAGE_QUOTA_BYTES,
      Number.MAX_SAFE_INTEGER,
    ),
    copiesPerUserPerHour: positiveInt(env, 'COPIES_PER_USER_PER_HOUR', 30, 1_000_000),
    videoGateway: videoGatewayOf(env),
    startsPerUserPerHour: positiveInt(env, 'STARTS_PER_USER_PER_HOUR', 30, 1_000_000),
    documentLimits: {
      workers: positiveInt(env, 'DOCUMENT_WORKERS', 1, 64),
      queue: countOf(env, 'DOCUMENT_QUEUE', 8, 10_000),
      timeMs: positiveInt(env, 'DOCUMENT_TIME_LIMIT_MS', 30_000),
      memoryMb: positiveInt(env, 'DOCUMENT_MEMORY_MB', 512, 65_536),
      maxPages: positiveInt(env, 'DOCUMENT_MAX_PAGES', 2_000),
      maxDecodedBytes: positiveInt(env, 'DOCUMENT_MAX_DECODED_BYTES', 128 * 1024 * 1024),
      maxPixels: positiveInt(env, 'DOCUMENT_MAX_PIXELS', 25_000_000),
    },
    exportLimits: {
      running: positiveInt(env, 'EXPORTS_RUNNING', 1, 64),
      perUser: positiveInt(env, 'EXPORTS_PER_USER', 1, 64),
      queue: countOf(env, 'EXPORTS_QUEUE', 20, 10_000),
    },
    slaSweep: {
      intervalMs: countOf(env, 'SLA_SWEEP_INTERVAL_MS', 60_000, 86_400_000),
      batch: positiveInt(env, 'SLA_SWEEP_BATCH', 1_000, 100_000),
      notifyWithinHours: positiveInt(env, 'SLA_BREACH_NOTIFY_WITHIN_HOURS', 24, 8_760),
    },
    messages: {
      smtpUrl: urlOf(env, 'SMTP_URL', ['smtp:', 'smtps:']),
      mailFrom: mailFromOf(env.MAIL_FROM),
      smsGatewayUrl: urlOf(env, 'SMS_GATEWAY_URL', ['http:', 'https:']),
      pollMs: countOf(env, 'OUTBOX_POLL_MS', 5_000, 3_600_000),
      batch: positiveInt(env, 'OUTBOX_BATCH', 100, 10_000),
      concurrency: positiveInt(env, 'OUTBOX_CONCURRENCY', 10, 100),
      leaseMs: positiveInt(env, 'OUTBOX_LEASE_MS', 120_000, 86_400_000),
      sendTimeoutMs: positiveInt(env, 'OUTBOX_SEND_TIMEOUT_MS', 30_000, 600_000),
    },
    integrations: integrationsOf(env),
  };
}
