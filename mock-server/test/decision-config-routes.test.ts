// The decision tables' version history (GET /setup/configs/Decision/{product}/versions): every version newest
// first with who saved it and when, a new one after an operations admin's save, staff only, the query checked.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiPath, type DecisionConfigAnswer, type DecisionVersionsAnswer } from '@originate/contract';
import { call, type Login, labels, loginStaff, opened, startServer, type TestServer } from './helpers';

let s: TestServer;
let officer: Login;
let admin: Login;

before(async () => {
  s = await startServer();
  ({ officer, admin } = await loginStaff(s.app));
});
after(() => s.close());

const versionsOf = (who: Login | undefined, product: string, query = '') =>
  call(s.app, 'GET', `${apiPath('decisionConfigVersions', { product })}${query}`, who);

describe('GET /setup/configs/Decision/{product}/versions', () => {
  it('lists the seeded version, then the admin’s save on top, with who and when', async () => {
    const seeded = await opened<DecisionVersionsAnswer>(await versionsOf(officer, 'CL'), officer);
    assert.equal(seeded.data.length, 1);
    assert.deepEqual(
      { verNum: seeded.data[0]?.verNum, createdBy: seeded.data[0]?.createdBy, name: seeded.data[0]?.createdByName },
      { verNum: 1, createdBy: 'system', name: 'system' },
    );

    const current = await opened<DecisionConfigAnswer>(
      await call(s.app, 'GET', apiPath('decisionConfig', { product: 'CL' }), admin),
      admin,
    );
    const document = structuredClone(current.document);
    const band = document.pricing.rules[1];
    assert.ok(band);
    band.rate = '9.9';
    const before = Date.now();
    const saved = await call(s.app, 'POST', apiPath('decisionConfig', { product: 'CL' }), admin, {
      name: 'credit',
      verNum: 1,
      document,
    });
    assert.equal(saved.statusCode, 200, saved.body);

    const listed = await opened<DecisionVersionsAnswer>(await versionsOf(admin, 'CL', '?name=credit'), admin);
    assert.deepEqual(
      listed.data.map((v) => [v.verNum, v.createdBy]),
      [
        [2, 'USR-1004'],
        [1, 'system'],
      ],
    );
    const [latest] = listed.data;
    assert.ok(latest && latest.createdByName !== 'USR-1004', 'the saver is named, not only their id');
    assert.ok(Date.parse(latest.createdAt) >= before - 1000);
  });

  it('404 for an unknown product or decision; signed in only; the query checked', async () => {
    assert.equal((await versionsOf(officer, 'XX')).statusCode, 404);
    assert.equal((await versionsOf(officer, 'PL', '?name=other')).statusCode, 404);
    assert.equal((await versionsOf(undefined, 'PL')).statusCode, 401);
    assert.deepEqual(labels(await versionsOf(officer, 'PL', '?extra=1')), ['extra']);
    assert.deepEqual(labels(await versionsOf(officer, 'PL', '?name=a%20b')), ['name']);
  });

  it('a save by anyone but an operations admin is refused and makes no version', async () => {
    const current = await opened<DecisionConfigAnswer>(
      await call(s.app, 'GET', apiPath('decisionConfig', { product: 'HL' }), officer),
      officer,
    );
    const res = await call(s.app, 'POST', apiPath('decisionConfig', { product: 'HL' }), officer, {
      name: 'credit',
      verNum: current.verNum,
      document: current.document,
    });
    assert.equal(res.statusCode, 403, res.body);
    const listed = await opened<DecisionVersionsAnswer>(await versionsOf(officer, 'HL'), officer);
    assert.deepEqual(
      listed.data.map((v) => v.verNum),
      [current.verNum],
    );
  });
});
