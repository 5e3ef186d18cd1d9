// The seeded flows (README "Seeds"): every flow, component, rule list and option list passes its
// shared contract schema, the flows only name components that exist, and together they use every
// field type and every rule kind (test coverage of the portal and e2e depends on it). Plus the
// server's own rule reading (services/flow-rules) on small cases.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  CONDITION_OPERATORS,
  ComponentConfigSchema,
  DATE_UNITS,
  FIELD_TYPES,
  type FieldConfig,
  FieldOptionsSchema,
  FlowConfigSchema,
  type PageRule,
  PageRuleSchema,
  schemaIssues,
} from '@originate/shared/node';
import { COMPONENTS, FIELD_OPTIONS, FLOWS, PRODUCTS, RULES } from '../src/seed/flows';
import { conditionHolds, flowSteps, hiddenFields, isFieldApplicable, submitProblems } from '../src/services/flow-rules';
import { ProductRecordSchema } from '../src/services/flow-store';

const fields: FieldConfig[] = COMPONENTS.flatMap((c) => c.fields);
const rules: PageRule[] = Object.values(RULES).flat();
const subSections = FLOWS.flatMap((f) => f.sections.flatMap((s) => s.sub_sections));
const layoutJson = JSON.stringify(COMPONENTS.map((c) => c.layout ?? []));

