// The customer flow's routes (README "Customer flow"): configuration, first and later saves, submit
// with server-side mandatory checks, resubmission, resume tokens, validations, captcha, OTP and
// microflows — good input, bad input (400/1101 naming the field) and callers who may not.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  API_PATHS,
  apiPath,
  type FieldConfig,
  type FormValues,
  formatBankDate,
  formatCurrency,
  type PageRule,
  type SaveApplicationBody,
} from '@originate/contract';
import {
  ProductDetailsAnswerSchema,
  ProductSummarySchema,
  RouteConfigSchema,
  schemaIssues,
} from '@originate/contract/schemas';
import { loanCost } from '@originate/contract/templates';
import { ENGINE_VERSION } from '@originate/flow-engine';
import Type from 'typebox';
import {
  type Applicant,
  acceptConsents,
  assignCurrentTask,
  completePersonalLoan,
  encrypted,
  homeLoanBody,
  issues,
  newHomeLoan,
  newPersonalLoan,
  personalLoanBody,
  solvedCaptcha,
} from './flow-helpers';
import { call, type Login, login, opened, startServer, type TestServer } from './helpers';
import { pdfText } from './pdf-text';

let s: TestServer;
let officer: Login;
let admin: Login;
let developer: Login;

before(async () => {
  s = await startServer();
  officer = await login(s.app, 'officer');
  admin = await login(s.app, 'opsadmin');
  developer = await login(s.app, 'developer');
});
after(() => s.close());

const save = (who: Applicant, body: unknown) =>
  encrypted(s.app, 'POST', API_PATHS.consumerSaveOrUpdate, who.headers, body);

describe('configuration (public)', () => {
  it('lists the seeded products and their details, with the engine version the server checks with', async () => {
    const list = await call(s.app, 'GET', API_PATHS.productList);
    assert.equal(list.statusCode, 200);
    assert.deepEqual(
      list
        .json()
        .map((p: { product_code: string; flowId: string; verNum: number }) => [p.product_code, p.flowId, p.verNum]),
      [
        ['CL', 'car_loan', 243],
        ['HL', 'home_loan', 243],
        ['PL', 'personal_loan', 243],
      ],
    );
    assert.deepEqual(schemaIssues(Type.Array(ProductSummarySchema), list.json()), [], 'the shared contract');
    const hl = await call(s.app, 'GET', apiPath('productDetails', { productCode: 'HL' }));
    assert.deepEqual(schemaIssues(ProductDetailsAnswerSchema, hl.json()), []);
    assert.equal(hl.json().captcha, true);
    assert.equal(hl.json().engineVersion, ENGINE_VERSION, 'the engine the server checks applications with');
    assert.equal((await call(s.app, 'GET', apiPath('productDetails', { productCode: 'PL' }))).json().captcha, false);
    assert.equal((await call(s.app, 'GET', apiPath('productDetails', { productCode: 'XX' }))).statusCode, 404);
  });

  it('answers flow configs, route configs and rules; unknown → 404; bad params name the field', async () => {
    const flow = await call(
      s.app,
      'GET',
      `${apiPath('flowConfigById', { verNum: 243, flowId: 'home_loan' })}?mode=SAVED&device_width=390`,
    );
    assert.equal(flow.statusCode, 200);
    assert.equal(flow.json().sections[0].sub_sections[0].componentId, 'HL_LOAN_DETAILS');
    assert.equal(
      (await call(s.app, 'GET', apiPath('flowConfigById', { verNum: 243, flowId: 'nope' }))).statusCode,
      404,
    );
    const bad = await call(
      s.app,
      'GET',
      `${apiPath('flowConfigById', { verNum: 243, flowId: 'home_loan' })}?mode=LIVE`,
    );
    assert.deepEqual(
      issues(bad).map((e) => e.label),
      ['mode'],
    );
    const many = await call(
      s.app,
      'GET',
      `${API_PATHS.flowConfigs}?flow_ids=home_loan,personal_loan&ver_num=243&flow_type=CUST_FLOW&mode=SAVED`,
    );
    assert.deepEqual(
      many.json().map((f: { flowId: string }) => f.flowId),
      ['home_loan', 'personal_loan'],
    );
    const route = await call(s.app, 'GET', apiPath('routeConfig', { productCode: 'PL', verNum: 243 }));
    assert.deepEqual(schemaIssues(RouteConfigSchema, route.json()), [], 'the shared contract');
    assert.equal(route.json().startRoute, 'customer-type');
    assert.ok(route.json().routes.some((r: { route_info: string }) => r.route_info === 'capture_1'));
    const latest = await call(s.app, 'GET', apiPath('latestRouteConfig', { productCode: 'HL' }));
    assert.deepEqual(schemaIssues(RouteConfigSchema, latest.json()), []);
    assert.equal(latest.json().verNum, 243);
    const rules = await call(s.app, 'GET', `${API_PATHS.fetchRules}?flow_ids=home_loan&ver_num=243`);
    assert.ok(rules.json().some((r: { rule_id: string }) => r.rule_id === 'hl_r2_family_unless_pmay'));
  });

  it('answers components (translated when MultiLingual is on), option lists and translations', async () => {
    const ids = { componentIds: ['HL_PERSONAL', 'HL_LOAN_DETAILS'] };
    const plain = await call(s.app, 'POST', `${API_PATHS.componentsConfigs}?lang=hi`, undefined, ids);
    assert.equal(plain.statusCode, 200);
    assert.equal(plain.json()[0].fields[0].label, 'Full name', 'MultiLingual is off by default');
    const features = await call(s.app, 'PUT', apiPath('setupConfig', { type: 'Admin', name: 'Features' }), admin, {
      MultiLingual: true,
      ApplicationFormPreview: true,
    });
    assert.equal(features.statusCode, 200, features.body);
    const hindi = await call(s.app, 'POST', `${API_PATHS.componentsConfigs}?lang=hi`, undefined, ids);
    assert.equal(hindi.json()[0].fields[0].label, 'पूरा नाम');
    assert.equal(hindi.json()[1].componentId, 'HL_LOAN_DETAILS');
    const unknown = await call(s.app, 'POST', API_PATHS.componentsConfigs, undefined, {
      componentIds: ['HL_PERSONAL', 'NOPE'],
    });
    assert.deepEqual(issues(unknown), [{ label: 'componentIds[1]', reason: 'is not a known component' }]);
    const options = await call(s.app, 'POST', API_PATHS.fieldsConfig, undefined, [
      { property_type: 'RADIO', property: 'GENDER' },
      { property_type: 'DROPDOWN', property: 'UNKNOWN_LIST' },
    ]);
    assert.deepEqual(
      options.json()[0].values.map((v: { value: string }) => v.value),
      ['female', 'male', 'other'],
    );
    assert.deepEqual(options.json()[1].values, []);
    const t = await call(s.app, 'POST', `${API_PATHS.translate}?lang=hi`, undefined, {
      texts: ['Loan amount', 'Zebra'],
    });
    assert.deepEqual(t.json(), { lang: 'hi', translations: { 'Loan amount': 'ऋण राशि', Zebra: 'Zebra' } });
    const extra = await call(s.app, 'POST', `${API_PATHS.translate}?lang=hi`, undefined, { texts: [], more: 1 });
    assert.deepEqual(
      issues(extra).map((e) => e.label),
      ['more'],
    );
  });
});

