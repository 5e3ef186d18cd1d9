// What an admin save of the customer-flow configuration must satisfy beyond its schema (README
// "Configuration saves"). The checks a schema cannot say are the engine's own loaders
// (loadFlowConfig, loadComponentConfigs, loadPageRules: the portal refuses the same configuration when
// it loads it), run over what is stored; this file adds what only the server knows (the path the value
// is saved under, the products and the flows they open, the flows that use a component, the bank's
// teams) and words each problem as {label, reason}.

import type {
  ComponentConfig,
  FieldOptionsSave,
  FlowConfig,
  PageRule,
  ProductConfig,
  TeamType,
} from '@originate/contract';
import { SchemaError } from '@originate/contract/schemas';
import { loadComponentConfigs, loadFlowConfig, loadPageRules } from '@originate/flow-engine';
import type { Db, Queryable } from '../../db';
import {
  allProducts,
  componentsByIds,
  findFlowConfig,
  flowVersions,
  isStoredFlow,
  productsOpening,
  rulesAbout,
} from './flow-store';
import { limitsByField, productLimitIssues } from './product-limits';

export interface ConfigIssue {
  label: string;
  reason: string;
}

/** Any number away from the migration lock's: the one key every configuration save holds. */
const CONFIG_SAVE_LOCK_ID = 7_201_001;

/**
 * One configuration save, checks and write in one transaction that holds the configuration lock, so a
 * component saved meanwhile cannot slip past the check of a flow or of page rules that name it.
 */
export function underConfigLock<T>(db: Db, save: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [CONFIG_SAVE_LOCK_ID]);
    return save(tx);
  });
}

/** The engine loader's refusal as issues (paths relabelled by `label`); none when it accepts. */
function engineIssues(load: () => unknown, label: (path: string) => string = (path) => path): ConfigIssue[] {
  try {
    load();
    return [];
  } catch (error) {
    if (!(error instanceof SchemaError)) throw error;
    return error.issues.map((issue) => ({ label: label(issue.path), reason: issue.reason }));
  }
}

const componentIdsOf = (flow: FlowConfig) =>
  flow.sections.flatMap((section) => section.sub_sections.map((sub) => sub.componentId));

/**
 * A flow saved as /:verNum/:flowId: that flow, its components stored, its ids unique, and the product of
 * every stored product that opens it. A flow no product opens may name a product not stored yet: a new
 * product's flow is saved first, then the product naming it (productConfigIssues holds the product to it).
 */
export async function flowConfigIssues(
  db: Queryable,
  flow: FlowConfig,
  path: { flowId: string; verNum: number },
): Promise<ConfigIssue[]> {
  const issues: ConfigIssue[] = [];
  if (flow.flowId !== path.flowId) {
    issues.push({ label: 'flowId', reason: `must be the flowId of the path ('${path.flowId}')` });
  }
  if (flow.verNum !== path.verNum) {
    issues.push({ label: 'verNum', reason: `must be the verNum of the path (${path.verNum})` });
  }
  // Applications are filed under their flow's product_code: a product opening a flow of another would
  // start applications of that other product.
  for (const { product_code } of await productsOpening(db, flow.flowId)) {
    if (product_code !== flow.product_code) {
      issues.push({
        label: 'product_code',
        reason: `must be '${product_code}': product ${product_code} opens this flow`,
      });
    }
  }
  const components = await componentsByIds(db, componentIdsOf(flow));
  issues.push(...engineIssues(() => loadFlowConfig(flow, `flow ${flow.flowId}`, [...components.values()])));
  return issues;
}

/**
 * A component saved as /:componentId: that component, unique field keys, regexes that compile, formulas
 * over its own fields without cycles, access control naming known teams and never on a table's cells;
 * and every stored page rule about it still finds its target.
 */
export async function componentConfigIssues(
  db: Queryable,
  component: ComponentConfig,
  componentId: string,
): Promise<ConfigIssue[]> {
  const issues: ConfigIssue[] = [];
  if (component.componentId !== componentId) {
    issues.push({ label: 'componentId', reason: `must be the componentId of the path ('${componentId}')` });
  }
  // The loader checks a list: its '[0].' is this component.
  issues.push(
    ...engineIssues(
      () => loadComponentConfigs([component], `component ${component.componentId}`),
      (path) => path.replace(/^\[0\]\.?/, '') || 'body',
    ),
  );
  issues.push(...(await accessControlIssues(db, component)));
  for (const { flowId, verNum, rule } of await rulesAbout(db, component.componentId)) {
    for (const issue of engineIssues(() => loadPageRules([rule], `page rules of ${flowId}`, [component]))) {
      issues.push({
        label: 'fields',
        reason: `${issue.reason}: page rule '${rule.rule_id}' of ${flowId} ${verNum} hides it`,
      });
    }
  }
  return issues;
}

/**
 * The teams a field's access control names must be the bank's, with that type (the shape, and no access
 * control on a table's cells, are the schema's and the engine loader's): a misspelt team would silently
 * give nobody WRITE.
 */
function accessControlIssues(db: Queryable, component: ComponentConfig): Promise<ConfigIssue[]> {
  const named = component.fields.flatMap((field, f) =>
    (field.accessControl ?? []).flatMap((entry, e) =>
      (entry.teams ?? []).map((team, t) => ({ team, label: `fields[${f}].accessControl[${e}].teams[${t}].id` })),
    ),
  );
  return unknownTeamIssues(db, named);
}

