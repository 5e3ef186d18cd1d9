// The customer-flow configuration in its tables (JSONB). Every write is checked against the shared
// contract schema first (parseWithSchema), so a broken configuration is refused naming the path and
// the reason and never reaches a portal.
import type { ComponentConfig, FieldOptions, FlowConfig, FlowMode, PageRule, ProductConfig } from '@originate/contract';
import {
  ComponentConfigSchema,
  FieldOptionsSchema,
  FlowConfigSchema,
  PageRuleSchema,
  ProductConfigSchema,
  parseWithSchema,
} from '@originate/contract/schemas';
import { optionRequests } from '@originate/flow-engine';
import Type from 'typebox';
import type { Queryable } from '../../db';
import { invalid } from '../../http/errors';
import { documentsStep } from './product-documents';
import { componentWithLimits, limitsByField } from './product-limits';

const PageRulesSchema = Type.Array(PageRuleSchema, { maxItems: 5000 });
const TranslationMapSchema = Type.Record(Type.String({ maxLength: 500 }), Type.String({ maxLength: 2000 }));

export async function saveProduct(db: Queryable, value: unknown, now: Date): Promise<ProductConfig> {
  const product = parseWithSchema(ProductConfigSchema, value, 'product');
  await db.query(
    `INSERT INTO products (product_code, value, updated_at) VALUES ($1, $2::jsonb, $3)
     ON CONFLICT (product_code) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at`,
    [product.product_code, JSON.stringify(product), now],
  );
  return product;
}

export async function saveFlowConfig(db: Queryable, value: unknown, mode: FlowMode, now: Date): Promise<FlowConfig> {
  const flow = parseWithSchema(FlowConfigSchema, value, `flow config ${String((value as FlowConfig)?.flowId)}`);
  await db.query(
    `INSERT INTO flow_configs (flow_id, ver_num, mode, product_code, value, updated_at) VALUES ($1, $2, $3, $4, $5::jsonb, $6)
     ON CONFLICT (flow_id, ver_num, mode) DO UPDATE SET value = EXCLUDED.value, product_code = EXCLUDED.product_code,
       updated_at = EXCLUDED.updated_at`,
    [flow.flowId, flow.verNum, mode, flow.product_code, JSON.stringify(flow), now],
  );
  return flow;
}

export async function saveComponentConfig(db: Queryable, value: unknown, now: Date): Promise<ComponentConfig> {
  const component = parseWithSchema(
    ComponentConfigSchema,
    value,
    `component ${String((value as ComponentConfig)?.componentId)}`,
  );
  await db.query(
    `INSERT INTO component_configs (component_id, value, updated_at) VALUES ($1, $2::jsonb, $3)
     ON CONFLICT (component_id) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at`,
    [component.componentId, JSON.stringify(component), now],
  );
  return component;
}

export async function savePageRules(
  db: Queryable,
  flowId: string,
  verNum: number,
  value: unknown,
  now: Date,
): Promise<PageRule[]> {
  const rules = parseWithSchema(PageRulesSchema, value, `page rules of ${flowId}`);
  await db.query(
    `INSERT INTO page_rules (flow_id, ver_num, value, updated_at) VALUES ($1, $2, $3::jsonb, $4)
     ON CONFLICT (flow_id, ver_num) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at`,
    [flowId, verNum, JSON.stringify(rules), now],
  );
  return rules;
}

export async function saveFieldOptions(db: Queryable, value: unknown): Promise<FieldOptions> {
  const options = parseWithSchema(FieldOptionsSchema, value, 'field options');
  await db.query(
    `INSERT INTO field_options (property_type, property, value) VALUES ($1, $2, $3::jsonb)
     ON CONFLICT (property_type, property) DO UPDATE SET value = EXCLUDED.value`,
    [options.property_type, options.property, JSON.stringify(options)],
  );
  return options;
}