describe('consumer save_or_update', () => {
  it('first save creates an ACTIVE application with a CUST_FLOW task, an applicant session and a resume token', async () => {
    const a = await newPersonalLoan(s.app);
    assert.match(a.applicationId, /^PL-\d{4}-\d{6}$/);
    assert.match(a.resumeToken, /^[A-Za-z0-9_-]{43}$/);
    const res = await call(s.app, 'GET', apiPath('application', { applicationId: a.applicationId }), a.headers);
    assert.equal(res.statusCode, 200);
    const app = res.json();
    assert.equal(app._applicationStatus, 'ACTIVE');
    assert.equal(app.mode, 'DRAFT');
    assert.equal(app.flowId, 'personal_loan');
    assert.equal(app.customFields.pl_full_name, 'Asha Rao');
    assert.equal(app.appLifeCycle, undefined, 'applicants do not see staff assignments');
    const [task] = await s.app.ctx.db.query<{ type: string; progress: string }>(
      'SELECT type, progress FROM tasks WHERE application_id = $1',
      [a.applicationId],
    );
    assert.deepEqual(task, { type: 'CUST_FLOW', progress: 'Pending' });
  });

  it('refuses bad first saves naming the field', async () => {
    const { customFields: _c, ...noFields } = personalLoanBody();
    const missing = await call(s.app, 'POST', API_PATHS.consumerSaveOrUpdate, undefined, noFields);
    assert.deepEqual(issues(missing), [{ label: 'customFields', reason: 'missing' }]);
    const extra = await call(s.app, 'POST', API_PATHS.consumerSaveOrUpdate, undefined, {
      ...personalLoanBody(),
      isAdmin: true,
    });
    assert.deepEqual(
      issues(extra).map((e) => e.label),
      ['isAdmin'],
    );
    const flow = await call(
      s.app,
      'POST',
      API_PATHS.consumerSaveOrUpdate,
      undefined,
      personalLoanBody({ flowId: 'nope' }),
    );
    assert.deepEqual(
      issues(flow).map((e) => e.label),
      ['flowId'],
    );
    const step = await call(
      s.app,
      'POST',
      API_PATHS.consumerSaveOrUpdate,
      undefined,
      personalLoanBody({ sub_section_id: 'x' }),
    );
    assert.deepEqual(
      issues(step).map((e) => e.label),
      ['sub_section_id'],
    );
    const existing = await call(
      s.app,
      'POST',
      API_PATHS.consumerSaveOrUpdate,
      undefined,
      personalLoanBody({ application_id: 'PL-2026-000101' }),
    );
    assert.equal(existing.statusCode, 401, 'saving an existing application needs its applicant session');
  });

  it('needs a solved captcha for the home loan, and refuses a replayed one', async () => {
    const none = await call(s.app, 'POST', API_PATHS.consumerSaveOrUpdate, undefined, homeLoanBody());
    assert.deepEqual(issues(none), [{ label: 'captchaResponse', reason: 'is required' }]);
    const forged = await call(
      s.app,
      'POST',
      API_PATHS.consumerSaveOrUpdate,
      undefined,
      homeLoanBody({ captchaResponse: Buffer.from('{}').toString('base64') }),
    );
    assert.deepEqual(issues(forged), [{ label: 'captchaResponse', reason: 'is invalid' }]);
    const captchaResponse = await solvedCaptcha(s.app);
    const check = await call(s.app, 'POST', API_PATHS.validateCaptcha, undefined, { captchaResponse });
    assert.deepEqual(check.json(), { verified: true }, 'validateCaptcha does not use the solution up');
    const first = await call(
      s.app,
      'POST',
      API_PATHS.consumerSaveOrUpdate,
      undefined,
      homeLoanBody({ captchaResponse }),
    );
    assert.equal(first.statusCode, 200, first.body);
    const replay = await call(
      s.app,
      'POST',
      API_PATHS.consumerSaveOrUpdate,
      undefined,
      homeLoanBody({ captchaResponse }),
    );
    assert.deepEqual(issues(replay), [{ label: 'captchaResponse', reason: 'is invalid' }]);
    assert.deepEqual((await call(s.app, 'POST', API_PATHS.validateCaptcha, undefined, { captchaResponse })).json(), {
      verified: false,
    });
  });

  it('refuses an expired captcha', async () => {
    const captchaResponse = await solvedCaptcha(s.app);
    s.advance(601);
    try {
      const res = await call(
        s.app,
        'POST',
        API_PATHS.consumerSaveOrUpdate,
        undefined,
        homeLoanBody({ captchaResponse }),
      );
      assert.deepEqual(issues(res), [{ label: 'captchaResponse', reason: 'is invalid' }]);
    } finally {
      s.advance(-601);
    }
  });

  it('later saves go encrypted with the applicant session; a stale mod_time is a 409 resubmission', async () => {
    const a = await newPersonalLoan(s.app);
    const body = personalLoanBody({
      application_id: a.applicationId,
      mod_time: a.modTime,
      section_id: 'pl_details',
      sub_section_id: 'pl_kyc',
    });
    const ok = await save(a, body);
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal(ok.json().application.sub_section_id, 'pl_kyc');
    // A later save keeps the application's one live link: no new token (README "Resume links").
    assert.equal(ok.json().resumeToken, null);
    const stale = await save(a, { ...body, mod_time: '2000-01-01T00:00:00.000Z' });
    assert.equal(stale.statusCode, 409);
    assert.deepEqual(stale.json(), { code: 409, message: 'resubmission' });
    const plain = await call(s.app, 'POST', API_PATHS.consumerSaveOrUpdate, a.headers, body);
    assert.deepEqual(
      issues(plain).map((e) => e.label),
      ['data'],
    );
    const other = await newPersonalLoan(s.app);
    const foreign = await save(other, body);
    assert.equal(foreign.statusCode, 403, 'another application → 403');
    const staff = await call(s.app, 'POST', API_PATHS.consumerSaveOrUpdate, officer, body);
    assert.equal(staff.statusCode, 403);
  });
});

