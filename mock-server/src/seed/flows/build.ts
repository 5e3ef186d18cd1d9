// Small builders that keep the seeded flows readable: one line per field, the contract's shapes out.
import type { FieldConfig, FieldTypeDetails, GridSize, LayoutElement } from '@originate/contract';

type Extra = Omit<FieldConfig, 'key' | 'label' | 'enable' | 'field_type_details'> & { enable?: boolean };

/** A field enabled for the primary applicant unless `extra` says otherwise. */
export function field(
  key: string,
  label: string,
  type: FieldTypeDetails['type'],
  details: Omit<FieldTypeDetails, 'type'> = {},
  extra: Extra = {},
): FieldConfig {
  const { enable = true, ...rest } = extra;
  return { key, label, enable, ...rest, field_type_details: { type, ...details } };
}

/** An INR amount: a text field with the currency flag, the AMOUNT keypress rule and its range. */
export function amount(
  key: string,
  label: string,
  min: number,
  max: number,
  mandatory: boolean,
  extra: Extra = {},
): FieldConfig {
  return field(
    key,
    label,
    'text',
    { currency_field: true, currency: 'INR', keypress: 'AMOUNT', min_value: min, max_value: max, mandatory },
    extra,
  );
}

/** An INR amount whose bounds are its product's limits (ProductConfig.limits.amount), served with it. */
export const limitedAmount = (key: string, label: string, extra: Extra = {}): FieldConfig =>
  field(key, label, 'text', { currency_field: true, currency: 'INR', keypress: 'AMOUNT', mandatory: true }, extra);

export const heading = (key: string, text: string, extra: Extra = {}): FieldConfig =>
  field(key, text, 'heading', { text }, extra);

export const custom = (value: number): GridSize => ({ type: 'custom', value });
export const content: GridSize = { type: 'content' };
export const auto: GridSize = { type: 'auto' };

const cell = (key: string, size?: GridSize): LayoutElement => ({
  type: 'field',
  key,
  ...(size ? { size } : {}),
});

/** A row of columns, each holding the given fields. */
export function row(id: string, columns: { size: GridSize; keys: string[] }[]): LayoutElement {
  return {
    type: 'element_row',
    id,
    children: columns.map((c, i) => ({
      type: 'element_column',
      id: `${id}_col${i + 1}`,
      size: c.size,
      children: c.keys.map((k) => cell(k)),
    })),
  };
}
