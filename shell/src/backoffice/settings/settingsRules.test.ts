import { draftOf, limitsOfDraft, settingsTabsFor, tabOf } from './settingsRules';

describe('settings tabs', () => {
  it('an operations admin sees users, products and theme; others only their teams', () => {
    expect(settingsTabsFor(['ADMIN']).map((t) => t.id)).toEqual(['teams', 'users', 'products', 'theme']);
    expect(settingsTabsFor(['CPA', 'BCM']).map((t) => t.id)).toEqual(['teams']);
  });

  it('?tab= opens a tab the user may see, else the first', () => {
    expect(tabOf('products', ['ADMIN'])).toBe('products');
    expect(tabOf('products', ['CPA'])).toBe('teams');
    expect(tabOf('nonsense', ['ADMIN'])).toBe('teams');
    expect(tabOf(null, ['ADMIN'])).toBe('teams');
  });
});

describe('product limit form', () => {
  const limits = {
    amount: { field: 'loan_amount', min: 500000, max: 50000000 },
    tenure: { field: 'tenure_years', min: 5, max: 30, unit: 'years' as const },
  };

  it('reads back what it was filled from; grouping commas are allowed', () => {
    expect(limitsOfDraft(draftOf(limits))).toEqual({ limits });
    const draft = draftOf(limits);
    expect(limitsOfDraft({ ...draft, amount: { field: 'loan_amount', min: '7,50,000', max: '5,00,00,000' } })).toEqual({
      limits: { ...limits, amount: { field: 'loan_amount', min: 750000, max: 50000000 } },
    });
  });

  it('names each entry that is not a number, a tenure that is not whole, and min not below max', () => {
    const draft = draftOf(limits);
    expect(
      limitsOfDraft({
        amount: { field: 'loan_amount', min: 'lots', max: '' },
        tenure: { field: 'tenure_years', min: '30', max: '5.5', unit: 'years' },
      }),
    ).toEqual({
      problems: [
        'Loan amount minimum: enter a number of 0 or more',
        'Loan amount maximum: enter a number of 0 or more',
        'Tenure maximum: enter whole years',
        'Tenure: the minimum must be below the maximum',
      ],
    });
    expect(draft.tenure?.unit).toBe('years');
  });
});