describe('submit', () => {
  const pl = (a: Applicant, customFields: FormValues) =>
    personalLoanBody({
      application_id: a.applicationId,
      mode: 'SAVED',
      section_id: 'pl_review',
      sub_section_id: 'pl_summary',
      customFields,
    });

  it('refuses listing each missing mandatory field, never the ones page rules hide', async () => {
    const a = await newPersonalLoan(s.app);
    const res = await save(
      a,
      pl(a, {
        customer_type: 'new',
        pl_full_name: 'Asha Rao',
        pl_mobile: '9876543210',
        pl_purpose: 'travel',
        pl_pan: 'bad',
      }),
    );
    assert.deepEqual(issues(res), [
      { label: 'PAN', reason: 'is not a PAN: 5 capital letters, 4 digits, 1 capital letter, e.g. ABCDE1234F' },
      { label: 'Date of birth', reason: 'is required' },
      { label: 'ID proof', reason: 'is required' },
      // The current address: line 2 is optional; 'Years at this address' is a counter starting at 0, never empty.
      { label: 'Address line 1', reason: 'is required' },
      { label: 'City', reason: 'is required' },
      { label: 'State', reason: 'is required' },
      { label: 'PIN code', reason: 'is required' },
      { label: 'Loan amount', reason: 'is required' },
      // No 'Tenure (months)': a slider starts at its minimum (spec §5 defaults), so the engine never finds it empty.
      { label: 'Monthly income', reason: 'is required' },
      { label: 'I agree to a recorded video KYC call', reason: 'is required' },
    ]);
    const shown = await save(
      a,
      pl(a, { customer_type: 'new', pl_full_name: 'Asha Rao', pl_mobile: '9876543210', pl_purpose: 'other' }),
    );
    assert.ok(
      issues(shown).some((e) => e.label === 'Describe the purpose'),
      'the rule shows it for purpose other',
    );
  });

  it('home loan: PMAY family details block submit only when the PMAY toggle is on', async () => {
    const a = await newHomeLoan(s.app);
    const body = (pmay: boolean) =>
      homeLoanBody({
        application_id: a.applicationId,
        mode: 'SAVED',
        section_id: 'hl_declaration',
        sub_section_id: 'hl_summary',
        customFields: { pmay_eligible: pmay },
      });
    const off = issues(await save(a, body(false))).map((e) => e.label);
    assert.ok(off.includes('Property value'));
    assert.ok(!off.includes('Head of the family'), 'hidden by the PMAY rule');
    assert.ok(!off.includes('Builder'), 'a group hidden outright');
    assert.ok(!off.includes('KYC risk score'), 'internal fields do not apply');
    const on = issues(await save(a, body(true))).map((e) => e.label);
    assert.ok(on.includes('Head of the family'));
    assert.ok(on.includes('Annual household income'), 'the group hidden with it');
  });

  it("refuses what the portal's engine refuses: an amount out of range, an impossible date, an age outside BETWEEN_AGE", async () => {
    const a = await newPersonalLoan(s.app);
    const base = { customer_type: 'new', pl_full_name: 'Asha Rao', pl_mobile: '9876543210', pl_purpose: 'travel' };
    const wrong = issues(await save(a, pl(a, { ...base, pl_loan_amount: '10', pl_dob: '31/02/1990' })));
    assert.deepEqual(
      wrong.find((e) => e.label === 'Loan amount'),
      { label: 'Loan amount', reason: 'Please enter amount between the range of ₹50,000 and ₹25,00,000' },
    );
    assert.deepEqual(
      wrong.find((e) => e.label === 'Date of birth'),
      { label: 'Date of birth', reason: 'is not a date: use DD/MM/YYYY, e.g. 15/06/1990' },
      'no 31 February',
    );
    const young = issues(await save(a, pl(a, { ...base, pl_loan_amount: '500000', pl_dob: '01/01/2015' })));
    assert.match(
      young.find((e) => e.label === 'Date of birth')?.reason ?? '',
      /^is outside the allowed age of 21 to 60 years: the date must be between \d\d\/\d\d\/\d{4} and /,
      'younger than 21',
    );
    assert.ok(!young.some((e) => e.label === 'Loan amount'), 'in range');
  });

  it('joint sections as the engine walks them: each co-applicant, the isSingle guarantor section once', async () => {
    const a = await newHomeLoan(s.app);
    const submit = (jointApplicants: SaveApplicationBody['jointApplicants']) =>
      save(
        a,
        homeLoanBody({
          application_id: a.applicationId,
          mode: 'SAVED',
          section_id: 'hl_declaration',
          sub_section_id: 'hl_summary',
          singleORjoint: 'joint',
          jointApplicants,
        }),
      );
    const guarantors = issues(
      await submit([
        { applicantId: 'G1', applicantType: 'guarantor', customFields: {} },
        { applicantId: 'G2', applicantType: 'guarantor', customFields: {} },
      ]),
    ).map((e) => e.label);
    assert.ok(guarantors.includes('Guarantor full name (guarantor 1)'));
    assert.ok(!guarantors.some((label) => label.endsWith('(guarantor 2)')), 'isSingle: one guarantor section');
    const coApplicant = issues(
      await submit([
        { applicantId: 'J1', applicantType: 'secondary', customFields: { coapp_full_name: 'R4vi' } },
        { applicantId: 'G1', applicantType: 'guarantor', customFields: { guarantor_net_worth: '10' } },
      ]),
    );
    // disableForPrimaryApplicant hides a section about the primary applicant, not one about a joint applicant.
    assert.deepEqual(
      coApplicant.find((e) => e.label === 'Co-applicant full name (co-applicant 1)'),
      {
        label: 'Co-applicant full name (co-applicant 1)',
        reason: "is not a name: use letters, spaces, . ' - and start with a letter",
      },
    );
    assert.deepEqual(
      coApplicant.find((e) => e.label === 'Net worth (guarantor 1)'),
      {
        label: 'Net worth (guarantor 1)',
        reason: 'Please enter amount between the range of ₹1,00,000 and ₹1,00,00,00,000',
      },
    );
    assert.ok(!coApplicant.some((e) => e.label === 'PAN (co-applicant 1)'), 'not enabled for a co-applicant');
  });

  it('a complete submit completes the CUST_FLOW task, opens the next step and ends resume links', async () => {
    const a = await newPersonalLoan(s.app);
    const sign = await call(s.app, 'POST', API_PATHS.uploadSignature, a.headers, {
      dataURI: `data:image/png;base64,${PNG_1PX}`,
      app_id: a.applicationId,
    });
    assert.equal(sign.statusCode, 200);
    const complete = completePersonalLoan(sign.json().fileId);
    // Complete but without the mandatory consents: refused, each named, and nothing submitted.
    const unconsented = await save(a, pl(a, complete));
    assert.equal(unconsented.statusCode, 400, unconsented.body);
    assert.deepEqual(
      issues(unconsented).map((i) => i.label),
      ['consents.declaration', 'consents.credit_bureau', 'consents.kyc'],
    );
    await acceptConsents(s.app, a.applicationId, 'PL', a.headers);
    const res = await save(a, pl(a, complete));
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().resumeToken, null);
    const tasks = await s.app.ctx.db.query<{ type: string; progress: string }>(
      'SELECT type, progress FROM tasks WHERE application_id = $1 ORDER BY step_number',
      [a.applicationId],
    );
    assert.deepEqual(tasks, [
      { type: 'CUST_FLOW', progress: 'Completed' },
      { type: 'APPVD', progress: 'Pending' },
    ]);
    const token = await call(s.app, 'POST', API_PATHS.validateTransactionToken, a.device, {
      transactionToken: a.resumeToken,
    });
    assert.deepEqual(issues(token), [{ label: 'transactionToken', reason: 'is invalid' }]);
    // The submit ended the applicant's session (README "Applicant sessions").
    const again = await save(a, pl(a, complete));
    assert.equal(again.statusCode, 401);
  });
});

