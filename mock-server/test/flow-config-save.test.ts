// Admin saves of the customer-flow configuration (README "Configuration saves"): the
// contract schema in the portal's wording, the engine's load checks, operations admin only, and the
// public GET routes answering what was saved.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  API_PATHS,
  apiPath,
  type ComponentConfig,
  type FieldConfig,
  type FlowConfig,
  type FormValues,
  type PageRule,
} from '@originate/contract';
import { COMPONENTS, RULES } from '../src/seed/flows';
import { copy, encrypted, flowUrl, issues, newPersonalLoan, personalLoanBody, seededFlow } from './flow-helpers';
import { call, type Login, login, opened, startServer, type TestServer } from './helpers';

let s: TestServer;
let admin: Login;
let officer: Login;

before(async () => {
  s = await startServer();
  admin = await login(s.app, 'opsadmin');
  officer = await login(s.app, 'officer');
});
after(() => s.close());

const seededComponent = (id: string): ComponentConfig =>
  copy(COMPONENTS.find((c) => c.componentId === id) as ComponentConfig);

const componentUrl = (componentId: string) => apiPath('saveComponentConfig', { componentId });
const rulesUrl = (flowId: string, verNum: number) => apiPath('savePageRules', { flowId, verNum });

describe('PUT flow_config_by_id: the flow is checked as the portal loads it', () => {
  it("the issue's example: a sub-section without route_info → sections[2].sub_sections[0].route_info: missing", async () => {
    const flow = seededFlow('home_loan');
    const sub: Partial<FlowConfig['sections'][number]['sub_sections'][number]> =
      flow.sections[2]?.sub_sections[0] ?? {};
    delete sub.route_info;
    const res = await call(s.app, 'PUT', flowUrl(flow), admin, flow);
    assert.deepEqual(issues(res), [{ label: 'sections[2].sub_sections[0].route_info', reason: 'missing' }]);
  });

  it('an unknown key is refused by name', async () => {
    const flow = { ...seededFlow('home_loan'), colour: 'blue' };
    const res = await call(s.app, 'PUT', flowUrl(flow), admin, flow);
    assert.deepEqual(issues(res), [{ label: 'colour', reason: 'is not allowed' }]);
  });

  it('a componentId that names no stored component', async () => {
    const flow = seededFlow('home_loan');
    const sub = flow.sections[1]?.sub_sections[1];
    assert.ok(sub);
    sub.componentId = 'HL_NOWHERE';
    const res = await call(s.app, 'PUT', flowUrl(flow), admin, flow);
    assert.deepEqual(issues(res), [
      { label: 'sections[1].sub_sections[1].componentId', reason: "unknown component 'HL_NOWHERE'" },
    ]);
  });

  it('duplicate ids and routes, the path not the body, a product other than the one opening the flow', async () => {
    const flow = seededFlow('home_loan');
    const [first, second] = flow.sections;
    assert.ok(first && second);
    second.section_id = first.section_id;
    const sub = second.sub_sections[0];
    assert.ok(sub);
    sub.route_info = first.sub_sections[0]?.route_info ?? '';
    flow.product_code = 'ZZ';
    const res = await call(s.app, 'PUT', flowUrl({ flowId: 'personal_loan', verNum: 7 }), admin, flow);
    assert.deepEqual(issues(res), [
      { label: 'flowId', reason: "must be the flowId of the path ('personal_loan')" },
      { label: 'verNum', reason: 'must be the verNum of the path (7)' },
      { label: 'product_code', reason: "must be 'HL': product HL opens this flow" },
      { label: 'sections[1].section_id', reason: `duplicate '${first.section_id}'` },
      { label: 'sections[1].sub_sections[0].route_info', reason: `duplicate '${sub.route_info}'` },
    ]);
  });

  it('the path and query are checked in the same words', async () => {
    const flow = seededFlow('home_loan');
    const badMode = await call(s.app, 'PUT', flowUrl(flow, 'LIVE'), admin, flow);
    assert.deepEqual(
      issues(badMode).map((i) => i.label),
      ['mode'],
    );
    const notAnObject = await call(s.app, 'PUT', flowUrl(flow), admin, [flow]);
    assert.deepEqual(
      issues(notAnObject).map((i) => i.label),
      ['body'],
    );
  });

  it('a valid save (a DRAFT) is what GET flow_config_by_id answers; SAVED stays until saved too', async () => {
    const flow = seededFlow('home_loan');
    flow.flowName = 'Home Loan Application (2026 refresh)';
    const section = flow.sections[0];
    assert.ok(section);
    section.display_name = 'Your loan';
    const saved = await call(s.app, 'PUT', flowUrl(flow, 'DRAFT'), admin, flow);
    assert.equal(saved.statusCode, 200, saved.body);
    assert.deepEqual(await opened(saved, admin), flow);

    const draft = await call(s.app, 'GET', flowUrl(flow, 'DRAFT'));
    assert.deepEqual(draft.json(), flow);
    const live = await call(s.app, 'GET', flowUrl(flow, 'SAVED'));
    assert.equal(live.json<FlowConfig>().flowName, seededFlow('home_loan').flowName);

    const published = await call(s.app, 'PUT', flowUrl(flow, 'SAVED'), admin, flow);
    assert.equal(published.statusCode, 200, published.body);
    assert.deepEqual((await call(s.app, 'GET', flowUrl(flow))).json(), flow);
    const routes = await call(s.app, 'GET', apiPath('routeConfig', { productCode: 'HL', verNum: flow.verNum }));
    assert.equal(
      routes.json<{ routes: unknown[] }>().routes.length,
      flow.sections.flatMap((x) => x.sub_sections).length,
    );
  });

  it('a new version of a flow is stored beside the old one', async () => {
    const flow = { ...seededFlow('personal_loan'), verNum: 244 };
    const res = await call(s.app, 'PUT', flowUrl(flow), admin, flow);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual((await call(s.app, 'GET', flowUrl(flow))).json(), flow);
    const latest = await call(s.app, 'GET', apiPath('latestRouteConfig', { productCode: 'PL' }));
    assert.equal(latest.json<{ verNum: number }>().verNum, 244);
    assert.equal((await call(s.app, 'GET', flowUrl(seededFlow('personal_loan')))).json<FlowConfig>().verNum, 243);
  });
});

