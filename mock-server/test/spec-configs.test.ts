// The remaining spec §7 configuration reads (README "Routes"): a product's setup, the components for setup
// screens, option lists, a flow's outline and texts, the i18n file, card types and the server's limits.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { API_PATHS, apiPath, type ComponentConfig } from '@originate/contract';
import { call, type Login, labels, login, opened, startServer, type TestServer } from './helpers';

let server: TestServer;
let officer: Login;

before(async () => {
  server = await startServer();
  officer = await login(server.app, 'officer');
});
after(() => server.close());

const get = (url: string, who: Login | Record<string, string> = officer) => call(server.app, 'GET', url, who);
const post = (url: string, body: unknown) => call(server.app, 'POST', url, officer, body as object);

describe('admin configuration reads', () => {
  it("a product's setup: its flow's versions and the configurations kept under its code", async () => {
    const admin = await login(server.app, 'opsadmin');
    const saved = await call(server.app, 'PUT', '/setup/configs/Pricing/HL', admin, { bands: [] });
    assert.equal(saved.statusCode, 200, saved.body);
    const res = await get(apiPath('productSetupConfigs', { productCode: 'HL' }));
    assert.equal(res.statusCode, 200);
    const setup = await opened<{ flowId: string; flowVersions: { verNum: number }[]; configs: { type: string }[] }>(
      res,
      officer,
    );
    assert.equal(setup.flowId, 'home_loan');
    assert.ok(setup.flowVersions.length >= 1);
    assert.ok(
      setup.configs.some((c) => c.type === 'Pricing'),
      JSON.stringify(setup.configs),
    );
    assert.equal((await get(apiPath('productSetupConfigs', { productCode: 'NOPE' }))).statusCode, 404);
  });

  it('a component setup config is the {type}/{name} store, with its selections', async () => {
    const res = await get(`${apiPath('componentSetupConfig', { category: 'Admin', subcategory: 'Features' })}`);
    assert.equal(res.statusCode, 200);
    assert.equal(typeof (await opened<{ MultiLingual: boolean }>(res, officer)).MultiLingual, 'boolean');
    assert.equal((await get('/component/setup_config/Admin/Nothing')).statusCode, 404);
    assert.deepEqual(labels(await get('/component/setup_config/Admin/Features?extra=1')), ['extra']);
  });

  it('setup_configs keeps only the fields asked for, and leaves out components left empty', async () => {
    const url = `${API_PATHS.componentSetupConfigs}?allowedTypes=dropdown&skipFields=loan_purpose`;
    const res = await get(url);
    assert.equal(res.statusCode, 200, res.body);
    const components = res.json<ComponentConfig[]>();
    assert.ok(components.length > 0);
    for (const c of components) {
      assert.ok(c.fields.length > 0);
      for (const f of c.fields) {
        assert.equal(f.field_type_details.type, 'dropdown');
        assert.notEqual(f.key, 'loan_purpose');
      }
    }
    const external = (await get(`${API_PATHS.componentSetupConfigs}?setupCategory=EXTERNAL`)).json<ComponentConfig[]>();
    assert.ok(external.some((c) => c.fields.some((f) => f.key === 'ckyc_number')));
    assert.ok(external.every((c) => c.fields.every((f) => f.category === 'EXTERNAL')));
    assert.deepEqual(labels(await get(`${API_PATHS.componentSetupConfigs}?allowedTypes=rocket`)), ['allowedTypes']);
  });

  it('componentConfigs by identifier, and one component by id', async () => {
    const pan = (await get(`${API_PATHS.componentConfigList}?identifier=PI`)).json<ComponentConfig[]>();
    assert.ok(pan.length > 0 && pan.every((c) => c.fields.every((f) => f.field_identifier === 'PI')));
    const one = await get(apiPath('componentConfig', { componentId: 'HL_LOAN_DETAILS' }));
    assert.equal(one.json<ComponentConfig>().componentId, 'HL_LOAN_DETAILS');
    assert.equal((await get(apiPath('componentConfig', { componentId: 'NOPE' }))).statusCode, 404);
  });

  it('PropertyDetails answers one option list; an unknown property is 404', async () => {
    const res = await get(apiPath('propertyDetails', { propertyType: 'DROPDOWN', property: 'HL_LOAN_PURPOSE' }));
    assert.equal(res.statusCode, 200, res.body);
    assert.ok(res.json<{ values: unknown[] }>().values.length > 0);
    assert.equal(
      (await get(apiPath('propertyDetails', { propertyType: 'DROPDOWN', property: 'NOPE' }))).statusCode,
      404,
    );
    assert.equal((await get('/api/PropertyDetails/SLIDER/HL_LOAN_PURPOSE')).statusCode, 400);
  });

  it('fetch_flowDetails outlines a flow; fetchData gives its texts in a language', async () => {
    const res = await post(API_PATHS.flowDetails, { flowId: 'home_loan' });
    assert.equal(res.statusCode, 200, res.body);
    const flow = res.json<{ product_code: string; fieldCount: number; sections: { sub_sections: unknown[] }[] }>();
    assert.equal(flow.product_code, 'HL');
    assert.ok(flow.sections.length > 0 && flow.fieldCount > 0);
    assert.equal((await post(API_PATHS.flowDetails, { flowId: 'nope' })).statusCode, 404);
    assert.deepEqual(labels(await post(API_PATHS.flowDetails, { flowId: 'home_loan', extra: 1 })), ['extra']);

    const texts = await post(API_PATHS.translationData, { flowId: 'home_loan', type: 'hi' });
    assert.equal(texts.statusCode, 200, texts.body);
    const data = texts.json<{ translations: Record<string, string>; translated: number; total: number }>();
    assert.equal(data.translations.Income, 'आय');
    assert.ok(data.translated > 0 && data.translated <= data.total);
  });

  it('the i18n file is public and holds the stored translations', async () => {
    const res = await get('/assets/i18n/hi.json', {});
    assert.equal(res.statusCode, 200);
    assert.equal(res.json<Record<string, string>>().Income, 'आय');
    assert.deepEqual((await get('/assets/i18n/en.json', {})).json(), {});
    assert.equal((await get('/assets/i18n/..%2Fetc.json', {})).statusCode, 400);
  });

  it('card types: the networks, and with a number its network and Luhn check', async () => {
    const all = await post(API_PATHS.cardTypes, {});
    assert.ok(all.json<{ data: { code: string }[] }>().data.some((n) => n.code === 'RUPAY'));
    const visa = (await post(API_PATHS.cardTypes, { cardNumber: '4111111111111111' })).json();
    assert.equal(visa.match, 'VISA');
    assert.equal(visa.luhnValid, true);
    assert.deepEqual(labels(await post(API_PATHS.cardTypes, { cardNumber: '41x1' })), ['cardNumber']);
  });

  it('master soft configurations are the limits this server applies', async () => {
    const res = await get(API_PATHS.masterSoftConfigurations);
    assert.equal(res.statusCode, 200);
    const limits = res.json<{ maxFileSizeBytes: number; validSessionSeconds: number }>();
    assert.equal(limits.maxFileSizeBytes, 31457280);
    assert.equal(limits.validSessionSeconds, server.config.accessTokenTtlSeconds);
  });

  it('externalAPI configs: each vendor kind, sandbox or origin, never a key; operations admins only', async () => {
    const admin = await login(server.app, 'opsadmin');
    const res = await call(server.app, 'POST', API_PATHS.externalApiConfigs, admin, {});
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json<{ data: { kind: string; vendor: string }[]; retries: number }>();
    assert.ok(body.data.some((k) => k.kind === 'bureau' && k.vendor === 'sandbox'));
    assert.equal(body.retries, server.config.integrations.retries);
    const one = (await call(server.app, 'POST', API_PATHS.externalApiConfigs, admin, { kind: 'identity' })).json();
    assert.deepEqual(
      one.data.map((k: { kind: string }) => k.kind),
      ['identity'],
    );
    assert.equal((await post(API_PATHS.externalApiConfigs, {})).statusCode, 403);
  });
});
