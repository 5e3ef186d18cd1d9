// One source for product rules (README "Product limits"): the amount, tenure and rate limits of a
// product's configuration are its flow fields' bounds as served to the portal, what a save is checked
// against and what the Products page shows; an admin's change reaches all three at once. Its rate prices the
// portal's EMI estimate and the letters alike.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  API_PATHS,
  apiPath,
  type ComponentConfig,
  type FormValues,
  formatCurrency,
  type MasterProduct,
  type ProductConfig,
} from '@originate/contract';
import { loanCost } from '@originate/contract/templates';
import { componentWithLimits, limitsByField, productLimitIssues } from '../src/modules/configs/product-limits';
import { COMPONENTS, PRODUCTS } from '../src/seed/flows';
import {
  type Applicant,
  completePersonalLoan,
  copy,
  encrypted,
  issues,
  newPersonalLoan,
  submitPersonalLoanValues,
  uploadedSignature,
} from './flow-helpers';
import { call, type Login, login, startServer, type TestServer } from './helpers';
import { pdfText } from './pdf-text';

const seeded = (code: string) => copy(PRODUCTS.find((p) => p.product_code === code) as ProductConfig);
const componentOf = (key: string) => COMPONENTS.find((c) => c.fields.some((f) => f.key === key)) as ComponentConfig;

describe('product limits (pure)', () => {
  it('the seeded flow fields carry no bounds of their own: the products give them', () => {
    for (const product of PRODUCTS) {
      for (const kind of ['amount', 'tenure', 'rate'] as const) {
        const limit = product.limits?.[kind];
        if (!limit) continue;
        const field = componentOf(limit.field).fields.find((f) => f.key === limit.field);
        assert.equal(field?.field_type_details.min_value, undefined, limit.field);
        assert.equal(field?.field_type_details.max_value, undefined, limit.field);
      }
    }
  });

  it('a limited field is served with its product bounds; other fields stay as configured', () => {
    const served = componentWithLimits(componentOf('loan_amount'), limitsByField(PRODUCTS));
    const details = (key: string) => served.fields.find((f) => f.key === key)?.field_type_details;
    assert.deepEqual([details('loan_amount')?.min_value, details('loan_amount')?.max_value], [500000, 50000000]);
    assert.deepEqual([details('interest_rate')?.min_value, details('interest_rate')?.max_value], [6, 15]);
    assert.deepEqual([details('tenure_years')?.min_value, details('tenure_years')?.max_value], [5, 30]);
    assert.deepEqual(
      [details('expected_disbursal')?.min_value, details('expected_disbursal')?.max_value],
      [0, 12],
      'not a product limit: as the component says',
    );
  });

  it('refuses min at or above max, a rate over 100 %, a field not in the flow and one another product limits', () => {
    const problems = productLimitIssues(
      {
        amount: { field: 'loan_amount', min: 10, max: 10 },
        rate: { field: 'interest_rate', min: 1, max: 120 },
        tenure: { field: 'no_such_field', min: 1, max: 2, unit: 'years' },
      },
      new Set(['loan_amount', 'interest_rate']),
      new Map([['interest_rate', 'PL']]),
    );
    assert.deepEqual(problems, [
      { label: 'limits.amount.min', reason: 'must be below the maximum (10)' },
      { label: 'limits.tenure.field', reason: "'no_such_field' is not a field of the product's flow" },
      { label: 'limits.rate.max', reason: 'must be at most 100 (%)' },
      { label: 'limits.rate.field', reason: "'interest_rate' is limited by product PL" },
    ]);
  });
});

