import {
  createLeadIssues,
  formValuesOf,
  isoFromLocal,
  nest,
  toCreateLeadBody,
  toUpdateLeadBody,
  updateLeadIssues,
} from './leadForm';

const NOW = new Date('2026-11-27T04:30:00.000Z');
const base = {
  product_code: 'PL',
  'prospect.firstName': 'Rohan',
  'prospect.lastName': 'Desai',
  'prospect.mobile': '9820012345',
  'prospect.email': '',
  'prospect.city': 'Mumbai',
  source: 'WALK_IN',
  loanAmount: '500000',
  followUpAt: '',
  note: '',
};
const pmay = {
  'pmay.loanPurpose': 'PURCHASE_NEW',
  'pmay.gender': 'FEMALE',
  'pmay.currentAddress.line1': '4 Linking Road',
  'pmay.currentAddress.city': 'Mumbai',
  'pmay.currentAddress.state': 'Maharashtra',
  'pmay.currentAddress.pincode': '400050',
  'pmay.propertyAddress.line1': 'Flat 12, Sai Heights',
  'pmay.propertyAddress.city': 'Thane',
  'pmay.propertyAddress.state': 'Maharashtra',
  'pmay.propertyAddress.pincode': '400601',
  'pmay.property.type': 'FLAT',
  'pmay.property.carpetAreaSqm': '55',
  'pmay.property.estimatedCost': '3200000',
  'pmay.property.womanOwnership': 'yes',
  'pmay.family.annualIncome': '550000',
  'pmay.family.members': '4',
  'pmay.family.ownsPuccaHouse': 'no',
  'pmay.family.earlierHousingBenefit': 'no',
};

describe('the Create Lead form', () => {
  it('builds the body: numbers as numbers, empty optional values left out', () => {
    expect(toCreateLeadBody(base, false)).toEqual({
      product_code: 'PL',
      prospect: { firstName: 'Rohan', lastName: 'Desai', mobile: '9820012345', city: 'Mumbai' },
      source: 'WALK_IN',
      loanAmount: 500000,
    });
    expect(createLeadIssues(base, false, NOW)).toEqual({});
  });

  it('names each refused field with a reason a person reads', () => {
    const issues = createLeadIssues(
      { ...base, 'prospect.firstName': '', 'prospect.mobile': '12345', loanAmount: 'lots', source: '' },
      false,
      NOW,
    );
    expect(issues['prospect.firstName']).toBe('is required');
    expect(issues['prospect.mobile']).toMatch(/fewer than 10 characters|is invalid/);
    expect(issues.loanAmount).toBeDefined();
    expect(issues.source).toBeDefined();
  });

  it('takes a follow-up in the future only, from the datetime input', () => {
    expect(isoFromLocal('2026-11-28T10:30')).toBe(new Date('2026-11-28T10:30').toISOString());
    expect(isoFromLocal('tomorrow')).toBeNull();
    expect(createLeadIssues({ ...base, followUpAt: '2026-11-20T10:00' }, false, NOW).followUpAt).toBe(
      'must be in the future',
    );
    expect(createLeadIssues({ ...base, followUpAt: '2026-12-01T10:00' }, false, NOW)).toEqual({});
  });

  it('sends the PMAY form for a housing product only, checked by the PMAY rules', () => {
    expect(toCreateLeadBody({ ...base, ...pmay }, false)).not.toHaveProperty('pmay');
    const body = toCreateLeadBody({ ...base, ...pmay }, true);
    expect(body.pmay).toMatchObject({
      property: { carpetAreaSqm: 55, womanOwnership: true },
      family: { annualIncome: 550000, members: 4, ownsPuccaHouse: false },
    });
    expect(createLeadIssues({ ...base, ...pmay }, true, NOW)).toEqual({});
    expect(createLeadIssues({ ...base, ...pmay, 'pmay.property.carpetAreaSqm': '75' }, true, NOW)).toEqual({
      'pmay.property.carpetAreaSqm': 'is above 60 m², the LIG limit',
    });
    expect(createLeadIssues({ ...base, ...pmay, 'pmay.propertyAddress.pincode': '012345' }, true, NOW)).toEqual({
      'pmay.propertyAddress.pincode': 'is invalid',
    });
  });

  it('nests flat paths', () => {
    expect(nest({ 'a.b': '1', 'a.c': 'x', d: 'y' })).toEqual({ a: { b: '1', c: 'x' }, d: 'y' });
  });
});

describe('editing a lead', () => {
  const lead = {
    prospect: { firstName: 'Rohan', lastName: 'Desai', mobile: '9820012345', email: null, city: 'Mumbai' },
    loanAmount: 500000,
    pmay: null,
  };

  it('round-trips the lead through the form, adding a PMAY form for a housing product', () => {
    const values = formValuesOf(lead);
    expect(values).toEqual({
      'prospect.firstName': 'Rohan',
      'prospect.lastName': 'Desai',
      'prospect.mobile': '9820012345',
      'prospect.city': 'Mumbai',
      loanAmount: '500000',
    });
    expect(toUpdateLeadBody('LD-1', values, false)).toEqual({
      lead_id: 'LD-1',
      prospect: { firstName: 'Rohan', lastName: 'Desai', mobile: '9820012345', city: 'Mumbai' },
      loanAmount: 500000,
    });
    expect(updateLeadIssues('LD-1', { ...values, ...pmay }, true)).toEqual({});
    const withPmay = toUpdateLeadBody('LD-1', { ...values, ...pmay }, true);
    expect(formValuesOf(withPmay as never)).toMatchObject({
      'pmay.family.ownsPuccaHouse': 'no',
      'pmay.property.carpetAreaSqm': '55',
    });
  });

  it('clears the amount, and names refused fields', () => {
    expect(toUpdateLeadBody('LD-1', { ...formValuesOf(lead), loanAmount: '' }, false)).toMatchObject({
      loanAmount: null,
    });
    expect(
      updateLeadIssues('LD-1', { ...formValuesOf(lead), 'prospect.mobile': '55' }, false)['prospect.mobile'],
    ).toBeDefined();
    expect(
      updateLeadIssues('LD-1', { ...formValuesOf(lead), ...pmay, 'pmay.family.ownsPuccaHouse': 'yes' }, true),
    ).toEqual({
      'pmay.family.ownsPuccaHouse': 'must be no: a family owning a pucca house is not eligible',
    });
  });
});
