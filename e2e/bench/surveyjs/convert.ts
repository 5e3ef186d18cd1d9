// The generated flow (shared/flow-engine/bench/generateFlow.ts) as a SurveyJS 3 form: the same fields,
// rules, formulas, table and values on ONE page, so both engines render and recompute the same form.
// Rules hide (Originate) where SurveyJS shows: each HIDE rule becomes a negated visibleIf on its targets.
import type {
  Aggregation,
  ConditionOperator,
  FieldConfig,
  FieldOptions,
  FieldType,
  FieldValue,
  PageRule,
  RuleCondition,
  TableValue,
} from '@originate/contract';
import { containerColumns, containerHeaders } from '@originate/flow-engine';
import type { GeneratedFlow } from '@originate/flow-engine/bench/generateFlow';

/** A SurveyJS question as JSON (only what the converter writes). */
type SurveyQuestion = Record<string, unknown> & { type: string; name: string };

export interface SurveyForm {
  /** The survey's JSON: one page holding every question. */
  json: {
    title: string;
    clearInvisibleValues: 'onHidden';
    textUpdateMode: 'onTyping';
    checkErrorsMode: 'onValueChanged';
    showQuestionNumbers: 'off';
    pages: [{ name: string; elements: SurveyQuestion[] }];
  };
  /** The saved values, as SurveyJS holds them (numbers for amounts, ISO dates, rows as objects). */
  data: Record<string, unknown>;
}

const typeOf = (field: FieldConfig) => field.field_type_details.type as FieldType;

const TOTAL_TYPES: Record<Aggregation, string> = { SUM: 'sum', AVG: 'avg', MIN: 'min', MAX: 'max', COUNT: 'count' };

const FUNCTIONS: Record<string, string> = { ROUND: 'round', MIN: 'min', MAX: 'max' };

/**
 * An engine formula in SurveyJS's expression syntax: field keys in braces, '<table>.total.<column>' as
 * '{<table>-total.<column>}', ROUND/MIN/MAX in lower case. ABS has no SurveyJS function: refused.
 */
export function surveyExpression(expression: string): string {
  return expression.replace(
    /(\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)(\s*\()?/g,
    (match, number: string | undefined, name: string | undefined, call: string | undefined) => {
      if (number !== undefined || name === undefined) return match;
      if (call !== undefined) {
        const fn = FUNCTIONS[name];
        if (!fn) throw new Error(`formula '${expression}': ${name} has no SurveyJS counterpart`);
        return `${fn}(`;
      }
      const [table, total, column, ...rest] = name.split('.');
      if (total === 'total' && column && rest.length === 0) return `{${table}-total.${column}}`;
      return `{${name}}`;
    },
  );
}

const OPERATORS: Partial<Record<ConditionOperator, string>> = {
  EQUAL: '=',
  NOT_EQUAL: '!=',
  GREATER_THAN: '>',
  LESS_THAN: '<',
  GREATER_THAN_OR_EQUAL: '>=',
  LESS_THAN_OR_EQUAL: '<=',
  CONTAINS: 'contains',
};

function literal(value: string | number | boolean): string {
  return typeof value === 'string' ? `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'` : String(value);
}

function conditionText(condition: RuleCondition): string {
  const operator = condition.operator as ConditionOperator;
  if (operator === 'IS_EMPTY') return `{${condition.field}} empty`;
  if (operator === 'IS_NOT_EMPTY') return `{${condition.field}} notempty`;
  const symbol = OPERATORS[operator];
  if (!symbol || condition.value === undefined)
    throw new Error(`condition on ${condition.field}: ${operator} has no SurveyJS counterpart here`);
  return `{${condition.field}} ${symbol} ${literal(condition.value)}`;
}

/** When the rule hides its targets, in SurveyJS syntax; null for a rule without conditions (always). */
export function ruleCondition(rule: PageRule): string | null {
  if (!rule.conditions) return null;
  const joiner = rule.conditions.operator === 'AND' ? ' and ' : ' or ';
  return rule.conditions.list.map(conditionText).join(joiner);
}

/** The keys a HIDE rule hides (as the engine's ruleTargets: a group is its fields and the field of that key). */
function targetsOf(rule: PageRule, fields: readonly FieldConfig[]): string[] {
  const key = rule.target.key;
  if (rule.target.type === 'FIELD') return fields.some((f) => f.key === key) ? [key] : [];
  return fields.filter((f) => f.groupKey === key || f.key === key).map((f) => f.key);
}

/** 'DD/MM/YYYY' (the engine's date format) as the ISO date an <input type="date"> holds. */
export function isoDate(value: string): string {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : value;
}

function amount(value: FieldValue | undefined): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const n = Number(value.replace(/[,\s]/g, ''));
  return Number.isFinite(n) ? n : undefined;
}

