// The rest of spec §7 "Admin configuration" and the configuration reads of "Lists and search" (README
// "Routes", the rows marked "spec §7, our shape"): a product's setup, the components for setup screens,
// option lists by property, a flow's outline and its texts in a language, the i18n file, the card types,
// and the limits the server keeps.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  API_PATHS,
  CARD_NETWORKS,
  type ConfigValue,
  cardNetworkOf,
  DATE_FORMAT,
  DEFAULT_FLOW_VERSION,
  GLOBAL_SEARCH_PAGE_SIZE,
  GRID_PAGE_SIZE_OPTIONS,
  INTEGRATION_KINDS,
  luhnValid,
  MAX_FILE_SIZE_BYTES,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_OPTIONS,
  SESSION_WARNING_SECONDS,
} from '@originate/contract';
import {
  CardTypesAnswerSchema,
  CardTypesBodySchema,
  Code,
  ComponentConfigSchema,
  ComponentConfigsQuerySchema,
  ComponentListAnswerSchema,
  ComponentSetupQuerySchema,
  ConfigValueSchema,
  closed,
  ERROR_ANSWERS,
  ExternalApiConfigsAnswerSchema,
  ExternalApiConfigsBodySchema,
  FieldOptionsSchema,
  FlowDetailsAnswerSchema,
  FlowDetailsBodySchema,
  I18nAnswerSchema,
  I18nFileParamsSchema,
  Id,
  MasterSoftConfigurationsAnswerSchema,
  ProductSetupAnswerSchema,
  PropertyDetailsParamsSchema,
  TranslationDataAnswerSchema,
  TranslationDataBodySchema,
  UPLOAD_KINDS,
} from '@originate/contract/schemas';
import Type from 'typebox';
import { contractValidator } from '../../http/bodies';
import { forbidden, notFound } from '../../http/errors';
import { caller, type PluginOptions } from '../../platform/context';
import { isOpsAdmin } from '../users';
import { readConfig, selectConfig } from './entries';
import { componentsByIds, fieldOptions, translationsOf } from './flow-store';
import { allComponents, componentsForSetup, flowDetails, flowTranslations, productSetup } from './setup-reads';

const ConfigName = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });
const ConfigQuery = Type.Object(
  { isenabled: Type.Optional(Type.Enum(['true', 'false'])), configId: Type.Optional(Id) },
  closed,
);

/** Admin paths (/v3/setup_configs/, /component/; answered as the {data} envelope) and the public i18n file. */
export const specConfigAdminRoutes: FastifyPluginAsyncTypebox<PluginOptions> = async (app, { ctx }) => {
  const { db } = ctx;

  app.get(
    API_PATHS.productSetupConfigs,
    {
      schema: {
        params: Type.Object({ productCode: Code }, closed),
        response: { 200: ProductSetupAnswerSchema, ...ERROR_ANSWERS },
      },
      validatorCompiler: contractValidator,
    },
    async (request) => {
      const setup = await productSetup(db, request.params.productCode);
      if (!setup) throw notFound('Product not found');
      return setup;
    },
  );

  // A component's setup is a {type}/{name} config read by category and subcategory: the same store and selections.
  app.get(
    API_PATHS.componentSetupConfig,
    {
      schema: {
        params: Type.Object({ category: ConfigName, subcategory: ConfigName }, closed),
        querystring: ConfigQuery,
        response: { 200: ConfigValueSchema, ...ERROR_ANSWERS },
      },
      validatorCompiler: contractValidator,
    },
    async (request) => {
      const { category, subcategory } = request.params;
      const value = await readConfig<ConfigValue>(db, category, subcategory);
      if (value === null) throw notFound(`No configuration ${category}/${subcategory}`);
      const selected = selectConfig(value, {
        enabledOnly: request.query.isenabled === 'true',
        ...(request.query.configId === undefined ? {} : { configId: request.query.configId }),
      });
      if (selected === null) throw notFound(`Configuration ${category}/${subcategory} has no such entry`);
      return selected as ConfigValue;
    },
  );

  // Public, as the app's own assets: the shell reads its strings before anyone signs in.
  app.get(
    API_PATHS.i18nFile,
    {
      config: { public: true },
      schema: { params: I18nFileParamsSchema, response: { 200: I18nAnswerSchema, ...ERROR_ANSWERS } },
      validatorCompiler: contractValidator,
    },
    (request) => translationsOf(db, request.params.file.replace(/\.json$/, '')),
  );
};

