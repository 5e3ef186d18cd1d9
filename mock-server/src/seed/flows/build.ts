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

/** The parts of a current address a letter prints, in order (LettersConfig addressFields), under a key prefix. */
export const addressKeys = (prefix: string): string[] =>
  ['address_line1', 'address_line2', 'city', 'state', 'pincode'].map((part) => `${prefix}${part}`);

/**
 * The applicant's current (residential) address under a key prefix: two lines (the second optional), city,
 * state or union territory (option list INDIAN_STATES, whose values are the names a letter prints), a
 * 6-digit PIN code and the whole years lived there (0 for less than a year).
 */
export function currentAddress(prefix: string): FieldConfig[] {
  return [
    field(`${prefix}address_line1`, 'Address line 1', 'text', {
      mandatory: true,
      placeholder: 'House or flat number, building, street',
    }),
    field(`${prefix}address_line2`, 'Address line 2', 'text', { placeholder: 'Area or locality, landmark' }),
    field(`${prefix}city`, 'City', 'text', { mandatory: true }),
    field(`${prefix}state`, 'State', 'dropdown', {
      property: 'INDIAN_STATES',
      property_type: 'DROPDOWN',
      mandatory: true,
    }),
    field(`${prefix}pincode`, 'PIN code', 'text', { mandatory: true, regex: '^[1-9][0-9]{5}$' }),
    field(`${prefix}years_at_address`, 'Years at this address', 'counter', {
      min_value: 0,
      max_value: 99,
      mandatory: true,
    }),
  ];
}
