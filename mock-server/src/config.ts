// Server configuration, read once from the environment. Every value has a development default;
// bad values fail start-up with a message naming the variable.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LOGIN_KEY } from '@originate/shared/node';

export interface Config {
  port: number;
  host: string;
  /** PGlite data directory; unused when databaseUrl is set. */
  dataDir: string;
  /** A real PostgreSQL; when set, PGlite is not used. */
  databaseUrl?: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  corsOrigins: string[];
  loginKey: string;
  customerPortalUrl: string;
  /** True when CUSTOMER_PORTAL_URL was given explicitly: it then overrides the stored Domain config on start. */
  customerPortalUrlExplicit: boolean;
  nodeEnv: string;
  /** Seconds a /tokenApi/getToken token lives. */
  shortTokenTtlSeconds: number;
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
    dataDir: env.DATA_DIR ? path.resolve(env.DATA_DIR) : path.join(PACKAGE_ROOT, '.data', 'pglite'),
    databaseUrl: env.DATABASE_URL || undefined,
    accessTokenTtlSeconds: positiveInt(env, 'ACCESS_TOKEN_TTL_SECONDS', 900),
    refreshTokenTtlSeconds: positiveInt(env, 'REFRESH_TOKEN_TTL_SECONDS', 28800),
    corsOrigins,
    loginKey,
    customerPortalUrl,
    customerPortalUrlExplicit: Boolean(env.CUSTOMER_PORTAL_URL),
    nodeEnv: env.NODE_ENV || 'development',
    shortTokenTtlSeconds: 300,
  };
}
