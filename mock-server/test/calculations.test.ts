// The loan calculator, net financing and the utilities (README "Calculations, decisions and utilities"):
// EMI, schedule and KFS APR as numbers with two decimals, charges with their taxes, affordability against a FOIR
// cap; xmlToJSON refusing DOCTYPEs and entities (a billion-laughs document before any parse, while other
// callers are served), depth and size bounds; decryption only with the caller's own session key.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { API_PATHS, type CalculateAnswer, encryptPayload, type NetFinancingAnswer } from '@originate/contract';
import { call, type Login, labels, loginStaff, startServer, type TestServer } from './helpers';

let s: TestServer;
let officer: Login;
let admin: Login;

before(async () => {
  s = await startServer();
  ({ officer, admin } = await loginStaff(s.app));
});
after(() => s.close());

const twoPlaces = (n: number) => Math.round(n * 100) === n * 100 || Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

describe('POST /calculations/calculate', () => {
  it('answers EMI, totals, APR and a schedule whose rows chain and end at 0', async () => {
    const res = await call(s.app, 'POST', API_PATHS.calculate, officer, {
      principal: 2_500_000,
      annualRatePercent: 8.5,
      tenureMonths: 240,
    });
    assert.equal(res.statusCode, 200, res.body);
    const loan = res.json<CalculateAnswer>();
    assert.equal(loan.emi, 21695.58);
    assert.equal(loan.apr, 8.5);
    assert.equal(loan.netDisbursal, 2_500_000);
    assert.equal(loan.schedule.length, 240);
    const [first] = loan.schedule;
    assert.deepEqual(first, {
      instalment: 1,
      openingBalance: 2_500_000,
      emi: 21695.58,
      interest: 17708.33,
      principal: 3987.25,
      closingBalance: 2496012.75,
    });
    loan.schedule.forEach((row, i) => {
      if (i > 0) assert.equal(row.openingBalance, loan.schedule[i - 1]?.closingBalance);
      for (const value of [row.openingBalance, row.interest, row.principal, row.closingBalance])
        assert.ok(twoPlaces(value));
    });
    assert.equal(loan.schedule.at(-1)?.closingBalance, 0);
    const interestPaise = loan.schedule.reduce((sum, row) => sum + Math.round(row.interest * 100), 0);
    assert.equal(interestPaise, Math.round(loan.totalInterest * 100));
    assert.match(loan.rounding, /half up/);
  });

  it('adds each charge with its tax, deducts them from the disbursal and states the KFS APR on it', async () => {
    const res = await call(s.app, 'POST', API_PATHS.calculate, officer, {
      principal: 47_000,
      annualRatePercent: 21,
      tenureMonths: 24,
      charges: [{ name: 'Processing fees', amount: 1175, taxPercent: 18 }],
    });
    const loan = res.json<CalculateAnswer>();
    assert.deepEqual(loan.charges, [{ name: 'Processing fees', amount: 1175, tax: 211.5, total: 1386.5 }]);
    assert.equal(loan.totalCharges, 1386.5);
    assert.equal(loan.netDisbursal, 45613.5);
    assert.equal(loan.apr, 24.15);
    assert.equal(loan.totalAmountPayable, Math.round((47_000 + loan.totalInterest + 1386.5) * 100) / 100);
  });

  it('refuses input no loan has, naming the field', async () => {
    const bad = (body: unknown) => call(s.app, 'POST', API_PATHS.calculate, officer, body as Record<string, unknown>);
    assert.deepEqual(labels(await bad({ principal: 1000, annualRatePercent: 10, tenureMonths: 0 })), ['tenureMonths']);
    assert.deepEqual(labels(await bad({ principal: '1000', annualRatePercent: 10, tenureMonths: 12 })), ['principal']);
    assert.deepEqual(labels(await bad({ principal: 1000, annualRatePercent: 100, tenureMonths: 12 })), [
      'annualRatePercent',
    ]);
    assert.deepEqual(labels(await bad({ principal: 1000, annualRatePercent: 10, tenureMonths: 12, fee: 1 })), ['fee']);
    assert.deepEqual(
      labels(
        await bad({ principal: 1000, annualRatePercent: 10, tenureMonths: 12, charges: [{ name: 'x', amount: 1000 }] }),
      ),
      ['charges'],
    );
    assert.equal((await call(s.app, 'POST', API_PATHS.calculate, undefined, { principal: 1 })).statusCode, 401);
  });
});