describe('seeded configuration', () => {
  it('passes the shared contract schemas', () => {
    for (const flow of FLOWS) assert.deepEqual(schemaIssues(FlowConfigSchema, flow), [], flow.flowId);
    for (const c of COMPONENTS) assert.deepEqual(schemaIssues(ComponentConfigSchema, c), [], c.componentId);
    for (const r of rules) assert.deepEqual(schemaIssues(PageRuleSchema, r), [], r.rule_id);
    for (const o of FIELD_OPTIONS) assert.deepEqual(schemaIssues(FieldOptionsSchema, o), [], o.property);
    for (const p of PRODUCTS) assert.deepEqual(schemaIssues(ProductRecordSchema, p), [], p.product_code);
  });

  it('names only components, fields and option lists that exist; keys are unique per flow', () => {
    const ids = new Set(COMPONENTS.map((c) => c.componentId));
    for (const sub of subSections) assert.ok(ids.has(sub.componentId), sub.componentId);
    const keys = new Set<string>();
    for (const f of fields) {
      assert.ok(!keys.has(f.key), `duplicate key ${f.key}`);
      keys.add(f.key);
    }
    for (const r of rules) {
      const component = COMPONENTS.find((c) => c.componentId === r.componentId);
      assert.ok(component, r.rule_id);
      const own = component.fields;
      assert.ok(
        own.some((f) => f.key === r.target.key || f.groupKey === r.target.key),
        `${r.rule_id} target`,
      );
      for (const c of r.conditions?.list ?? [])
        assert.ok(
          own.some((f) => f.key === c.field),
          `${r.rule_id} ${c.field}`,
        );
    }
    const lists = new Set(FIELD_OPTIONS.map((o) => `${o.property_type}|${o.property}`));
    for (const f of fields.filter((x) => x.field_type_details.property_type)) {
      const d = f.field_type_details;
      assert.ok(lists.has(`${d.property_type}|${d.property}`), f.key);
      const values = FIELD_OPTIONS.find((o) => o.property === d.property)?.values.map((v) => v.value) ?? [];
      if (typeof d.defaultValue === 'string' && d.defaultValue !== 'none')
        assert.ok(values.includes(d.defaultValue), f.key);
    }
    for (const f of fields.filter((x) => x.field_type_details.recipient_field)) {
      assert.ok(keys.has(f.field_type_details.recipient_field ?? ''), f.key);
    }
  });

  it('uses every field type', () => {
    const used = new Set(fields.map((f) => f.field_type_details.type));
    assert.deepEqual(
      FIELD_TYPES.filter((t) => !used.has(t)),
      [],
    );
  });

  it('uses every rule kind', () => {
    const d = (pred: (f: FieldConfig) => boolean) => fields.some(pred);
    const details = (f: FieldConfig) => f.field_type_details;
    const kinds: Record<string, boolean> = {
      mandatory: d((f) => details(f).mandatory === true),
      regex: d((f) => details(f).regex !== undefined),
      'currency INR with min/max': d((f) => details(f).currency === 'INR' && details(f).min_value !== undefined),
      'currency PERCENT': d((f) => details(f).currency === 'PERCENT'),
      'keypress AMOUNT': d((f) => details(f).keypress === 'AMOUNT'),
      'keypress INTEREST': d((f) => details(f).keypress === 'INTEREST'),
      BETWEEN_DATE: d((f) => details(f).property === 'BETWEEN_DATE'),
      BETWEEN_AGE: d((f) => details(f).property === 'BETWEEN_AGE'),
      ...Object.fromEntries(
        DATE_UNITS.map((u) => [
          `BETWEEN_DAYS ${u}`,
          d((f) => details(f).property === 'BETWEEN_DAYS' && details(f).date_unit === u),
        ]),
      ),
      'dropdown default': d(
        (f) =>
          details(f).type === 'dropdown' &&
          typeof details(f).defaultValue === 'string' &&
          details(f).defaultValue !== 'none',
      ),
      "default 'none'": d((f) => details(f).defaultValue === 'none'),
      'multiple dropdown': d((f) => details(f).multiple === true),
      'radio default': d((f) => details(f).type === 'radio' && details(f).defaultValue !== undefined),
      'range 0..100': d(
        (f) => details(f).type === 'range' && details(f).min_value === 0 && details(f).max_value === 100,
      ),
      'slider bounds': d((f) => details(f).type === 'slider' && details(f).min_value !== undefined),
      'counter bounds': d((f) => details(f).type === 'counter' && details(f).max_value !== undefined),
      'mandatory file upload with accept': d(
        (f) => details(f).type === 'file_upload' && details(f).mandatory === true && details(f).accept !== undefined,
      ),
      'mandatory signature': d((f) => details(f).type === 'signature' && details(f).mandatory === true),
      'OTP by SMS': d((f) => details(f).otp_channel === 'SMS'),
      'OTP by e-mail': d((f) => details(f).otp_channel === 'EMAIL'),
      'mandatory checkbox': d((f) => details(f).type === 'checkbox' && details(f).mandatory === true),
      'verification field': d((f) => details(f).verification_field === true),
      internal: d((f) => f.internal === true),
      'hide flag': d((f) => f.hide === true),
      formula: d((f) => f.formulas !== undefined),
      'formula over a table total': d((f) => f.formulas?.expression.includes('.total.') === true),
      'NESTED_TABLE container': d((f) => f.groupSubType === 'NESTED_TABLE'),
      'table header field': d((f) => f.isSectionHeader === true),
      'aggregation SUM': d((f) => f.aggregation === 'SUM'),
      secondaryEnable: d((f) => f.secondaryEnable === true),
      guarantorEnable: d((f) => f.guarantorEnable === true),
      sameAsPrimary: d((f) => f.sameAsPrimary === true),
      'microflow on blur': d((f) => f.microflow?.trigger === 'blur'),
      'microflow button': d((f) => f.microflow?.trigger === 'button'),
      'rule hides a field outright': rules.some((r) => r.target.type === 'FIELD' && !r.conditions),
      'rule hides a group outright': rules.some((r) => r.target.type === 'GROUP' && !r.conditions),
      'rule with AND conditions': rules.some((r) => r.conditions?.operator === 'AND'),
      'rule with OR conditions': rules.some((r) => r.conditions?.operator === 'OR'),
      'rule on a group by condition': rules.some((r) => r.target.type === 'GROUP' && r.conditions !== undefined),
      ...Object.fromEntries(
        CONDITION_OPERATORS.map((op) => [
          `operator ${op}`,
          rules.some((r) => r.conditions?.list.some((c) => c.operator === op)),
        ]),
      ),
      'joint section (secondary)': FLOWS.some((f) => f.sections.some((s) => s.applicantType === 'secondary')),
      'joint section (guarantor)': FLOWS.some((f) => f.sections.some((s) => s.applicantType === 'guarantor')),
      isSingle: FLOWS.some((f) => f.sections.some((s) => s.isSingle === true)),
      disableForPrimaryApplicant: FLOWS.some((f) => f.sections.some((s) => s.disableForPrimaryApplicant === true)),
      skipForNewCustomer: subSections.some((s) => s.skipForNewCustomer === true),
      skipForExistingCustomer: subSections.some((s) => s.skipForExistingCustomer === true),
      existingCustomerOtp: subSections.some((s) => s.existingCustomerOtp === true),
      customPage: subSections.some((s) => s.customPage === true),
      summary: subSections.some((s) => s.summary === true),
      'captcha on and off': FLOWS.some((f) => f.captcha === true) && FLOWS.some((f) => f.captcha === false),
      'joint applicants allowed': FLOWS.some((f) => f.maximumJointApplicants > 0 && f.enableMultipleCoApplicant),
      'layout row, column and heading': ['element_row', 'element_column', 'heading'].every((t) =>
        layoutJson.includes(`"type":"${t}"`),
      ),
      'grid sizes custom, content, auto': ['custom', 'content', 'auto'].every((t) =>
        layoutJson.includes(`"type":"${t}"`),
      ),
    };
    assert.deepEqual(
      Object.entries(kinds)
        .filter(([, used]) => !used)
        .map(([kind]) => kind),
      [],
    );
  });
});

