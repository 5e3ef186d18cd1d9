// A product's amount, tenure and rate limits (ProductConfig.limits) are the one source of what an
// applicant may enter: the flow fields they name carry no bounds of their own in the seeds, and every
// reader of a component (the portal's componentsConfigs, the server's save checks through flowFor, the
// back office's form) gets the field's min_value/max_value from here. Pure: the callers load the products.
import type { ComponentConfig, FieldConfig, ProductConfig, ProductLimits } from '@originate/contract';

const LIMIT_KINDS = ['amount', 'tenure', 'rate'] as const;

export interface FieldLimit {
  min: number;
  max: number;
  /** On a product's amount field: the product's rate, which a loan calculator of that amount prices at. */
  ratePercent?: number;
}

/** Each limited field key with its bounds, over every product (a key is limited by one product only: productLimitIssues). */
export function limitsByField(products: readonly Pick<ProductConfig, 'limits'>[]): Map<string, FieldLimit> {
  const byField = new Map<string, FieldLimit>();
  for (const { limits } of products) {
    for (const kind of LIMIT_KINDS) {
      const limit = limits?.[kind];
      if (!limit) continue;
      const rate = kind === 'amount' && limits?.ratePercent !== undefined ? { ratePercent: limits.ratePercent } : {};
      byField.set(limit.field, { min: limit.min, max: limit.max, ...rate });
    }
  }
  return byField;
}

/**
 * The field with its product's bounds as min_value/max_value, and a loan calculator that reads no rate field
 * with its product's rate (the one the letters price at); a field no product limits stays as configured.
 */
function withLimit(field: FieldConfig, byField: ReadonlyMap<string, FieldLimit>): FieldConfig {
  const details = field.field_type_details;
  const limit = byField.get(field.key);
  const calculator = details.loan_calculator;
  const rate = calculator && !calculator.rate_field ? byField.get(calculator.amount_field)?.ratePercent : undefined;
  if (!limit && rate === undefined) return field;
  return {
    ...field,
    field_type_details: {
      ...details,
      ...(limit ? { min_value: limit.min, max_value: limit.max } : {}),
      ...(calculator && rate !== undefined ? { loan_calculator: { ...calculator, rate_percent: rate } } : {}),
    },
  };
}

export function componentWithLimits(component: ComponentConfig, byField: ReadonlyMap<string, FieldLimit>) {
  if (byField.size === 0) return component;
  return { ...component, fields: component.fields.map((f) => withLimit(f, byField)) };
}

/**
 * What a product's limits must satisfy: min below max, a rate of at most 100 %, each naming a field of
 * the flow it opens (`flowKeys`) that no other product limits (`limitedElsewhere`: field key → product).
 */
export function productLimitIssues(
  limits: ProductLimits,
  flowKeys: ReadonlySet<string>,
  limitedElsewhere: ReadonlyMap<string, string>,
): { label: string; reason: string }[] {
  const issues: { label: string; reason: string }[] = [];
  const seen = new Set<string>();
  for (const kind of LIMIT_KINDS) {
    const limit = limits[kind];
    if (!limit) continue;
    const label = `limits.${kind}`;
    if (limit.min >= limit.max)
      issues.push({ label: `${label}.min`, reason: `must be below the maximum (${limit.max})` });
    if (kind === 'rate' && limit.max > 100) issues.push({ label: `${label}.max`, reason: 'must be at most 100 (%)' });
    if (!flowKeys.has(limit.field)) {
      issues.push({ label: `${label}.field`, reason: `'${limit.field}' is not a field of the product's flow` });
    }
    const other = limitedElsewhere.get(limit.field);
    if (other) issues.push({ label: `${label}.field`, reason: `'${limit.field}' is limited by product ${other}` });
    if (seen.has(limit.field)) issues.push({ label: `${label}.field`, reason: `'${limit.field}' is limited twice` });
    seen.add(limit.field);
  }
  return issues;
}
