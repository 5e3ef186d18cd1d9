// Spec §7 "Admin configuration" for the customer flow: products, flow and route configuration, page
// rules, components, option lists and translations. All public (README "Public routes"): the portal
// reads them before any session exists. Schemas are the shared TypeBox contract.

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  API_PATHS,
  type ComponentConfig,
  DEFAULT_FLOW_VERSION,
  type FlowConfig,
  type RouteConfig,
} from '@originate/contract';
import {
  Code,
  ComponentConfigsAnswerSchema,
  closed,
  ERROR_ANSWERS,
  FieldOptionsAnswerSchema,
  FieldOptionsSchema,
  FlowConfigSchema,
  FlowConfigsAnswerSchema,
  FlowModeSchema,
  FlowTypeSchema,
  IdList,
  PageRulesAnswerSchema,
  ProductDetailsAnswerSchema,
  ProductSummarySchema,
  RouteConfigSchema,
  TranslateAnswerSchema,
} from '@originate/contract/schemas';
import { ENGINE_VERSION } from '@originate/flow-engine';
import Type from 'typebox';
import { notFound, ValidationError } from '../../http/errors';
import type { PluginOptions } from '../../platform/context';
import {
  allProducts,
  fieldOptions,
  findFlowConfig,
  findProduct,
  latestVersionOf,
  rulesOf,
  servedComponents,
  translationsOf,
} from './flow-store';
import { readConfig } from './routes';

/** Query values are text (no coercion): integers are matched as digits and converted here. */
const IntText = Type.String({ pattern: '^[0-9]{1,9}$' });
const Lang = Type.String({ pattern: '^[a-z]{2,3}(-[A-Za-z]{2,4})?$' });

const FlowQuery = Type.Object(
  {
    mode: Type.Optional(FlowModeSchema),
    device_width: Type.Optional(IntText),
    flow_type: Type.Optional(FlowTypeSchema),
  },
  closed,
);

function routeConfigOf(flow: FlowConfig): RouteConfig {
  const routes = flow.sections.flatMap((section) =>
    section.sub_sections.map((sub) => ({
      section_id: section.section_id,
      sub_section_id: sub.sub_section_id,
      route_info: sub.route_info,
    })),
  );
  return {
    flowId: flow.flowId,
    verNum: flow.verNum,
    startRoute: flow.startRoute ?? routes[0]?.route_info ?? '',
    routes,
  };
}

const publicRoute = { public: true } as const;

/** Admin paths (/config/…): never under /debugger. */
export const flowConfigAdminRoutes: FastifyPluginAsyncTypebox<PluginOptions> = async (app, { ctx }) => {
  const { db } = ctx;

  app.get(
    API_PATHS.flowConfigById,
    {
      config: publicRoute,
      schema: {
        params: Type.Object({ verNum: IntText, flowId: Code }, closed),
        querystring: FlowQuery,
        response: { 200: FlowConfigSchema, ...ERROR_ANSWERS },
      },
    },
    async (request) => {
      const flow = await findFlowConfig(db, request.params.flowId, Number(request.params.verNum), request.query.mode);
      if (!flow) throw notFound('Flow configuration not found');
      return flow;
    },
  );

  app.get(
    API_PATHS.flowConfigs,
    {
      config: publicRoute,
      schema: {
        querystring: Type.Object(
          {
            flow_ids: IdList,
            ver_num: Type.Optional(IntText),
            flow_type: Type.Optional(FlowTypeSchema),
            mode: Type.Optional(FlowModeSchema),
          },
          closed,
        ),
        response: { 200: FlowConfigsAnswerSchema, ...ERROR_ANSWERS },
      },
    },
    async (request) => {
      const verNum = Number(request.query.ver_num ?? DEFAULT_FLOW_VERSION);
      const found: FlowConfig[] = [];
      for (const flowId of new Set(request.query.flow_ids.split(','))) {
        const flow = await findFlowConfig(db, flowId, verNum, request.query.mode);
        if (flow && (!request.query.flow_type || flow.flow_type === request.query.flow_type)) found.push(flow);
      }
      return found;
    },
  );

  app.get(
    API_PATHS.routeConfig,
    {
      config: publicRoute,
      schema: {
        params: Type.Object({ productCode: Code, verNum: IntText }, closed),
        querystring: FlowQuery,
        response: { 200: RouteConfigSchema, ...ERROR_ANSWERS },
      },
    },
    async (request) => {
      const product = await findProduct(db, request.params.productCode);
      if (!product) throw notFound('Product not found');
      const flow = await findFlowConfig(db, product.flowId, Number(request.params.verNum), request.query.mode);
      if (!flow) throw notFound('Flow configuration not found');
      return routeConfigOf(flow);
    },
  );

  app.get(
    API_PATHS.latestRouteConfig,
    {
      config: publicRoute,
      schema: {
        params: Type.Object({ productCode: Code }, closed),
        response: { 200: RouteConfigSchema, ...ERROR_ANSWERS },
      },
    },
    async (request) => {
      const flow = await latestVersionOf(db, request.params.productCode);
      if (!flow) throw notFound('Product not found');
      return routeConfigOf(flow);
    },
  );

  app.post(
    API_PATHS.fieldsConfig,
    {
      config: publicRoute,
      schema: {
        body: Type.Array(
          Type.Object({ property_type: FieldOptionsSchema.properties.property_type, property: Code }, closed),
          { minItems: 1, maxItems: 200 },
        ),
        response: { 200: FieldOptionsAnswerSchema, ...ERROR_ANSWERS },
      },
    },
    (request) => fieldOptions(db, request.body),
  );
};

