// Admin saves of the customer-flow configuration (README "Configuration saves"): an operations admin
// replaces a flow, a component or a flow version's page rules, and creates or replaces a product or an
// option list. Each body is checked against the shared contract schema (contractValidator: the portal's
// wording, 'sections[2].sub_sections[0].route_info' / 'missing'), then as the engine loads it and against
// what is stored (flow-save-checks), and only then stored; the public routes answer what was saved.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_PATHS } from '@originate/contract';
import {
  Code,
  ComponentConfigSchema,
  closed,
  ERROR_ANSWERS,
  FieldOptionsSaveSchema,
  FlowConfigSchema,
  FlowModeSchema,
  PageRuleSchema,
  PageRulesAnswerSchema,
  ProductConfigSchema,
  ProductDocumentsAnswerSchema,
  ProductDocumentsBodySchema,
  ProductLimitsSchema,
} from '@originate/contract/schemas';
import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import { contractValidator } from '../../http/bodies';
import { conflict, forbidden, notFound, ValidationError } from '../../http/errors';
import { auditConfig } from '../../platform/config-audit';
import { caller, type PluginOptions } from '../../platform/context';
import { isOpsAdmin } from '../users';
import {
  componentConfigIssues,
  fieldOptionsIssues,
  flowConfigIssues,
  pageRulesIssues,
  productConfigIssues,
  underConfigLock,
} from './flow-save-checks';
import {
  findProduct,
  productDocumentsPlace,
  saveComponentConfig,
  saveFieldOptions,
  saveFlowConfig,
  savePageRules,
  saveProduct,
} from './flow-store';
import { asDocumentIssue, documentIssues, documentsOf, withDocuments } from './product-documents';

const IntText = Type.String({ pattern: '^[0-9]{1,9}$' });
const NoQuery = Type.Object({}, closed);
/** As many rules as flow-store keeps for one flow version. */
const PageRulesBody = Type.Array(PageRuleSchema, { maxItems: 5000 });

/** Before the body is read: whoever may not save is refused whatever they send. */
async function opsAdminOnly(request: FastifyRequest): Promise<void> {
  if (!isOpsAdmin(caller(request).user)) throw forbidden('Only an operations admin may change configuration');
}

function refuseIf(issues: readonly { label: string; reason: string }[]): void {
  if (issues.length > 0) throw new ValidationError(issues.slice(0, 50));
}

/** PUT of a /config/… path: an admin path, never under /debugger. */
export const flowConfigSaveAdminRoutes: FastifyPluginAsyncTypebox<PluginOptions> = async (app, { ctx }) => {
  const { db } = ctx;

  app.put(
    API_PATHS.flowConfigById,
    {
      onRequest: opsAdminOnly,
      validatorCompiler: contractValidator,
      schema: {
        params: Type.Object({ verNum: IntText, flowId: Code }, closed),
        querystring: Type.Object({ mode: Type.Optional(FlowModeSchema) }, closed),
        body: FlowConfigSchema,
        response: { 200: FlowConfigSchema, ...ERROR_ANSWERS },
      },
    },
    async (request) => {
      const path = { flowId: request.params.flowId, verNum: Number(request.params.verNum) };
      return underConfigLock(db, async (tx) => {
        refuseIf(await flowConfigIssues(tx, request.body, path));
        return saveFlowConfig(tx, request.body, request.query.mode ?? 'SAVED', ctx.now());
      });
    },
  );

  // Create or replace one option list: POST get_fields_config answers it from then on.
  app.put(
    API_PATHS.saveFieldOptions,
    {
      onRequest: opsAdminOnly,
      validatorCompiler: contractValidator,
      schema: {
        params: Type.Object(
          {
            propertyType: FieldOptionsSaveSchema.properties.property_type,
            property: FieldOptionsSaveSchema.properties.property,
          },
          closed,
        ),
        querystring: NoQuery,
        body: FieldOptionsSaveSchema,
        response: { 200: FieldOptionsSaveSchema, ...ERROR_ANSWERS },
      },
    },
    async (request) => {
      return underConfigLock(db, async (tx) => {
        refuseIf(fieldOptionsIssues(request.body, request.params));
        return saveFieldOptions(tx, request.body);
      });
    },
  );
};