const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

describe('resume token (validate-token)', () => {
  it('a live token opens an applicant session of its application on the device that made it', async () => {
    const a = await newPersonalLoan(s.app);
    const res = await call(s.app, 'POST', API_PATHS.validateTransactionToken, a.device, {
      transactionToken: a.resumeToken,
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().data.application_id, a.applicationId);
    const headers = { access_token: res.json().session.access_token };
    assert.equal(
      (await call(s.app, 'GET', apiPath('application', { applicationId: a.applicationId }), headers)).statusCode,
      200,
    );
  });

  it('an invalid or expired token is refused the same way', async () => {
    const a = await newPersonalLoan(s.app);
    const invalid = await call(s.app, 'POST', API_PATHS.validateTransactionToken, undefined, {
      transactionToken: 'x'.repeat(43),
    });
    assert.deepEqual(issues(invalid), [{ label: 'transactionToken', reason: 'is invalid' }]);
    s.advance(7 * 24 * 3600 + 1);
    try {
      const expired = await call(s.app, 'POST', API_PATHS.validateTransactionToken, a.device, {
        transactionToken: a.resumeToken,
      });
      assert.deepEqual(issues(expired), [{ label: 'transactionToken', reason: 'is invalid' }]);
    } finally {
      s.advance(-(7 * 24 * 3600 + 1));
    }
    const missing = await call(s.app, 'POST', API_PATHS.validateTransactionToken, undefined, {});
    assert.deepEqual(issues(missing), [{ label: 'transactionToken', reason: 'is required' }]);
  });
});

describe('the application summary the back office lists by', () => {
  it('a car loan records its applicant (name, mobile, e-mail) and amount from its cl_ fields', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: API_PATHS.consumerSaveOrUpdate,
      payload: personalLoanBody({
        flowId: 'car_loan',
        section_id: 'cl_applicant',
        sub_section_id: 'cl_personal',
        customFields: {
          cl_full_name: 'Kavya Iyer',
          cl_mobile: '9812345678',
          cl_email: 'Kavya.Iyer@example.in',
          cl_loan_amount: '850000',
        },
      }),
    });
    assert.equal(res.statusCode, 200, res.body);
    const id = res.json().application.application_id;
    const [row] = await s.app.ctx.db.query<{ applicant_name: string; applicant_email: string; loan_amount: string }>(
      'SELECT applicant_name, applicant_email, loan_amount::text FROM applications WHERE application_id = $1',
      [id],
    );
    assert.deepEqual(row, {
      applicant_name: 'Kavya Iyer',
      applicant_email: 'kavya.iyer@example.in',
      loan_amount: '850000.00',
    });
  });
});