export async function saveTranslations(db: Queryable, lang: string, value: unknown): Promise<void> {
  const map = parseWithSchema(TranslationMapSchema, value, `translations ${lang}`);
  await db.query(
    `INSERT INTO translations (lang, value) VALUES ($1, $2::jsonb)
     ON CONFLICT (lang) DO UPDATE SET value = EXCLUDED.value`,
    [lang, JSON.stringify(map)],
  );
}

// ---- Reads ----------------------------------------------------------------------------------------

export async function allProducts(db: Queryable): Promise<ProductConfig[]> {
  const rows = await db.query<{ value: ProductConfig }>('SELECT value FROM products ORDER BY product_code');
  return rows.map((r) => r.value);
}

export async function findProduct(db: Queryable, productCode: string): Promise<ProductConfig | null> {
  const rows = await db.query<{ value: ProductConfig }>('SELECT value FROM products WHERE product_code = $1', [
    productCode,
  ]);
  return rows[0]?.value ?? null;
}

/** The stored products that open a version of this flow. */
export async function productsOpening(db: Queryable, flowId: string): Promise<ProductConfig[]> {
  const rows = await db.query<{ value: ProductConfig }>(
    "SELECT value FROM products WHERE value->>'flowId' = $1 ORDER BY product_code",
    [flowId],
  );
  return rows.map((r) => r.value);
}

/** Whether any version of this flow is stored, in either mode. */
export async function isStoredFlow(db: Queryable, flowId: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM flow_configs WHERE flow_id = $1 LIMIT 1', [flowId]);
  return rows.length > 0;
}

/** The flow in the mode asked for; a flow never saved as DRAFT answers its SAVED version. */
export async function findFlowConfig(
  db: Queryable,
  flowId: string,
  verNum: number,
  mode: FlowMode = 'SAVED',
): Promise<FlowConfig | null> {
  const rows = await db.query<{ value: FlowConfig }>(
    `SELECT value FROM flow_configs WHERE flow_id = $1 AND ver_num = $2 AND mode IN ($3, 'SAVED')
      ORDER BY (mode = $3) DESC LIMIT 1`,
    [flowId, verNum, mode],
  );
  return rows[0]?.value ?? null;
}

/** Every mode stored of one flow version (SAVED and DRAFT), as they are. */
export async function flowVersions(db: Queryable, flowId: string, verNum: number): Promise<FlowConfig[]> {
  const rows = await db.query<{ value: FlowConfig }>(
    'SELECT value FROM flow_configs WHERE flow_id = $1 AND ver_num = $2 ORDER BY mode',
    [flowId, verNum],
  );
  return rows.map((r) => r.value);
}

export async function latestVersionOf(db: Queryable, productCode: string): Promise<FlowConfig | null> {
  const rows = await db.query<{ value: FlowConfig }>(
    `SELECT value FROM flow_configs WHERE product_code = $1 AND mode = 'SAVED' ORDER BY ver_num DESC LIMIT 1`,
    [productCode],
  );
  return rows[0]?.value ?? null;
}

export async function componentsByIds(db: Queryable, ids: readonly string[]): Promise<Map<string, ComponentConfig>> {
  const rows = await db.query<{ component_id: string; value: ComponentConfig }>(
    'SELECT component_id, value FROM component_configs WHERE component_id = ANY($1::text[])',
    [ids],
  );
  return new Map(rows.map((r) => [r.component_id, r.value]));
}

/** The components as served and checked: each field a product limits carries the product's bounds (product-limits.ts). */
export async function servedComponents(db: Queryable, ids: readonly string[]): Promise<Map<string, ComponentConfig>> {
  const [components, products] = await Promise.all([componentsByIds(db, ids), allProducts(db)]);
  const byField = limitsByField(products);
  return new Map([...components].map(([id, c]) => [id, componentWithLimits(c, byField)]));
}

export async function rulesOf(db: Queryable, flowIds: readonly string[], verNum: number): Promise<PageRule[]> {
  const rows = await db.query<{ value: PageRule[] }>(
    'SELECT value FROM page_rules WHERE flow_id = ANY($1::text[]) AND ver_num = $2 ORDER BY flow_id',
    [flowIds, verNum],
  );
  return rows.flatMap((r) => r.value);
}

