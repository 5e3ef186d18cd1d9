import { component, field, hideRule, options } from '../testFixtures';
import { createFormState, markDirty, setFieldValue } from '.';
import { changedFields } from './changes';

describe('changedFields', () => {
  const c = component([
    field('amount', 'text', { mandatory: true }),
    field('double', 'text', {}, { formulas: { expression: 'amount * 2' } }),
    field('big_only', 'text'),
    field('name', 'text'),
    field('city', 'text', { mandatory: true }),
  ]);
  const rules = [
    hideRule(
      'r1',
      { type: 'FIELD', key: 'big_only' },
      { operator: 'AND', list: [{ field: 'amount', operator: 'LESS_THAN', value: '100' }] },
    ),
  ];
  const initial = createFormState(c, { amount: 500, big_only: 'x', name: 'Asha' }, options({ rules }));

  it('a key: the field typed into and what its formula and rule changed, nothing else', () => {
    const after = setFieldValue(initial, 'amount', 50);
    expect([...(changedFields(initial, after) as Set<string>)].sort()).toEqual(['amount', 'big_only', 'double']);
  });

  it('a key that changes no consequence: the field alone', () => {
    const after = setFieldValue(initial, 'amount', 400);
    expect([...(changedFields(initial, after) as Set<string>)].sort()).toEqual(['amount', 'double']);
    const named = setFieldValue(initial, 'name', 'Ravi');
    expect([...(changedFields(initial, named) as Set<string>)]).toEqual(['name']);
  });

  it('a field marked dirty (its error now shows) changed, its value did not', () => {
    expect([...(changedFields(initial, markDirty(initial, ['city'])) as Set<string>)]).toEqual(['city']);
  });

  it('the same state: none; another screen: all', () => {
    expect((changedFields(initial, initial) as Set<string>).size).toBe(0);
    const other = createFormState(component([field('name', 'text')], 'c2'), {}, options());
    expect(changedFields(initial, other)).toBe('all');
  });
});
