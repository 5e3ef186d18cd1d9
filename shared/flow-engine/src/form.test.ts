import type { FieldConfig, FieldValue, FormValues, TableValue } from '@originate/contract';
import fc from 'fast-check';
import { cellKey } from './fields';
import {
  addTableRow,
  createFormState,
  type FormState,
  isFormValid,
  markDirty,
  removeTableRow,
  setFieldValue,
  setTableCell,
  shownValue,
  submitCheck,
} from './form';
import { componentFormulas, FormulaError } from './formula';
import { component, field, hideRule, options } from './testFixtures';
import { isEmptyValue } from './validation';

const base = component([
  field('name', 'text', { mandatory: true }),
  field('city', 'dropdown', { property: 'CITY', defaultValue: 'pune' }),
  field('agree', 'checkbox', { mandatory: true }),
  field('secret', 'text', {}, { internal: true }),
  field('co_only', 'text', {}, { enable: false, secondaryEnable: true }),
  field('age', 'counter', { min_value: 18, max_value: 99 }),
]);
const cityOptions = {
  CITY: [
    { label: 'Pune', value: 'pune' },
    { label: 'Delhi', value: 'delhi' },
  ],
};

describe('createFormState', () => {
  it('applies defaults, keeps given values, and lists only applicable fields', () => {
    const state = createFormState(base, { name: 'Asha', other: 'kept' }, options({ options: cityOptions }));
    expect(state.values).toMatchObject({ name: 'Asha', city: 'pune', agree: false, age: 18, other: 'kept' });
    expect(state.fields.map((f) => f.key)).toEqual(['name', 'city', 'agree', 'age']);
    expect(state.errors).toEqual({ agree: { code: 'required', message: 'is required' } });
    expect(state.modified).toBe(false);
    const co = createFormState(base, {}, options({ applicantType: 'secondary' }));
    expect(co.fields.map((f) => f.key)).toEqual(['co_only']);
  });

  it('a dropdown or radio without a property name gets a random one', () => {
    const c = component([field('d', 'dropdown'), field('r', 'radio')]);
    const state = createFormState(c, {}, options({ random: () => 0.5 }));
    const property = state.fields[0]?.field_type_details.property;
    expect(property).toMatch(/^property_[0-9a-z]+$/);
    expect(state.fields[1]?.field_type_details.property).toBe(property);
    const other = createFormState(c, {}, options({ random: () => 0.25 }));
    expect(other.fields[0]?.field_type_details.property).not.toBe(property);
  });

  it('read-only: everything without WRITE access or when editing is disabled, else computed fields', () => {
    const c = component([field('a', 'text'), field('b', 'text', {}, { formulas: { expression: 'a * 2' } })]);
    expect([...createFormState(c, {}, options()).readOnly]).toEqual(['b']);
    expect([...createFormState(c, {}, options({ access: 'READ' })).readOnly]).toEqual(['a', 'b']);
    expect([...createFormState(c, {}, options({ editable: false })).readOnly]).toEqual(['a', 'b']);
  });
});

describe('modified', () => {
  it('is dirty or different from the initial snapshot', () => {
    const state = createFormState(base, { name: 'Asha' }, options());
    expect(markDirty(state, []).modified).toBe(false);
    expect(markDirty(state, ['name']).modified).toBe(true);
    const changed = setFieldValue(state, 'name', 'Ravi');
    expect(changed.modified).toBe(true);
    expect(changed.dirty.has('name')).toBe(true);
  });
});

describe('page rules', () => {
  const c = component([
    field('employment', 'dropdown', { property: 'EMP' }),
    field('salary', 'text', { mandatory: true }, { groupKey: 'salaried' }),
    field('employer', 'text', { mandatory: true }, { groupKey: 'salaried' }),
    field('turnover', 'text', { mandatory: true }),
    field('note', 'text', { mandatory: true }),
    field('loan', 'text', { currency_field: true }),
    field('flagged', 'text', { mandatory: true }, { hide: true }),
  ]);
  const rules = [
    hideRule(
      'r1',
      { type: 'GROUP', key: 'salaried' },
      {
        operator: 'AND',
        list: [{ field: 'employment', operator: 'NOT_EQUAL', value: 'salaried' }],
      },
    ),
    hideRule(
      'r2',
      { type: 'FIELD', key: 'turnover' },
      {
        operator: 'OR',
        list: [
          { field: 'employment', operator: 'EQUAL', value: 'salaried' },
          { field: 'loan', operator: 'LESS_THAN', value: 100000 },
        ],
      },
    ),
    hideRule('r3', { type: 'FIELD', key: 'note' }),
    hideRule('other', { type: 'FIELD', key: 'employment' }, undefined, 'another_component'),
  ];
  const start = () => createFormState(c, {}, options({ rules }));

  it('hides outright, by group, by field.hide, and only for rules of this component', () => {
    const state = start();
    expect([...state.hidden].sort()).toEqual(['employer', 'flagged', 'note', 'salary']);
    expect(state.errors).toEqual({ turnover: { code: 'required', message: 'is required' } });
  });

  it('follows AND/OR conditions as values change; hidden fields are not validated and do not block', () => {
    let state = setFieldValue(start(), 'employment', 'salaried');
    expect(state.hidden.has('salary')).toBe(false);
    expect(state.hidden.has('turnover')).toBe(true);
    expect(Object.keys(state.errors).sort()).toEqual(['employer', 'salary']);
    expect(submitCheck(state, { mandatoryValidations: true, summary: false })).toEqual({
      ok: false,
      message: 'Please fill all mandatory fields',
      invalid: ['salary', 'employer'],
    });
    state = setFieldValue(state, 'employment', 'business');
    state = setFieldValue(state, 'loan', '50000');
    expect(state.hidden.has('turnover')).toBe(true);
    expect(isFormValid(state)).toBe(true);
    state = setFieldValue(state, 'loan', '150000');
    expect(state.hidden.has('turnover')).toBe(false);
    expect(submitCheck(state, { mandatoryValidations: true, summary: false })).toMatchObject({ invalid: ['turnover'] });
  });
});