/** Staff paths (also under /debugger). */
export const specConfigRoutes: FastifyPluginAsyncTypebox<PluginOptions> = async (app, { ctx }) => {
  const { db } = ctx;

  app.get(
    API_PATHS.componentSetupConfigs,
    {
      schema: {
        querystring: ComponentSetupQuerySchema,
        response: { 200: ComponentListAnswerSchema, ...ERROR_ANSWERS },
      },
      validatorCompiler: contractValidator,
    },
    async (request) => componentsForSetup(await allComponents(db), request.query),
  );

  app.get(
    API_PATHS.componentConfigList,
    {
      schema: {
        querystring: ComponentConfigsQuerySchema,
        response: { 200: ComponentListAnswerSchema, ...ERROR_ANSWERS },
      },
      validatorCompiler: contractValidator,
    },
    async (request) => {
      const { identifier, setupCategory } = request.query;
      return componentsForSetup(await allComponents(db), {
        ...(identifier === undefined ? {} : { setupCategoryType: identifier }),
        ...(setupCategory === undefined ? {} : { setupCategory }),
      });
    },
  );

  app.get(
    API_PATHS.componentConfig,
    {
      schema: {
        params: Type.Object({ componentId: Code }, closed),
        response: { 200: ComponentConfigSchema, ...ERROR_ANSWERS },
      },
      validatorCompiler: contractValidator,
    },
    async (request) => {
      const found = (await componentsByIds(db, [request.params.componentId])).get(request.params.componentId);
      if (!found) throw notFound('Component not found');
      return found;
    },
  );

  app.get(
    API_PATHS.propertyDetails,
    {
      schema: { params: PropertyDetailsParamsSchema, response: { 200: FieldOptionsSchema, ...ERROR_ANSWERS } },
      validatorCompiler: contractValidator,
    },
    async (request) => {
      const [options] = await fieldOptions(db, [
        { property_type: request.params.propertyType, property: request.params.property },
      ]);
      if (!options || options.values.length === 0) throw notFound('No options for this property');
      return options;
    },
  );

  app.post(
    API_PATHS.flowDetails,
    {
      schema: { body: FlowDetailsBodySchema, response: { 200: FlowDetailsAnswerSchema, ...ERROR_ANSWERS } },
      validatorCompiler: contractValidator,
    },
    async (request) => {
      const { flowId, verNum = DEFAULT_FLOW_VERSION, mode = 'SAVED' } = request.body;
      const found = await flowDetails(db, flowId, verNum, mode);
      if (!found) throw notFound('Flow configuration not found');
      return found;
    },
  );

  app.post(
    API_PATHS.translationData,
    {
      schema: { body: TranslationDataBodySchema, response: { 200: TranslationDataAnswerSchema, ...ERROR_ANSWERS } },
      validatorCompiler: contractValidator,
    },
    async (request) => {
      const found = await flowTranslations(db, request.body.flowId, DEFAULT_FLOW_VERSION, request.body.type);
      if (!found) throw notFound('Flow configuration not found');
      return found;
    },
  );

  app.post(
    API_PATHS.cardTypes,
    {
      schema: { body: CardTypesBodySchema, response: { 200: CardTypesAnswerSchema, ...ERROR_ANSWERS } },
      validatorCompiler: contractValidator,
    },
    (request) => {
      const data = CARD_NETWORKS.map(({ code, name, lengths, cvvLength }) => ({
        code,
        name,
        lengths: [...lengths],
        cvvLength,
      }));
      const number = request.body?.cardNumber;
      if (number === undefined) return { data };
      return { data, match: cardNetworkOf(number)?.code ?? null, luhnValid: luhnValid(number) };
    },
  );

  app.get(
    API_PATHS.masterSoftConfigurations,
    { schema: { response: { 200: MasterSoftConfigurationsAnswerSchema, ...ERROR_ANSWERS } } },
    () => ({
      pageSizeDefault: PAGE_SIZE_DEFAULT,
      pageSizeOptions: [...PAGE_SIZE_OPTIONS],
      gridPageSizeOptions: [...GRID_PAGE_SIZE_OPTIONS],
      maxFileSizeBytes: MAX_FILE_SIZE_BYTES,
      uploadKinds: [...UPLOAD_KINDS],
      // The session this server issues (ACCESS_TOKEN_TTL_SECONDS), not the spec's default.
      validSessionSeconds: ctx.config.accessTokenTtlSeconds,
      sessionWarningSeconds: SESSION_WARNING_SECONDS,
      defaultFlowVersion: DEFAULT_FLOW_VERSION,
      dateFormat: DATE_FORMAT,
      globalSearchPageSize: GLOBAL_SEARCH_PAGE_SIZE,
    }),
  );

  // The vendors this environment calls (README "Integrations": INTEGRATION_<KIND>_*), for operations admins:
  // which is the sandbox, and a real vendor's origin only, never its key.
  app.post(
    API_PATHS.externalApiConfigs,
    {
      schema: {
        body: ExternalApiConfigsBodySchema,
        response: { 200: ExternalApiConfigsAnswerSchema, ...ERROR_ANSWERS },
      },
      validatorCompiler: contractValidator,
    },
    (request) => {
      if (!isOpsAdmin(caller(request).user)) throw forbidden('Only an operations admin reads the integration settings');
      const settings = ctx.config.integrations;
      const kinds = request.body?.kind ? [request.body.kind] : INTEGRATION_KINDS;
      return {
        data: kinds.map((kind) => {
          const vendor = settings.vendors[kind];
          return {
            kind,
            vendor: vendor.url ? new URL(vendor.url).origin : 'sandbox',
            apiKeySet: vendor.apiKey !== undefined,
            timeoutMs: vendor.timeoutMs,
          };
        }),
        retries: settings.retries,
        retryBaseMs: settings.retryBaseMs,
        breakerFailures: settings.breakerFailures,
        breakerOpenMs: settings.breakerOpenMs,
      };
    },
  );
};
