import type { FieldConfig, FieldTypeDetails, LayoutElement } from '@originate/shared';
import { render, screen } from '@testing-library/react';
import { createFormState, type FormState } from '../engine';
import { component, options } from '../engine/testFixtures';
import type { FormBinding } from './FieldRenderer';
import { FormLayout, topLevelFields } from './Layout';

const field = (
  key: string,
  label: string,
  details: FieldTypeDetails,
  extra: Partial<Omit<FieldConfig, 'key' | 'label' | 'field_type_details'>> = {},
): FieldConfig => ({ key, label, enable: true, ...extra, field_type_details: details });

/** A grouped field (group hidden by page rules), a table with a header and a column, a plain field. */
const FIELDS: FieldConfig[] = [
  field('name', 'Full name', { type: 'text' }),
  field('members', 'Family members', { type: 'text' }, { groupKey: 'family_details' }),
  field('loans', 'Existing loans', { type: 'container' }, { groupType: 'CONTAINER', groupSubType: 'NESTED_TABLE' }),
  field('lender', 'Lender', { type: 'text' }, { groupKey: 'loans', isSectionHeader: true }),
  field('emi', 'EMI', { type: 'text' }, { groupKey: 'loans' }),
  field('builder', 'Builder', { type: 'text' }, { groupKey: 'builder_details' }),
];

function bindingOf(state: FormState): FormBinding {
  return {
    state,
    shownError: () => undefined,
    label: (f) => f.label,
    translate: (text) => text,
    optionsOf: () => undefined,
    readOnly: () => false,
    setValue: () => undefined,
    blur: () => undefined,
    setCell: () => undefined,
    blurCell: () => undefined,
    addRow: () => false,
    removeRow: () => undefined,
    verified: () => undefined,
  };
}

const stateOf = (fields: FieldConfig[]) =>
  createFormState(component(fields), { loans: { headers: {}, subRecords: [{ emi: '100' }], total: {} } }, options());

describe('FormLayout', () => {
  it('shows a field whose groupKey is a rule group (not a table) at the top level, in order', () => {
    expect(topLevelFields(stateOf(FIELDS)).map((f) => f.key)).toEqual(['name', 'members', 'loans', 'builder']);
  });

  it('renders grouped fields without a layout, and table cells only inside their table', () => {
    render(<FormLayout binding={bindingOf(stateOf(FIELDS))} />);
    expect(screen.getByRole('textbox', { name: 'Family members' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Builder' })).toBeTruthy();
    expect(screen.getAllByRole('textbox', { name: 'Lender' })).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: 'EMI (row 1)' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'EMI' })).toBeNull();
  });

  it('places grouped fields where the layout puts them and the rest after it', () => {
    const layout: LayoutElement[] = [{ type: 'field', key: 'builder' }];
    render(<FormLayout layout={layout} binding={bindingOf(stateOf(FIELDS))} />);
    const names = screen.getAllByRole('textbox').map((input) => input.getAttribute('name'));
    expect(names).toEqual(['builder', 'name', 'members', 'loans.headers.lender', 'loans.0.emi']);
  });
});