describe('PUT componentsConfigs/:componentId', () => {
  it('a formula over a field the component does not have', async () => {
    const component = seededComponent('HL_INCOME');
    const index = component.fields.findIndex((f) => f.key === 'annual_income');
    const annual = component.fields[index];
    assert.ok(annual);
    annual.formulas = { expression: 'monthly_salary * 12' };
    const res = await call(s.app, 'PUT', componentUrl('HL_INCOME'), admin, component);
    assert.deepEqual(issues(res), [
      {
        label: `fields[${index}].formulas.expression`,
        reason: "field 'annual_income': unknown field 'monthly_salary'",
      },
    ]);
  });

  it('schema problems in the same words; the path must be the body', async () => {
    const component = seededComponent('HL_INCOME') as Partial<ComponentConfig> & { extra?: boolean };
    delete component.display_name;
    component.extra = true;
    const res = await call(s.app, 'PUT', componentUrl('HL_INCOME'), admin, component);
    assert.deepEqual(issues(res), [
      { label: 'display_name', reason: 'missing' },
      { label: 'extra', reason: 'is not allowed' },
    ]);
    const elsewhere = await call(s.app, 'PUT', componentUrl('HL_KYC'), admin, seededComponent('HL_INCOME'));
    assert.deepEqual(issues(elsewhere), [
      { label: 'componentId', reason: "must be the componentId of the path ('HL_KYC')" },
    ]);
  });

  it('a field a stored page rule hides cannot be removed', async () => {
    const component = seededComponent('HL_KYC');
    component.fields = component.fields.filter((f) => f.key !== 'ckyc_number');
    const res = await call(s.app, 'PUT', componentUrl('HL_KYC'), admin, component);
    // The rule is stored for each released version of the flow (241, 242 and 243).
    assert.deepEqual(
      issues(res),
      [241, 242, 243].map((version) => ({
        label: 'fields',
        reason: `no field 'ckyc_number' in HL_KYC: page rule 'hl_r14_ckyc_hidden' of home_loan ${version} hides it`,
      })),
    );
  });

  it('a valid save is what componentsConfigs answers, and a flow may then use a new component', async () => {
    const component = seededComponent('HL_DECLARATION');
    component.display_name = 'Declarations and consent';
    const res = await call(s.app, 'PUT', componentUrl('HL_DECLARATION'), admin, component);
    assert.equal(res.statusCode, 200, res.body);
    const read = await call(s.app, 'POST', API_PATHS.componentsConfigs, undefined, {
      componentIds: ['HL_DECLARATION'],
    });
    assert.deepEqual(read.json(), [component]);

    const fresh = { ...seededComponent('HL_DECLARATION'), componentId: 'HL_EXTRA_CONSENT' };
    assert.equal((await call(s.app, 'PUT', componentUrl('HL_EXTRA_CONSENT'), admin, fresh)).statusCode, 200);
    const flow = seededFlow('home_loan');
    const sub = flow.sections.at(-1)?.sub_sections[0];
    assert.ok(sub);
    sub.componentId = 'HL_EXTRA_CONSENT';
    const saved = await call(s.app, 'PUT', flowUrl(flow, 'DRAFT'), admin, flow);
    assert.equal(saved.statusCode, 200, saved.body);
  });
});