/** Each named team that is not one of the bank's teams of its type, labelled where it was named. */
async function unknownTeamIssues(
  db: Queryable,
  named: readonly { team: { type: TeamType; id: string }; label: string }[],
): Promise<ConfigIssue[]> {
  if (named.length === 0) return [];
  const rows = await db.query<{ id: string; type: string }>('SELECT id, type FROM teams WHERE id = ANY($1::text[])', [
    [...new Set(named.map((n) => n.team.id))],
  ]);
  const known = new Set(rows.map((row) => `${row.type}:${row.id}`));
  return named
    .filter(({ team }) => !known.has(`${team.type}:${team.id}`))
    .map(({ team, label }) => ({ label, reason: `is not a ${team.type} team of the bank ('${team.id}')` }));
}

/**
 * One flow version's page rules: the flow is stored (404 otherwise, by the caller), rule ids unique,
 * each rule about a component of that flow, its target a field or group of that component.
 */
export async function pageRulesIssues(
  db: Queryable,
  rules: readonly PageRule[],
  path: { flowId: string; verNum: number },
): Promise<ConfigIssue[] | null> {
  const flows = await flowVersions(db, path.flowId, path.verNum);
  if (flows.length === 0) return null;
  const used = new Set(flows.flatMap(componentIdsOf));
  const components = await componentsByIds(db, [...new Set(rules.map((rule) => rule.componentId))]);
  const issues: ConfigIssue[] = [];
  const ids = new Set<string>();
  rules.forEach((rule, r) => {
    if (ids.has(rule.rule_id)) issues.push({ label: `[${r}].rule_id`, reason: `duplicate '${rule.rule_id}'` });
    ids.add(rule.rule_id);
    // A stored component this flow does not show: the engine knows it, so only the server can say so.
    if (components.has(rule.componentId) && !used.has(rule.componentId)) {
      issues.push({
        label: `[${r}].componentId`,
        reason: `'${rule.componentId}' is not a component of ${path.flowId} ${path.verNum}`,
      });
    }
  });
  issues.push(...engineIssues(() => loadPageRules(rules, `page rules of ${path.flowId}`, [...components.values()])));
  return issues;
}

/**
 * A product saved as /:productCode: that product, opening a SAVED version of a flow of its own (the portal
 * loads the SAVED one, and applications are filed under the flow's product), its queue the bank's teams
 * (a misspelt team would leave every new application in no team's queue), its leadFields that flow's fields.
 */
export async function productConfigIssues(
  db: Queryable,
  product: ProductConfig,
  productCode: string,
): Promise<ConfigIssue[]> {
  const issues: ConfigIssue[] = [];
  if (product.product_code !== productCode) {
    issues.push({ label: 'product_code', reason: `must be the productCode of the path ('${productCode}')` });
  }
  const { flowId, verNum } = product;
  const flow = await findFlowConfig(db, flowId, verNum, 'SAVED');
  if (flow === null) {
    issues.push(
      (await isStoredFlow(db, flowId))
        ? { label: 'verNum', reason: `flow '${flowId}' has no SAVED version ${verNum}` }
        : { label: 'flowId', reason: `unknown flow '${flowId}'` },
    );
  } else if (flow.product_code !== product.product_code) {
    issues.push({ label: 'flowId', reason: `'${flowId}' ${verNum} is a flow of product '${flow.product_code}'` });
  } else if (product.leadFields || product.limits) {
    const components = await componentsByIds(db, componentIdsOf(flow));
    const keys = new Set([...components.values()].flatMap((c) => c.fields.map((f) => f.key)));
    // What a converted lead fills must be a field of the flow it opens (README "Leads: conversion").
    for (const [source, key] of Object.entries(product.leadFields ?? {})) {
      if (key && !keys.has(key)) {
        issues.push({ label: `leadFields.${source}`, reason: `'${key}' is not a field of ${flowId} ${verNum}` });
      }
    }
    if (product.limits) {
      const others = (await allProducts(db)).filter((p) => p.product_code !== product.product_code);
      const elsewhere = new Map(
        others.flatMap((p) => [...limitsByField([p]).keys()].map((key) => [key, p.product_code] as const)),
      );
      issues.push(...productLimitIssues(product.limits, keys, elsewhere));
    }
  }
  issues.push(
    ...(await unknownTeamIssues(
      db,
      product.queue.map((team, q) => ({ team, label: `queue[${q}].id` })),
    )),
  );
  return issues;
}

/**
 * An option list saved as /:propertyType/:property: that list, each value once (the form stores the value,
 * so two options with one value could not be told apart). Pure: the schema bounds the rest.
 */
export function fieldOptionsIssues(
  options: FieldOptionsSave,
  path: { propertyType: FieldOptionsSave['property_type']; property: string },
): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  if (options.property_type !== path.propertyType) {
    issues.push({ label: 'property_type', reason: `must be the propertyType of the path ('${path.propertyType}')` });
  }
  if (options.property !== path.property) {
    issues.push({ label: 'property', reason: `must be the property of the path ('${path.property}')` });
  }
  const seen = new Set<string>();
  options.values.forEach(({ value }, v) => {
    if (seen.has(value)) issues.push({ label: `values[${v}].value`, reason: `duplicate '${value}'` });
    seen.add(value);
  });
  return issues;
}
