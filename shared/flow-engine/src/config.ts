// Loading configuration: the contract's schema first, then what a schema cannot say (unique ids, known
// components, formulas that parse and do not loop, rule targets that exist). A broken configuration is
// refused with a SchemaError naming each path and reason, e.g. 'sections[2].sub_sections[0].route_info: missing'.
import {
  type ComponentConfig,
  type FieldConfig,
  type FieldOptions,
  type FlowConfig,
  type PageRule,
  type SchemaIssue,
  tableOfField,
} from '@originate/contract';
import {
  ComponentConfigSchema,
  FlowConfigSchema,
  PageRuleSchema,
  parseWithSchema,
  SchemaError,
} from '@originate/contract/schemas';
import Type from 'typebox';
import { fieldType, isCheckGroup } from './fields';
import { formulaProblems } from './formula';
import { fieldRegex, numericBounds, numericStep, onStepGrid } from './validation';

const ComponentListSchema = Type.Array(ComponentConfigSchema, { maxItems: 500 });
const RuleListSchema = Type.Array(PageRuleSchema, { maxItems: 5000 });

function refuse(source: string, issues: SchemaIssue[]): void {
  if (issues.length > 0) throw new SchemaError(source, issues);
}

/** A flow configuration, checked; with components, every componentId must name one of them. */
export function loadFlowConfig(value: unknown, source: string, components?: readonly ComponentConfig[]): FlowConfig {
  const flow = parseWithSchema(FlowConfigSchema, value, source);
  const issues: SchemaIssue[] = [];
  const sectionIds = new Set<string>();
  const subSectionIds = new Set<string>();
  const routes = new Set<string>();
  const known = components ? new Set(components.map((component) => component.componentId)) : undefined;
  flow.sections.forEach((section, s) => {
    if (sectionIds.has(section.section_id)) {
      issues.push({ path: `sections[${s}].section_id`, reason: `duplicate '${section.section_id}'` });
    }
    sectionIds.add(section.section_id);
    section.sub_sections.forEach((sub, u) => {
      const path = `sections[${s}].sub_sections[${u}]`;
      if (subSectionIds.has(sub.sub_section_id)) {
        issues.push({ path: `${path}.sub_section_id`, reason: `duplicate '${sub.sub_section_id}'` });
      }
      subSectionIds.add(sub.sub_section_id);
      // A route names one step (joint instances aside); custom pages share the application's custom route.
      if (!sub.customPage) {
        if (routes.has(sub.route_info))
          issues.push({ path: `${path}.route_info`, reason: `duplicate '${sub.route_info}'` });
        routes.add(sub.route_info);
      }
      if (known && !known.has(sub.componentId)) {
        issues.push({ path: `${path}.componentId`, reason: `unknown component '${sub.componentId}'` });
      }
    });
  });
  refuse(source, issues);
  return flow;
}

const STEPPED_TYPES = new Set(['slider', 'range', 'counter']);

/**
 * What a field's kind needs beyond the schema, as [path under field_type_details, reason]: a checkbox
 * group names its option list and is not a table cell (a cell holds one value); `step` is for sliders,
 * ranges and counters, whose max_value and numeric defaultValue must lie on the step grid from min_value.
 */
function kindProblems(fields: readonly FieldConfig[], field: FieldConfig): [string, string][] {
  const details = field.field_type_details;
  const problems: [string, string][] = [];
  if (isCheckGroup(field)) {
    if (!details.property) problems.push(['property', 'is required: a checkbox group ticks options of this list']);
    const table = tableOfField(fields, field);
    if (table) problems.push(['multiple', `a checkbox group cannot be a cell of table '${table.key}'`]);
  }
  if (!STEPPED_TYPES.has(fieldType(field))) {
    if (details.step !== undefined) problems.push(['step', 'is for slider, range and counter fields only']);
    return problems;
  }
  const { min, max } = numericBounds(field);
  const step = numericStep(field);
  const grid = `min_value (${min}) plus a multiple of the step (${step})`;
  if (details.max_value !== undefined && !onStepGrid(max, min, step)) problems.push(['max_value', `must be ${grid}`]);
  const given = details.defaultValue;
  const defaults = Array.isArray(given) ? given : [given];
  if (defaults.some((v) => typeof v === 'number' && !onStepGrid(v, min, step))) {
    problems.push(['defaultValue', `must be ${grid}`]);
  }
  return problems;
}

