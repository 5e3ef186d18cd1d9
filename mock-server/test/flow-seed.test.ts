// The seeded flows (README "Seeds"): every flow, component, rule list and option list passes its
// shared contract schema, the flows only name components that exist, and together they use every
// field type and every rule kind (test coverage of the portal and e2e depends on it). Plus the
// server's rule reading (modules/customer-flow/flow-rules: the portal's engine) on small cases.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FieldConfig, FlowConfig, PageRule } from '@originate/contract';
import {
  CONDITION_OPERATORS,
  ComponentConfigSchema,
  DATE_UNITS,
  FIELD_TYPES,
  FieldOptionsSaveSchema,
  FieldOptionsSchema,
  FlowConfigSchema,
  PageRuleSchema,
  ProductConfigSchema,
  schemaIssues,
} from '@originate/contract/schemas';
import type { FlowRules } from '../src/modules/configs';
import { componentWithLimits, limitsByField } from '../src/modules/configs/product-limits';
import { type ApplicationValues, flowIssues, flowProgress, stepsOf } from '../src/modules/customer-flow/flow-rules';
import { COMPONENTS, FIELD_OPTIONS, FLOWS, PRODUCTS, RULES } from '../src/seed/flows';

// As served: the amount, tenure and rate fields take their bounds from their product's limits.
const SERVED = COMPONENTS.map((c) => componentWithLimits(c, limitsByField(PRODUCTS)));
const fields: FieldConfig[] = SERVED.flatMap((c) => c.fields);
const rules: PageRule[] = Object.values(RULES).flat();
const subSections = FLOWS.flatMap((f) => f.sections.flatMap((s) => s.sub_sections));
const layoutJson = JSON.stringify(COMPONENTS.map((c) => c.layout ?? []));

