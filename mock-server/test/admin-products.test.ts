// Admin creation of products and option lists (README "Configuration saves"): an operations admin creates
// or replaces a product (its flow version stored and its own) and an option list (each value once, 1 to
// 5000 of them); the public product list, product details and get_fields_config answer them at once;
// everyone else is refused. The walk runs on PGlite and on a real PostgreSQL (skipped with the reason when
// nothing answers on 127.0.0.1:5432).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  API_PATHS,
  apiPath,
  type FieldOptions,
  type FieldOptionsSave,
  type FlowConfig,
  type ProductConfig,
  type ProductDetailsAnswer,
  type ProductSummary,
} from '@originate/contract';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../src/config';
import { fieldOptionsIssues } from '../src/modules/configs/flow-save-checks';
import { FIELD_OPTIONS, PRODUCTS } from '../src/seed/flows';
import { applicantOf, copy, flowUrl, issues, newPersonalLoan, personalLoanBody, seededFlow } from './flow-helpers';
import { seededScratchDatabase } from './harness/pg-templates';
import { buildSeeded } from './harness/seeded';
import { PG_HOST, PG_PORT, pgAnswers } from './harness/server';
import { call, type Login, login, opened, startServer, type TestServer } from './helpers';

const seededProduct = (code: string): ProductConfig =>
  copy(PRODUCTS.find((p) => p.product_code === code) as ProductConfig);
const seededOptions = (property: string): FieldOptionsSave =>
  copy(FIELD_OPTIONS.find((o) => o.property === property) as FieldOptionsSave);

const productUrl = (productCode: string) => apiPath('productDetails', { productCode });
const optionsUrl = (propertyType: string, property: string) => apiPath('saveFieldOptions', { propertyType, property });

/** The gold loan: the personal loan's flow saved as a flow of a product not stored yet, then the product. */
const GOLD_FLOW: FlowConfig = {
  ...seededFlow('personal_loan'),
  flowId: 'gold_loan',
  verNum: 1,
  flowName: 'Gold Loan Application',
  product_code: 'GL',
  product_name: 'Gold Loan',
};
const GOLD: ProductConfig = {
  product_code: 'GL',
  product_name: 'Gold Loan',
  description: 'Against gold jewellery, disbursed the same day.',
  flowId: 'gold_loan',
  verNum: 1,
  captcha: false,
  queue: [
    { type: 'HIERARCHY', id: 'TEAM-MUM-WEST' },
    { type: 'DEPT', id: 'TEAM-RETAIL-LENDING' },
  ],
};
const PURITY: FieldOptionsSave = {
  property_type: 'DROPDOWN',
  property: 'GL_PURITY',
  values: [
    { value: '24k', label: '24 carat' },
    { value: '22k', label: '22 carat' },
    { value: '18k', label: '18 carat' },
  ],
};

async function fieldsConfig(app: FastifyInstance, wanted: Pick<FieldOptions, 'property_type' | 'property'>[]) {
  const res = await call(app, 'POST', API_PATHS.fieldsConfig, undefined, wanted);
  assert.equal(res.statusCode, 200, res.body);
  return res.json<FieldOptions[]>();
}

/** A new product with its own flow and an option list, answered by the public routes at once. */
async function newProductWalk(app: FastifyInstance, admin: Login): Promise<void> {
  const flow = await call(app, 'PUT', flowUrl(GOLD_FLOW), admin, GOLD_FLOW);
  assert.equal(flow.statusCode, 200, flow.body);

  const saved = await call(app, 'PUT', productUrl('GL'), admin, GOLD);
  assert.equal(saved.statusCode, 200, saved.body);
  assert.deepEqual(saved.json(), GOLD);

  const list = await call(app, 'GET', API_PATHS.productList);
  const { queue: _queue, captcha: _captcha, ...summary } = GOLD;
  assert.deepEqual(
    list.json<ProductSummary[]>().find((p) => p.product_code === 'GL'),
    summary,
  );
  const details = await call(app, 'GET', productUrl('GL'));
  assert.equal(details.statusCode, 200, details.body);
  const { engineVersion, ...rest } = details.json<ProductDetailsAnswer>();
  assert.deepEqual(rest, { ...summary, captcha: false });
  assert.match(engineVersion, /^\d+\.\d+\.\d+/);
  const routes = await call(app, 'GET', apiPath('routeConfig', { productCode: 'GL', verNum: 1 }));
  assert.equal(routes.json<{ flowId: string }>().flowId, 'gold_loan');

  // The portal can start an application of it: filed under the new product, in its queue.
  const applicant = applicantOf(
    await call(
      app,
      'POST',
      API_PATHS.consumerSaveOrUpdate,
      undefined,
      personalLoanBody({ flowId: 'gold_loan', verNum: 1 }),
    ),
  );
  assert.match(applicant.applicationId, /^GL-\d{4}-\d{6}$/);
  const [row] = await app.ctx.db.query<{ product_name: string; assigned_team: unknown }>(
    `SELECT a.product_name, t.assigned_team FROM applications a JOIN tasks t USING (application_id)
      WHERE a.application_id = $1`,
    [applicant.applicationId],
  );
  assert.deepEqual(row, { product_name: 'Gold Loan', assigned_team: GOLD.queue });

  const options = await call(app, 'PUT', optionsUrl('DROPDOWN', 'GL_PURITY'), admin, PURITY);
  assert.equal(options.statusCode, 200, options.body);
  assert.deepEqual(await opened(options, admin), PURITY);
  assert.deepEqual(await fieldsConfig(app, [{ property_type: 'DROPDOWN', property: 'GL_PURITY' }]), [PURITY]);
}