describe('product limits (server)', () => {
  let s: TestServer;
  let admin: Login;
  let officer: Login;
  before(async () => {
    s = await startServer();
    admin = await login(s.app, 'opsadmin');
    officer = await login(s.app, 'officer');
  });
  after(() => s.close());

  const served = async (key: string) => {
    const res = await call(s.app, 'POST', API_PATHS.componentsConfigs, undefined, {
      componentIds: [componentOf(key).componentId],
    });
    assert.equal(res.statusCode, 200, res.body);
    const field = res
      .json<ComponentConfig[]>()
      .flatMap((c) => c.fields)
      .find((f) => f.key === key);
    return [field?.field_type_details.min_value, field?.field_type_details.max_value];
  };
  const productsPage = async (code: string) => {
    const res = await call(s.app, 'GET', API_PATHS.backstageProducts, officer);
    assert.equal(res.statusCode, 200, res.body);
    return res.json<MasterProduct[]>().find((p) => p.product_code === code)?.limits;
  };
  const save = (a: Applicant, customFields: FormValues) => submitPersonalLoanValues(s.app, a, customFields);

  it("the served amount and tenure fields' bounds and the Products page are the product configuration's", async () => {
    const pl = seeded('PL');
    assert.deepEqual(await served('pl_loan_amount'), [pl.limits?.amount?.min, pl.limits?.amount?.max]);
    assert.deepEqual(await served('pl_tenure_months'), [pl.limits?.tenure?.min, pl.limits?.tenure?.max]);
    assert.deepEqual(await productsPage('PL'), pl.limits);
  });

  it('an admin changes the limit: served, checked on save (naming the field and the range) and shown alike', async () => {
    const pl = seeded('PL');
    const limits = { ...pl.limits, amount: { field: 'pl_loan_amount', min: 75000, max: 2000000 } };
    const res = await call(s.app, 'PUT', apiPath('productDetails', { productCode: 'PL' }), admin, { ...pl, limits });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(await served('pl_loan_amount'), [75000, 2000000]);
    assert.deepEqual((await productsPage('PL'))?.amount, limits.amount);

    const a = await newPersonalLoan(s.app);
    const base = { customer_type: 'new', pl_full_name: 'Asha Rao', pl_mobile: '9876543210', pl_purpose: 'travel' };
    const over = issues(await save(a, { ...base, pl_loan_amount: '2100000' })).find((e) => e.label === 'Loan amount');
    assert.ok(over, 'the amount is refused by its label');
    assert.match(over.reason, /75,000/);
    assert.match(over.reason, /20,00,000/);
    const under = issues(await save(a, { ...base, pl_loan_amount: '60000' })).find((e) => e.label === 'Loan amount');
    assert.ok(under, 'below the new minimum (the seed allowed it) is refused too');
  });

  it('PUT …/limits changes the limits alone, audited with the old and new values; checked as the whole product', async () => {
    const url = apiPath('productLimits', { productCode: 'CL' });
    const limits = { ...seeded('CL').limits, tenure: { field: 'cl_tenure_months', min: 12, max: 72, unit: 'months' } };
    const res = await call(s.app, 'PUT', url, admin, limits);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(await served('cl_tenure_months'), [12, 72]);
    const [audit] = await s.app.ctx.db.query<{ old_value: unknown; new_value: unknown; user_id: string }>(
      "SELECT old_value, new_value, user_id FROM config_audits WHERE kind = 'PRODUCT_LIMITS' AND config_key = 'CL'",
    );
    assert.deepEqual(audit, { old_value: seeded('CL').limits, new_value: limits, user_id: admin.user.userid });
    const wrong = await call(s.app, 'PUT', url, admin, { rate: { field: 'cl_loan_amount', min: 1, max: 101 } });
    assert.deepEqual(issues(wrong), [{ label: 'limits.rate.max', reason: 'must be at most 100 (%)' }]);
    const extra = await call(s.app, 'PUT', url, admin, { ...limits, colour: 'red' });
    assert.deepEqual(issues(extra), [{ label: 'colour', reason: 'is not allowed' }]);
    assert.equal((await call(s.app, 'PUT', url, officer, limits)).statusCode, 403);
    const unknown = await call(s.app, 'PUT', apiPath('productLimits', { productCode: 'ZZ' }), admin, limits);
    assert.equal(unknown.statusCode, 404, unknown.body);
  });

  it('a limit naming a field outside the flow, or min above max, is refused by field; an officer may not save', async () => {
    const pl = seeded('PL');
    const wrong = { ...pl, limits: { amount: { field: 'loan_amount', min: 9, max: 1 } } };
    assert.deepEqual(issues(await call(s.app, 'PUT', apiPath('productDetails', { productCode: 'PL' }), admin, wrong)), [
      { label: 'limits.amount.min', reason: 'must be below the maximum (1)' },
      { label: 'limits.amount.field', reason: "'loan_amount' is not a field of the product's flow" },
      { label: 'limits.amount.field', reason: "'loan_amount' is limited by product HL" },
    ]);
    const denied = await call(s.app, 'PUT', apiPath('productDetails', { productCode: 'PL' }), officer, pl);
    assert.equal(denied.statusCode, 403, denied.body);
  });

  it("the product's rate prices the portal's EMI estimate and the letter alike; a new rate changes both", async () => {
    const servedRate = async () => {
      const res = await call(s.app, 'POST', API_PATHS.componentsConfigs, undefined, { componentIds: ['PL_LOAN'] });
      const field = res
        .json<ComponentConfig[]>()
        .flatMap((c) => c.fields)
        .find((f) => f.key === 'pl_emi_estimate');
      return field?.field_type_details.loan_calculator?.rate_percent;
    };
    const a = await newPersonalLoan(s.app);
    const values = completePersonalLoan(await uploadedSignature(s.app, a));
    const letter = async () => {
      const url = `${apiPath('microflowExecute', { microflowId: 'sanction_preview' })}?componentid=PL_SUMMARY&application_id=${a.applicationId}`;
      const preview = await encrypted(s.app, 'POST', url, a.headers, { customFields: values });
      assert.equal(preview.statusCode, 200, preview.body);
      const file = await call(
        s.app,
        'GET',
        apiPath('downloadDocument', { fileId: preview.json().actions[0].fileId }),
        a.headers,
      );
      return (await pdfText(file.rawPayload)).text;
    };
    // completePersonalLoan's ₹5,00,000 over 36 months.
    const emiAt = (rate: number) =>
      formatCurrency(Number(loanCost({ amount: 500000, annualRatePercent: rate, tenureMonths: 36 }).emi));

    assert.equal(await servedRate(), seeded('PL').limits?.ratePercent);
    assert.equal(await servedRate(), 11.49);
    const atSeed = await letter();
    assert.ok(atSeed.includes('11.49% p.a.') && atSeed.includes(emiAt(11.49)), atSeed);

    const res = await call(s.app, 'PUT', apiPath('productLimits', { productCode: 'PL' }), admin, {
      ...seeded('PL').limits,
      ratePercent: 10.25,
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(await servedRate(), 10.25);
    const changed = await letter();
    assert.ok(changed.includes('10.25% p.a.') && changed.includes(emiAt(10.25)), changed);
    assert.ok(!changed.includes('11.49'), 'the old rate is gone from the letter');
  });
});