describe('field kinds: checkbox group, step, regex_message', () => {
  const withField = (id: string, field: FieldConfig): ComponentConfig => {
    const component = seededComponent(id);
    component.fields.push(field);
    return component;
  };
  const purposes: FieldConfig = {
    key: 'pl_other_uses',
    label: 'Other uses of the loan',
    enable: true,
    field_type_details: { type: 'checkbox', multiple: true, property: 'PL_PURPOSE', mandatory: true, max_value: 2 },
  };

  it('a checkbox group without its option list, a step of 0 or on a text field, are refused by path', async () => {
    const { property: _, ...listless } = purposes.field_type_details;
    const group = await call(s.app, 'PUT', componentUrl('PL_CUSTOM'), admin, {
      ...withField('PL_CUSTOM', { ...purposes, field_type_details: listless }),
    });
    assert.deepEqual(issues(group), [
      {
        label: 'fields[2].field_type_details.property',
        reason: 'is required: a checkbox group ticks options of this list',
      },
    ]);
    const tenure = seededComponent('PL_LOAN');
    const slider = tenure.fields.find((f) => f.key === 'pl_tenure_months');
    assert.ok(slider);
    slider.field_type_details.step = 0;
    assert.deepEqual(issues(await call(s.app, 'PUT', componentUrl('PL_LOAN'), admin, tenure)), [
      { label: 'fields[1].field_type_details.step', reason: 'must be > 0' },
    ]);
    // A slider's own bounds (the seeded tenure takes its bounds from the product's limits when served).
    Object.assign(slider.field_type_details, { step: 5, min_value: 12, max_value: 60 });
    assert.deepEqual(issues(await call(s.app, 'PUT', componentUrl('PL_LOAN'), admin, tenure)), [
      {
        label: 'fields[1].field_type_details.max_value',
        reason: 'must be min_value (12) plus a multiple of the step (5)',
      },
    ]);
    const text = withField('PL_CUSTOM', {
      key: 'pl_note',
      label: 'Note',
      enable: true,
      field_type_details: { type: 'text', step: 2 },
    });
    assert.deepEqual(issues(await call(s.app, 'PUT', componentUrl('PL_CUSTOM'), admin, text)), [
      { label: 'fields[2].field_type_details.step', reason: 'is for slider, range and counter fields only' },
    ]);
  });

  it('a saved checkbox group gets its options and is submitted as an array the engine checks', async () => {
    const saved = await call(s.app, 'PUT', componentUrl('PL_CUSTOM'), admin, withField('PL_CUSTOM', purposes));
    assert.equal(saved.statusCode, 200, saved.body);
    const a = await newPersonalLoan(s.app);
    const submit = async (uses: FormValues[string] | undefined) => {
      const customFields: FormValues = { customer_type: 'new', pl_full_name: 'Asha Rao', pl_mobile: '9876543210' };
      if (uses !== undefined) customFields.pl_other_uses = uses;
      const body = personalLoanBody({
        application_id: a.applicationId,
        mode: 'SAVED',
        section_id: 'pl_review',
        sub_section_id: 'pl_summary',
        customFields,
      });
      const res = await encrypted(s.app, 'POST', API_PATHS.consumerSaveOrUpdate, a.headers, body);
      return issues(res).find((issue) => issue.label === purposes.label);
    };
    assert.deepEqual(await submit(undefined), { label: 'Other uses of the loan', reason: 'is required' });
    assert.deepEqual(await submit(['travel', 'medical', 'other']), {
      label: 'Other uses of the loan',
      reason: 'is above the maximum: tick at most 2 (3 ticked)',
    });
    assert.equal(await submit(['travel', 'medical']), undefined, 'two options are accepted');
    assert.deepEqual(await submit('travel'), { label: 'Other uses of the loan', reason: 'is invalid' });
  });

  it("a field's regex_message is translated like its label", async () => {
    const pan: FieldConfig = {
      key: 'pl_pan_again',
      label: 'PAN',
      enable: true,
      // A text the seeded Hindi translations hold.
      field_type_details: { type: 'text', regex: '[A-Z]{5}[0-9]{4}[A-Z]', regex_message: 'Full name' },
    };
    const saved = await call(s.app, 'PUT', componentUrl('PL_PREAPPROVED'), admin, withField('PL_PREAPPROVED', pan));
    assert.equal(saved.statusCode, 200, saved.body);
    const features = await call(s.app, 'PUT', apiPath('setupConfig', { type: 'Admin', name: 'Features' }), admin, {
      MultiLingual: true,
      ApplicationFormPreview: true,
    });
    assert.equal(features.statusCode, 200, features.body);
    const read = await call(s.app, 'POST', `${API_PATHS.componentsConfigs}?lang=hi`, undefined, {
      componentIds: ['PL_PREAPPROVED'],
    });
    const field = read.json<ComponentConfig[]>()[0]?.fields.find((f) => f.key === 'pl_pan_again');
    assert.equal(field?.field_type_details.regex_message, 'पूरा नाम');
  });
});

