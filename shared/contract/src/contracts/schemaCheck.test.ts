import { FlowConfigSchema, FormValuesSchema } from './flow';
import { parseWithSchema, SchemaError, schemaIssues } from './schemaCheck';

const flow = {
  flowId: 'HL',
  verNum: 243,
  flowName: 'Home loan',
  product_code: 'HL',
  product_name: 'Home loan',
  flow_type: 'CUST_FLOW',
  maximumJointApplicants: 1,
  enableMultipleCoApplicant: false,
  mandatoryValidations: true,
  sections: [0, 1, 2].map((i) => ({
    section_id: `s${i}`,
    display_name: `Section ${i}`,
    route_info: `s${i}`,
    sub_sections: [{ sub_section_id: `s${i}a`, display_name: 'A', route_info: `s${i}a`, componentId: 'c' }],
  })),
};

describe('schema checks name the path and the reason', () => {
  it('accepts a valid flow and returns it typed', () => {
    expect(parseWithSchema(FlowConfigSchema, flow, 'flow').sections).toHaveLength(3);
  });

  it('names a missing key like sections[2].sub_sections[0].route_info: missing', () => {
    const broken = structuredClone(flow) as { sections: { sub_sections: Record<string, unknown>[] }[] };
    delete broken.sections[2]?.sub_sections[0]?.route_info;
    expect(() => parseWithSchema(FlowConfigSchema, broken, 'flow HL/243')).toThrow(
      new SchemaError('flow HL/243', [{ path: 'sections[2].sub_sections[0].route_info', reason: 'missing' }]),
    );
    expect(() => parseWithSchema(FlowConfigSchema, broken, 'flow HL/243')).toThrow(
      'flow HL/243: sections[2].sub_sections[0].route_info: missing',
    );
  });

  it('refuses unknown keys', () => {
    expect(schemaIssues(FlowConfigSchema, { ...flow, extra: 1 })).toEqual([
      { path: 'extra', reason: 'is not allowed' },
    ]);
  });

  it('gives a value fitting no branch of a union one reason', () => {
    expect(schemaIssues(FormValuesSchema, { ok: ['a'], bad: { nope: 1 } })).toEqual([
      { path: 'bad', reason: 'is not one of the allowed shapes' },
    ]);
  });

  it('names the root when the value is not an object', () => {
    expect(schemaIssues(FlowConfigSchema, 'x')[0]?.path).toBe('(root)');
  });
});