describe('submit check message', () => {
  const c = component([
    field('name', 'text', { mandatory: true }),
    field('amount', 'text', { mandatory: true, currency_field: true, min_value: 500000, max_value: 50000000 }),
  ]);
  it("says 'Please fill all mandatory fields' while one is empty, and how many to correct once all are filled", () => {
    const empty = createFormState(c, { amount: '100' }, options());
    expect(submitCheck(empty, { mandatoryValidations: true, summary: false })).toEqual({
      ok: false,
      message: 'Please fill all mandatory fields',
      invalid: ['name', 'amount'],
    });
    const filled = setFieldValue(empty, 'name', 'Asha');
    expect(submitCheck(filled, { mandatoryValidations: true, summary: false })).toEqual({
      ok: false,
      message: 'Please correct the highlighted field',
      invalid: ['amount'],
    });
    expect(filled.errors.amount?.message).toBe('Please enter amount between the range of ₹5,00,000 and ₹5,00,00,000');
  });
});

describe('conditions', () => {
  const make = (operator: string, value: string | number | boolean | undefined, current: FieldValue) => {
    const c = component([field('x', 'text'), field('t', 'text')]);
    const condition = value === undefined ? { field: 'x', operator } : { field: 'x', operator, value };
    const rule = hideRule('r', { type: 'FIELD', key: 't' }, { operator: 'AND', list: [condition as never] });
    return createFormState(c, { x: current }, options({ rules: [rule] })).hidden.has('t');
  };
  it('implements every operator', () => {
    expect(make('EQUAL', 5, '5')).toBe(true);
    expect(make('EQUAL', 'a', 'b')).toBe(false);
    expect(make('NOT_EQUAL', 'a', 'b')).toBe(true);
    expect(make('GREATER_THAN', 10, '11')).toBe(true);
    expect(make('GREATER_THAN', 10, '10')).toBe(false);
    expect(make('GREATER_THAN_OR_EQUAL', 10, '10')).toBe(true);
    expect(make('LESS_THAN', 10, '9')).toBe(true);
    expect(make('LESS_THAN_OR_EQUAL', 10, '11')).toBe(false);
    expect(make('GREATER_THAN', '01/01/2024', '02/01/2024')).toBe(true);
    expect(make('LESS_THAN', '01/01/2024', '02/01/2024')).toBe(false);
    expect(make('CONTAINS', 'sha', 'Asha')).toBe(true);
    expect(make('ENDS_WITH', 'ha', 'Asha')).toBe(true);
    expect(make('ENDS_WITH', 'As', 'Asha')).toBe(false);
    expect(make('IS_EMPTY', undefined, '')).toBe(true);
    expect(make('IS_NOT_EMPTY', undefined, '')).toBe(false);
    expect(make('EQUAL', 'b', ['a', 'b'])).toBe(true);
    expect(make('EQUAL', true, true)).toBe(true);
    expect(make('GREATER_THAN', 5, 'abc')).toBe(false);
  });
});

describe('equality by the field type', () => {
  const hides = (subject: FieldConfig, current: FieldValue, operator: string, value?: string | number | boolean) => {
    const c = component([subject, field('t', 'text')]);
    const condition = value === undefined ? { field: subject.key, operator } : { field: subject.key, operator, value };
    const rule = hideRule('r', { type: 'FIELD', key: 't' }, { operator: 'AND', list: [condition as never] });
    return createFormState(c, { [subject.key]: current }, options({ rules: [rule] })).hidden.has('t');
  };
  const text = field('x', 'text');
  const amount = field('x', 'text', { currency_field: true });

  it('a text field compares exact text', () => {
    expect(hides(text, '0250000', 'EQUAL', '250000')).toBe(false);
    expect(hides(text, '0250000', 'NOT_EQUAL', '250000')).toBe(true);
    expect(hides(text, '250000', 'EQUAL', 250000)).toBe(true);
    expect(hides(text, '1e3', 'EQUAL', 1000)).toBe(false);
    expect(hides(field('x', 'dropdown', { property: 'P' }), '01', 'EQUAL', '1')).toBe(false);
  });

  it('numeric fields compare as numbers: amounts, sliders, counters, ranges, formulas', () => {
    expect(hides(amount, '0250000', 'EQUAL', '250000')).toBe(true);
    expect(hides(amount, '2,50,000', 'EQUAL', 250000)).toBe(true);
    expect(hides(amount, '2,50,000', 'NOT_EQUAL', '250000.00')).toBe(false);
    expect(hides(field('x', 'slider'), 5, 'EQUAL', '5.0')).toBe(true);
    expect(hides(field('x', 'counter'), 3, 'NOT_EQUAL', '03')).toBe(false);
    expect(hides(field('x', 'range'), [10, 20], 'EQUAL', '20.0')).toBe(true);
    const c = component([
      field('a', 'text'),
      field('x', 'text', {}, { formulas: { expression: 'a * 2' } }),
      field('t', 'text'),
    ]);
    const rule = hideRule(
      'r',
      { type: 'FIELD', key: 't' },
      {
        operator: 'AND',
        list: [{ field: 'x', operator: 'EQUAL', value: '0250000' }],
      },
    );
    expect(createFormState(c, { a: '125000' }, options({ rules: [rule] })).hidden.has('t')).toBe(true);
  });

  it('a date field compares days, in its format or ISO', () => {
    expect(hides(field('x', 'date'), '02/01/2024', 'EQUAL', '2024-01-02')).toBe(true);
    expect(hides(field('x', 'date', { date_format: 'YYYY/MM/DD' }), '2024/01/02', 'EQUAL', '2024-01-02')).toBe(true);
    expect(hides(field('x', 'date'), '02/01/2024', 'NOT_EQUAL', '03/01/2024')).toBe(true);
    expect(hides(text, '02/01/2024', 'EQUAL', '2024-01-02')).toBe(false);
  });

  it('ordered comparisons stay numeric (and by date) whatever the field', () => {
    expect(hides(text, '0250000', 'GREATER_THAN_OR_EQUAL', '250000')).toBe(true);
    expect(hides(text, '02/01/2024', 'LESS_THAN', '03/01/2024')).toBe(true);
  });

  it('a key the component does not declare compares as numbers when both read as numbers', () => {
    const c = component([field('t', 'text')]);
    const rule = hideRule(
      'r',
      { type: 'FIELD', key: 't' },
      {
        operator: 'AND',
        list: [{ field: 'elsewhere', operator: 'EQUAL', value: '250000' }],
      },
    );
    expect(createFormState(c, { elsewhere: '0250000' }, options({ rules: [rule] })).hidden.has('t')).toBe(true);
  });

  it('a checkbox group matches by any ticked option, as text', () => {
    const group = field('x', 'checkbox', { property: 'P', multiple: true });
    expect(hides(group, ['a', 'b'], 'EQUAL', 'b')).toBe(true);
    expect(hides(group, ['a', 'b'], 'NOT_EQUAL', 'c')).toBe(true);
    expect(hides(group, ['a', 'b'], 'NOT_EQUAL', 'a')).toBe(false);
    expect(hides(group, ['1'], 'EQUAL', '01')).toBe(false);
    expect(hides(group, [], 'IS_EMPTY')).toBe(true);
    expect(hides(group, ['a'], 'IS_NOT_EMPTY')).toBe(true);
    expect(hides(group, ['long-term'], 'CONTAINS', 'term')).toBe(true);
  });
});