describe('on PGlite', () => {
  let s: TestServer;
  let admin: Login;
  let officer: Login;

  before(async () => {
    // PGlite whatever the run's default engine: the describe below walks the same product on PostgreSQL.
    s = await startServer({}, {}, 'pglite');
    admin = await login(s.app, 'opsadmin');
    officer = await login(s.app, 'officer');
  });
  after(() => s.close());

  describe('PUT /api/ProductDetails/{productCode}', () => {
    it('a new product with its own flow and option list: the public routes answer them at once', async () => {
      await newProductWalk(s.app, admin);
    });

    it('a replaced product is what the list and details answer', async () => {
      const product = { ...seededProduct('CL'), product_name: 'Car Loan (new and used)', captcha: true };
      const res = await call(s.app, 'PUT', productUrl('CL'), admin, product);
      assert.equal(res.statusCode, 200, res.body);
      const list = (await call(s.app, 'GET', API_PATHS.productList)).json<ProductSummary[]>();
      assert.equal(list.find((p) => p.product_code === 'CL')?.product_name, 'Car Loan (new and used)');
      const details = (await call(s.app, 'GET', productUrl('CL'))).json<ProductDetailsAnswer>();
      assert.equal(details.captcha, true);
      assert.equal(list.filter((p) => p.product_code === 'CL').length, 1);
    });

    it('a flow version that is not stored (or only as a DRAFT), or of another product, is refused by field', async () => {
      const nowhere = await call(s.app, 'PUT', productUrl('PL'), admin, { ...seededProduct('PL'), flowId: 'nowhere' });
      assert.deepEqual(issues(nowhere), [{ label: 'flowId', reason: "unknown flow 'nowhere'" }]);

      const missing = await call(s.app, 'PUT', productUrl('PL'), admin, { ...seededProduct('PL'), verNum: 999 });
      assert.deepEqual(issues(missing), [{ label: 'verNum', reason: "flow 'personal_loan' has no SAVED version 999" }]);

      const draft = { ...seededFlow('personal_loan'), verNum: 300 };
      assert.equal((await call(s.app, 'PUT', flowUrl(draft, 'DRAFT'), admin, draft)).statusCode, 200);
      const draftOnly = await call(s.app, 'PUT', productUrl('PL'), admin, { ...seededProduct('PL'), verNum: 300 });
      assert.deepEqual(issues(draftOnly), [
        { label: 'verNum', reason: "flow 'personal_loan' has no SAVED version 300" },
      ]);

      const others = await call(s.app, 'PUT', productUrl('PL'), admin, { ...seededProduct('PL'), flowId: 'home_loan' });
      assert.deepEqual(issues(others), [{ label: 'flowId', reason: "'home_loan' 243 is a flow of product 'HL'" }]);

      const details = (await call(s.app, 'GET', productUrl('PL'))).json<ProductDetailsAnswer>();
      assert.equal(details.flowId, 'personal_loan');
      assert.equal(details.verNum, 243);
    });

    it('a flow a product opens keeps that product', async () => {
      const flow = { ...seededFlow('home_loan'), product_code: 'PL' };
      const res = await call(s.app, 'PUT', flowUrl(flow), admin, flow);
      assert.deepEqual(issues(res), [{ label: 'product_code', reason: "must be 'HL': product HL opens this flow" }]);
    });

    it('the path names the body; queue teams are the bank teams of that type', async () => {
      const product = { ...seededProduct('PL'), queue: [{ type: 'DEPT', id: 'TEAM-MUM-WEST' }] };
      const res = await call(s.app, 'PUT', productUrl('XL'), admin, product);
      assert.deepEqual(issues(res), [
        { label: 'product_code', reason: "must be the productCode of the path ('XL')" },
        { label: 'queue[0].id', reason: "is not a DEPT team of the bank ('TEAM-MUM-WEST')" },
      ]);
    });

    it('bad bodies: missing, extra, over-long and mistyped fields by name; nothing stored', async () => {
      const { product_name: _name, ...nameless } = seededProduct('PL');
      assert.deepEqual(issues(await call(s.app, 'PUT', productUrl('PL'), admin, nameless)), [
        { label: 'product_name', reason: 'missing' },
      ]);
      const extra = { ...seededProduct('PL'), colour: 'blue' };
      assert.deepEqual(issues(await call(s.app, 'PUT', productUrl('PL'), admin, extra)), [
        { label: 'colour', reason: 'is not allowed' },
      ]);
      const queueExtra = { ...seededProduct('PL'), queue: [{ type: 'DEPT', id: 'TEAM-RETAIL-LENDING', name: 'x' }] };
      assert.deepEqual(issues(await call(s.app, 'PUT', productUrl('PL'), admin, queueExtra)), [
        { label: 'queue[0].name', reason: 'is not allowed' },
      ]);
      const long = { ...seededProduct('PL'), product_name: 'x'.repeat(201), description: 'y'.repeat(1001) };
      assert.deepEqual(
        issues(await call(s.app, 'PUT', productUrl('PL'), admin, long)).map((i) => i.label),
        ['product_name', 'description'],
      );
      const mistyped = { ...seededProduct('PL'), captcha: 'yes', verNum: 0, flowId: 'a b' };
      assert.deepEqual(
        issues(await call(s.app, 'PUT', productUrl('PL'), admin, mistyped))
          .map((i) => i.label)
          .sort(),
        ['captcha', 'flowId', 'verNum'],
      );
      const badPath = await call(s.app, 'PUT', productUrl('a b'), admin, seededProduct('PL'));
      assert.deepEqual(
        issues(badPath).map((i) => i.label),
        ['productCode'],
      );
      const details = (await call(s.app, 'GET', productUrl('PL'))).json<ProductDetailsAnswer>();
      assert.equal(details.product_name, 'Personal Loan');
    });
  });

  describe('PUT /config/get_fields_config/{propertyType}/{property}', () => {
    it('a replaced list is what get_fields_config answers at once', async () => {
      const marital = seededOptions('MARITAL_STATUS');
      marital.values.push({ value: 'separated', label: 'Separated' });
      const res = await call(s.app, 'PUT', optionsUrl('DROPDOWN', 'MARITAL_STATUS'), admin, marital);
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(await fieldsConfig(s.app, [{ property_type: 'DROPDOWN', property: 'MARITAL_STATUS' }]), [
        marital,
      ]);
    });

    it('a value twice, an empty list and an over-long list are refused by field and reason', async () => {
      const twice = seededOptions('GENDER');
      twice.values.push({ value: 'female', label: 'Woman' }, { value: 'male', label: 'Man' });
      assert.deepEqual(issues(await call(s.app, 'PUT', optionsUrl('RADIO', 'GENDER'), admin, twice)), [
        { label: 'values[3].value', reason: "duplicate 'female'" },
        { label: 'values[4].value', reason: "duplicate 'male'" },
      ]);
      const empty = { ...seededOptions('GENDER'), values: [] };
      assert.deepEqual(issues(await call(s.app, 'PUT', optionsUrl('RADIO', 'GENDER'), admin, empty)), [
        { label: 'values', reason: 'must not have fewer than 1 items' },
      ]);
      const values = Array.from({ length: 5001 }, (_, i) => ({ value: `v${i}`, label: `Option ${i}` }));
      const long = { ...seededOptions('GENDER'), values };
      assert.deepEqual(issues(await call(s.app, 'PUT', optionsUrl('RADIO', 'GENDER'), admin, long)), [
        { label: 'values', reason: 'must not have more than 5000 items' },
      ]);
      assert.deepEqual(await fieldsConfig(s.app, [{ property_type: 'RADIO', property: 'GENDER' }]), [
        seededOptions('GENDER'),
      ]);
    });

    it('extra and empty fields, the path not the body, a property type that is not one', async () => {
      const body = {
        ...seededOptions('GENDER'),
        colour: 'blue',
        values: [{ value: 'female', label: '', hint: 'x' }, { value: '' }],
      };
      assert.deepEqual(
        issues(await call(s.app, 'PUT', optionsUrl('RADIO', 'GENDER'), admin, body))
          .map((i) => i.label)
          .sort(),
        ['colour', 'values[0].hint', 'values[0].label', 'values[1].label', 'values[1].value'],
      );
      assert.deepEqual(
        issues(await call(s.app, 'PUT', optionsUrl('DROPDOWN', 'SEX'), admin, seededOptions('GENDER'))),
        [
          { label: 'property_type', reason: "must be the propertyType of the path ('DROPDOWN')" },
          { label: 'property', reason: "must be the property of the path ('SEX')" },
        ],
      );
      assert.deepEqual(
        issues(await call(s.app, 'PUT', optionsUrl('CHECKBOX', 'GENDER'), admin, seededOptions('GENDER'))).map(
          (i) => i.label,
        ),
        ['propertyType'],
      );
    });

    it('fieldOptionsIssues: each value once, the path and the body one list (pure)', () => {
      const path = { propertyType: 'RADIO', property: 'GENDER' } as const;
      assert.deepEqual(fieldOptionsIssues(seededOptions('GENDER'), path), []);
      const list = seededOptions('GENDER');
      list.values = [...list.values, ...list.values];
      assert.deepEqual(
        fieldOptionsIssues(list, path).map((i) => i.label),
        ['values[3].value', 'values[4].value', 'values[5].value'],
      );
      assert.deepEqual(
        fieldOptionsIssues(seededOptions('GENDER'), { ...path, property: 'X' }).map((i) => i.label),
        ['property'],
      );
    });
  });

  describe('who may save', () => {
    const saves = (): [string, object][] => [
      [productUrl('GL'), GOLD],
      [optionsUrl('DROPDOWN', 'GL_PURITY'), PURITY],
    ];

    it('no session → 401', async () => {
      for (const [url, body] of saves()) {
        assert.equal((await call(s.app, 'PUT', url, undefined, body)).statusCode, 401, url);
      }
    });

    it('every role but the operations admin → 403, even with a broken body', async () => {
      for (const username of ['officer', 'teamlead', 'approver', 'developer']) {
        const who = username === 'officer' ? officer : await login(s.app, username);
        for (const [url, body] of [...saves(), [productUrl('GL'), { flowId: 1 }] as [string, object]]) {
          const res = await call(s.app, 'PUT', url, who, body);
          assert.equal(res.statusCode, 403, `${username} ${url} ${res.body}`);
        }
      }
    });

    it('an applicant session → 403', async () => {
      const applicant = await newPersonalLoan(s.app);
      for (const [url, body] of saves()) {
        assert.equal((await call(s.app, 'PUT', url, applicant.headers, body)).statusCode, 403, url);
      }
    });

    it('the /debugger copy of the product save needs a debug role as well as ADMIN', async () => {
      const developer = await login(s.app, 'developer');
      const url = `/debugger${productUrl('PL')}`;
      assert.equal((await call(s.app, 'PUT', url, admin, seededProduct('PL'))).statusCode, 403);
      assert.equal((await call(s.app, 'PUT', url, developer, seededProduct('PL'))).statusCode, 403);
    });
  });
});

const pgUp = await pgAnswers();
if (!pgUp) console.log(`# PostgreSQL admin products test skipped: nothing answers on ${PG_HOST}:${PG_PORT}`);

describe('on PostgreSQL (DATABASE_URL)', { skip: pgUp ? false : `nothing answers on ${PG_HOST}:${PG_PORT}` }, () => {
  it('the same new product, flow and option list, answered at once', async () => {
    const database = await seededScratchDatabase('originate_products');
    try {
      const app = await buildSeeded(
        loadConfig({ DATABASE_URL: database.url, DATA_DIR: database.dataDir, NODE_ENV: 'test' }),
      );
      try {
        assert.equal(app.ctx.db.kind, 'postgres');
        await newProductWalk(app, await login(app, 'opsadmin'));
      } finally {
        await app.close();
      }
    } finally {
      await database.drop();
    }
  });
});
