// A product's documents (README "Product documents"): GET and PUT /api/ProductDetails/:code/documents read and
// edit the upload fields of the flow's documents step, through the component save's checks; the portal's
// step, the credit summary's document list (the back office's document-type picker) follow, and each save is
// audited. Only an operations admin may read or save; bad input is refused naming the field.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  API_PATHS,
  apiPath,
  type ComponentConfig,
  type CreditSummaryAnswer,
  type ProductDocument,
  type ProductDocumentsAnswer,
} from '@originate/contract';
import { officersHomeLoanAndForeign } from './flow-helpers';
import { call, type Login, labels, loginStaff, startServer, type TestServer } from './helpers';

let s: TestServer;
let officer: Login;
let admin: Login;
let homeLoan: string;

const url = (productCode: string) => apiPath('productDocuments', { productCode });
const read = async (productCode: string) => {
  const res = await call(s.app, 'GET', url(productCode), admin);
  assert.equal(res.statusCode, 200, res.body);
  return res.json<ProductDocumentsAnswer>();
};
const put = (documents: unknown, who: Login = admin, productCode = 'HL') =>
  call(s.app, 'PUT', url(productCode), who, { documents });

before(async () => {
  s = await startServer();
  ({ officer, admin } = await loginStaff(s.app));
  ({ homeLoan } = await officersHomeLoanAndForeign(s.app, officer, ['pan']));
});

after(() => s.close());

describe('product documents', () => {
  it("reads the home loan's documents step: key, label, required, accepted kinds (all kinds when the flow names none)", async () => {
    const answer = await read('HL');
    assert.deepEqual(answer.step, { componentId: 'HL_DOCUMENTS', name: 'Upload documents' });
    assert.deepEqual(
      answer.documents.map((d) => [d.key, d.required]),
      [
        ['salary_slips', true],
        ['bank_statements', true],
        ['property_documents', false],
        ['other_documents', false],
      ],
    );
    assert.deepEqual(answer.documents[0], {
      key: 'salary_slips',
      label: 'Last 3 salary slips',
      required: true,
      accept: ['pdf', 'image'],
    });
  });

  it('a product whose flow asks for files on no step of their own: no step, and a save is refused with 409', async () => {
    const answer = await read('CL');
    assert.equal(answer.step, null);
    assert.deepEqual(answer.documents, []);
    const refused = await put([{ key: 'rc_book', label: 'RC book', required: true, accept: ['pdf'] }], admin, 'CL');
    assert.equal(refused.statusCode, 409, refused.body);
    assert.match(refused.json<{ message: string }>().message, /no documents step/);
  });

  it('only an operations admin reads or saves; an unknown product is 404', async () => {
    assert.equal((await call(s.app, 'GET', url('HL'), officer)).statusCode, 403);
    const { documents } = await read('HL');
    assert.equal((await put(documents, officer)).statusCode, 403);
    assert.equal((await call(s.app, 'GET', url('ZZ'), admin)).statusCode, 404);
    assert.equal((await put(documents, admin, 'ZZ')).statusCode, 404);
  });

  it('refuses bad input naming the field: duplicate key, empty label, a key of another step, no or unknown kinds, extra fields', async () => {
    const { documents } = await read('HL');
    const [first, second] = documents as [ProductDocument, ProductDocument];
    assert.deepEqual(labels(await put([first, { ...second, key: first.key }])), ['documents[1].key']);
    assert.deepEqual(labels(await put([{ ...first, label: '  ' }])), ['documents[0].label']);
    assert.deepEqual(labels(await put([{ ...first, key: 'pan' }])), ['documents[0].key']);
    assert.deepEqual(labels(await put([{ ...first, accept: [] }])), ['documents[0].accept']);
    assert.deepEqual(labels(await put([{ ...first, accept: ['pdf', 'pdf'] }])), ['documents[0].accept']);
    const unknownKind = await put([{ ...first, accept: ['exe'] }]);
    assert.equal(unknownKind.statusCode, 400, unknownKind.body);
    assert.ok(
      labels(unknownKind).every((label) => label.startsWith('documents[0].accept')),
      unknownKind.body,
    );
    assert.deepEqual(labels(await put([{ ...first, maxSize: 10 }])), ['documents[0].maxSize']);
    assert.deepEqual(labels(await call(s.app, 'PUT', url('HL'), admin, { documents, extra: 1 })), ['extra']);
    const badKey = await put([{ ...first, key: 'has space' }]);
    assert.equal(badKey.statusCode, 400, badKey.body);
    assert.deepEqual((await read('HL')).documents, documents, 'nothing refused was stored');
  });

  it('a save adds, renames, makes optional and removes; audited; the portal step and the credit summary follow', async () => {
    const before = await read('HL');
    const [slips, statements, property] = before.documents as [ProductDocument, ProductDocument, ProductDocument];
    const next: ProductDocument[] = [
      { ...slips, label: 'Salary slips (last 3 months)' },
      { ...statements, required: false },
      property,
      { key: 'form_16', label: 'Form 16', required: true, accept: ['pdf'] },
    ];
    const res = await put(next);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json<ProductDocumentsAnswer>().documents, next);
    assert.deepEqual((await read('HL')).documents, next);

    // The portal reads the step's component: the new field is there, the removed one gone, the heading kept.
    const served = await call(s.app, 'POST', API_PATHS.componentsConfigs, undefined, {
      componentIds: ['HL_DOCUMENTS'],
    });
    assert.equal(served.statusCode, 200, served.body);
    const [component] = served.json<ComponentConfig[]>();
    assert.deepEqual(
      component?.fields.map((f) => [f.key, f.label, f.field_type_details.mandatory]),
      [
        ['documents_heading', 'Upload clear scans or photos (up to 30 MB each)', undefined],
        ['salary_slips', 'Salary slips (last 3 months)', true],
        ['bank_statements', 'Bank statements (6 months)', false],
        ['property_documents', 'Property documents', false],
        ['form_16', 'Form 16', true],
      ],
    );

    // The back office's document types are the credit summary's list.
    const summary = await call(s.app, 'GET', apiPath('applicationCreditSummary', { applicationId: homeLoan }), officer);
    assert.equal(summary.statusCode, 200, summary.body);
    const items = summary.json<CreditSummaryAnswer>().documents.items;
    const item = (key: string) => items.find((d) => d.fieldKey === key);
    assert.equal(item('form_16')?.label, 'Form 16');
    assert.equal(item('form_16')?.required, true);
    assert.equal(item('bank_statements')?.required, false);
    assert.equal(item('salary_slips')?.label, 'Salary slips (last 3 months)');
    assert.equal(item('other_documents'), undefined);

    const [audit] = await s.app.ctx.db.query<{
      config_key: string;
      old_value: unknown;
      new_value: unknown;
      user_id: string;
    }>(
      "SELECT config_key, old_value, new_value, user_id FROM config_audits WHERE kind = 'PRODUCT_DOCUMENTS' ORDER BY id DESC LIMIT 1",
    );
    assert.deepEqual(audit, {
      config_key: 'HL',
      old_value: before.documents,
      new_value: next,
      user_id: admin.user.userid,
    });
  });
});
