// Spec §7 "Admin configuration": theme, features, environment domain, generic {type}/{name} configs.
// GET /setup/configs/{type}/{name} (the named ones too) takes ?isenabled=true and ?configId= (modules/configs/entries.ts).

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  type AdminFeatures,
  API_PATHS,
  apiPath,
  CONSENT_CONFIG_TYPE,
  type ConfigValue,
  type ConsentSet,
  type DomainUrlRecord,
  PAGE_SIZE_DEFAULT,
  PORTAL_APP_NAME,
  type ThemeConfig,
} from '@originate/contract';
import {
  AdminConfigurationsSchema,
  AdminFeaturesSchema,
  ConfigAuditsAnswerSchema,
  ConfigAuditsQuerySchema,
  ConfigValueSchema,
  checkVersions,
  closed,
  DomainAnswerSchema,
  ERROR_ANSWERS,
  Id,
  LIFECYCLE_CONFIG_TYPE,
  ThemeConfigSchema,
} from '@originate/contract/schemas';
import Type, { type Static } from 'typebox';
import { forbidden, invalid, notFound, ValidationError } from '../../http/errors';
import { listConfigAudits } from '../../platform/config-audit';
import { caller, type PluginOptions } from '../../platform/context';
import { isOpsAdmin } from '../users';
import { bankTimeZoneOf, type ConfigSelection, readConfig, selectConfig, writeConfigAudited } from './entries';
import { validateConfigValue } from './value-rules';

// flow-config.ts reads configs through this module.
export { readConfig };

const ConfigName = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });
const ConfigParams = Type.Object({ type: ConfigName, name: ConfigName }, closed);

/** Query strings stay strings (no coercion): 'true' or 'false', nothing else; no other field. */
const ConfigQuery = Type.Object(
  { isenabled: Type.Optional(Type.Enum(['true', 'false'])), configId: Type.Optional(Id) },
  closed,
);

const selectionOf = (query: Static<typeof ConfigQuery>): ConfigSelection => ({
  enabledOnly: query.isenabled === 'true',
  ...(query.configId === undefined ? {} : { configId: query.configId }),
});

export const configsRoutes: FastifyPluginAsyncTypebox<PluginOptions> = async (app, { ctx }) => {
  const { db } = ctx;

  async function mustRead<T>(type: string, name: string, selection?: ConfigSelection): Promise<T> {
    const value = await readConfig<T>(db, type, name);
    if (value === null) throw notFound();
    if (!selection) return value;
    const selected = selectConfig(value, selection);
    if (selected === null) {
      throw notFound(
        selection.configId === undefined
          ? `Config ${type}/${name} is not enabled`
          : `Config ${type}/${name} has no${selection.enabledOnly ? ' enabled' : ''} entry with configId ${selection.configId}`,
      );
    }
    return selected as T;
  }

  // Applicants read the theme and the features (MultiLingual) too.
  app.get(
    API_PATHS.customStyle,
    { config: { applicant: true }, schema: { response: { 200: ThemeConfigSchema, ...ERROR_ANSWERS } } },
    () => mustRead<ThemeConfig>('Theme', 'Default'),
  );

  // The named configs are {type}/{name} configs too: the same query applies.
  app.get(
    API_PATHS.adminFeatures,
    {
      config: { applicant: true },
      schema: { querystring: ConfigQuery, response: { 200: AdminFeaturesSchema, ...ERROR_ANSWERS } },
    },
    (request) => mustRead<AdminFeatures>('Admin', 'Features', selectionOf(request.query)),
  );

  // Public: the not-found page clears the session on load and only then fetches this list (spec §2).
  app.get(
    API_PATHS.environmentDomain,
    {
      config: { public: true },
      schema: { querystring: ConfigQuery, response: { 200: DomainAnswerSchema, ...ERROR_ANSWERS } },
    },
    (request) => mustRead<DomainUrlRecord[]>('Environment', 'Domain', selectionOf(request.query)),
  );

  app.get(
    API_PATHS.adminConfigurations,
    { schema: { response: { 200: AdminConfigurationsSchema, ...ERROR_ANSWERS } } },
    async () => {
      const stored = await readConfig<{ chatbotScriptUrl: string | null }>(db, 'Admin', 'Configurations');
      return {
        chatbotScriptUrl: stored?.chatbotScriptUrl ?? null,
        portalAppName: PORTAL_APP_NAME,
        bankTimeZone: await bankTimeZoneOf(db),
      };
    },
  );

  app.get(
    API_PATHS.setupConfig,
    {
      schema: {
        params: ConfigParams,
        querystring: ConfigQuery,
        response: { 200: ConfigValueSchema, ...ERROR_ANSWERS },
      },
    },
    (request) => mustRead<ConfigValue>(request.params.type, request.params.name, selectionOf(request.query)),
  );

  app.put(
    API_PATHS.setupConfig,
    // The value's shape is per config (validateConfigValue); its text and depth are the request rules'.
    {
      schema: { params: ConfigParams, body: ConfigValueSchema, response: { 200: ConfigValueSchema, ...ERROR_ANSWERS } },
    },
    async (request) => {
      const { user } = caller(request);
      if (!isOpsAdmin(user)) throw forbidden('Only an operations admin may change configuration');
      const { type, name } = request.params;
      // Lifecycles are versioned, checked against teams and users, and saved only by their own route.
      if (type === LIFECYCLE_CONFIG_TYPE) {
        throw invalid('type', `${type} is saved with POST ${apiPath('lifecycleConfig', { product: name })}`);
      }
      // Decision tables likewise: versioned, their expressions checked by the engine (modules/decisions).
      if (type === 'Decision') {
        throw invalid('type', `${type} is saved with POST ${apiPath('decisionConfig', { product: name })}`);
      }
      const problems = validateConfigValue(type, name, request.body);
      // A consent's records name its version: a new wording must come as a new version (README "Consents and the receipt").
      if (type === CONSENT_CONFIG_TYPE && problems.length === 0) {
        problems.push(...checkVersions(await readConfig<ConsentSet>(db, type, name), request.body as ConsentSet));
      }
      if (problems.length > 0) throw new ValidationError(problems);
      await writeConfigAudited(db, { type, name, value: request.body, at: ctx.now(), by: user.userid });
      return request.body;
    },
  );

  // Settings › History: every configuration change an admin made, newest first (config_audits).
  app.get(
    API_PATHS.configAudits,
    { schema: { querystring: ConfigAuditsQuerySchema, response: { 200: ConfigAuditsAnswerSchema, ...ERROR_ANSWERS } } },
    async (request) => {
      const { user } = caller(request);
      if (!isOpsAdmin(user)) throw forbidden('Only an operations admin may read the configuration history');
      const page = Number(request.query.page ?? 1);
      const size = Number(request.query.size ?? PAGE_SIZE_DEFAULT);
      const { kind } = request.query;
      const found = await listConfigAudits(db, { ...(kind ? { kind } : {}), limit: size, offset: (page - 1) * size });
      return { ...found, page, size };
    },
  );
};