describe('checkbox group in a form', () => {
  const times = [
    { label: 'Morning', value: 'am' },
    { label: 'Evening', value: 'eve' },
  ];
  const c = component([
    field('times', 'checkbox', { property: 'TIMES', multiple: true, mandatory: true, max_value: 1 }),
    field('note', 'text', { mandatory: true }),
  ]);
  const rule = hideRule(
    'r',
    { type: 'FIELD', key: 'note' },
    {
      operator: 'OR',
      list: [{ field: 'times', operator: 'EQUAL', value: 'eve' }],
    },
  );

  it('starts empty, blocks submit until one is ticked, and drives rules', () => {
    let state = createFormState(c, {}, options({ rules: [rule], options: { TIMES: times } }));
    expect(state.values.times).toEqual([]);
    expect(submitCheck(state, { mandatoryValidations: true, summary: false })).toMatchObject({
      invalid: ['times', 'note'],
    });
    state = setFieldValue(state, 'times', ['am', 'eve']);
    expect(state.errors.times?.message).toBe('is above the maximum: tick at most 1 (2 ticked)');
    expect(state.hidden.has('note')).toBe(true);
    state = setFieldValue(state, 'times', ['am']);
    expect(state.errors.times).toBeUndefined();
    expect(state.hidden.has('note')).toBe(false);
  });
});

describe('formulas', () => {
  const c = component([
    field('income', 'text'),
    field('other', 'text'),
    field('annual', 'text', {}, { formulas: { expression: '(income + other) * 12' } }),
    field('emi_cap', 'text', {}, { formulas: { expression: 'ROUND(annual / 7, 2)' } }),
    field('misc', 'text', {}, { formulas: { expression: 'MAX(ABS(-income), MIN(other, 3), 1) % 7 - -1' } }),
  ]);

  it('computes in dependency order and follows changes', () => {
    let state = createFormState(c, { income: '1,000', other: 500 }, options());
    expect(state.values.annual).toBe(18000);
    expect(state.values.emi_cap).toBe(2571.43);
    expect(state.values.misc).toBe((1000 % 7) + 1);
    state = setFieldValue(state, 'other', '');
    expect(state.values.annual).toBe(12000);
    state = setFieldValue(state, 'income', '');
    expect(state.values.annual).toBeNull();
    expect(state.values.emi_cap).toBeNull();
    state = setFieldValue(state, 'other', '0');
    expect(state.values.annual).toBe(0);
    expect(setFieldValue(state, 'annual', 5)).toBe(state);
  });

  it('an empty operand: 0 in + and -, empty through * / % ROUND ABS, skipped by MIN and MAX', () => {
    const expressions = {
      sum: 'a + b',
      diff: 'a - b',
      neg: '-a',
      offset: 'a + 100',
      prod: 'a * b',
      quot: 'a / b',
      rem: 'a % b',
      low: 'MIN(a, b)',
      high: 'MAX(a, b, 1)',
      round: 'ROUND(a, 1)',
      abs: 'ABS(a)',
      constant: '2 * 3',
      mixed: 'a * 2 + b',
    };
    const c = component([
      field('a', 'text'),
      field('b', 'text'),
      ...Object.entries(expressions).map(([key, expression]) => field(key, 'text', {}, { formulas: { expression } })),
    ]);
    const computed = (values: FormValues) => {
      const state = createFormState(c, values, options());
      return Object.fromEntries(Object.keys(expressions).map((key) => [key, state.values[key]]));
    };
    expect(computed({ a: '', b: '4' })).toEqual({
      sum: 4,
      diff: -4,
      neg: null,
      offset: null,
      prod: null,
      quot: null,
      rem: null,
      low: 4,
      high: 4,
      round: null,
      abs: null,
      constant: 6,
      mixed: 4,
    });
    expect(computed({ a: '-2.25', b: null })).toEqual({
      sum: -2.25,
      diff: -2.25,
      neg: 2.25,
      offset: 97.75,
      prod: null,
      quot: null,
      rem: null,
      low: -2.25,
      high: 1,
      round: -2.2,
      abs: 2.25,
      constant: 6,
      mixed: -4.5,
    });
    // Every operand read is empty: every formula that reads one is empty.
    expect(computed({})).toEqual({
      ...Object.fromEntries(Object.keys(expressions).map((k) => [k, null])),
      constant: 6,
    });
    // Text that is not a number is not empty: the result is unknown.
    expect(computed({ a: 'abc', b: '4' })).toMatchObject({ sum: null, low: null, high: null, prod: null });
  });

  it('refuses anything outside the grammar, naming the field', () => {
    const bad = [
      'income()',
      'alert(1)',
      'income ? 1 : 2',
      'income == 1',
      '"text"',
      'income[0]',
      'this',
      '+income',
      'income.constructor',
      'unknown_field * 2',
      '[1, 2]',
      'ROUND(1, 2, 3)',
      'income; other',
    ];
    for (const expression of bad) {
      const broken = component([field('income', 'text'), field('f', 'text', {}, { formulas: { expression } })]);
      expect(() => componentFormulas(broken)).toThrow(FormulaError);
      expect(() => createFormState(broken, {}, options())).toThrow("field 'f' formula");
    }
  });

  it('refuses cycles naming the fields', () => {
    const cyclic = component([
      field('a', 'text', {}, { formulas: { expression: 'b + 1' } }),
      field('b', 'text', {}, { formulas: { expression: 'c + 1' } }),
      field('c', 'text', {}, { formulas: { expression: 'a + 1' } }),
    ]);
    expect(() => componentFormulas(cyclic)).toThrow('formula cycle: a -> b -> c -> a');
  });
});

