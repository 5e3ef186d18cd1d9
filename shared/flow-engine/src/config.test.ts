import { SchemaError } from '@originate/contract/schemas';
import { loadComponentConfigs, loadFlowConfig, loadPageRules, optionRequests } from './config';
import { component, field, flow, hideRule, sub } from './testFixtures';

const good = flow([
  { section_id: 'a', sub_sections: [sub('a1'), sub('a2')] },
  { section_id: 'b', sub_sections: [sub('b1')] },
  { section_id: 'c', sub_sections: [sub('c1')] },
]);

function message(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(SchemaError);
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
}

describe('loadFlowConfig', () => {
  it('accepts a good flow', () => {
    expect(loadFlowConfig(good, 'flow')).toBe(good);
  });
  it('names the path of a missing route_info', () => {
    const broken = structuredClone(good) as unknown as { sections: { sub_sections: Record<string, unknown>[] }[] };
    delete broken.sections[2]?.sub_sections[0]?.route_info;
    expect(message(() => loadFlowConfig(broken, 'flow home_loan'))).toContain(
      'sections[2].sub_sections[0].route_info: missing',
    );
  });
  it('refuses duplicate ids and routes, and unknown components when components are given', () => {
    const dup = flow([
      { section_id: 'a', sub_sections: [sub('a1'), sub('a1')] },
      { section_id: 'a', sub_sections: [sub('x', { componentId: 'comp_a1' })] },
    ]);
    const text = message(() => loadFlowConfig(dup, 'flow', [component([], 'comp_a1')]));
    expect(text).toContain("sections[0].sub_sections[1].sub_section_id: duplicate 'a1'");
    expect(text).toContain("sections[0].sub_sections[1].route_info: duplicate 'a1'");
    expect(text).toContain("sections[1].section_id: duplicate 'a'");
    expect(text).not.toContain('sections[1].sub_sections[0].componentId');
    expect(message(() => loadFlowConfig(good, 'flow', []))).toContain(
      "sections[0].sub_sections[0].componentId: unknown component 'comp_a1'",
    );
  });
});

describe('loadComponentConfigs', () => {
  it('refuses bad formulas, cycles, regexes and duplicate keys naming the path and the field', () => {
    const text = message(() =>
      loadComponentConfigs(
        [
          component([field('a', 'text'), field('b', 'text', {}, { formulas: { expression: 'a ? 1 : 2' } })]),
          component(
            [
              field('x', 'text', {}, { formulas: { expression: 'y' } }),
              field('y', 'text', { regex: '(' }, { formulas: { expression: 'x' } }),
              field('x', 'text'),
            ],
            'c2',
          ),
        ],
        'components',
      ),
    );
    expect(text).toContain("[0].fields[1].formulas.expression: field 'b': ConditionalExpression is not allowed");
    expect(text).toContain("[1].fields[0].formulas.expression: field 'x': formula cycle: x -> y -> x");
    expect(text).toContain('[1].fields[1].field_type_details.regex: is not a valid regular expression');
    expect(text).toContain("[1].fields[2].key: duplicate 'x'");
  });
  it('a checkbox group names its option list and is no table cell', () => {
    const text = message(() =>
      loadComponentConfigs(
        [
          component([
            field('times', 'checkbox', { multiple: true }),
            field('items', 'container', {}, { groupType: 'CONTAINER', groupSubType: 'NESTED_TABLE' }),
            field('kinds', 'checkbox', { multiple: true, property: 'KINDS' }, { groupKey: 'items' }),
          ]),
        ],
        'components',
      ),
    );
    expect(text).toContain(
      '[0].fields[0].field_type_details.property: is required: a checkbox group ticks options of this list',
    );
    expect(text).toContain(
      "[0].fields[2].field_type_details.multiple: a checkbox group cannot be a cell of table 'items'",
    );
    const good = [
      component([field('times', 'checkbox', { multiple: true, property: 'TIMES' }), field('ok', 'checkbox')]),
    ];
    expect(loadComponentConfigs(good, 'components')).toEqual(good);
  });

  it('a step is positive, for sliders, ranges and counters, with max and default on its grid', () => {
    const zero = message(() => loadComponentConfigs([component([field('a', 'slider', { step: 0 })])], 'components'));
    expect(zero).toContain('[0].fields[0].field_type_details.step: must be > 0');
    const kinds = message(() =>
      loadComponentConfigs(
        [
          component([
            field('b', 'text', { step: 2 }),
            field('c', 'slider', { min_value: 0, max_value: 98, step: 5 }),
            field('d', 'range', { min_value: 0, max_value: 100, step: 10, defaultValue: [10, 55] }),
            field('e', 'counter', { min_value: 0.5, max_value: 10 }),
          ]),
        ],
        'components',
      ),
    );
    expect(kinds).toContain('[0].fields[0].field_type_details.step: is for slider, range and counter fields only');
    expect(kinds).toContain(
      '[0].fields[1].field_type_details.max_value: must be min_value (0) plus a multiple of the step (5)',
    );
    expect(kinds).toContain(
      '[0].fields[2].field_type_details.defaultValue: must be min_value (0) plus a multiple of the step (10)',
    );
    expect(kinds).toContain(
      '[0].fields[3].field_type_details.max_value: must be min_value (0.5) plus a multiple of the step (1)',
    );
    const good = [component([field('s', 'slider', { min_value: 0.1, max_value: 1, step: 0.1, defaultValue: 0.3 })])];
    expect(loadComponentConfigs(good, 'components')).toEqual(good);
  });

  it('checks the schema first', () => {
    expect(message(() => loadComponentConfigs([{ componentId: 'c' }], 'components'))).toContain(
      '[0].display_name: missing',
    );
  });
});

