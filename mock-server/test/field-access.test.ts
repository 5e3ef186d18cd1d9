// Field access on the server (README "Field access"): a staff save that changes a field the user may only
// read is refused (403 naming the field) and nothing is saved; unchanged READ fields pass (the form sent
// back as shown, defaults included); applicants are not governed by it; the admin component save checks
// accessControl's shape, its teams and that it is never on a table's cells. The seeded home loan controls
// loan_amount (WRITE: BCM, BH) and interest_rate (WRITE: the Credit Approvals department).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  API_PATHS,
  apiPath,
  type ComponentConfig,
  type FormValues,
  type PageRule,
  type SaveApplicationBody,
} from '@originate/contract';
import { FlowApplicationSchema, schemaIssues } from '@originate/contract/schemas';
import { readOnlyChanges } from '../src/modules/customer-flow/field-access';
import { COMPONENTS, FIELD_OPTIONS, FLOWS, RULES } from '../src/seed/flows';
import { assignCurrentTask, encrypted, homeLoanBody, issues, newHomeLoan } from './flow-helpers';
import { call, type Login, login, startServer, type TestServer } from './helpers';

let s: TestServer;
let officer: Login;
let lead: Login;
let approver: Login;
let admin: Login;

before(async () => {
  s = await startServer();
  officer = await login(s.app, 'officer');
  lead = await login(s.app, 'teamlead');
  approver = await login(s.app, 'approver');
  admin = await login(s.app, 'opsadmin');
});
after(() => s.close());

async function stored(applicationId: string): Promise<SaveApplicationBody> {
  const [row] = await s.app.ctx.db.query<{ doc: SaveApplicationBody }>(
    'SELECT doc FROM applications WHERE application_id = $1',
    [applicationId],
  );
  assert.ok(row);
  return row.doc;
}

async function audits(applicationId: string): Promise<number> {
  const [row] = await s.app.ctx.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM audits WHERE application_id = $1',
    [applicationId],
  );
  return row?.n ?? 0;
}

/** A staff save of the application with these values (and joint applicants), by its assignee (spec §4). */
async function staffSave(
  who: Login,
  applicationId: string,
  customFields: SaveApplicationBody['customFields'],
  jointApplicants: SaveApplicationBody['jointApplicants'] = [],
) {
  await assignCurrentTask(s.app, applicationId, who.user.userName);
  const body = homeLoanBody({ application_id: applicationId, customFields, jointApplicants, singleORjoint: 'joint' });
  return encrypted(s.app, 'POST', API_PATHS.userSaveOrUpdate, who.headers, body);
}

function refusal(res: { statusCode: number; body: string; json(): { code: number; message: string } }): string {
  assert.equal(res.statusCode, 403, res.body);
  assert.equal(res.json().code, 403);
  return res.json().message;
}

