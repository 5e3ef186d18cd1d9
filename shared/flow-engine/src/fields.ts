// Field applicability and editing (spec §5, §6), and the shape of container (NESTED_TABLE) fields.
import type { Aggregation, ApplicantType, DATE_UNITS, FieldConfig, FieldType } from '@originate/contract';

// The contract's unions built from constant lists (FIELD_TYPES, DATE_UNITS, AGGREGATIONS) currently come
// out of TypeBox's Static as never/undefined; these accessors give them their declared literal types.

/** The field's type. */
export function fieldType(field: FieldConfig): FieldType {
  return field.field_type_details.type as FieldType;
}

/** BETWEEN_DAYS unit. */
export function dateUnit(field: FieldConfig): (typeof DATE_UNITS)[number] | undefined {
  return field.field_type_details.date_unit as (typeof DATE_UNITS)[number] | undefined;
}

/** A column's total. */
export function aggregationOf(field: FieldConfig): Aggregation | undefined {
  return field.aggregation as Aggregation | undefined;
}

/** A checkbox with `multiple`: a group of boxes, one per option of its property; its value is an array. */
export function isCheckGroup(field: FieldConfig): boolean {
  return fieldType(field) === 'checkbox' && field.field_type_details.multiple === true;
}

/**
 * A field whose value is a number however it is held ('2,50,000', 250000): an amount (a currency text
 * field), a slider, counter or range, or a computed (formula) field. Rules compare these as numbers.
 */
export function isNumericField(field: FieldConfig): boolean {
  if (field.formulas) return true;
  const type = fieldType(field);
  if (type === 'text') return field.field_type_details.currency_field === true;
  return type === 'slider' || type === 'counter' || type === 'range';
}

/** Internal fields are never shown to applicants (flag on the field or in its type details). */
function isInternalField(field: FieldConfig): boolean {
  return field.internal === true || field.field_type_details.internal === true;
}

/**
 * Enabled for the applicant type and not internal. The primary applicant follows `enable`; secondary
 * and guarantor follow their own flags (absent = off) unless sameAsPrimary, which makes them follow `enable`.
 */
export function isFieldApplicable(field: FieldConfig, applicantType: ApplicantType): boolean {
  if (isInternalField(field)) return false;
  if (applicantType === 'primary' || field.sameAsPrimary) return field.enable;
  return applicantType === 'secondary' ? field.secondaryEnable === true : field.guarantorEnable === true;
}

/**
 * Editing is disabled when the application's current stage differs from the task's step number (both
 * known: an applicant with no task is not held by a stage), or when access control exists and is not WRITE.
 */
export function isEditingDisabled(args: {
  stage?: number;
  taskStepNumber?: number;
  access?: 'WRITE' | string;
}): boolean {
  const { stage, taskStepNumber, access } = args;
  if (stage !== undefined && taskStepNumber !== undefined && stage !== taskStepNumber) return true;
  return access !== undefined && access !== 'WRITE';
}

export function isContainer(field: FieldConfig): boolean {
  return fieldType(field) === 'container';
}

/** A container's header fields (shown once above the rows): its children marked isSectionHeader. */
export function containerHeaders(fields: readonly FieldConfig[], containerKey: string): FieldConfig[] {
  return fields.filter((field) => field.groupKey === containerKey && field.isSectionHeader === true);
}

/** A container's columns: its children (groupKey = the container's key) that are not headers. */
export function containerColumns(fields: readonly FieldConfig[], containerKey: string): FieldConfig[] {
  return fields.filter((field) => field.groupKey === containerKey && field.isSectionHeader !== true);
}

/**
 * Dirty and error keys of a table's cells: '<container>.headers.<key>' for a header field,
 * '<container>.<row>.<key>' for a row's cell (row counted from 0).
 */
export function cellKey(containerKey: string, row: number | 'headers', key: string): string {
  return `${containerKey}.${row}.${key}`;
}