describe('loadPageRules', () => {
  it('refuses rules whose component or target does not exist', () => {
    const components = [component([field('a', 'text', {}, { groupKey: 'g' })])];
    const rules = [
      hideRule('r1', { type: 'FIELD', key: 'a' }),
      hideRule('r2', { type: 'GROUP', key: 'g' }),
      hideRule('r3', { type: 'FIELD', key: 'nope' }),
      hideRule('r4', { type: 'FIELD', key: 'a' }, undefined, 'c9'),
    ];
    const text = message(() => loadPageRules(rules, 'rules', components));
    expect(text).toBe("rules: [2].target.key: no field 'nope' in c1; [3].componentId: unknown component 'c9'");
    expect(loadPageRules(rules.slice(0, 2), 'rules', components)).toHaveLength(2);
  });
});

describe('loadComponentConfigs: access control', () => {
  it('accepts it on fields and tables, refuses it on a table’s cells naming the path', () => {
    const table = field('loans', 'container', {}, { groupType: 'CONTAINER', groupSubType: 'NESTED_TABLE' });
    const write = [{ roles: ['BH'], access: 'WRITE' as const }];
    expect(() =>
      loadComponentConfigs(
        [
          component([
            field('rate', 'text', {}, { accessControl: write }),
            { ...table, accessControl: write },
            field('emi', 'text', {}, { groupKey: 'loans' }),
            field('builder', 'text', {}, { groupKey: 'builder_details', accessControl: write }),
          ]),
        ],
        'c',
      ),
    ).not.toThrow();
    const text = message(() =>
      loadComponentConfigs(
        [component([table, field('emi', 'text', {}, { groupKey: 'loans', accessControl: write })])],
        'c',
      ),
    );
    expect(text).toContain("[0].fields[1].accessControl: is not allowed on a cell of table 'loans'");
  });

  it('refuses a bad shape naming the path (the contract schema)', () => {
    const bad = component([field('rate', 'text', {}, {})]) as unknown as { fields: Record<string, unknown>[] };
    (bad.fields[0] as Record<string, unknown>).accessControl = [{ roles: [], access: 'ALL' }];
    const text = message(() => loadComponentConfigs([bad], 'c'));
    expect(text).toContain('[0].fields[0].accessControl[0].roles');
    expect(text).toContain('[0].fields[0].accessControl[0].access');
  });
});

describe('optionRequests', () => {
  it('asks once for each list a dropdown, radio or checkbox group names', () => {
    const components = [
      component([
        field('a', 'dropdown', { property: 'CITY' }),
        field('b', 'radio', { property: 'GENDER' }),
        field('c', 'checkbox', { property: 'TIMES', multiple: true }),
        field('d', 'checkbox', { property: 'RADIO_LIST', multiple: true, property_type: 'RADIO' }),
        field('e', 'checkbox', { property: 'IGNORED' }),
        field('f', 'dropdown', { property: 'CITY' }),
      ]),
    ];
    expect(optionRequests(components)).toEqual([
      { property: 'CITY', property_type: 'DROPDOWN' },
      { property: 'GENDER', property_type: 'RADIO' },
      { property: 'TIMES', property_type: 'DROPDOWN' },
      { property: 'RADIO_LIST', property_type: 'RADIO' },
    ]);
  });
});
