import type { FieldConfig } from '@originate/contract';
import type { FormState } from '@originate/flow-engine';
import { act, render, screen, within } from '@testing-library/react';
import { createFormStore, FormStoreContext } from './formStore';
import { LoanCalculatorField, LoanCalculatorSummary } from './LoanCalculatorField';
import type { FormBinding } from './types';

const field: FieldConfig = {
  key: 'emi',
  label: 'Your EMI (indicative)',
  enable: true,
  field_type_details: {
    type: 'text',
    loan_calculator: { amount_field: 'amount', tenure_field: 'months', tenure_unit: 'MONTHS', rate_percent: 12 },
  },
};

const amountField: FieldConfig = {
  key: 'amount',
  label: 'Loan amount',
  enable: true,
  field_type_details: { type: 'text', currency_field: true, currency: 'INR', min_value: 50000, max_value: 2500000 },
};

/** A binding holding only what the calculator reads: the values, and the errors the engine gave the terms. */
const binding = (values: Record<string, unknown>, errors: FormState['errors'] = {}) =>
  ({
    state: { values, errors, fields: [amountField] } as unknown as FormState,
    label: (f: FieldConfig) => f.label,
  }) as FormBinding;

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
    expect(region.textContent).toContain('over 5 years at 12.00% a year');
  });

  it('shows the rule an out-of-range term breaks, with the product limits, instead of a schedule', async () => {
    const message = 'Please enter amount between the range of ₹50,000 and ₹25,00,000';
    const store = createFormStore(
      binding({ amount: '100', months: 12 }, { amount: { code: 'invalidRange', message } }),
    );
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
    expect((await screen.findByTestId('emi-problem')).textContent).toBe(message);
    expect(screen.queryByTestId('emi')).toBeNull();
    expect(screen.queryByRole('table', { name: 'Repayment schedule' })).toBeNull();

    // Back inside the limits: the schedule returns.
    act(() => store.set(binding({ amount: '500000', months: 12 })));
    expect(await screen.findByText('₹44,424.39 a month')).toBeTruthy();
    expect(screen.queryByTestId('emi-problem')).toBeNull();
  });

  it('puts the label before a bare reason of a term', async () => {
    const store = createFormStore(
      binding(
        { amount: 'abc', months: 12 },
        { amount: { code: 'invalidValue', message: 'is not an amount: use digits, e.g. 5,00,000' } },
      ),
    );
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
    expect((await screen.findByTestId('emi-problem')).textContent).toBe(
      'Loan amount is not an amount: use digits, e.g. 5,00,000',
    );
  });
});

describe('LoanCalculatorSummary', () => {
  it("words the chosen terms' EMI at the calculator's rate, and a dash while a term is missing", () => {
    const { container, rerender } = render(
      <LoanCalculatorSummary field={field} values={{ amount: '500000', months: 60 }} />,
    );
    expect(container.textContent).toBe('₹11,122.22 a month over 5 years at 12.00% a year');
    rerender(<LoanCalculatorSummary field={field} values={{ amount: '', months: 60 }} />);
    expect(container.textContent).toBe('—');
  });
});