describe('staff saves and copy', () => {
  it('user save_or_update and save by staff with access; copy makes a DRAFT with a new id', async () => {
    const a = await newPersonalLoan(s.app);
    const body = personalLoanBody({
      application_id: a.applicationId,
      section_id: 'pl_details',
      sub_section_id: 'pl_loan',
    });
    // Spec §4/§5/§6: staff edit only what is assigned to them, where the stage is the task's step.
    const unassigned = await encrypted(s.app, 'POST', API_PATHS.userSaveOrUpdate, officer.headers, body);
    assert.equal(unassigned.statusCode, 403, unassigned.body);
    assert.match(unassigned.json().message, /^Editing is disabled: this application is not assigned to you/);
    await assignCurrentTask(s.app, a.applicationId, 'officer');
    await s.app.ctx.db.query(`UPDATE applications SET stage = 'Credit Review' WHERE application_id = $1`, [
      a.applicationId,
    ]);
    const otherStage = await encrypted(s.app, 'POST', API_PATHS.userSaveOrUpdate, officer.headers, body);
    assert.equal(otherStage.statusCode, 403, otherStage.body);
    assert.match(otherStage.json().message, /^Editing is disabled: the application's stage \(Credit Review\) differs/);
    await s.app.ctx.db.query(
      `UPDATE applications a SET stage = t.step_name FROM tasks t
        WHERE t.application_id = a.application_id AND t.is_current AND a.application_id = $1`,
      [a.applicationId],
    );
    const res = await encrypted(s.app, 'POST', API_PATHS.userSaveOrUpdate, officer.headers, body);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().application.sub_section_id, 'pl_loan');
    assert.equal((await encrypted(s.app, 'POST', API_PATHS.saveApplication, officer.headers, body)).statusCode, 200);
    const noId = await encrypted(s.app, 'POST', API_PATHS.userSaveOrUpdate, officer.headers, personalLoanBody());
    assert.deepEqual(issues(noId), [{ label: 'application_id', reason: 'is required' }]);
    const approver = await login(s.app, 'approver');
    assert.equal(
      (await encrypted(s.app, 'POST', API_PATHS.userSaveOrUpdate, approver.headers, body)).statusCode,
      403,
      'outside the queue',
    );
    const copy = await call(s.app, 'GET', apiPath('copyApplication', { applicationId: a.applicationId }), officer);
    assert.equal(copy.statusCode, 200, copy.body);
    assert.notEqual(copy.json().application.application_id, a.applicationId);
    assert.equal(copy.json().application.mode, 'DRAFT');
    assert.equal(copy.json().application.customFields.pl_full_name, 'Asha Rao');
    assert.equal(
      (await call(s.app, 'GET', apiPath('copyApplication', { applicationId: a.applicationId }), approver)).statusCode,
      403,
    );
    assert.equal(
      (await call(s.app, 'GET', apiPath('copyApplication', { applicationId: a.applicationId }), a.headers)).statusCode,
      403,
    );
  });
});