function choices(options: FieldOptions['values'] | undefined) {
  return (options ?? []).map((o) => ({ value: o.value, text: o.label }));
}

/** Validators for what the engine checks on a text-like field: its range and its pattern. */
function validators(field: FieldConfig): Record<string, unknown>[] {
  const d = field.field_type_details;
  const list: Record<string, unknown>[] = [];
  if (d.currency_field && (d.min_value !== undefined || d.max_value !== undefined))
    list.push({ type: 'numeric', minValue: d.min_value, maxValue: d.max_value });
  if (d.regex) list.push({ type: 'regex', regex: `^(?:${d.regex})$` });
  return list;
}

/**
 * One top-level field as a question (a table's cells are its columns; its headers questions before it).
 * An amount is a masked currency input, but one that rules or formulas read is a number input: SurveyJS 3's
 * masked input commits its value only when left (textUpdateMode 'onTyping' does not apply to it), so what
 * depends on it would wait for a blur.
 */
function question(field: FieldConfig, options: GeneratedFlow['options'], read: ReadonlySet<string>): SurveyQuestion {
  const d = field.field_type_details;
  const base = { name: field.key, title: field.label, ...(d.mandatory ? { isRequired: true } : {}) };
  const checks = validators(field);
  const withChecks = checks.length > 0 ? { validators: checks } : {};
  if (field.formulas) {
    return {
      type: 'expression',
      name: field.key,
      title: field.label,
      expression: surveyExpression(field.formulas.expression),
      ...(d.currency_field ? { displayStyle: 'currency', currency: d.currency ?? 'INR' } : {}),
    };
  }
  switch (typeOf(field)) {
    case 'text':
      if (!d.currency_field) return { type: 'text', ...base, ...withChecks };
      return read.has(field.key)
        ? { type: 'text', ...base, inputType: 'number', ...withChecks }
        : { type: 'text', ...base, maskType: 'currency', maskSettings: { prefix: '₹ ' }, ...withChecks };
    case 'password':
      return { type: 'text', ...base, inputType: 'password', ...withChecks };
    case 'textarea':
      return { type: 'comment', ...base, ...withChecks };
    case 'date': {
      const ageBounds =
        d.property === 'BETWEEN_AGE' && d.min_value !== undefined && d.max_value !== undefined
          ? {
              validators: [
                {
                  type: 'expression',
                  expression: `age({${field.key}}) >= ${d.min_value} and age({${field.key}}) <= ${d.max_value}`,
                },
              ],
            }
          : {};
      return { type: 'text', ...base, inputType: 'date', ...ageBounds };
    }
    case 'dropdown':
      return { type: 'dropdown', ...base, choices: choices(options[d.property ?? '']) };
    case 'radio':
      return { type: 'radiogroup', ...base, choices: choices(options[d.property ?? '']) };
    case 'checkbox':
      // SurveyJS 3 names renderAs 'checkbox' displayMode.
      return { type: 'boolean', ...base, displayMode: 'checkbox' };
    case 'slider':
      return { type: 'slider', ...base, min: d.min_value ?? 0, max: d.max_value ?? 100, step: 1 };
    case 'counter':
      return { type: 'text', ...base, inputType: 'number', min: d.min_value ?? 0, max: d.max_value, step: 1 };
    default:
      throw new Error(`field ${field.key}: type ${typeOf(field)} has no SurveyJS counterpart here`);
  }
}

/** A column whose total is arithmetic holds numbers (SurveyJS sums numbers, not digit strings). */
const numericColumn = (column: FieldConfig) => {
  const aggregation = column.aggregation as Aggregation | undefined;
  return aggregation !== undefined && aggregation !== 'COUNT';
};