describe('seeded configuration', () => {
  it('passes the shared contract schemas', () => {
    for (const flow of FLOWS) assert.deepEqual(schemaIssues(FlowConfigSchema, flow), [], flow.flowId);
    for (const c of COMPONENTS) assert.deepEqual(schemaIssues(ComponentConfigSchema, c), [], c.componentId);
    for (const r of rules) assert.deepEqual(schemaIssues(PageRuleSchema, r), [], r.rule_id);
    for (const o of FIELD_OPTIONS) assert.deepEqual(schemaIssues(FieldOptionsSchema, o), [], o.property);
    // An operations admin can save each seeded list again as it is.
    for (const o of FIELD_OPTIONS) assert.deepEqual(schemaIssues(FieldOptionsSaveSchema, o), [], o.property);
    for (const p of PRODUCTS) assert.deepEqual(schemaIssues(ProductConfigSchema, p), [], p.product_code);
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

describe('server rule reading (the portal engine over stored applications)', () => {
  const hl = FLOWS.find((f) => f.flowId === 'home_loan');
  const pl = FLOWS.find((f) => f.flowId === 'personal_loan');
  assert.ok(hl && pl);
  const components = new Map(SERVED.map((c) => [c.componentId, c]));
  const options = Object.fromEntries(FIELD_OPTIONS.map((o) => [o.property, o.values]));
  const today = new Date('2026-03-15T10:00:00Z');
  const engineRules = (flow: FlowConfig): FlowRules => ({ flow, components, rules, options });
  const problems = (flow: FlowConfig, app: Partial<ApplicationValues>) =>
    flowIssues(
      engineRules(flow),
      { existing_or_new_customer: 'new', jointApplicants: [], customFields: {}, ...app },
      today,
      { mandatoryValidations: true },
    );
  const labels = (flow: FlowConfig, app: Partial<ApplicationValues>) => problems(flow, app).map((p) => p.label);

  it('walks steps: OTP and offer only for existing customers, KYC only for new', () => {
    const ids = (existing: boolean) =>
      stepsOf(pl, { existing_or_new_customer: existing ? 'existing' : 'new', jointApplicants: [] }).map(
        (s) => s.sub_section_id,
      );
    assert.deepEqual(ids(false), [
      'pl_customer_type',
      'pl_kyc',
      'pl_address',
      'pl_loan',
      'pl_custom_page',
      'pl_summary',
    ]);
    assert.deepEqual(ids(true), [
      'pl_customer_type',
      'pl_existing_otp',
      'pl_preapproved',
      'pl_address',
      'pl_loan',
      'pl_custom_page',
      'pl_summary',
    ]);
  });

  it('joint sections as the engine reads them: per co-applicant, the isSingle guarantor section once, shown to the primary who fills them', () => {
    const jointApplicants = [
      { applicantId: 'J1', applicantType: 'secondary' as const, customFields: {} },
      { applicantId: 'G1', applicantType: 'guarantor' as const, customFields: {} },
      { applicantId: 'J2', applicantType: 'secondary' as const, customFields: {} },
      { applicantId: 'G2', applicantType: 'guarantor' as const, customFields: {} },
    ];
    const steps = stepsOf(hl, { existing_or_new_customer: 'new', jointApplicants });
    assert.deepEqual(
      steps.filter((s) => s.applicant.type !== 'primary').map((s) => s.applicant.applicantId),
      ['J1', 'J2', 'G1'],
      'disableForPrimaryApplicant does not drop a joint section; isSingle keeps one guarantor',
    );
    assert.ok(
      !stepsOf(hl, { existing_or_new_customer: 'new', jointApplicants: [] }).some(
        (s) => s.section_id === 'hl_coapplicant',
      ),
    );
    const found = labels(hl, { jointApplicants });
    assert.ok(found.includes('Co-applicant full name (co-applicant 1)'));
    assert.ok(found.includes('Co-applicant full name (co-applicant 2)'));
    assert.ok(found.includes('Guarantor full name (guarantor 1)'));
    assert.ok(!found.some((l) => l.endsWith('(guarantor 2)')), 'the second guarantor has no step to refuse');
    assert.ok(!found.includes('PAN (co-applicant 1)'), 'coapp_pan is not enabled for a co-applicant');
    assert.ok(!found.some((l) => l.startsWith('Bureau score')), 'internal fields never apply');
  });

  it('hides by field, group, outright and AND/OR; hidden fields never block submit; the summary is never checked', () => {
    assert.ok(!labels(hl, { customFields: { pmay_eligible: false } }).includes('Head of the family'));
    assert.ok(labels(hl, { customFields: { pmay_eligible: true } }).includes('Head of the family'));
    assert.ok(!labels(hl, {}).includes('Summary'), 'the summary is never validated');
    assert.deepEqual(
      flowIssues(engineRules(hl), { existing_or_new_customer: 'new', jointApplicants: [], customFields: {} }, today, {
        mandatoryValidations: false,
      }),
      [],
      'a flow without mandatory validations refuses nothing',
    );
  });

  it('every rule of spec §5, worded by the engine: amount range, dates, ages', () => {
    const reasons = (customFields: ApplicationValues['customFields']) =>
      Object.fromEntries(problems(pl, { customFields }).map((p) => [p.label, p.reason]));
    const wrong = reasons({ pl_loan_amount: '10', pl_dob: '31/02/1990', pl_pan: 'ABCDE1234F' });
    assert.match(wrong['Loan amount'] ?? '', /^Please enter amount between the range of ₹50,000 and ₹25,00,000$/);
    assert.equal(wrong['Date of birth'], 'is not a date: use DD/MM/YYYY, e.g. 15/06/1990', 'no 31 February');
    assert.match(
      reasons({ pl_dob: '01/01/2020' })['Date of birth'] ?? '',
      /^is outside the allowed age of 21 to 60 years/,
      'too young by BETWEEN_AGE',
    );
    assert.equal(reasons({ pl_loan_amount: '100000', pl_dob: '01/01/1990' })['Loan amount'], undefined);
    assert.equal(reasons({ pl_loan_amount: '100000', pl_dob: '01/01/1990' })['Date of birth'], undefined);
  });

  it('table cells are checked per row, headers once, with the row in the label', () => {
    const found = labels(hl, {
      customFields: { existing_loans: { headers: {}, subRecords: [{ loan_lender: 'SBI' }], total: {} } },
    });
    assert.ok(found.includes('Bank account the EMIs are paid from'));
    assert.ok(found.includes('EMI (row 1)'));
    assert.ok(!found.includes('Lender (row 1)'));
  });

  it('progress is what is filled (spec §4, the engine), whatever a save claims', () => {
    const progress = (customFields: ApplicationValues['customFields']) =>
      flowProgress(engineRules(pl), { existing_or_new_customer: 'new', jointApplicants: [], customFields }, today).map(
        (section) => [section.sectionId, section.status, section.components.map((c) => c.status).join(' ')],
      );
    const none = progress({});
    assert.deepEqual(none[0], ['pl_customer', 'PENDING', 'PENDING'], 'a default radio is not filled');
    const filled = progress({ customer_type: 'new', pl_full_name: 'Asha Rao', pl_mobile: '9876543210' });
    assert.deepEqual(filled[0], ['pl_customer', 'COMPLETE', 'COMPLETE']);
    const half = progress({ pl_full_name: 'Asha Rao', pl_mobile: '123' });
    assert.deepEqual(half[0], ['pl_customer', 'PROGRESS', 'PROGRESS'], 'filled but invalid');
  });
});