describe('validations', () => {
  it('add queues the missing mandatory fields; update checks the named ones', async () => {
    const a = await newPersonalLoan(s.app);
    const add = await call(s.app, 'POST', API_PATHS.addMandatoryValidations, a.headers, {
      application_id: a.applicationId,
    });
    assert.equal(add.statusCode, 200, add.body);
    assert.equal(add.json().queued, true);
    assert.ok(add.json().pending.includes('pl_loan_amount'));
    assert.ok(!add.json().pending.includes('pl_full_name'));
    const upd = await call(s.app, 'POST', API_PATHS.updateMandatoryValidations, a.headers, {
      application_id: a.applicationId,
      fields: ['pl_full_name', 'pl_loan_amount'],
    });
    assert.deepEqual(upd.json().results, [
      { key: 'pl_full_name', valid: true },
      { key: 'pl_loan_amount', valid: false, reason: 'is required' },
    ]);
    const unknown = await call(s.app, 'POST', API_PATHS.updateMandatoryValidations, a.headers, {
      application_id: a.applicationId,
      fields: ['nope'],
    });
    assert.deepEqual(
      issues(unknown).map((e) => e.label),
      ['fields[0]'],
    );
    const other = await newPersonalLoan(s.app);
    assert.equal(
      (await call(s.app, 'POST', API_PATHS.addMandatoryValidations, other.headers, { application_id: a.applicationId }))
        .statusCode,
      403,
    );
    assert.equal(
      (await call(s.app, 'POST', API_PATHS.addMandatoryValidations, undefined, { application_id: a.applicationId }))
        .statusCode,
      401,
    );
  });
});

