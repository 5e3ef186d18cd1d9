// Builders for the engine's tests: small, valid configurations with only what a test cares about.
import type { ComponentConfig, FieldConfig, FieldTypeDetails, FlowConfig, PageRule } from '@originate/contract';
import type { FormOptions } from './form';

export function field(
  key: string,
  type: string,
  details: Partial<Omit<FieldTypeDetails, 'type'>> = {},
  extra: Partial<Omit<FieldConfig, 'key' | 'field_type_details'>> = {},
): FieldConfig {
  return {
    key,
    label: key,
    enable: true,
    ...extra,
    field_type_details: { type, ...details } as FieldTypeDetails,
  };
}

export function component(fields: FieldConfig[], componentId = 'c1'): ComponentConfig {
  return { componentId, display_name: componentId, fields };
}

export const TODAY = new Date(2024, 5, 15);

export function options(extra: Partial<FormOptions> = {}): FormOptions {
  return { applicantType: 'primary', access: 'WRITE', editable: true, rules: [], options: {}, today: TODAY, ...extra };
}

export function hideRule(
  ruleId: string,
  target: PageRule['target'],
  conditions?: PageRule['conditions'],
  componentId = 'c1',
): PageRule {
  return conditions
    ? { rule_id: ruleId, componentId, action: 'HIDE', target, conditions }
    : { rule_id: ruleId, componentId, action: 'HIDE', target };
}

type SectionSpec = Omit<FlowConfig['sections'][number], 'route_info' | 'display_name'> &
  Partial<Pick<FlowConfig['sections'][number], 'route_info' | 'display_name'>>;

export function flow(sections: SectionSpec[], extra: Partial<FlowConfig> = {}): FlowConfig {
  return {
    flowId: 'f',
    verNum: 243,
    flowName: 'Flow',
    product_code: 'HL',
    product_name: 'Home loan',
    flow_type: 'CUST_FLOW',
    maximumJointApplicants: 2,
    enableMultipleCoApplicant: false,
    mandatoryValidations: true,
    ...extra,
    sections: sections.map((section) => ({
      route_info: section.section_id,
      display_name: section.section_id,
      ...section,
    })),
  };
}

export function sub(id: string, extra: Partial<FlowConfig['sections'][number]['sub_sections'][number]> = {}) {
  return { sub_section_id: id, display_name: id, route_info: id, componentId: `comp_${id}`, ...extra };
}