describe('staff saves under field access', () => {
  it('the officer changing loan_amount or interest_rate: 403 naming each field, nothing saved', async () => {
    const a = await newHomeLoan(s.app);
    const before = await stored(a.applicationId);
    const auditsBefore = await audits(a.applicationId);
    const res = await staffSave(officer, a.applicationId, {
      loan_purpose: 'purchase',
      loan_amount: '9000000',
      interest_rate: '7.1',
      full_name: 'Asha Rao',
    });
    const message = refusal(res);
    assert.match(message, /^Field access: you may only read fields this save changes, so nothing was saved: /);
    assert.ok(message.includes("'Loan amount' (loan_amount)"), message);
    assert.ok(message.includes("'Expected interest rate (%)' (interest_rate)"), message);
    assert.deepEqual(await stored(a.applicationId), before, 'nothing saved');
    assert.equal(await audits(a.applicationId), auditsBefore, 'nothing audited');
    // The same for the other save route.
    const other = homeLoanBody({ application_id: a.applicationId, customFields: { loan_amount: '9000000' } });
    const viaSave = await encrypted(s.app, 'POST', API_PATHS.saveApplication, officer.headers, other);
    assert.ok(refusal(viaSave).endsWith("'Loan amount' (loan_amount)"));
  });

  it('the officer saving other fields with the READ ones as shown (stored or the form’s default): 200', async () => {
    const a = await newHomeLoan(s.app);
    // interest_rate was never filled: the form shows (and sends back) its default, an empty text.
    const res = await staffSave(officer, a.applicationId, {
      loan_purpose: 'purchase',
      loan_amount: '2500000',
      interest_rate: '',
      full_name: 'Asha Rao',
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal((await stored(a.applicationId)).customFields.full_name, 'Asha Rao');
  });

  it('dropping a stored READ field from the save is a change too', async () => {
    const a = await newHomeLoan(s.app);
    const res = await staffSave(officer, a.applicationId, { loan_purpose: 'purchase', full_name: 'Asha Rao' });
    assert.ok(refusal(res).includes("'Loan amount' (loan_amount)"));
    assert.equal((await stored(a.applicationId)).customFields.loan_amount, '2500000');
  });

  it('the team lead (BCM) may change the amount but not the rate; the approver (Credit Approvals) the rate', async () => {
    const a = await newHomeLoan(s.app);
    const amount = await staffSave(lead, a.applicationId, { loan_purpose: 'purchase', loan_amount: '3000000' });
    assert.equal(amount.statusCode, 200, amount.body);
    const rate = await staffSave(lead, a.applicationId, {
      loan_purpose: 'purchase',
      loan_amount: '3000000',
      interest_rate: '8.25',
    });
    assert.ok(refusal(rate).endsWith("'Expected interest rate (%)' (interest_rate)"));
    const approved = await staffSave(approver, a.applicationId, {
      loan_purpose: 'purchase',
      loan_amount: '3000000',
      interest_rate: '8.25',
    });
    assert.equal(approved.statusCode, 200, approved.body);
    const values = (await stored(a.applicationId)).customFields;
    assert.deepEqual([values.loan_amount, values.interest_rate], ['3000000', '8.25']);
    // Field history names who changed the controlled field.
    const history = await call(
      s.app,
      'GET',
      `${API_PATHS.getAudits}?application_id=${a.applicationId}&fieldKey=interest_rate`,
      approver,
    );
    assert.equal(history.json().data[0].userId, 'USR-1003');
  });

  it('applicants are not governed by access control: they fill the amount and the rate', async () => {
    const a = await newHomeLoan(s.app);
    const body = homeLoanBody({
      application_id: a.applicationId,
      customFields: { loan_purpose: 'purchase', loan_amount: '4000000', interest_rate: '8.4' },
    });
    const res = await encrypted(s.app, 'POST', API_PATHS.consumerSaveOrUpdate, a.headers, body);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal((await stored(a.applicationId)).customFields.interest_rate, '8.4');
  });

  it('no token: 401; bad input: 400 naming the field; outside the queue: 403 (before any field is looked at)', async () => {
    const a = await newHomeLoan(s.app);
    const body = homeLoanBody({ application_id: a.applicationId, customFields: { loan_amount: '9000000' } });
    const anonymous = await call(s.app, 'POST', API_PATHS.userSaveOrUpdate, undefined, { data: 'x' });
    assert.equal(anonymous.statusCode, 401);
    const bad = await encrypted(s.app, 'POST', API_PATHS.userSaveOrUpdate, officer.headers, {
      ...body,
      customFields: { loan_amount: { nested: true } },
    });
    assert.ok(issues(bad).some((issue) => issue.label.startsWith('customFields.loan_amount')));
    const outsider = await encrypted(s.app, 'POST', API_PATHS.userSaveOrUpdate, approver.headers, body);
    assert.equal(outsider.statusCode, 403);
    assert.doesNotMatch(outsider.json().message, /Field access/);
    assert.equal((await stored(a.applicationId)).customFields.loan_amount, '2500000');
  });
});

describe('seeded applications open in the form', () => {
  it('a seeded home loan is answered as a flow application (mode, joint applicants, progress)', async () => {
    const res = await call(s.app, 'GET', apiPath('application', { applicationId: 'HL-2026-000102' }), admin);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(schemaIssues(FlowApplicationSchema, res.json()), []);
    assert.deepEqual([res.json().mode, res.json().jointApplicants, res.json().progress], ['SAVED', [], []]);
  });
});

describe('field access inside tables and joint applicants (configured by the admin route)', () => {
  const seeded = (id: string) => structuredClone(COMPONENTS.find((c) => c.componentId === id) as ComponentConfig);
  const put = (component: ComponentConfig, who: Login = admin) =>
    call(s.app, 'PUT', apiPath('saveComponentConfig', { componentId: component.componentId }), who, component);

  it('a READ table: any change to its rows or headers is refused; sent back as stored it passes', async () => {
    const income = seeded('HL_INCOME');
    const table = income.fields.find((f) => f.key === 'existing_loans');
    assert.ok(table);
    table.accessControl = [{ teams: [{ type: 'DEPT', id: 'TEAM-CREDIT-APPROVALS' }], access: 'WRITE' }];
    assert.equal((await put(income)).statusCode, 200);
    try {
      const a = await newHomeLoan(s.app);
      const loans = {
        headers: { emi_bank: 'HDFC Bank' },
        subRecords: [{ loan_lender: 'SBI', loan_emi: '12000', loan_outstanding: '400000', loan_months_left: '36' }],
        total: { loan_emi: 12000, loan_outstanding: 400000 },
      };
      const consumer = homeLoanBody({
        application_id: a.applicationId,
        customFields: { loan_purpose: 'purchase', loan_amount: '2500000', existing_loans: loans },
      });
      assert.equal(
        (await encrypted(s.app, 'POST', API_PATHS.consumerSaveOrUpdate, a.headers, consumer)).statusCode,
        200,
      );
      const values = (await stored(a.applicationId)).customFields;
      const same = await staffSave(officer, a.applicationId, values);
      assert.equal(same.statusCode, 200, same.body);
      const edited = structuredClone(loans);
      (edited.subRecords[0] as Record<string, string>).loan_emi = '9000';
      const changed = await staffSave(officer, a.applicationId, { ...values, existing_loans: edited });
      assert.ok(refusal(changed).endsWith("'Existing loans' (existing_loans)"));
      const added = { ...loans, subRecords: [...loans.subRecords, { loan_lender: 'ICICI', loan_emi: '1000' }] };
      assert.equal((await staffSave(officer, a.applicationId, { ...values, existing_loans: added })).statusCode, 403);
    } finally {
      assert.equal((await put(seeded('HL_INCOME'))).statusCode, 200);
    }
  });

  it('a co-applicant’s READ field: adding, changing or removing them with it filled is refused, named by who', async () => {
    const co = seeded('HL_COAPPLICANT');
    const income = co.fields.find((f) => f.key === 'coapp_monthly_income');
    assert.ok(income);
    income.accessControl = [{ roles: ['BH'], access: 'WRITE' }];
    assert.equal((await put(co)).statusCode, 200);
    try {
      const a = await newHomeLoan(s.app);
      const base = { loan_purpose: 'purchase', loan_amount: '2500000' };
      const coApplicant = (customFields: SaveApplicationBody['customFields']) => [
        { applicantId: 'co-1', applicantType: 'secondary' as const, customFields },
      ];
      const filled = await staffSave(officer, a.applicationId, base, coApplicant({ coapp_monthly_income: '50000' }));
      assert.ok(refusal(filled).endsWith("'Monthly income' (coapp_monthly_income, co-applicant 1)"));
      const empty = await staffSave(officer, a.applicationId, base, coApplicant({ coapp_full_name: 'Ravi Rao' }));
      assert.equal(empty.statusCode, 200, empty.body);
      // The applicant fills it; the officer may then neither change it nor remove the co-applicant.
      const mine = homeLoanBody({
        application_id: a.applicationId,
        singleORjoint: 'joint',
        customFields: base,
        jointApplicants: coApplicant({ coapp_full_name: 'Ravi Rao', coapp_monthly_income: '50000' }),
      });
      assert.equal((await encrypted(s.app, 'POST', API_PATHS.consumerSaveOrUpdate, a.headers, mine)).statusCode, 200);
      const changed = await staffSave(
        officer,
        a.applicationId,
        base,
        coApplicant({ coapp_full_name: 'Ravi Rao', coapp_monthly_income: '90000' }),
      );
      assert.equal(refusal(changed).includes('co-applicant 1'), true);
      const removed = await staffSave(officer, a.applicationId, base, []);
      assert.ok(refusal(removed).endsWith("'Monthly income' (coapp_monthly_income, co-applicant 1)"));
      assert.equal((await stored(a.applicationId)).jointApplicants.length, 1, 'nothing saved');
    } finally {
      assert.equal((await put(seeded('HL_COAPPLICANT'))).statusCode, 200);
    }
  });

  it('the admin save refuses a bad shape, a table cell, an unknown team, naming the path; others may not save', async () => {
    const income = seeded('HL_INCOME');
    const at = (key: string) => income.fields.findIndex((f) => f.key === key);
    const set = (key: string, accessControl: unknown) => {
      (income.fields[at(key)] as unknown as Record<string, unknown>).accessControl = accessControl;
    };
    set('monthly_income', [{ roles: [], access: 'ALL' }]);
    const shape = issues(await put(income)).map((issue) => issue.label);
    assert.ok(shape.includes(`fields[${at('monthly_income')}].accessControl[0].roles`), shape.join());
    assert.ok(shape.includes(`fields[${at('monthly_income')}].accessControl[0].access`), shape.join());
    set('monthly_income', []);
    assert.deepEqual(
      issues(await put(income)).map((issue) => issue.label),
      [`fields[${at('monthly_income')}].accessControl`],
    );
    set('monthly_income', [{ teams: [{ type: 'DEPT', id: 'TEAM-NOWHERE' }], access: 'WRITE' }]);
    set('loan_emi', [{ roles: ['BH'], access: 'WRITE' }]);
    assert.deepEqual(issues(await put(income)), [
      {
        label: `fields[${at('loan_emi')}].accessControl`,
        reason: "is not allowed on a cell of table 'existing_loans': set it on the table, whose cells take its access",
      },
      {
        label: `fields[${at('monthly_income')}].accessControl[0].teams[0].id`,
        reason: "is not a DEPT team of the bank ('TEAM-NOWHERE')",
      },
    ]);
    const good = seeded('HL_INCOME');
    (good.fields[at('monthly_income')] as ComponentConfig['fields'][number]).accessControl = [
      { roles: ['BH'], access: 'WRITE' },
    ];
    assert.equal((await put(good, officer)).statusCode, 403, 'only an operations admin');
    assert.equal((await put(good)).statusCode, 200);
    const read = await call(s.app, 'POST', API_PATHS.componentsConfigs, undefined, { componentIds: ['HL_INCOME'] });
    assert.deepEqual(read.json()[0].fields[at('monthly_income')].accessControl, [{ roles: ['BH'], access: 'WRITE' }]);
    assert.equal((await put(seeded('HL_INCOME'))).statusCode, 200);
  });
});

describe('field access and hidden fields (readOnlyChanges over the engine)', () => {
  // A rule hiding the rate the officer may only read: the form then holds no value for it.
  const hideRate: PageRule = {
    rule_id: 'test_hide_rate',
    componentId: 'HL_LOAN_DETAILS',
    action: 'HIDE',
    target: { type: 'FIELD', key: 'interest_rate' },
    conditions: { operator: 'AND', list: [{ field: 'loan_purpose', operator: 'EQUAL', value: 'balance_transfer' }] },
  };
  const flow = FLOWS.find((f) => f.flowId === 'home_loan');
  assert.ok(flow);
  const rules = {
    flow,
    components: new Map(COMPONENTS.map((c) => [c.componentId, c])),
    rules: [...RULES.home_loan, hideRate],
    options: Object.fromEntries(FIELD_OPTIONS.map((o) => [o.property, o.values])),
  };
  const cpa = { roles: ['CPA'], teams: [] };
  const judge = (before: FormValues, after: FormValues) =>
    readOnlyChanges(
      rules,
      { customFields: before, jointApplicants: [] },
      { customFields: after, jointApplicants: [] },
      cpa,
      new Date('2026-03-15T10:00:00Z'),
    );
  const rate = ["'Expected interest rate (%)' (interest_rate)"];
  const hidden = { loan_purpose: 'balance_transfer', loan_amount: '2500000' };
  const shown = { loan_purpose: 'purchase', loan_amount: '2500000' };

  it('a hidden READ field may be sent empty, absent or as stored, never with another value', () => {
    const stored = { ...hidden, interest_rate: '8.5' };
    assert.deepEqual(judge(stored, { ...hidden, interest_rate: null }), [], 'the form empties it');
    assert.deepEqual(judge(stored, hidden), []);
    assert.deepEqual(judge(stored, stored), []);
    assert.deepEqual(judge(stored, { ...hidden, interest_rate: '12' }), rate);
  });

  it('shown again, it is judged by the value the form gives back: the stored one, or its default', () => {
    assert.deepEqual(judge({ ...hidden, interest_rate: '8.5' }, { ...shown, interest_rate: '8.5' }), []);
    assert.deepEqual(judge({ ...hidden, interest_rate: '8.5' }, { ...shown, interest_rate: '12' }), rate);
    assert.deepEqual(judge({ ...hidden, interest_rate: null }, { ...shown, interest_rate: '' }), [], 'its default');
    assert.deepEqual(judge({ ...shown, interest_rate: '8.5' }, { ...hidden, interest_rate: null }), [], 'hidden now');
  });
});