describe('OTP', () => {
  const outbox = async (recipient: string) => {
    const res = await call(
      s.app,
      'GET',
      `${API_PATHS.otpOutbox}?recipient=${encodeURIComponent(recipient)}`,
      developer,
    );
    assert.equal(res.statusCode, 200, res.body);
    return res.json() as { message: string }[];
  };
  const codeOf = (message: string) => /^(\d{6}) /.exec(message)?.[1] ?? '';

  it('sends a code to the outbox, verifies it, refuses a wrong one with the spec message', async () => {
    const a = await newHomeLoan(s.app);
    const send = {
      application_id: a.applicationId,
      fieldKey: 'mobile_otp',
      type: 'SMS',
      recipient: '9811111111',
      action: 'SEND_OTP',
    };
    const sent = await call(s.app, 'POST', API_PATHS.sendOtp, a.headers, send);
    assert.deepEqual(sent.json(), { sent: true, resendAfterSeconds: 30, expiresInSeconds: 300 });
    const again = await call(s.app, 'POST', API_PATHS.sendOtp, a.headers, { ...send, action: 'RESEND_OTP' });
    assert.equal(again.statusCode, 429);
    assert.ok(Number(again.headers['retry-after']) >= 1);
    const [message] = await outbox('9811111111');
    const code = codeOf(message?.message ?? '');
    assert.match(code, /^\d{6}$/);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await call(s.app, 'POST', API_PATHS.verifyOtp, a.headers, {
      application_id: a.applicationId,
      fieldKey: 'mobile_otp',
      code: wrongCode,
      action: 'VERIFY_OTP',
    });
    assert.deepEqual(issues(wrong), [
      { label: 'Mobile verification code', reason: 'Oops, this is incorrect one time password (OTP)' },
    ]);
    const ok = await call(s.app, 'POST', API_PATHS.verifyOtp, a.headers, {
      application_id: a.applicationId,
      fieldKey: 'mobile_otp',
      code,
      action: 'VERIFY_OTP',
    });
    assert.deepEqual(ok.json(), { isVerified: true });
    const stored = await s.app.ctx.db.query<{ code_hash: string }>(
      'SELECT code_hash FROM otp_codes WHERE application_id = $1',
      [a.applicationId],
    );
    assert.notEqual(stored[0]?.code_hash, code, 'only a hash is kept');
    const field = await call(s.app, 'POST', API_PATHS.sendOtp, a.headers, { ...send, fieldKey: 'email' });
    assert.deepEqual(
      issues(field).map((e) => e.label),
      ['fieldKey'],
    );
    const recipient = await call(s.app, 'POST', API_PATHS.sendOtp, a.headers, { ...send, recipient: 'me@x' });
    assert.deepEqual(
      issues(recipient).map((e) => e.label),
      ['recipient'],
    );
  });

  it('five wrong codes answer 429 with Retry-After, and the right one is refused too until then', async () => {
    const a = await newHomeLoan(s.app);
    await call(s.app, 'POST', API_PATHS.sendOtp, a.headers, {
      application_id: a.applicationId,
      fieldKey: 'mobile_otp',
      type: 'SMS',
      recipient: '9822222222',
      action: 'SEND_OTP',
    });
    const code = codeOf((await outbox('9822222222'))[0]?.message ?? '');
    const wrongCode = code === '000000' ? '111111' : '000000';
    const verify = (c: string) =>
      call(s.app, 'POST', API_PATHS.verifyOtp, a.headers, {
        application_id: a.applicationId,
        fieldKey: 'mobile_otp',
        code: c,
        action: 'VERIFY_OTP',
      });
    for (let i = 1; i <= 4; i++) assert.equal((await verify(wrongCode)).statusCode, 400, `attempt ${i}`);
    const fifth = await verify(wrongCode);
    assert.equal(fifth.statusCode, 429);
    assert.equal(fifth.headers['retry-after'], '900');
    assert.equal((await verify(code)).statusCode, 429);
  });

  it('the outbox is for DEVELOPER only', async () => {
    assert.equal((await call(s.app, 'GET', API_PATHS.otpOutbox, officer)).statusCode, 403);
    assert.equal((await call(s.app, 'GET', API_PATHS.otpOutbox)).statusCode, 401);
  });
});