function table(field: FieldConfig, fields: readonly FieldConfig[], rows: number): SurveyQuestion {
  const columns = containerColumns(fields, field.key).map((column) => {
    const aggregation = column.aggregation as Aggregation | undefined;
    return {
      name: column.key,
      title: column.label,
      cellType: 'text',
      ...(numericColumn(column) ? { inputType: 'number' } : {}),
      ...(column.field_type_details.mandatory ? { isRequired: true } : {}),
      ...(aggregation ? { totalType: TOTAL_TYPES[aggregation] } : {}),
    };
  });
  return { type: 'matrixdynamic', name: field.key, title: field.label, rowCount: rows, columns };
}

function isTable(value: FieldValue | undefined): value is TableValue {
  return typeof value === 'object' && value !== null && 'subRecords' in value;
}

/** The generated flow's first screen as a one-page survey, with its saved values. */
export function toSurveyJs(generated: GeneratedFlow): SurveyForm {
  const screen = generated.components[0];
  if (!screen) throw new Error('the generated flow has no screen');
  const fields = screen.fields;
  const containers = new Set(fields.filter((f) => typeOf(f) === 'container').map((f) => f.key));
  // Each question's hiding conditions (a rule without conditions hides for good).
  const hiddenWhen = new Map<string, (string | null)[]>();
  for (const rule of generated.rules) {
    if (rule.componentId !== screen.componentId || rule.action !== 'HIDE') continue;
    const condition = ruleCondition(rule);
    for (const key of targetsOf(rule, fields)) hiddenWhen.set(key, [...(hiddenWhen.get(key) ?? []), condition]);
  }
  const visibility = (key: string): Record<string, unknown> => {
    const conditions = hiddenWhen.get(key);
    if (!conditions) return {};
    if (conditions.includes(null)) return { visible: false };
    return { visibleIf: conditions.map((c) => `!(${c})`).join(' and ') };
  };

  // What rules and formulas read: field keys in their conditions and expressions.
  const read = new Set(generated.rules.flatMap((rule) => rule.conditions?.list.map((c) => c.field) ?? []));
  for (const field of fields) {
    for (const name of field.formulas?.expression.match(/[A-Za-z_]\w*/g) ?? []) read.add(name);
  }
  const elements: SurveyQuestion[] = [];
  const data: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.groupKey !== undefined && containers.has(field.groupKey)) continue;
    const value = generated.values[field.key];
    if (typeOf(field) === 'container') {
      const saved = isTable(value) ? value : { headers: {}, subRecords: [], total: {} };
      for (const header of containerHeaders(fields, field.key)) {
        elements.push({ ...question(header, generated.options, read), ...visibility(field.key) });
        if (saved.headers[header.key] !== undefined) data[header.key] = saved.headers[header.key];
      }
      elements.push({ ...table(field, fields, saved.subRecords.length), ...visibility(field.key) });
      const numeric = new Set(
        containerColumns(fields, field.key)
          .filter(numericColumn)
          .map((c) => c.key),
      );
      data[field.key] = saved.subRecords.map((row) =>
        Object.fromEntries(Object.entries(row).map(([k, v]) => [k, numeric.has(k) ? amount(v ?? undefined) : v])),
      );
      continue;
    }
    elements.push({ ...question(field, generated.options, read), ...visibility(field.key) });
    if (value === undefined || field.formulas) continue;
    const d = field.field_type_details;
    if (typeOf(field) === 'text' && d.currency_field) data[field.key] = amount(value);
    else if (typeOf(field) === 'date' && typeof value === 'string') data[field.key] = isoDate(value);
    else data[field.key] = value;
  }
  return {
    json: {
      title: generated.flow.product_name ?? 'Benchmark',
      clearInvisibleValues: 'onHidden',
      // Rules and formulas follow each keystroke, as in the portal (SurveyJS's default waits for blur).
      textUpdateMode: 'onTyping',
      // A field's error shows as its value changes, as the portal shows a touched field's.
      checkErrorsMode: 'onValueChanged',
      showQuestionNumbers: 'off',
      pages: [{ name: 'everything', elements }],
    },
    data,
  };
}