/** Non-admin paths: also served under /debugger. */
export const flowConfigRoutes: FastifyPluginAsyncTypebox<PluginOptions> = async (app, { ctx }) => {
  const { db } = ctx;

  app.get(
    API_PATHS.productList,
    { config: publicRoute, schema: { response: { 200: Type.Array(ProductSummarySchema), ...ERROR_ANSWERS } } },
    async () =>
      (await allProducts(db)).map(({ product_code, product_name, description, flowId, verNum, pmay }) => ({
        product_code,
        product_name,
        description,
        flowId,
        verNum,
        ...(pmay ? { pmay } : {}),
      })),
  );

  app.get(
    API_PATHS.productDetails,
    {
      config: publicRoute,
      schema: {
        params: Type.Object({ productCode: Code }, closed),
        response: { 200: ProductDetailsAnswerSchema, ...ERROR_ANSWERS },
      },
    },
    async (request) => {
      const product = await findProduct(db, request.params.productCode);
      if (!product) throw notFound('Product not found');
      const { product_code, product_name, description, flowId, verNum, captcha, pmay } = product;
      // The engine that checks this product's applications here: the portal compares its major with its own.
      return {
        product_code,
        product_name,
        description,
        flowId,
        verNum,
        captcha,
        ...(pmay ? { pmay } : {}),
        engineVersion: ENGINE_VERSION,
      };
    },
  );

  app.get(
    API_PATHS.fetchRules,
    {
      config: publicRoute,
      schema: {
        querystring: Type.Object(
          {
            flow_ids: IdList,
            ver_num: Type.Optional(IntText),
          },
          closed,
        ),
        response: { 200: PageRulesAnswerSchema, ...ERROR_ANSWERS },
      },
    },
    (request) =>
      rulesOf(
        db,
        [...new Set(request.query.flow_ids.split(','))],
        Number(request.query.ver_num ?? DEFAULT_FLOW_VERSION),
      ),
  );

  /** Labels (and heading texts, placeholders, regex messages) in `lang` when MultiLingual is on; untranslated ones stay. */
  async function translator(lang: string | undefined): Promise<(text: string) => string> {
    if (!lang) return (t) => t;
    const features = await readConfig<{ MultiLingual?: boolean }>(db, 'Admin', 'Features');
    if (features?.MultiLingual !== true) return (t) => t;
    const map = await translationsOf(db, lang);
    return (t) => map[t] ?? t;
  }

  app.post(
    API_PATHS.componentsConfigs,
    {
      config: publicRoute,
      schema: {
        querystring: Type.Object({ lang: Type.Optional(Lang) }, closed),
        body: Type.Object({ componentIds: Type.Array(Code, { minItems: 1, maxItems: 200 }) }, closed),
        response: { 200: ComponentConfigsAnswerSchema, ...ERROR_ANSWERS },
      },
    },
    async (request) => {
      const { componentIds } = request.body;
      const found = await servedComponents(db, componentIds);
      const missing = componentIds
        .map((id, i) => ({ id, i }))
        .filter(({ id }) => !found.has(id))
        .map(({ i }) => ({ label: `componentIds[${i}]`, reason: 'is not a known component' }));
      if (missing.length > 0) throw new ValidationError(missing);
      const t = await translator(request.query.lang);
      return componentIds.map((id): ComponentConfig => {
        const component = found.get(id) as ComponentConfig;
        return {
          ...component,
          fields: component.fields.map((f) => ({
            ...f,
            label: t(f.label),
            field_type_details: {
              ...f.field_type_details,
              ...(f.field_type_details.text === undefined ? {} : { text: t(f.field_type_details.text) }),
              ...(f.field_type_details.placeholder === undefined
                ? {}
                : { placeholder: t(f.field_type_details.placeholder) }),
              ...(f.field_type_details.regex_message === undefined
                ? {}
                : { regex_message: t(f.field_type_details.regex_message) }),
            },
          })),
        };
      });
    },
  );

  app.post(
    API_PATHS.translate,
    {
      config: publicRoute,
      schema: {
        querystring: Type.Object({ lang: Lang }, closed),
        body: Type.Object({ texts: Type.Array(Type.String({ maxLength: 500 }), { maxItems: 1000 }) }, closed),
        response: { 200: TranslateAnswerSchema, ...ERROR_ANSWERS },
      },
    },
    async (request) => {
      const { lang } = request.query;
      const map = await translationsOf(db, lang);
      return { lang, translations: Object.fromEntries(request.body.texts.map((text) => [text, map[text] ?? text])) };
    },
  );
};