const tableComponent = component([
  field('items', 'container', {}, { groupType: 'CONTAINER', groupSubType: 'NESTED_TABLE' }),
  field('owner', 'text', { mandatory: true }, { groupKey: 'items', isSectionHeader: true }),
  field('desc', 'text', { mandatory: true }, { groupKey: 'items' }),
  field('amount', 'text', { regex: '\\d+' }, { groupKey: 'items', aggregation: 'SUM' }),
  field('avg', 'text', {}, { groupKey: 'items', aggregation: 'AVG' }),
  field('low', 'text', {}, { groupKey: 'items', aggregation: 'MIN' }),
  field('high', 'text', {}, { groupKey: 'items', aggregation: 'MAX' }),
  field('n', 'text', {}, { groupKey: 'items', aggregation: 'COUNT' }),
  field('total_x2', 'text', {}, { formulas: { expression: 'items.total.amount * 2' } }),
]);

describe('container tables', () => {
  it('keeps headers, rows and totals; columns are not top-level fields', () => {
    const state = createFormState(tableComponent, {}, options());
    expect(state.values.items).toEqual({
      headers: { owner: '' },
      subRecords: [],
      total: { amount: 0, avg: 0, low: 0, high: 0, n: 0 },
    });
    expect(state.values.owner).toBeUndefined();
    expect(state.cellErrors).toEqual({ 'items.headers.owner': { code: 'required', message: 'is required' } });
    expect(state.errors.items).toEqual({ code: 'required', message: 'is required' });
    expect(cellKey('items', 3, 'desc')).toBe('items.3.desc');
    expect(cellKey('items', 'headers', 'owner')).toBe('items.headers.owner');
  });

  it('adds a row only when headers and the previous row are valid, else marks their mandatory cells dirty', () => {
    let state = createFormState(tableComponent, {}, options());
    let result = addTableRow(state, 'items');
    expect(result.added).toBe(false);
    expect([...result.state.dirty]).toEqual(['items.headers.owner']);
    state = setTableCell(result.state, 'items', 'headers', 'owner', 'Asha');
    result = addTableRow(state, 'items');
    expect(result.added).toBe(true);
    state = result.state;
    expect(state.errors.items).toEqual({ code: 'required', message: 'is required' });
    result = addTableRow(state, 'items');
    expect(result.added).toBe(false);
    expect([...result.state.dirty]).toEqual(expect.arrayContaining(['items.headers.owner', 'items.0.desc']));
    state = setTableCell(result.state, 'items', 0, 'desc', 'Car');
    state = setTableCell(state, 'items', 0, 'amount', 'x1');
    expect(state.errors.items).toEqual({ code: 'invalid', message: 'is invalid' });
    expect(addTableRow(state, 'items').added).toBe(false);
    expect(addTableRow(state, 'items').state.dirty.has('items.0.amount')).toBe(true);
    state = setTableCell(state, 'items', 0, 'amount', '10');
    expect(state.errors.items).toBeUndefined();
    expect(addTableRow(state, 'items').added).toBe(true);
  });

  it('keeps every aggregation up to date and feeds formulas', () => {
    let state = createFormState(
      tableComponent,
      { items: { headers: { owner: 'A' }, subRecords: [], total: {} } },
      options(),
    );
    const rows = [
      { amount: '10', avg: '2', low: '5', high: '5', n: 'x' },
      { amount: '20', avg: '4', low: '3', high: '9', n: '' },
      { amount: '30', avg: '6', low: '7', high: '1', n: 'y' },
    ];
    rows.forEach((row, index) => {
      const added = addTableRow(state, 'items');
      expect(added.added).toBe(true);
      state = setTableCell(added.state, 'items', index, 'desc', 'd');
      for (const [key, value] of Object.entries(row)) state = setTableCell(state, 'items', index, key, value);
    });
    const total = () => (state.values.items as { total: Record<string, number> }).total;
    expect(total()).toEqual({ amount: 60, avg: 4, low: 3, high: 9, n: 2 });
    expect(state.values.total_x2).toBe(120);
    state = setTableCell(state, 'items', 1, 'low', '8');
    state = setTableCell(state, 'items', 1, 'high', '2');
    expect(total()).toEqual({ amount: 60, avg: 4, low: 5, high: 5, n: 2 });
    state = removeTableRow(state, 'items', 0);
    expect(total()).toEqual({ amount: 50, avg: 5, low: 7, high: 2, n: 1 });
    expect(state.values.total_x2).toBe(100);
    expect(state.dirty.has('items.0.amount')).toBe(true);
    expect(state.dirty.has('items.2.amount')).toBe(false);
  });

  it('column totals skip empty cells; a formula reads a total of nothing as 0', () => {
    const c = component([
      field('items', 'container', {}, { groupType: 'CONTAINER', groupSubType: 'NESTED_TABLE' }),
      field('amount', 'text', {}, { groupKey: 'items', aggregation: 'SUM' }),
      field('mean', 'text', {}, { groupKey: 'items', aggregation: 'AVG' }),
      field('extra', 'text'),
      field('grand', 'text', {}, { formulas: { expression: 'items.total.amount + extra' } }),
      field('spread', 'text', {}, { formulas: { expression: 'items.total.mean * extra' } }),
    ]);
    const rows = [
      { amount: '10', mean: '10' },
      { amount: '', mean: '' },
      { amount: '30', mean: '20' },
    ];
    let state = createFormState(c, { items: { headers: {}, subRecords: rows, total: {} } }, options());
    expect((state.values.items as { total: Record<string, number> }).total).toEqual({ amount: 40, mean: 15 });
    expect(state.values.grand).toBe(40);
    expect(state.values.spread).toBeNull();
    state = setFieldValue(state, 'extra', '2');
    expect(state.values.spread).toBe(30);
    state = createFormState(c, {}, options());
    expect(state.values.grand).toBe(0);
  });

  it('a hidden column is not validated', () => {
    const rule = hideRule('r', { type: 'FIELD', key: 'desc' });
    let state = createFormState(tableComponent, {}, options({ rules: [rule] }));
    state = setTableCell(state, 'items', 'headers', 'owner', 'A');
    const result = addTableRow(state, 'items');
    expect(result.state.cellErrors['items.0.desc']).toBeUndefined();
    expect(addTableRow(result.state, 'items').added).toBe(true);
    const saved = { items: { headers: { owner: 'A' }, subRecords: [{ desc: '' }, { desc: '' }], total: {} } };
    const loaded = createFormState(tableComponent, saved, options({ rules: [rule] }));
    expect(loaded.cellErrors).toEqual({});
    expect(loaded.errors.items).toBeUndefined();
    const shown = createFormState(tableComponent, saved, options());
    expect(Object.keys(shown.cellErrors)).toEqual(['items.0.desc', 'items.1.desc']);
  });

  it('a column hidden by a condition stops blocking, and blocks again when shown', () => {
    const rule = hideRule(
      'r',
      { type: 'FIELD', key: 'desc' },
      {
        operator: 'AND',
        list: [{ field: 'mode', operator: 'EQUAL', value: 'quick' }],
      },
    );
    const saved = { items: { headers: { owner: 'A' }, subRecords: [{ desc: '' }], total: {} } };
    let state = createFormState(tableComponent, saved, options({ rules: [rule] }));
    expect(state.errors.items?.code).toBe('required');
    state = setFieldValue(state, 'mode', 'quick');
    expect(state.errors.items).toBeUndefined();
    expect(state.cellErrors).toEqual({});
    state = setFieldValue(state, 'mode', 'full');
    expect(state.cellErrors['items.0.desc']?.code).toBe('required');
  });
});

