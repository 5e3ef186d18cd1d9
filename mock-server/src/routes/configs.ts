// Spec §7 "Admin configuration": theme, features, environment domain, generic {type}/{name} configs.

import {
  type AdminConfigurations,
  type AdminFeatures,
  API_PATHS,
  type DomainUrlRecord,
  PORTAL_APP_NAME,
  type ThemeConfig,
} from '@originate/shared/node';
import type { FastifyPluginAsync } from 'fastify';
import { caller, type PluginOptions } from '../context';
import type { Queryable } from '../db';
import { forbidden, notFound, ValidationError } from '../errors';
import { validateConfigValue } from '../services/config-rules';
import { isOpsAdmin } from '../services/users';
import { objectSchema } from './schemas';

export async function readConfig<T>(db: Queryable, type: string, name: string): Promise<T | null> {
  const rows = await db.query<{ value: T }>('SELECT value FROM configs WHERE type = $1 AND name = $2', [type, name]);
  return rows[0]?.value ?? null;
}

const configName = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' } as const;
const configParams = objectSchema({ type: configName, name: configName });

export const configsRoutes: FastifyPluginAsync<PluginOptions> = async (app, { ctx }) => {
  const { db } = ctx;

  async function mustRead<T>(type: string, name: string): Promise<T> {
    const value = await readConfig<T>(db, type, name);
    if (value === null) throw notFound();
    return value;
  }

  // Applicants read the theme and the features (MultiLingual) too.
  app.get(API_PATHS.customStyle, { config: { applicant: true } }, () => mustRead<ThemeConfig>('Theme', 'Default'));

  app.get(API_PATHS.adminFeatures, { config: { applicant: true } }, () => mustRead<AdminFeatures>('Admin', 'Features'));

  // Public: the not-found page clears the session on load and only then fetches this list (spec §2).
  app.get(API_PATHS.environmentDomain, { config: { public: true } }, () =>
    mustRead<DomainUrlRecord[]>('Environment', 'Domain'),
  );

  app.get(API_PATHS.adminConfigurations, async (): Promise<AdminConfigurations> => {
    const stored = await readConfig<{ chatbotScriptUrl: string | null }>(db, 'Admin', 'Configurations');
    return { chatbotScriptUrl: stored?.chatbotScriptUrl ?? null, portalAppName: PORTAL_APP_NAME };
  });

  app.get<{ Params: { type: string; name: string } }>(
    API_PATHS.setupConfig,
    { schema: { params: configParams } },
    (request) => mustRead(request.params.type, request.params.name),
  );

  app.put<{ Params: { type: string; name: string }; Body: unknown }>(
    API_PATHS.setupConfig,
    // The value's shape is per config (validateConfigValue); its text and depth are the request rules'.
    { schema: { params: configParams, body: { type: ['object', 'array'] } } },
    async (request) => {
      const { user } = caller(request);
      if (!isOpsAdmin(user)) throw forbidden('Only an operations admin may change configuration');
      const { type, name } = request.params;
      const problems = validateConfigValue(type, name, request.body);
      if (problems.length > 0) throw new ValidationError(problems);
      await db.query(
        `INSERT INTO configs (type, name, value, updated_at, updated_by) VALUES ($1, $2, $3::jsonb, $4, $5)
         ON CONFLICT (type, name) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by`,
        [type, name, JSON.stringify(request.body), ctx.now(), user.userid],
      );
      return request.body;
    },
  );
};