/**
 * Component configurations, checked: unique field keys, compiling regexes, sound formulas, access control
 * only where it applies (a table's cells take the table's: the contract's readOnlyByAccessControl), what
 * a field's kind needs (kindProblems).
 */
export function loadComponentConfigs(value: unknown, source: string): ComponentConfig[] {
  const components = parseWithSchema(ComponentListSchema, value, source);
  const issues: SchemaIssue[] = [];
  const ids = new Set<string>();
  components.forEach((component, c) => {
    if (ids.has(component.componentId)) {
      issues.push({ path: `[${c}].componentId`, reason: `duplicate '${component.componentId}'` });
    }
    ids.add(component.componentId);
    const keys = new Set<string>();
    component.fields.forEach((field, f) => {
      if (keys.has(field.key)) issues.push({ path: `[${c}].fields[${f}].key`, reason: `duplicate '${field.key}'` });
      keys.add(field.key);
      const regex = field.field_type_details.regex;
      if (regex !== undefined && fieldRegex(regex) === null) {
        issues.push({
          path: `[${c}].fields[${f}].field_type_details.regex`,
          reason: 'is not a valid regular expression',
        });
      }
      for (const [at, reason] of kindProblems(component.fields, field)) {
        issues.push({ path: `[${c}].fields[${f}].field_type_details.${at}`, reason });
      }
      const table = field.accessControl ? tableOfField(component.fields, field) : undefined;
      if (table) {
        issues.push({
          path: `[${c}].fields[${f}].accessControl`,
          reason: `is not allowed on a cell of table '${table.key}': set it on the table, whose cells take its access`,
        });
      }
    });
    for (const problem of formulaProblems(component)) {
      issues.push({
        path: `[${c}].fields[${problem.fieldIndex}].formulas.expression`,
        reason: `field '${problem.key}': ${problem.reason}`,
      });
    }
  });
  refuse(source, issues);
  return components;
}

/** Page rules, checked; with components, each rule's component and target must exist. */
export function loadPageRules(value: unknown, source: string, components?: readonly ComponentConfig[]): PageRule[] {
  const rules = parseWithSchema(RuleListSchema, value, source);
  if (!components) return rules;
  const byId = new Map(components.map((component) => [component.componentId, component]));
  const issues: SchemaIssue[] = [];
  rules.forEach((rule, r) => {
    const component = byId.get(rule.componentId);
    if (!component) {
      issues.push({ path: `[${r}].componentId`, reason: `unknown component '${rule.componentId}'` });
      return;
    }
    const key = rule.target.key;
    const exists =
      rule.target.type === 'FIELD'
        ? component.fields.some((field) => field.key === key)
        : component.fields.some((field) => field.groupKey === key || field.key === key);
    if (!exists) {
      issues.push({
        path: `[${r}].target.key`,
        reason: `no ${rule.target.type.toLowerCase()} '${key}' in ${rule.componentId}`,
      });
    }
  });
  refuse(source, issues);
  return rules;
}

/**
 * The option lists the components' dropdowns, radios and checkbox groups name, each asked for once (portal
 * and server). Without a property_type a radio asks for a RADIO list, the others for a DROPDOWN list.
 */
export function optionRequests(
  components: Iterable<ComponentConfig>,
): Pick<FieldOptions, 'property' | 'property_type'>[] {
  const wanted = new Map<string, Pick<FieldOptions, 'property' | 'property_type'>>();
  for (const component of components) {
    for (const field of component.fields) {
      const { type, property, property_type } = field.field_type_details;
      if ((type === 'dropdown' || type === 'radio' || isCheckGroup(field)) && property) {
        wanted.set(property, { property, property_type: property_type ?? (type === 'radio' ? 'RADIO' : 'DROPDOWN') });
      }
    }
  }
  return [...wanted.values()];
}