describe('PUT fetch_rules/:flowId/:verNum', () => {
  const rules = (): PageRule[] => copy(RULES.home_loan);

  it('a rule targeting a field its component does not have', async () => {
    const list = rules();
    const first = list[0];
    assert.ok(first);
    first.target = { type: 'FIELD', key: 'no_such_field' };
    const res = await call(s.app, 'PUT', rulesUrl('home_loan', 243), admin, list);
    assert.deepEqual(issues(res), [{ label: '[0].target.key', reason: "no field 'no_such_field' in HL_LOAN_DETAILS" }]);
  });

  it('unknown components, components of another flow, duplicate ids; schema problems by path', async () => {
    const list = rules();
    const [a, b, c] = list;
    assert.ok(a && b && c);
    a.componentId = 'HL_NOWHERE';
    b.componentId = 'PL_LOAN';
    c.rule_id = b.rule_id;
    const res = await call(s.app, 'PUT', rulesUrl('home_loan', 243), admin, list);
    assert.deepEqual(issues(res), [
      { label: '[1].componentId', reason: "'PL_LOAN' is not a component of home_loan 243" },
      { label: '[2].rule_id', reason: `duplicate '${b.rule_id}'` },
      { label: '[0].componentId', reason: "unknown component 'HL_NOWHERE'" },
      { label: '[1].target.key', reason: "no group 'family_details' in PL_LOAN" },
    ]);
    const shapeless = await call(s.app, 'PUT', rulesUrl('home_loan', 243), admin, [{ ...a, action: 'SHOW' }]);
    assert.deepEqual(
      issues(shapeless).map((i) => i.label),
      ['[0].action'],
    );
  });

  it('rules of a flow that is not stored: 404', async () => {
    const res = await call(s.app, 'PUT', rulesUrl('home_loan', 999), admin, rules());
    assert.equal(res.statusCode, 404, res.body);
  });

  it('a valid save is what fetch_rules answers', async () => {
    const list = rules().slice(1);
    const res = await call(s.app, 'PUT', rulesUrl('home_loan', 243), admin, list);
    assert.equal(res.statusCode, 200, res.body);
    const read = await call(s.app, 'GET', `${API_PATHS.fetchRules}?flow_ids=home_loan&ver_num=243`);
    assert.deepEqual(read.json(), list);
  });
});

describe('who may save', () => {
  const flow = seededFlow('personal_loan');
  const saves = (): [string, object][] => [
    [flowUrl(flow), flow],
    [componentUrl('PL_LOAN'), seededComponent('PL_LOAN')],
    [rulesUrl('personal_loan', 243), copy(RULES.personal_loan)],
  ];

  it('no session → 401', async () => {
    for (const [url, body] of saves()) assert.equal((await call(s.app, 'PUT', url, undefined, body)).statusCode, 401);
  });

  it('a loan officer → 403, even with a broken body', async () => {
    for (const [url, body] of [...saves(), [flowUrl(flow), { flowId: 1 }] as [string, object]]) {
      const res = await call(s.app, 'PUT', url, officer, body);
      assert.equal(res.statusCode, 403, `${url} ${res.body}`);
    }
  });

  it('an applicant session → 403', async () => {
    const applicant = await newPersonalLoan(s.app);
    for (const [url, body] of saves()) {
      assert.equal((await call(s.app, 'PUT', url, applicant.headers, body)).statusCode, 403, url);
    }
  });

  it('the /debugger copies of the /v3 saves need a debug role as well as ADMIN', async () => {
    const developer = await login(s.app, 'developer');
    const url = `/debugger${componentUrl('PL_LOAN')}`;
    assert.equal((await call(s.app, 'PUT', url, admin, seededComponent('PL_LOAN'))).statusCode, 403);
    assert.equal((await call(s.app, 'PUT', url, developer, seededComponent('PL_LOAN'))).statusCode, 403);
  });
});
