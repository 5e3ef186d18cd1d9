// Page rules (spec §5): hide a field or a group outright (no conditions), or when an AND/OR list of
// conditions over other fields' values holds.
import type {
  ConditionOperator,
  FieldConfig,
  FieldValue,
  FormValues,
  PageRule,
  RuleCondition,
} from '@originate/contract';
import { fieldType, isNumericField } from './fields';
import { isEmptyValue, parseDate, toNumber } from './validation';

type Scalar = string | number | boolean;

function scalarsOf(value: FieldValue | undefined): Scalar[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value;
  if (typeof value === 'object') return [];
  return [value];
}

/**
 * How EQUAL and NOT_EQUAL compare a field's value: numbers for numeric fields ('2,50,000' equals
 * 250000), days for dates, exact text for every other field (a code '0250000' is not '250000'). A key
 * the component does not declare (another step's field) compares as numbers when both read as numbers.
 */
type Equality = 'number' | 'date' | 'text' | 'loose';

function equalityOf(field: FieldConfig | undefined): Equality {
  if (!field) return 'loose';
  if (isNumericField(field)) return 'number';
  return fieldType(field) === 'date' ? 'date' : 'text';
}

function sameNumber(actual: Scalar, expected: Scalar): boolean | undefined {
  if (typeof actual === 'boolean' || typeof expected === 'boolean') return undefined;
  const a = toNumber(actual);
  const b = toNumber(expected);
  return Number.isFinite(a) && Number.isFinite(b) ? a === b : undefined;
}

function sameDay(actual: Scalar, expected: Scalar, format: string | undefined): boolean | undefined {
  if (typeof actual === 'boolean' || typeof expected === 'boolean') return undefined;
  const a = parseDate(actual, format || undefined);
  const b = parseDate(expected, format || undefined);
  return a && b ? a.isSame(b, 'day') : undefined;
}

function equal(actual: Scalar, expected: Scalar, field: FieldConfig | undefined): boolean {
  const equality = equalityOf(field);
  const typed =
    equality === 'number' || equality === 'loose'
      ? sameNumber(actual, expected)
      : equality === 'date'
        ? sameDay(actual, expected, field?.field_type_details.date_format)
        : undefined;
  return typed ?? String(actual) === String(expected);
}

/** Numbers compare as numbers, dates (DD/MM/YYYY or ISO) as dates; anything else does not compare. */
function compare(actual: Scalar, expected: Scalar): number | undefined {
  const a = typeof actual === 'boolean' ? Number.NaN : toNumber(actual);
  const b = typeof expected === 'boolean' ? Number.NaN : toNumber(expected);
  if (Number.isFinite(a) && Number.isFinite(b)) return a - b;
  if (typeof actual === 'boolean' || typeof expected === 'boolean') return undefined;
  const da = parseDate(actual);
  const db = parseDate(expected);
  return da && db ? da.valueOf() - db.valueOf() : undefined;
}

function ordered(actual: Scalar, expected: Scalar, test: (difference: number) => boolean): boolean {
  const difference = compare(actual, expected);
  return difference !== undefined && test(difference);
}

/** One condition over the current values. A multi-valued field matches when any of its values does. */
function conditionHolds(
  condition: RuleCondition,
  values: FormValues,
  fields: ReadonlyMap<string, FieldConfig>,
): boolean {
  const value = values[condition.field];
  const field = fields.get(condition.field);
  const expected = condition.value;
  // The contract's operator union comes out of Static as never (see fields.ts): typed here.
  const operator = condition.operator as ConditionOperator;
  switch (operator) {
    case 'IS_EMPTY':
      return isEmptyValue(value);
    case 'IS_NOT_EMPTY':
      return !isEmptyValue(value);
    case 'NOT_EQUAL':
      return expected === undefined ? !isEmptyValue(value) : !scalarsOf(value).some((v) => equal(v, expected, field));
    default:
      break;
  }
  if (expected === undefined) return false;
  const actual = scalarsOf(value);
  switch (operator) {
    case 'EQUAL':
      return actual.some((v) => equal(v, expected, field));
    case 'CONTAINS':
      return actual.some((v) => String(v).includes(String(expected)));
    case 'ENDS_WITH':
      return actual.some((v) => String(v).endsWith(String(expected)));
    case 'GREATER_THAN':
      return actual.some((v) => ordered(v, expected, (c) => c > 0));
    case 'LESS_THAN':
      return actual.some((v) => ordered(v, expected, (c) => c < 0));
    case 'GREATER_THAN_OR_EQUAL':
      return actual.some((v) => ordered(v, expected, (c) => c >= 0));
    case 'LESS_THAN_OR_EQUAL':
      return actual.some((v) => ordered(v, expected, (c) => c <= 0));
  }
}

/**
 * Whether the rule hides its target now: always without conditions, else by its AND/OR list. `fields` are
 * the component's fields by key: a condition compares as its field's type says (equalityOf).
 */
export function ruleActive(rule: PageRule, values: FormValues, fields: ReadonlyMap<string, FieldConfig>): boolean {
  if (!rule.conditions) return true;
  const { operator, list } = rule.conditions;
  return operator === 'AND'
    ? list.every((condition) => conditionHolds(condition, values, fields))
    : list.some((condition) => conditionHolds(condition, values, fields));
}

/**
 * The field keys a rule hides: a FIELD target is that field; a GROUP target is every field whose groupKey
 * is the group's key, and the field named by that key when there is one (a container and its columns).
 */
export function ruleTargets(rule: PageRule, fields: readonly FieldConfig[]): string[] {
  const key = rule.target.key;
  if (rule.target.type === 'FIELD') return fields.some((field) => field.key === key) ? [key] : [];
  return fields.filter((field) => field.groupKey === key || field.key === key).map((field) => field.key);
}