describe('microflows', () => {
  const run = (a: Applicant, id: string, componentid: string, customFields: FormValues) =>
    encrypted(
      s.app,
      'POST',
      `${apiPath('microflowExecute', { microflowId: id })}?componentid=${componentid}&application_id=${a.applicationId}`,
      a.headers,
      { customFields },
    );

  it('pincode_lookup fills city and state; an unknown pincode is invalid', async () => {
    const a = await newHomeLoan(s.app);
    const ok = await run(a, 'pincode_lookup', 'HL_PROPERTY', { property_pincode: '400050' });
    assert.deepEqual(ok.json(), {
      actions: [{ type: 'LOOKUP', values: { property_city: 'Mumbai', property_state: 'Maharashtra' } }],
    });
    const bad = await run(a, 'pincode_lookup', 'HL_PROPERTY', { property_pincode: '999999' });
    assert.deepEqual(issues(bad), [{ label: 'Pincode', reason: 'is invalid' }]);
    const wrongComponent = await run(a, 'pincode_lookup', 'HL_KYC', { property_pincode: '400050' });
    assert.deepEqual(
      issues(wrongComponent).map((e) => e.label),
      ['componentid'],
    );
    assert.equal((await run(a, 'no_such_flow', 'HL_PROPERTY', {})).statusCode, 404);
  });

  it("the home loan has one EMI: the loan calculator on its terms, which rule hl_r13 hides beyond the product's", async () => {
    const [loan] = (
      await call(s.app, 'POST', API_PATHS.componentsConfigs, undefined, { componentIds: ['HL_LOAN_DETAILS'] })
    ).json<{ fields: FieldConfig[] }[]>();
    const emis = (loan?.fields ?? []).filter((f) => /emi/i.test(`${f.key} ${f.label}`));
    assert.deepEqual(
      emis.map((f) => ({ key: f.key, calculator: f.field_type_details.loan_calculator, microflow: f.microflow })),
      [
        {
          key: 'emi_estimate',
          calculator: {
            amount_field: 'loan_amount',
            tenure_field: 'tenure_years',
            tenure_unit: 'YEARS',
            rate_field: 'interest_rate',
          },
          microflow: undefined,
        },
      ],
    );
    const rules = (await call(s.app, 'GET', `${API_PATHS.fetchRules}?flow_ids=home_loan&ver_num=243`)).json<
      PageRule[]
    >();
    const r13 = rules.find((r) => r.rule_id === 'hl_r13_emi_out_of_range');
    assert.deepEqual(r13?.target, { type: 'FIELD', key: 'emi_estimate' });
    assert.equal(r13?.action, 'HIDE');
    // The button's microflow is gone with it.
    assert.equal((await run(await newHomeLoan(s.app), 'emi_calculator', 'HL_LOAN_DETAILS', {})).statusCode, 404);
  });

  it('pan_verify verifies the PAN with the issuer; sanction letters are files of the application', async () => {
    const a = await newHomeLoan(s.app);
    assert.deepEqual((await run(a, 'pan_verify', 'HL_KYC', { pan: 'ABCPE1234F' })).json().actions, [
      { type: 'VERIFY_FIELDS', keys: ['pan'], isVerified: true },
    ]);
    assert.equal((await run(a, 'pan_verify', 'HL_KYC', { pan: 'abc' })).json().actions[0].isVerified, false);
    // The form's values as they stand, before the summary step saves them.
    const terms = { loan_amount: '3500000', tenure_years: 15, interest_rate: 8.4, full_name: 'Kavya Menon' };
    const preview = (await run(a, 'sanction_preview', 'HL_SUMMARY', terms)).json().actions[0];
    assert.equal(preview.type, 'PREVIEW_FILE');
    assert.equal(preview.fileName, `Indicative Sanction Letter - ${a.applicationId}.pdf`);
    const file = await call(s.app, 'GET', apiPath('downloadDocument', { fileId: preview.fileId }), a.headers);
    assert.equal(file.statusCode, 200);
    assert.equal(file.headers['content-type'], 'application/pdf');
    // The bank's letter with the contract's figures: HL's fee 0.5% capped at ₹10,000, with 18% GST.
    const cost = loanCost({ amount: 3500000, annualRatePercent: 8.4, tenureMonths: 180, fees: 11800 });
    const { text } = await pdfText(file.rawPayload);
    for (const expected of [
      'Originate Bank Ltd.',
      'Kavya Menon',
      a.applicationId,
      'Indicative sanction of your Home Loan',
      '₹35,00,000.00',
      formatCurrency(Number(cost.emi)),
      '15 years (180 monthly instalments)',
      '8.40% p.a.',
      '₹11,800.00',
      formatBankDate(s.app.ctx.now()),
      'indicative, subject to verification of documents and credit assessment',
      'What you do next',
      'Customer care 1800 209 4455',
    ]) {
      assert.ok(text.includes(expected), `the letter says ${expected}: ${text}`);
    }
    // Asked for again with the same values the same day: the same bytes, one blob for both documents.
    const download = (await run(a, 'sanction_letter', 'HL_SUMMARY', terms)).json().actions[0];
    assert.equal(download.type, 'DOWNLOAD_FILE');
    const blobs = await s.app.ctx.db.query<{ blob_hash: string }>(
      'SELECT DISTINCT blob_hash FROM documents WHERE file_id = ANY($1::text[])',
      [[preview.fileId, download.fileId]],
    );
    assert.equal(blobs.length, 1);
    // Without a tenure no loan is priced: no letter without an EMI, the refusal naming the button's field.
    const unpriced = await newHomeLoan(s.app);
    assert.deepEqual(issues(await run(unpriced, 'sanction_letter', 'HL_SUMMARY', { loan_amount: '2500000' })), [
      {
        label: 'Indicative sanction letter',
        reason: 'needs the loan amount and tenure: fill in the loan details first',
      },
    ]);
    const other = await newHomeLoan(s.app);
    assert.equal(
      (
        await run(other, 'pan_verify', 'HL_KYC', { pan: 'ABCPE1234F' }).then(() =>
          call(s.app, 'GET', apiPath('downloadDocument', { fileId: preview.fileId }), other.headers),
        )
      ).statusCode,
      404,
    );
    const staffRes = await encrypted(
      s.app,
      'POST',
      `${apiPath('microflowExecute', { microflowId: 'pan_verify' })}?componentid=HL_KYC&application_id=${a.applicationId}`,
      officer.headers,
      { customFields: { pan: 'ABCDE1234F' } },
    );
    assert.equal(staffRes.statusCode, 200, 'staff with access to the queue may run it');
  });
});

describe('admin envelope for applicants', () => {
  it('Admin/Features reaches an applicant as a {data} envelope', async () => {
    const a = await newPersonalLoan(s.app);
    const res = await call(s.app, 'GET', API_PATHS.adminFeatures, a.headers);
    assert.equal(res.statusCode, 200);
    const features = await opened(res, { access_token: a.session.access_token } as Login);
    assert.equal(typeof features.MultiLingual, 'boolean');
  });
});