describe('hidden fields hold no value', () => {
  const when = (key: string, value: string) => ({
    operator: 'AND' as const,
    list: [{ field: key, operator: 'EQUAL' as const, value }],
  });

  it('a field a rule hides is emptied, and gets its value back when shown', () => {
    const c = component([
      field('mode', 'text'),
      field('pan', 'text', { mandatory: true }),
      field('times', 'checkbox', { property: 'T', multiple: true }),
      field('docs', 'file_upload'),
    ]);
    const rules = [hideRule('r', { type: 'GROUP', key: 'kyc' }, when('mode', 'quick'))];
    const grouped = component(c.fields.map((f) => (f.key === 'mode' ? f : { ...f, groupKey: 'kyc' })));
    const docs = { uploadedDocuments: [{ fileId: 'f1', fileName: 'pan.pdf', size: 10, mimeType: 'application/pdf' }] };
    let state = createFormState(grouped, { pan: 'ABCDE1234F', times: ['am'], docs }, options({ rules }));
    expect(state.modified).toBe(false);
    state = setFieldValue(state, 'mode', 'quick');
    expect(state.values).toMatchObject({ pan: null, times: [], docs: { uploadedDocuments: [] } });
    expect(state.errors.pan).toBeUndefined();
    expect(state.modified).toBe(true);
    state = setFieldValue(state, 'mode', 'full');
    expect(state.values).toMatchObject({ pan: 'ABCDE1234F', times: ['am'], docs });
  });

  it('fields hidden from the start are emptied; the snapshot is the form as first shown', () => {
    const c = component([
      field('mode', 'text'),
      field('flagged', 'text', {}, { hide: true }),
      field('salary', 'text'),
      field('note', 'text'),
    ]);
    const rules = [
      hideRule('r1', { type: 'FIELD', key: 'salary' }, when('mode', 'self')),
      hideRule('r2', { type: 'FIELD', key: 'note' }),
    ];
    let state = createFormState(c, { mode: 'self', flagged: 'x', salary: '50000', note: 'n' }, options({ rules }));
    expect(state.values).toMatchObject({ flagged: null, salary: null, note: null });
    expect(state.modified).toBe(false);
    expect(markDirty(state, []).modified).toBe(false);
    // What the saved form held comes back when shown, within the session.
    state = setFieldValue(state, 'mode', 'salaried');
    expect(state.values.salary).toBe('50000');
  });

  it('shown again empty, a field starts from its default (a form saved with it hidden)', () => {
    const c = component([
      field('mode', 'text'),
      field('years', 'slider', { min_value: 1, max_value: 30, defaultValue: 20 }),
      field('consent', 'checkbox'),
    ]);
    const rules = [hideRule('r', { type: 'GROUP', key: 'g' }, when('mode', 'quick'))];
    const grouped = component(c.fields.map((f) => (f.key === 'mode' ? f : { ...f, groupKey: 'g' })));
    let state = createFormState(grouped, { mode: 'quick', years: null, consent: null }, options({ rules }));
    expect(state.values).toMatchObject({ years: null, consent: null });
    expect([shownValue(state, 'years'), shownValue(state, 'mode')]).toEqual([20, 'quick']);
    state = setFieldValue(state, 'mode', 'full');
    expect(state.values).toMatchObject({ years: 20, consent: false });
  });

  it('a value set while hidden (a microflow answer) waits until the field is shown', () => {
    const c = component([field('mode', 'text'), field('city', 'text')]);
    const rules = [hideRule('r', { type: 'FIELD', key: 'city' }, when('mode', 'quick'))];
    let state = createFormState(c, { mode: 'quick' }, options({ rules }));
    state = setFieldValue(state, 'city', 'Pune');
    expect(state.values.city).toBeNull();
    expect(shownValue(state, 'city')).toBe('Pune');
    expect(setFieldValue(state, 'mode', 'full').values.city).toBe('Pune');
  });

  it('a formula reading a hidden field reads it as empty, and follows it back', () => {
    const c = component([
      field('mode', 'text'),
      field('income', 'text'),
      field('bonus', 'text'),
      field('total', 'text', {}, { formulas: { expression: 'income + bonus' } }),
    ]);
    const rules = [hideRule('r', { type: 'FIELD', key: 'bonus' }, when('mode', 'basic'))];
    let state = createFormState(c, { income: '100', bonus: '20' }, options({ rules }));
    expect(state.values.total).toBe(120);
    state = setFieldValue(state, 'mode', 'basic');
    expect(state.values.total).toBe(100);
    state = setFieldValue(state, 'mode', 'full');
    expect(state.values.total).toBe(120);
  });

  it('a rule reading a hidden field sees it empty: what it hid comes back, and hides again', () => {
    const c = component([
      field('mode', 'text'),
      field('owner', 'text'),
      field('co_owner', 'text', { mandatory: true }),
    ]);
    const rules = [
      hideRule('r1', { type: 'FIELD', key: 'owner' }, when('mode', 'rent')),
      hideRule('r2', { type: 'FIELD', key: 'co_owner' }, when('owner', 'sole')),
    ];
    let state = createFormState(c, { owner: 'sole', co_owner: 'Ravi' }, options({ rules }));
    expect(state.hidden.has('co_owner')).toBe(true);
    expect(state.values.co_owner).toBeNull();
    state = setFieldValue(state, 'mode', 'rent');
    expect([...state.hidden]).toEqual(['owner']);
    expect(state.values).toMatchObject({ owner: null, co_owner: 'Ravi' });
    state = setFieldValue(state, 'mode', 'own');
    expect([...state.hidden]).toEqual(['co_owner']);
    expect(state.values).toMatchObject({ owner: 'sole', co_owner: null });
  });

  it('a rule that hides a field by its own value settles: shown once more, it stays empty', () => {
    const c = component([field('a', 'text')]);
    const rule = hideRule(
      'r',
      { type: 'FIELD', key: 'a' },
      { operator: 'AND', list: [{ field: 'a', operator: 'IS_NOT_EMPTY' }] },
    );
    const state = setFieldValue(createFormState(c, {}, options({ rules: [rule] })), 'a', 'x');
    expect(state.hidden.has('a')).toBe(false);
    expect(state.values.a).toBeNull();
    expect(createFormState(c, { a: 'x' }, options({ rules: [rule] })).values.a).toBeNull();
  });

  it('a hidden formula field is null, and computed again when shown', () => {
    const c = component([
      field('mode', 'text'),
      field('a', 'text'),
      field('double', 'text', {}, { formulas: { expression: 'a * 2' } }),
      field('plus', 'text', {}, { formulas: { expression: 'double + 1' } }),
    ]);
    const rules = [hideRule('r', { type: 'FIELD', key: 'double' }, when('mode', 'quick'))];
    let state = createFormState(c, { a: '5', mode: 'quick' }, options({ rules }));
    expect(state.values).toMatchObject({ double: null, plus: null });
    state = setFieldValue(state, 'a', '7');
    expect(state.values.double).toBeNull();
    state = setFieldValue(state, 'mode', 'full');
    expect(state.values).toMatchObject({ double: 14, plus: 15 });
  });

  it('a hidden table is empty whole: no rows, no errors, its totals read as empty; it comes back shown', () => {
    const rules = [hideRule('r', { type: 'GROUP', key: 'items' }, when('mode', 'none'))];
    const c = component([...tableComponent.fields, field('mode', 'text')]);
    const saved = { headers: { owner: 'A' }, subRecords: [{ desc: 'Car', amount: '10' }], total: {} };
    let state = createFormState(c, { items: saved }, options({ rules }));
    const shown = state.values.items;
    expect(state.values.total_x2).toBe(20);
    state = setFieldValue(state, 'mode', 'none');
    expect(state.values.items).toEqual({ headers: {}, subRecords: [], total: {} });
    expect(state.values.total_x2).toBeNull();
    expect(state.cellErrors).toEqual({});
    expect(addTableRow(state, 'items')).toEqual({ state, added: false });
    expect(setTableCell(state, 'items', 'headers', 'owner', 'B')).toBe(state);
    state = setFieldValue(state, 'mode', 'all');
    expect(state.values.items).toEqual(shown);
    expect(state.values.total_x2).toBe(20);
  });

  it('a hidden column or header holds null in every row, has no total, and its cells follow rows', () => {
    const rules = [
      hideRule('r1', { type: 'FIELD', key: 'amount' }, when('mode', 'count')),
      hideRule('r2', { type: 'FIELD', key: 'owner' }, when('mode', 'count')),
    ];
    const c = component([...tableComponent.fields, field('mode', 'text')]);
    const rows = [
      { desc: 'a', amount: '10' },
      { desc: 'b', amount: '20' },
      { desc: 'c', amount: '30' },
    ];
    let state = createFormState(
      c,
      { items: { headers: { owner: 'A' }, subRecords: rows, total: {} } },
      options({ rules }),
    );
    state = setFieldValue(state, 'mode', 'count');
    const items = () => state.values.items as TableValue;
    expect(items().headers.owner).toBeNull();
    expect(items().subRecords.map((row) => row.amount)).toEqual([null, null, null]);
    expect(items().total.amount).toBeUndefined();
    expect(state.values.total_x2).toBeNull();
    state = removeTableRow(state, 'items', 0);
    state = setTableCell(state, 'items', 1, 'amount', '35');
    const added = addTableRow(state, 'items');
    expect(added.added).toBe(true);
    state = setTableCell(added.state, 'items', 2, 'desc', 'd');
    expect(items().subRecords.map((row) => row.amount)).toEqual([null, null, null]);
    state = setFieldValue(state, 'mode', 'sum');
    expect(items().headers.owner).toBe('A');
    expect(items().subRecords.map((row) => row.amount)).toEqual(['20', '35', '']);
    expect(items().total.amount).toBe(55);
    expect(state.values.total_x2).toBe(110);
  });
});