/** PUTs of /v3/… and /api/… paths: also served under /debugger, like the rest of the non-admin API. */
export const flowConfigSaveRoutes: FastifyPluginAsyncTypebox<PluginOptions> = async (app, { ctx }) => {
  const { db } = ctx;

  app.put(
    API_PATHS.saveComponentConfig,
    {
      onRequest: opsAdminOnly,
      validatorCompiler: contractValidator,
      schema: {
        params: Type.Object({ componentId: Code }, closed),
        querystring: NoQuery,
        body: ComponentConfigSchema,
        response: { 200: ComponentConfigSchema, ...ERROR_ANSWERS },
      },
    },
    async (request) => {
      return underConfigLock(db, async (tx) => {
        refuseIf(await componentConfigIssues(tx, request.body, request.params.componentId));
        return saveComponentConfig(tx, request.body, ctx.now());
      });
    },
  );

  app.put(
    API_PATHS.savePageRules,
    {
      onRequest: opsAdminOnly,
      validatorCompiler: contractValidator,
      schema: {
        params: Type.Object({ flowId: Code, verNum: IntText }, closed),
        querystring: NoQuery,
        body: PageRulesBody,
        response: { 200: PageRulesAnswerSchema, ...ERROR_ANSWERS },
      },
    },
    async (request) => {
      const path = { flowId: request.params.flowId, verNum: Number(request.params.verNum) };
      return underConfigLock(db, async (tx) => {
        const issues = await pageRulesIssues(tx, request.body, path);
        if (issues === null) throw notFound('Flow configuration not found');
        refuseIf(issues);
        return savePageRules(tx, path.flowId, path.verNum, request.body, ctx.now());
      });
    },
  );

  // Create or replace one product: the public product list and GET of the same path answer it from then on.
  app.put(
    API_PATHS.productDetails,
    {
      onRequest: opsAdminOnly,
      validatorCompiler: contractValidator,
      schema: {
        params: Type.Object({ productCode: Code }, closed),
        querystring: NoQuery,
        body: ProductConfigSchema,
        response: { 200: ProductConfigSchema, ...ERROR_ANSWERS },
      },
    },
    async (request) => {
      return underConfigLock(db, async (tx) => {
        refuseIf(await productConfigIssues(tx, request.body, request.params.productCode));
        const old = await findProduct(tx, request.params.productCode);
        const saved = await saveProduct(tx, request.body, ctx.now());
        const entry = { key: saved.product_code, old, value: saved, userId: caller(request).user.userid };
        await auditConfig(tx, { kind: 'PRODUCT', ...entry, at: ctx.now() });
        return saved;
      });
    },
  );

  // A product's limits alone (Settings › Products): checked as in the whole product, audited.
  app.put(
    API_PATHS.productLimits,
    {
      onRequest: opsAdminOnly,
      validatorCompiler: contractValidator,
      schema: {
        params: Type.Object({ productCode: Code }, closed),
        querystring: NoQuery,
        body: ProductLimitsSchema,
        response: { 200: ProductLimitsSchema, ...ERROR_ANSWERS },
      },
    },
    async (request) => {
      return underConfigLock(db, async (tx) => {
        const product = await findProduct(tx, request.params.productCode);
        if (!product) throw notFound('Product not found');
        const changed = { ...product, limits: request.body };
        refuseIf(await productConfigIssues(tx, changed, product.product_code));
        await saveProduct(tx, changed, ctx.now());
        const entry = { key: product.product_code, old: product.limits ?? null, value: request.body };
        await auditConfig(tx, { kind: 'PRODUCT_LIMITS', ...entry, userId: caller(request).user.userid, at: ctx.now() });
        return request.body;
      });
    },
  );

  // A product's documents (Settings › Products): its flow's documents step read and saved as a list, through
  // the component save's own checks (componentConfigIssues), audited.
  const documentsPath = { params: Type.Object({ productCode: Code }, closed), querystring: NoQuery };
  type DocumentsPlace = NonNullable<Awaited<ReturnType<typeof productDocumentsPlace>>>;
  /** The answer of both routes: the product's documents step as it now stands, or none. */
  const documentsAnswer = (
    product: DocumentsPlace['product'],
    step: { name: string; component: NonNullable<DocumentsPlace['step']>['component'] } | null,
  ) => ({
    productCode: product.product_code,
    flowId: product.flowId,
    verNum: product.verNum,
    step: step && { componentId: step.component.componentId, name: step.name },
    documents: step ? documentsOf(step.component) : [],
  });
  app.get(
    API_PATHS.productDocuments,
    {
      onRequest: opsAdminOnly,
      schema: { ...documentsPath, response: { 200: ProductDocumentsAnswerSchema, ...ERROR_ANSWERS } },
    },
    async (request) => {
      const place = await productDocumentsPlace(db, request.params.productCode);
      if (!place) throw notFound('Product not found');
      const { product, step } = place;
      return documentsAnswer(product, step && { name: step.name, component: step.component });
    },
  );

  app.put(
    API_PATHS.productDocuments,
    {
      onRequest: opsAdminOnly,
      validatorCompiler: contractValidator,
      schema: {
        ...documentsPath,
        body: ProductDocumentsBodySchema,
        response: { 200: ProductDocumentsAnswerSchema, ...ERROR_ANSWERS },
      },
    },
    async (request) => {
      return underConfigLock(db, async (tx) => {
        const place = await productDocumentsPlace(tx, request.params.productCode);
        if (!place) throw notFound('Product not found');
        const { product, step, flowKeys } = place;
        if (!step) {
          throw conflict(
            `The flow of product ${product.product_code} has no documents step (a step that asks for files only)`,
          );
        }
        const { documents } = request.body;
        refuseIf(documentIssues(documents, flowKeys));
        const changed = withDocuments(step.component, documents);
        const issues = await componentConfigIssues(tx, changed, changed.componentId);
        refuseIf(issues.map((issue) => asDocumentIssue(issue, changed)));
        const saved = await saveComponentConfig(tx, changed, ctx.now());
        await auditConfig(tx, {
          kind: 'PRODUCT_DOCUMENTS',
          key: product.product_code,
          old: documentsOf(step.component),
          value: documentsOf(saved),
          userId: caller(request).user.userid,
          at: ctx.now(),
        });
        return documentsAnswer(product, { name: step.name, component: saved });
      });
    },
  );
};
