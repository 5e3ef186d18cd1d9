import { createFormState, markDirty, setFieldValue } from '@originate/flow-engine';
import { component, field, options } from '@originate/flow-engine/testing';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { fieldDomId } from '../fields/types';
import { ErrorSummary, summaryEntries } from './ErrorSummary';

const form = component([
  field('name', 'text', { mandatory: true }),
  field('mobile', 'text', { mandatory: true, regex: '^[6-9][0-9]{9}$' }),
  field('amount', 'text', { mandatory: true, currency_field: true, min_value: 500000, max_value: 50000000 }),
]);
const labelOf = (f: { label: string }) =>
  ({ name: 'Full name', mobile: 'Mobile number', amount: 'Loan amount' })[f.label] ?? f.label;

describe('ErrorSummary', () => {
  it("titles the count, says the step's message, and lists each field's error as a link that focuses it", () => {
    const state = markDirty(createFormState(form, { name: 'Asha', mobile: '12345', amount: '100' }, options()), [
      'mobile',
      'amount',
    ]);
    render(
      <>
        <ErrorSummary entries={summaryEntries(state, ['mobile', 'amount'], labelOf)} />
        <input id={fieldDomId('mobile')} aria-label="Mobile number" />
      </>,
    );
    const alert = screen.getByRole('alert', { name: 'Please check 2 fields' });
    expect(alert.textContent).toContain('Please correct the 2 highlighted fields');
    const links = within(alert).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'Mobile number is not a mobile number: 10 digits starting 6–9, e.g. 98765 43210',
      'Loan amount: Please enter amount between the range of ₹5,00,000 and ₹5,00,00,000',
    ]);
    expect(links[0]?.getAttribute('href')).toBe(`#${fieldDomId('mobile')}`);
    fireEvent.click(links[0] as HTMLElement);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Mobile number' }));
  });

  it("says 'Please fill all mandatory fields' while a mandatory field is empty; a field put right leaves the list", () => {
    let state = createFormState(form, { mobile: '9876543210', amount: '100' }, options());
    const refused = ['name', 'amount'];
    expect(summaryEntries(state, refused, labelOf).map((e) => e.key)).toEqual(['name', 'amount']);
    const { rerender } = render(<ErrorSummary entries={summaryEntries(state, refused, labelOf)} />);
    expect(screen.getByRole('alert').textContent).toContain('Please fill all mandatory fields');
    state = setFieldValue(state, 'name', 'Asha');
    rerender(<ErrorSummary entries={summaryEntries(state, refused, labelOf)} />);
    expect(screen.getByRole('alert', { name: 'Please check 1 field' }).textContent).toContain(
      'Please correct the highlighted field',
    );
    state = setFieldValue(state, 'amount', '600000');
    rerender(<ErrorSummary entries={summaryEntries(state, refused, labelOf)} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
