import type { FieldConfig } from '@originate/contract';
import type { FormState } from '@originate/flow-engine';
import { act, render, screen, within } from '@testing-library/react';
import { createFormStore, FormStoreContext } from './formStore';
import { LoanCalculatorField } from './LoanCalculatorField';
import type { FormBinding } from './types';

const field: FieldConfig = {
  key: 'emi',
  label: 'Your EMI at 12% a year (indicative)',
  enable: true,
  field_type_details: {
    type: 'text',
    loan_calculator: { amount_field: 'amount', tenure_field: 'months', tenure_unit: 'MONTHS', rate_percent: 12 },
  },
};

/** A binding holding only the values the calculator reads (it reads nothing else of the form). */
const binding = (values: Record<string, unknown>) => ({ state: { values } as unknown as FormState }) as FormBinding;

describe('LoanCalculatorField', () => {
  it('asks for the terms until both are chosen, then shows the EMI and the schedule, following each change', async () => {
    const store = createFormStore(binding({ amount: '', months: 12 }));
    render(
      <FormStoreContext.Provider value={store}>
        <LoanCalculatorField
          field={field}
          label={field.label}
          value={undefined}
          readOnly
          onChange={jest.fn()}
          onBlur={jest.fn()}
        />
      </FormStoreContext.Provider>,
    );
    const region = screen.getByRole('region', { name: field.label });
    expect(region.textContent).toContain('Choose the amount and tenure to see your EMI.');

    act(() => store.set(binding({ amount: '5,00,000', months: 12 })));
    expect(await screen.findByText('₹44,424.39 a month')).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Repayment schedule' })).getAllByRole('row');
    expect(rows).toHaveLength(13);
    expect(rows[1]?.textContent).toContain('₹5,00,000.00');
    expect(rows.at(-1)?.textContent).toContain('₹0.00');

    act(() => store.set(binding({ amount: '500000', months: 60 })));
    expect(await screen.findByText('₹11,122.22 a month')).toBeTruthy();
    expect(region.textContent).toContain('over 5 years');
  });
});