describe('submit', () => {
  const c = component([
    field('a', 'text', { mandatory: true }),
    field('b', 'text', { regex: '\\d+' }),
    field('docs', 'file_upload', { mandatory: true }),
  ]);
  it('lists invalid visible fields in order with the spec message; summary and switched-off skip it', () => {
    const state = createFormState(c, { b: 'x' }, options());
    expect(submitCheck(state, { mandatoryValidations: true, summary: false })).toEqual({
      ok: false,
      message: 'Please fill all mandatory fields',
      invalid: ['a', 'b', 'docs'],
    });
    expect(submitCheck(state, { mandatoryValidations: true, summary: true })).toEqual({ ok: true });
    expect(submitCheck(state, { mandatoryValidations: false, summary: false })).toEqual({ ok: true });
    expect(submitCheck(state, { mandatoryValidations: true, summary: false, ignoreRequired: true })).toMatchObject({
      invalid: ['b'],
    });
    expect(isFormValid(state)).toBe(false);
    expect(isFormValid(setFieldValue(state, 'b', '1'), { ignoreRequired: true })).toBe(true);
    expect(state.dirty.size).toBe(0);
  });
});

describe('incremental updates', () => {
  it('a keystroke does not re-validate fields that do not depend on it', () => {
    const c = component([field('d1', 'date'), field('d2', 'date'), field('x', 'text')]);
    const state = createFormState(c, { d1: 'bad', d2: 'bad' }, options());
    const before = state.errors.d1;
    expect(before?.code).toBe('invalidDate');
    const next = setFieldValue(state, 'x', 'typed');
    expect(next.errors.d1).toBe(before);
    const again = setFieldValue(next, 'd2', 'still bad');
    expect(again.errors.d1).toBe(before);
    expect(again.errors.d2).not.toBe(state.errors.d2);
  });

  const rich = component([
    field('a', 'text', { mandatory: true, regex: '\\d*' }),
    field('b', 'text', { currency_field: true, min_value: 10, max_value: 1000 }),
    field('sum', 'text', { currency_field: true, max_value: 500 }, { formulas: { expression: 'a + b' } }),
    field('twice', 'text', { mandatory: true }, { formulas: { expression: 'sum * 2' } }),
    field('c', 'text', { mandatory: true }, { groupKey: 'g' }),
    field('d', 'date', { mandatory: true }, { groupKey: 'g' }),
    field('e', 'checkbox', { mandatory: true }),
    field('least', 'text', {}, { formulas: { expression: 'MIN(a, b) - ROUND(a / 3) + b' } }),
    field('items', 'container', {}, { groupType: 'CONTAINER', groupSubType: 'NESTED_TABLE' }),
    field('who', 'text', { mandatory: true }, { groupKey: 'items', isSectionHeader: true }),
    field('amt', 'text', { regex: '\\d+' }, { groupKey: 'items', aggregation: 'SUM' }),
    field('note', 'text', { mandatory: true }, { groupKey: 'items' }),
    field('owed', 'text', {}, { formulas: { expression: 'items.total.amt + b' } }),
  ]);
  const rules = [
    hideRule(
      'r1',
      { type: 'GROUP', key: 'g' },
      { operator: 'AND', list: [{ field: 'a', operator: 'GREATER_THAN', value: 5 }] },
    ),
    hideRule(
      'r2',
      { type: 'FIELD', key: 'e' },
      {
        operator: 'OR',
        list: [
          { field: 'twice', operator: 'GREATER_THAN', value: 100 },
          { field: 'c', operator: 'EQUAL', value: 'hide' },
        ],
      },
    ),
    hideRule(
      'r3',
      { type: 'FIELD', key: 'b' },
      { operator: 'AND', list: [{ field: 'e', operator: 'EQUAL', value: true }] },
    ),
    // The table whole, a column, a header and a formula, by values that are themselves hidden at times.
    hideRule(
      'r4',
      { type: 'GROUP', key: 'items' },
      { operator: 'AND', list: [{ field: 'c', operator: 'EQUAL', value: 'show' }] },
    ),
    hideRule(
      'r5',
      { type: 'FIELD', key: 'note' },
      { operator: 'AND', list: [{ field: 'd', operator: 'IS_NOT_EMPTY' }] },
    ),
    hideRule(
      'r6',
      { type: 'FIELD', key: 'who' },
      { operator: 'AND', list: [{ field: 'owed', operator: 'GREATER_THAN', value: 500 }] },
    ),
    hideRule(
      'r7',
      { type: 'FIELD', key: 'least' },
      { operator: 'OR', list: [{ field: 'e', operator: 'EQUAL', value: false }] },
    ),
  ];
  const arbSet = fc.oneof(
    fc.record({ key: fc.constant('a'), value: fc.oneof(fc.constantFrom('', '3', '7', 'x'), fc.nat(300).map(String)) }),
    fc.record({ key: fc.constant('b'), value: fc.oneof(fc.constantFrom('', 'abc'), fc.nat(2000).map(String)) }),
    fc.record({ key: fc.constant('c'), value: fc.constantFrom('', 'hide', 'show') }),
    fc.record({ key: fc.constant('d'), value: fc.constantFrom('', '01/01/2020', '31/02/2020') }),
    fc.record({ key: fc.constant('e'), value: fc.boolean() }),
  );
  type Step =
    | { key: string; value: FieldValue }
    | { cell: 'who' | 'amt' | 'note'; row: number; value: string }
    | { add: true }
    | { remove: number };
  const arbStep: fc.Arbitrary<Step> = fc.oneof(
    arbSet,
    fc.record({
      cell: fc.constantFrom('who' as const, 'amt' as const, 'note' as const),
      row: fc.nat(3),
      value: fc.constantFrom('', '40', '700', 'x'),
    }),
    fc.constant({ add: true as const }),
    fc.record({ remove: fc.nat(3) }),
  );
  const apply = (state: FormState, step: Step): FormState => {
    if ('key' in step) return setFieldValue(state, step.key, step.value);
    if ('add' in step) return addTableRow(state, 'items').state;
    const rows = (state.values.items as TableValue).subRecords.length;
    if ('remove' in step) return removeTableRow(state, 'items', step.remove);
    if (step.cell === 'who') return setTableCell(state, 'items', 'headers', 'who', step.value);
    return step.row < rows ? setTableCell(state, 'items', step.row, step.cell, step.value) : state;
  };

  const saved: TableValue = {
    headers: { who: 'W' },
    subRecords: [
      { amt: '40', note: 'n' },
      { amt: '700', note: '' },
    ],
    total: {},
  };

  it('after any sequence of keystrokes and table edits equals a full evaluation; hidden fields are empty', () => {
    fc.assert(
      fc.property(fc.array(arbStep, { maxLength: 20 }), (steps) => {
        let state: FormState = createFormState(rich, { items: saved }, options({ rules }));
        for (const step of steps) state = apply(state, step);
        const fresh = createFormState(rich, state.values as FormValues, options({ rules }));
        expect(state.values).toEqual(fresh.values);
        expect(state.errors).toEqual(fresh.errors);
        expect(state.cellErrors).toEqual(fresh.cellErrors);
        expect([...state.hidden].sort()).toEqual([...fresh.hidden].sort());
        // A hidden table is empty whole; in a shown one, a hidden header or column holds null.
        const table = state.values.items as TableValue;
        const cells = (key: string) => (key === 'who' ? [table.headers.who] : table.subRecords.map((row) => row[key]));
        for (const key of state.hidden) {
          if (!['who', 'amt', 'note'].includes(key)) expect(isEmptyValue(state.values[key])).toBe(true);
          else if (!state.hidden.has('items')) expect(cells(key).every((cell) => cell === null)).toBe(true);
        }
      }),
    );
  });
});

