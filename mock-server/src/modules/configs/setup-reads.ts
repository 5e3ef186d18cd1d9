// The admin configuration reads of spec §7 beyond the customer flow's own: a product's whole setup, the
// components with their fields filtered for a setup screen, a flow's outline and its texts for translation.
import type { ComponentConfig, FlowConfig, FlowMode } from '@originate/contract';
import type { ComponentSetupQuery } from '@originate/contract/schemas';
import type { Queryable } from '../../db';
import { findFlowConfig, findProduct, translationsOf } from './flow-store';

export async function allComponents(db: Queryable): Promise<ComponentConfig[]> {
  const rows = await db.query<{ value: ComponentConfig }>('SELECT value FROM component_configs ORDER BY component_id');
  return rows.map((r) => r.value);
}

type Field = ComponentConfig['fields'][number];
const listOf = (text: string | undefined) => (text === undefined ? null : new Set(text.split(',')));

/**
 * The components with only the fields a setup screen asked for: skipFields and skipTypes drop fields,
 * allowedTypes keeps only those types, setupCategoryType keeps one field identifier and setupCategory one
 * category (CUSTOMER: fields of no category). A component left without fields is left out.
 */
export function componentsForSetup(components: readonly ComponentConfig[], query: ComponentSetupQuery) {
  const skipFields = listOf(query.skipFields);
  const skipTypes = listOf(query.skipTypes);
  const allowedTypes = listOf(query.allowedTypes);
  const keep = (f: Field) =>
    !skipFields?.has(f.key) &&
    !skipTypes?.has(f.field_type_details.type) &&
    (allowedTypes === null || allowedTypes.has(f.field_type_details.type)) &&
    (query.setupCategoryType === undefined || f.field_identifier === query.setupCategoryType) &&
    (query.setupCategory === undefined || (f.category ?? 'CUSTOMER') === query.setupCategory);
  return components
    .map((c) => ({ ...c, fields: c.fields.filter(keep) }))
    .filter((c) => c.fields.length > 0)
    .map((c) =>
      // A layout names fields by key: once fields are dropped it no longer describes the component.
      c.layout === undefined ? c : (({ layout: _dropped, ...rest }) => rest)(c),
    );
}

/** GET /v3/setup_configs/{productCode}: the product, its flow's stored versions and its own configurations. */
export async function productSetup(db: Queryable, productCode: string) {
  const product = await findProduct(db, productCode);
  if (!product) return null;
  const [versions, configs] = await Promise.all([
    db.query<{ ver_num: number; mode: FlowMode; updated_at: Date | string }>(
      'SELECT ver_num, mode, updated_at FROM flow_configs WHERE flow_id = $1 ORDER BY ver_num DESC, mode',
      [product.flowId],
    ),
    db.query<{ type: string; name: string }>('SELECT type, name FROM configs WHERE name = $1 ORDER BY type', [
      productCode,
    ]),
  ]);
  return {
    product_code: product.product_code,
    product_name: product.product_name,
    flowId: product.flowId,
    verNum: product.verNum,
    flowVersions: versions.map((v) => ({
      verNum: v.ver_num,
      mode: v.mode,
      updatedAt: new Date(v.updated_at).toISOString(),
    })),
    configs,
  };
}

/** The components a flow's steps show, by id. */
async function componentsOf(db: Queryable, flow: FlowConfig): Promise<Map<string, ComponentConfig>> {
  const ids = flow.sections.flatMap((s) => s.sub_sections.map((sub) => sub.componentId));
  const rows = await db.query<{ component_id: string; value: ComponentConfig }>(
    'SELECT component_id, value FROM component_configs WHERE component_id = ANY($1::text[])',
    [ids],
  );
  return new Map(rows.map((r) => [r.component_id, r.value]));
}

/** POST /v3/flow/fetch_flowDetails: a flow version's outline (sections, steps, their components' field counts). */
export async function flowDetails(db: Queryable, flowId: string, verNum: number, mode: FlowMode) {
  const flow = await findFlowConfig(db, flowId, verNum, mode);
  if (!flow) return null;
  const components = await componentsOf(db, flow);
  const sections = flow.sections.map((s) => ({
    section_id: s.section_id,
    display_name: s.display_name,
    sub_sections: s.sub_sections.map((sub) => ({
      sub_section_id: sub.sub_section_id,
      display_name: sub.display_name,
      route_info: sub.route_info,
      componentId: sub.componentId,
      fieldCount: components.get(sub.componentId)?.fields.length ?? 0,
    })),
  }));
  const [stored] = await db.query<{ mode: FlowMode }>(
    `SELECT mode FROM flow_configs WHERE flow_id = $1 AND ver_num = $2 AND mode IN ($3, 'SAVED')
      ORDER BY (mode = $3) DESC LIMIT 1`,
    [flowId, verNum, mode],
  );
  return {
    flowId: flow.flowId,
    verNum: flow.verNum,
    mode: stored?.mode ?? 'SAVED',
    flowName: flow.flowName,
    product_code: flow.product_code,
    product_name: flow.product_name,
    flow_type: flow.flow_type,
    sections,
    fieldCount: sections.reduce((n, s) => n + s.sub_sections.reduce((m, sub) => m + sub.fieldCount, 0), 0),
  };
}

/** POST /v3/translation/fetchData: every text of a flow (its names, its fields' labels and messages) in `lang`. */
export async function flowTranslations(db: Queryable, flowId: string, verNum: number, lang: string) {
  const flow = await findFlowConfig(db, flowId, verNum);
  if (!flow) return null;
  const components = await componentsOf(db, flow);
  const texts = new Set<string>([flow.flowName]);
  for (const s of flow.sections) {
    texts.add(s.display_name);
    for (const sub of s.sub_sections) texts.add(sub.display_name);
  }
  for (const c of components.values()) {
    texts.add(c.display_name);
    for (const f of c.fields) {
      const d = f.field_type_details;
      for (const t of [f.label, d.text, d.placeholder, d.regex_message]) if (t) texts.add(t);
    }
  }
  texts.delete('');
  const map = await translationsOf(db, lang);
  const translations: Record<string, string> = {};
  let translated = 0;
  for (const t of [...texts].sort()) {
    const found = map[t];
    if (found !== undefined) translated++;
    translations[t] = found ?? t;
  }
  return { flowId, lang, translations, translated, total: texts.size };
}