/** The stored page rules about one component, with the flow version each belongs to. */
export async function rulesAbout(
  db: Queryable,
  componentId: string,
): Promise<{ flowId: string; verNum: number; rule: PageRule }[]> {
  const rows = await db.query<{ flow_id: string; ver_num: number; value: PageRule[] }>(
    'SELECT flow_id, ver_num, value FROM page_rules ORDER BY flow_id, ver_num',
  );
  return rows.flatMap((r) =>
    r.value
      .filter((rule) => rule.componentId === componentId)
      .map((rule) => ({ flowId: r.flow_id, verNum: r.ver_num, rule })),
  );
}

export async function fieldOptions(
  db: Queryable,
  wanted: readonly { property_type: string; property: string }[],
): Promise<FieldOptions[]> {
  const rows = await db.query<{ value: FieldOptions }>('SELECT value FROM field_options');
  const known = new Map(rows.map((r) => [`${r.value.property_type}|${r.value.property}`, r.value]));
  return wanted.map(
    (w) =>
      known.get(`${w.property_type}|${w.property}`) ?? {
        property_type: w.property_type as FieldOptions['property_type'],
        property: w.property,
        values: [],
      },
  );
}

export async function translationsOf(db: Queryable, lang: string): Promise<Record<string, string>> {
  const rows = await db.query<{ value: Record<string, string> }>('SELECT value FROM translations WHERE lang = $1', [
    lang,
  ]);
  return rows[0]?.value ?? {};
}

/**
 * Where a product's documents live: the product, its SAVED flow's documents step (null when the flow has
 * none) and every other field key of that flow with the step that holds it; null when no such product.
 */
export async function productDocumentsPlace(
  db: Queryable,
  productCode: string,
): Promise<{
  product: ProductConfig;
  step: { component: ComponentConfig; name: string } | null;
  flowKeys: Map<string, string>;
} | null> {
  const product = await findProduct(db, productCode);
  if (!product) return null;
  const flow = await findFlowConfig(db, product.flowId, product.verNum, 'SAVED');
  if (!flow) return { product, step: null, flowKeys: new Map() };
  const subs = flow.sections.flatMap((s) => s.sub_sections);
  const components = await componentsByIds(
    db,
    subs.map((sub) => sub.componentId),
  );
  const found = documentsStep(flow, components);
  const flowKeys = new Map<string, string>();
  for (const sub of subs) {
    for (const field of components.get(sub.componentId)?.fields ?? []) {
      const ownUpload = sub.componentId === found?.componentId && field.field_type_details.type === 'file_upload';
      if (!ownUpload && !flowKeys.has(field.key)) flowKeys.set(field.key, sub.display_name);
    }
  }
  const component = found && components.get(found.componentId);
  return { product, step: found && component ? { component, name: found.name } : null, flowKeys };
}

/** What the engine needs besides the flow: its components, page rules and dropdown/radio options. */
export interface FlowRules {
  flow: FlowConfig;
  components: ReadonlyMap<string, ComponentConfig>;
  rules: PageRule[];
  /** Option lists by property name, as the portal keys them. */
  options: Record<string, FieldOptions['values']>;
}

/** The flow a save names, with what the engine reads (components, page rules, options); 400 naming what does not exist. */
export async function flowFor(db: Queryable, flowId: string, verNum: number): Promise<FlowRules> {
  const flow = await findFlowConfig(db, flowId, verNum, 'SAVED');
  if (!flow) throw invalid('flowId', `is not a known flow of version ${verNum}`);
  const ids = flow.sections.flatMap((s) => s.sub_sections.map((sub) => sub.componentId));
  const components = await servedComponents(db, ids);
  const [rules, options] = await Promise.all([
    rulesOf(db, [flowId], verNum),
    fieldOptions(db, optionRequests(components.values())),
  ]);
  return { flow, components, rules, options: Object.fromEntries(options.map((o) => [o.property, o.values])) };
}