describe('field access control (shared fieldAccess)', () => {
  const CREDIT = { type: 'DEPT' as const, id: 'CREDIT' };
  const officer = { roles: ['CPA'], teams: [{ type: 'DEPT' as const, id: 'RETAIL' }] };
  const approver = { roles: ['BH'], teams: [CREDIT] };
  const controlled = component([
    field('full_name', 'text'),
    field('rate', 'text', {}, { accessControl: [{ teams: [CREDIT], access: 'WRITE' }] }),
    field(
      'loans',
      'container',
      {},
      {
        groupType: 'CONTAINER',
        groupSubType: 'NESTED_TABLE',
        accessControl: [
          { roles: ['BH'], access: 'WRITE' },
          { roles: ['CPA'], access: 'READ' },
        ],
      },
    ),
    field('lender', 'text', {}, { groupKey: 'loans', isSectionHeader: true }),
    field('emi', 'text', {}, { groupKey: 'loans' }),
    field('twice', 'text', {}, { formulas: { expression: 'full_name' } }),
  ]);
  const loans = { headers: { lender: 'SBI' }, subRecords: [{ emi: '1000' }], total: {} };

  it('marks READ fields and a READ table with its cells read only for the viewer; others stay editable', () => {
    const state = createFormState(controlled, { rate: '8.5', loans }, options({ viewer: officer }));
    expect([...state.readOnly].sort()).toEqual(['emi', 'lender', 'loans', 'rate', 'twice']);
    expect(state.readOnly.has('full_name')).toBe(false);
    const theirs = createFormState(controlled, { rate: '8.5', loans }, options({ viewer: approver }));
    expect([...theirs.readOnly]).toEqual(['twice']);
  });

  it('leaves applicants (no viewer) and the form-level access as they were', () => {
    expect([...createFormState(controlled, {}, options()).readOnly]).toEqual(['twice']);
    expect([...createFormState(controlled, {}, options({ viewer: null })).readOnly]).toEqual(['twice']);
    const disabled = createFormState(controlled, {}, options({ viewer: approver, editable: false }));
    expect(disabled.readOnly.size).toBe(controlled.fields.length);
  });

  it('sets nothing the viewer may only read: fields, cells, rows', () => {
    const state = createFormState(controlled, { rate: '8.5', loans }, options({ viewer: officer }));
    expect(setFieldValue(state, 'rate', '12')).toBe(state);
    expect(setTableCell(state, 'loans', 0, 'emi', '9')).toBe(state);
    expect(setTableCell(state, 'loans', 'headers', 'lender', 'HDFC')).toBe(state);
    expect(addTableRow(state, 'loans')).toEqual({ state, added: false });
    expect(removeTableRow(state, 'loans', 0)).toBe(state);
    expect(setFieldValue(state, 'full_name', 'Asha').values.full_name).toBe('Asha');
    const theirs = createFormState(controlled, { rate: '8.5', loans }, options({ viewer: approver }));
    expect(setFieldValue(theirs, 'rate', '9.1').values.rate).toBe('9.1');
    expect(removeTableRow(theirs, 'loans', 0).values.loans).toMatchObject({ subRecords: [] });
  });

  it('applies to a co-applicant’s form the same way', () => {
    const co = component([
      field('co_name', 'text', {}, { enable: false, secondaryEnable: true }),
      field(
        'co_income',
        'text',
        {},
        { enable: false, secondaryEnable: true, accessControl: [{ roles: ['BH'], access: 'WRITE' }] },
      ),
    ]);
    const state = createFormState(co, {}, options({ applicantType: 'secondary', viewer: officer }));
    expect([...state.readOnly]).toEqual(['co_income']);
  });
});