describe('POST /net_per_fin_config/net_financing_calculation', () => {
  it('answers the loan’s figures and, given the income, FOIR against the cap', async () => {
    const res = await call(s.app, 'POST', API_PATHS.netFinancingCalculation, officer, {
      principal: 1_000_000,
      annualRatePercent: 12,
      tenureMonths: 12,
      charges: [{ name: 'Processing fee', amount: 5000, taxPercent: 18 }],
      monthlyIncome: 200_000,
      monthlyObligations: 20_000,
      foirCapPercent: 50,
    });
    assert.equal(res.statusCode, 200, res.body);
    const figures = res.json<NetFinancingAnswer>();
    assert.equal(figures.emi, 88848.79);
    assert.equal(figures.netDisbursal, 994_100);
    // (20,000 + 88,848.79) / 2,00,000 = 54.42%: above the 50% cap, which leaves 80,000 for a new EMI.
    assert.deepEqual(figures.affordability, {
      monthlyIncome: 200_000,
      monthlyObligations: 20_000,
      foirCapPercent: 50,
      foirPercent: 54.42,
      emiHeadroom: 80_000,
      withinCap: false,
    });
    assert.equal('schedule' in figures, false);
  });

  it('answers no affordability without an income, and refuses an income of 0', async () => {
    const terms = { principal: 100_000, annualRatePercent: 10, tenureMonths: 12 };
    const plain = await call(s.app, 'POST', API_PATHS.netFinancingCalculation, officer, terms);
    assert.equal(plain.json<NetFinancingAnswer>().affordability, null);
    const zero = await call(s.app, 'POST', API_PATHS.netFinancingCalculation, officer, { ...terms, monthlyIncome: 0 });
    assert.deepEqual(labels(zero), ['monthlyIncome']);
  });
});

describe('POST /util/xmlToJSON', () => {
  const xml = (body: string, who: Login = officer) => call(s.app, 'POST', API_PATHS.xmlToJson, who, { xml: body });

  it('answers the document as JSON: attributes as @_name, values kept as text', async () => {
    const res = await xml('<report id="R1"><score>0781</score><account status="ACTIVE">HDFC</account></report>');
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), {
      data: { report: { '@_id': 'R1', score: '0781', account: { '#text': 'HDFC', '@_status': 'ACTIVE' } } },
    });
  });

  // How long the refusals take is a figure for the bench, not an assertion: these machines are shared and noisy
  // (a CI run at full load once took 1.17 s for the 20 here). What holds always: each is refused before any parse.
  it('refuses a billion-laughs document before parsing it, while other callers are served', async (t) => {
    const laughs = `<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('')}]>
<lolz>&lol9;</lolz>`;
    const started = performance.now();
    const attacks = Array.from({ length: 20 }, () => xml(laughs));
    const other = call(s.app, 'POST', API_PATHS.calculate, admin, {
      principal: 100_000,
      annualRatePercent: 10,
      tenureMonths: 360,
    });
    const [answers, served] = await Promise.all([Promise.all(attacks), other]);
    const elapsed = performance.now() - started;
    for (const res of answers) assert.deepEqual(labels(res), ['xml']);
    assert.match(answers[0]?.json().errors[0].reason, /DOCTYPE/);
    assert.equal(served.statusCode, 200);
    t.diagnostic(`20 refusals and a 360-month schedule took ${Math.round(elapsed)} ms`);
  });

  it('refuses external entities, entity references, deep nesting and malformed XML, naming xml', async () => {
    const xxe = '<!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><r>&x;</r>';
    assert.deepEqual(labels(await xml(xxe)), ['xml']);
    // Without a DOCTYPE an entity reference stays the text it is: nothing is looked up.
    const plain = await xml('<r>&amp;&x;</r>');
    assert.equal(plain.statusCode, 200);
    assert.equal(JSON.stringify(plain.json()).includes('passwd'), false);
    const deep = `${'<a>'.repeat(65)}x${'</a>'.repeat(65)}`;
    assert.match((await xml(deep)).json().errors[0].reason, /deeper than 64/);
    assert.equal((await xml(`${'<a>'.repeat(60)}x${'</a>'.repeat(60)}`)).statusCode, 200);
    assert.match((await xml('<a><b></a>')).json().errors[0].reason, /well-formed/);
    assert.deepEqual(labels(await xml(`<a>${'x'.repeat(65_537)}</a>`)), ['xml']);
  });
});

describe('POST /api/decryption', () => {
  it('opens a message sealed with the caller’s own session key', async () => {
    const decryptMsg = await encryptPayload({ pan: 'ABCDE1234F', amount: 5 }, officer.access_token);
    const res = await call(s.app, 'POST', API_PATHS.decryption, officer, { decryptMsg });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), { data: { pan: 'ABCDE1234F', amount: 5 } });
  });

  it('refuses another session’s message, naming decryptMsg, and callers without a session', async () => {
    const decryptMsg = await encryptPayload({ secret: 1 }, admin.access_token);
    const res = await call(s.app, 'POST', API_PATHS.decryption, officer, { decryptMsg });
    assert.deepEqual(labels(res), ['decryptMsg']);
    assert.match(res.json().errors[0].reason, /your own session/);
    assert.deepEqual(labels(await call(s.app, 'POST', API_PATHS.decryption, officer, { decryptMsg: 'zz:zz' })), [
      'decryptMsg',
    ]);
    assert.equal((await call(s.app, 'POST', API_PATHS.decryption, undefined, { decryptMsg })).statusCode, 401);
  });
});
