import type { FieldConfig, FieldTypeDetails, LayoutElement } from '@originate/contract';
import { createFormState, type FormState, setFieldValue } from '@originate/flow-engine';
import { component, hideRule, options } from '@originate/flow-engine/testing';
import { act, render, screen, waitFor } from '@testing-library/react';
import { focusField } from './focus';
import { FormLayout, topLevelFields } from './Layout';
import type { FormBinding } from './types';
import { fieldDomId } from './types';

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

  // DOM queries, not role queries: computing 70 fields' accessible names is slow in jsdom.
  const many = Array.from({ length: 70 }, (_, i) => field(`f${i}`, `Field ${i}`, { type: 'text' }));
  const inputs = () => document.querySelectorAll('input[name^="f"]');

  it('mounts a long form in slices after its first screenful, every field in the end', async () => {
    render(<FormLayout binding={bindingOf(stateOf(many))} />);
    expect(inputs().length).toBeGreaterThan(0);
    expect(inputs().length).toBeLessThan(70);
    await waitFor(() => expect(inputs()).toHaveLength(70));
  });

  it('mounts everything at once to focus a field not mounted yet (the first invalid one of a refused Next)', () => {
    render(<FormLayout binding={bindingOf(stateOf(many))} />);
    expect(document.getElementById(fieldDomId('f69'))).toBeNull();
    act(() => {
      expect(focusField('f69')).toBe(true);
    });
    expect(document.activeElement).toBe(document.getElementById(fieldDomId('f69')));
  });

  it('keeps a field a rule hides again mounted but hidden: out of the accessibility tree', () => {
    const fields = [field('kind', 'Kind', { type: 'text' }), field('extra', 'Extra', { type: 'text' })];
    const rules = [
      hideRule(
        'r',
        { type: 'FIELD', key: 'extra' },
        { operator: 'AND', list: [{ field: 'kind', operator: 'EQUAL', value: 'x' }] },
      ),
    ];
    const initial = createFormState(component(fields), {}, options({ rules }));
    const view = render(<FormLayout binding={bindingOf(initial)} />);
    const extra = screen.getByRole('textbox', { name: 'Extra' });
    view.rerender(<FormLayout binding={bindingOf(setFieldValue(initial, 'kind', 'x'))} />);
    expect(screen.queryByRole('textbox', { name: 'Extra' })).toBeNull();
    expect(extra.isConnected).toBe(true);
    expect(extra.closest('[hidden]')).not.toBeNull();
    view.rerender(<FormLayout binding={bindingOf(setFieldValue(initial, 'kind', 'y'))} />);
    expect(screen.getByRole('textbox', { name: 'Extra' })).toBe(extra);
  });
});