describe('server rule reading', () => {
  const hl = FLOWS.find((f) => f.flowId === 'home_loan');
  const pl = FLOWS.find((f) => f.flowId === 'personal_loan');
  assert.ok(hl && pl);
  const components = new Map(COMPONENTS.map((c) => [c.componentId, c]));

  it('walks steps: OTP and offer only for existing customers, KYC only for new, joint sections per joint applicant', () => {
    const ids = (existing: boolean) =>
      flowSteps(pl, { existingCustomer: existing, jointApplicants: [] }).map((s) => s.subSectionId);
    assert.deepEqual(ids(false), ['pl_customer_type', 'pl_kyc', 'pl_loan', 'pl_custom_page', 'pl_summary']);
    assert.deepEqual(ids(true), [
      'pl_customer_type',
      'pl_existing_otp',
      'pl_preapproved',
      'pl_loan',
      'pl_custom_page',
      'pl_summary',
    ]);
    const joint = flowSteps(hl, {
      existingCustomer: false,
      jointApplicants: [
        { applicantId: 'J1', applicantType: 'secondary' },
        { applicantId: 'J2', applicantType: 'secondary' },
        { applicantId: 'G1', applicantType: 'guarantor' },
      ],
    });
    assert.deepEqual(
      joint.filter((s) => s.applicantType !== 'primary').map((s) => s.applicantId),
      ['J1', 'J2', 'G1'],
    );
    assert.ok(
      !flowSteps(hl, { existingCustomer: false, jointApplicants: [] }).some((s) => s.sectionId === 'hl_coapplicant'),
    );
  });

  it('applicability follows the applicant type flags unless sameAsPrimary, never internal', () => {
    const co = components.get('HL_COAPPLICANT')?.fields ?? [];
    const byKey = (k: string) => co.find((f) => f.key === k) as FieldConfig;
    assert.equal(isFieldApplicable(byKey('coapp_full_name'), 'secondary'), true);
    assert.equal(isFieldApplicable(byKey('coapp_pan'), 'secondary'), false);
    assert.equal(isFieldApplicable(byKey('coapp_monthly_income'), 'secondary'), true, 'sameAsPrimary');
    assert.equal(isFieldApplicable(byKey('coapp_bureau_score'), 'secondary'), false, 'internal');
    assert.equal(isFieldApplicable(byKey('coapp_full_name'), 'guarantor'), false);
  });

  it('conditions: the operators over text, numbers, dates, booleans and lists', () => {
    const v = { a: 'x@dept.gov.in', n: '1,200', d: '15/08/2024', b: false, l: ['en', 'hi'], e: '' };
    assert.ok(conditionHolds({ field: 'a', operator: 'ENDS_WITH', value: '.gov.in' }, v));
    assert.ok(conditionHolds({ field: 'a', operator: 'CONTAINS', value: '@dept' }, v));
    assert.ok(conditionHolds({ field: 'n', operator: 'GREATER_THAN', value: 1000 }, v));
    assert.ok(conditionHolds({ field: 'n', operator: 'LESS_THAN_OR_EQUAL', value: 1200 }, v));
    assert.ok(conditionHolds({ field: 'd', operator: 'LESS_THAN', value: '01/01/2025' }, v));
    assert.ok(conditionHolds({ field: 'd', operator: 'GREATER_THAN_OR_EQUAL', value: '15/08/2024' }, v));
    assert.ok(conditionHolds({ field: 'b', operator: 'EQUAL', value: false }, v));
    assert.ok(conditionHolds({ field: 'l', operator: 'CONTAINS', value: 'en' }, v));
    assert.ok(conditionHolds({ field: 'e', operator: 'IS_EMPTY' }, v));
    assert.ok(conditionHolds({ field: 'missing', operator: 'IS_EMPTY' }, v));
    assert.ok(conditionHolds({ field: 'a', operator: 'IS_NOT_EMPTY' }, v));
    assert.ok(conditionHolds({ field: 'a', operator: 'NOT_EQUAL', value: 'y' }, v));
    assert.ok(!conditionHolds({ field: 'a', operator: 'GREATER_THAN', value: 5 }, v));
  });

  it('hides by field, group, outright and AND/OR; hidden fields never block submit', () => {
    const property = components.get('HL_PROPERTY');
    assert.ok(property);
    const hidden = hiddenFields(property, rules, { pmay_eligible: false });
    assert.ok(hidden.has('family_head_name') && hidden.has('builder_name'));
    assert.ok(!hiddenFields(property, rules, { pmay_eligible: true }).has('family_head_name'));
    const base = { existing_or_new_customer: 'new' as const, jointApplicants: [] };
    const labels = (customFields: Record<string, string | boolean>) =>
      submitProblems(hl, components, rules, { ...base, customFields }).map((p) => p.label);
    assert.ok(!labels({ pmay_eligible: false }).includes('Head of the family'));
    assert.ok(labels({ pmay_eligible: true }).includes('Head of the family'));
    assert.ok(!labels({}).includes('Summary'), 'the summary is never validated');
  });

  it('table cells are checked per row, headers once, with the row in the label', () => {
    const income = components.get('HL_INCOME');
    assert.ok(income);
    const problems = submitProblems(hl, components, rules, {
      existing_or_new_customer: 'new',
      jointApplicants: [],
      customFields: { existing_loans: { headers: {}, subRecords: [{ loan_lender: 'SBI' }], total: {} } },
    }).map((p) => p.label);
    assert.ok(problems.includes('Salary account bank'));
    assert.ok(problems.includes('EMI (row 1)'));
    assert.ok(!problems.includes('Lender (row 1)'));
  });
});
