import type { ConsentSet } from '@originate/contract';
import {
  auditChanges,
  auditSubject,
  draftOf,
  limitsOfDraft,
  settingsTabsFor,
  tabOf,
  withNewWording,
} from './settingsRules';

describe('settings tabs', () => {
  it('an operations admin sees users, products, consent texts, theme and history; others only their teams', () => {
    expect(settingsTabsFor(['ADMIN']).map((t) => t.id)).toEqual([
      'teams',
      'users',
      'products',
      'consents',
      'theme',
      'history',
    ]);
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
    expect(limitsOfDraft(draftOf({ ...limits, ratePercent: 11.49 }))).toEqual({
      limits: { ...limits, ratePercent: 11.49 },
    });
    expect(limitsOfDraft({ ...draftOf(limits), ratePercent: ' 10.5 ' })).toEqual({
      limits: { ...limits, ratePercent: 10.5 },
    });
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
        ratePercent: '120',
      }),
    ).toEqual({
      problems: [
        'Loan amount minimum: enter a number of 0 or more',
        'Loan amount maximum: enter a number of 0 or more',
        'Tenure maximum: enter whole years',
        'Tenure: the minimum must be below the maximum',
        'Rate for EMIs and letters: enter a rate from 0 to 99.99 (% a year), e.g. 11.49',
      ],
    });
    expect(draft.tenure?.unit).toBe('years');
  });
});

describe("a consent's new wording", () => {
  const set: ConsentSet = {
    productCode: 'PL',
    componentId: 'PL_DECLARATION',
    consents: [
      {
        consentId: 'declaration',
        kind: 'DECLARATION',
        title: 'Declaration',
        text: 'I declare.',
        version: 2,
        mandatory: true,
      },
      {
        consentId: 'communication',
        kind: 'COMMUNICATION',
        title: 'Messages',
        text: 'Send me.',
        version: 1,
        mandatory: false,
      },
    ],
  };

  it('is saved as the next version of that consent alone, trimmed', () => {
    const read = withNewWording(set, 'declaration', { title: ' Declaration ', text: 'I declare it all.\n' });
    expect(read).toEqual({
      set: {
        ...set,
        consents: [{ ...set.consents[0], text: 'I declare it all.', version: 3 }, set.consents[1]],
      },
    });
  });

  it('is refused when empty, unchanged or of a consent no longer there', () => {
    expect(withNewWording(set, 'declaration', { title: '', text: ' ' })).toEqual({
      problems: ['Title: enter the heading applicants see', 'Text: enter the wording applicants agree to'],
    });
    expect(withNewWording(set, 'declaration', { title: 'Declaration', text: 'I declare.' })).toEqual({
      problems: ['The wording is unchanged: there is no new version to save'],
    });
    expect(withNewWording(set, 'kyc', { title: 'KYC', text: 'x' })).toEqual({
      problems: ['The consent kyc is no longer in the set: reload the page'],
    });
  });
});

describe('history rows in words', () => {
  it('names what changed', () => {
    expect(auditSubject('CONFIG', 'Consent/HL')).toBe('Consent texts of product HL');
    expect(auditSubject('CONFIG', 'Theme/Default')).toBe('Theme');
    expect(auditSubject('CONFIG', 'Admin/Features')).toBe('Configuration Admin/Features');
    expect(auditSubject('PRODUCT_LIMITS', 'CL')).toBe('Limits of product CL');
    expect(auditSubject('USER_ACCESS', 'USR-0002')).toBe('Roles and teams of user USR-0002');
    expect(auditSubject('PRODUCT', 'PL')).toBe('Product PL');
  });

  it('lists each value that changed by its path, list items by their name', () => {
    expect(
      auditChanges(
        { amount: { field: 'pl_loan_amount', min: 50000, max: 2000000 } },
        { amount: { field: 'pl_loan_amount', min: 75000, max: 2000000 } },
      ),
    ).toEqual([{ what: 'amount › min', before: '50000', after: '75000' }]);
    expect(
      auditChanges(
        { roles: ['CPA'], teams: [{ id: 'TEAM-A', allTeams: false }] },
        { roles: ['CPA', 'BCM'], teams: [{ id: 'TEAM-B', allTeams: false }] },
      ),
    ).toEqual([
      { what: 'roles', before: 'CPA', after: 'CPA, BCM' },
      { what: 'teams', before: 'TEAM-A', after: 'TEAM-B' },
    ]);
    const long = 'x'.repeat(200);
    const [change] = auditChanges(
      { consents: [{ consentId: 'declaration', text: 'Old.', version: 1 }] },
      { consents: [{ consentId: 'declaration', text: long, version: 1 }] },
    );
    expect(change).toEqual({ what: 'consents › declaration › text', before: 'Old.', after: `${'x'.repeat(119)}…` });
    const start = 'I declare that '.repeat(20);
    const [late] = auditChanges({ text: `${start}all is true.` }, { text: `${start}all is true and whole.` });
    expect(late).toEqual({
      what: 'text',
      before: `…${start.slice(-9)}all is true.`,
      after: `…${start.slice(-9)}all is true and whole.`,
    });
  });

  it('a configuration first saved reads as created; nothing changed reads as no change', () => {
    expect(auditChanges(null, { primaryColor: '#000000' })).toEqual([
      { what: 'everything', before: '(none)', after: 'created' },
    ]);
    expect(auditChanges({ a: [1, 2] }, { a: [1, 2] })).toEqual([]);
  });
});
