// The reviewer's credit summary (README "Credit summary"): refused as the application itself is (403 without access,
// 404 unknown); before the bureau is fetched the obligations, FOIR and score say why they are missing (never 0); after
// the bureau and the decision, every figure is the stored one (the bureau result, the decision's deviations and
// the decision configuration's FOIR cap), and the product's required documents not yet received come first. The LTV
// caps are the decision configuration's bands (checked on save); a conditional document (Form 60, only without a
// PAN) counts as required only when the flow engine's page rules say it applies.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  API_PATHS,
  apiPath,
  type CreditSummaryAnswer,
  type DecisionConfigAnswer,
  foirPercent,
  RBI_HOUSING_LTV_CAPS,
} from '@originate/contract';
import { officersHomeLoanAndForeign } from './flow-helpers';
import { call, type Login, labels, loginStaff, opened, startServer, type TestServer } from './helpers';

let s: TestServer;
let officer: Login;
let admin: Login;
let homeLoan: string;
let foreign: string;

const summary = (applicationId: string) =>
  call(s.app, 'GET', apiPath('applicationCreditSummary', { applicationId }), officer);
const figure = (body: CreditSummaryAnswer, key: string) => {
  const found = body.figures.find((f) => f.key === key);
  assert.ok(found, `figure ${key}`);
  return found;
};

before(async () => {
  s = await startServer();
  ({ officer, admin } = await loginStaff(s.app));
  ({ homeLoan, foreign } = await officersHomeLoanAndForeign(s.app, officer, ['pan', 'interest_rate']));
});

after(() => s.close());

describe('GET the credit summary', () => {
  it('is refused as the application is: 403 without access, 404 for an unknown one', async () => {
    assert.equal((await summary(foreign)).statusCode, 403);
    assert.equal((await summary('HL-2099-999999')).statusCode, 404);
  });

  it('before the bureau: the form figures with their fields, the bureau-based ones missing with the reason', async () => {
    await s.app.ctx.db.query('DELETE FROM integration_results WHERE application_id = $1', [homeLoan]);
    await s.app.ctx.db.query('DELETE FROM decisions WHERE application_id = $1', [homeLoan]);
    const res = await summary(homeLoan);
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json<CreditSummaryAnswer>();
    const [stored] = await s.app.ctx.db.query<{ doc: { customFields: Record<string, unknown> } }>(
      'SELECT doc FROM applications WHERE application_id = $1',
      [homeLoan],
    );
    const fields = stored?.doc.customFields ?? {};
    assert.equal(figure(body, 'loanAmount').value, Number(fields.loan_amount));
    assert.equal(figure(body, 'loanAmount').source?.detail, 'Form field loan_amount');
    assert.equal(figure(body, 'monthlyIncome').value, Number(fields.monthly_income));
    for (const key of ['monthlyObligations', 'bureauScore']) {
      assert.equal(figure(body, key).value, null);
      assert.equal(figure(body, key).missing, 'bureau not fetched');
    }
    assert.equal(figure(body, 'foirPercent').value, null);
    assert.match(figure(body, 'foirPercent').missing ?? '', /bureau not fetched/);
    // The kept integrations give no FOIR either (none that counted no obligations).
    const kept = await call(s.app, 'GET', apiPath('applicationIntegrations', { applicationId: homeLoan }), officer);
    assert.equal(kept.json<{ affordability: { foirPercent: string | null } }>().affordability.foirPercent, null);
    assert.equal(body.decision.missing, 'credit decision not run');
    const required = body.documents.items.filter((d) => d.required && d.received === 0);
    assert.deepEqual(body.documents.items.slice(0, required.length), required, 'required and missing first');
    assert.equal(body.documents.requiredMissing, required.length);
  });

  it('after the bureau and the decision: the stored score, obligations, FOIR against the configured cap', async () => {
    const bureau = await call(s.app, 'POST', API_PATHS.bureauObligation, officer, { application_id: homeLoan });
    assert.equal(bureau.statusCode, 200, bureau.body);
    const decided = await call(
      s.app,
      'GET',
      `${apiPath('decisionExecute', { product: 'HL', name: 'credit' })}?application_id=${homeLoan}`,
      officer,
    );
    assert.equal(decided.statusCode, 200, decided.body);
    const body = (await summary(homeLoan)).json<CreditSummaryAnswer>();
    const [kept] = await s.app.ctx.db.query<{ result: { score: number; obligations: { monthlyTotal: number } } }>(
      "SELECT result FROM integration_results WHERE application_id = $1 AND kind = 'bureau'",
      [homeLoan],
    );
    assert.equal(figure(body, 'bureauScore').value, kept?.result.score);
    assert.equal(figure(body, 'bureauScore').source?.kind, 'INTEGRATION');
    const obligations = kept?.result.obligations.monthlyTotal ?? -1;
    assert.equal(figure(body, 'monthlyObligations').value, obligations);
    const emi = figure(body, 'emi').value;
    const income = figure(body, 'monthlyIncome').value;
    assert.ok(emi !== null && income !== null);
    const foir = figure(body, 'foirPercent');
    assert.equal(
      foir.value,
      Number(foirPercent({ monthlyIncome: income, monthlyObligations: obligations, proposedEmi: emi })),
    );
    assert.equal(foir.cap?.percent, 50, "the HL decision configuration's FOIR cap");
    assert.equal(foir.withinCap, (foir.value ?? 0) <= 50);
    const decision = decided.json<{ outcome: string; deviations: { code: string }[] }>();
    assert.equal(body.decision.outcome, decision.outcome);
    assert.deepEqual(
      body.decision.deviations.map((d) => d.code),
      decision.deviations.map((d) => d.code),
    );
  });

  it("LTV is held to the decision configuration's band for the amount: the RBI bands seeded, a saved version's own", async () => {
    const amount = figure((await summary(homeLoan)).json<CreditSummaryAnswer>(), 'loanAmount').value ?? 0;
    // A property worth 1.25 times the loan: an LTV of 80%.
    await s.app.ctx.db.query(
      `UPDATE applications SET doc = jsonb_set(doc, '{customFields,property_value}', to_jsonb($2::numeric))
        WHERE application_id = $1`,
      [homeLoan, amount * 1.25],
    );
    const ltv = figure((await summary(homeLoan)).json<CreditSummaryAnswer>(), 'ltvPercent');
    assert.equal(ltv.value, 80);
    const rbi = RBI_HOUSING_LTV_CAPS.find((b) => b.upToAmount === null || amount <= b.upToAmount)?.maxPercent;
    assert.equal(ltv.cap?.percent, rbi);
    assert.match(ltv.cap?.source ?? '', /credit decision configuration v1$/);

    const current = await opened<DecisionConfigAnswer>(
      await call(s.app, 'GET', apiPath('decisionConfig', { product: 'HL' }), admin),
      admin,
    );
    assert.deepEqual(current.document.ltvCaps, RBI_HOUSING_LTV_CAPS);
    const save = (ltvCaps: unknown) =>
      call(s.app, 'POST', apiPath('decisionConfig', { product: 'HL' }), admin, {
        name: 'credit',
        verNum: current.verNum,
        document: { ...current.document, ltvCaps },
      });
    const descending = await save([
      { upToAmount: 7_500_000, maxPercent: 80 },
      { upToAmount: 3_000_000, maxPercent: 90 },
    ]);
    assert.equal(descending.statusCode, 400, descending.body);
    assert.deepEqual(labels(descending), ['document.ltvCaps[1].upToAmount']);
    assert.deepEqual(labels(await save([{ upToAmount: null, maxPercent: 101 }])), ['document.ltvCaps[0].maxPercent']);
    assert.deepEqual(
      labels(
        await save([
          { upToAmount: null, maxPercent: 1 },
          { upToAmount: null, maxPercent: 2 },
        ]),
      ),
      ['document.ltvCaps[0].upToAmount'],
    );

    const strict = await save([{ upToAmount: null, maxPercent: 79 }]);
    assert.equal(strict.statusCode, 200, strict.body);
    const after = figure((await summary(homeLoan)).json<CreditSummaryAnswer>(), 'ltvPercent');
    assert.equal(after.cap?.percent, 79);
    assert.match(after.cap?.source ?? '', new RegExp(`v${current.verNum + 1}$`));
    assert.equal(after.withinCap, false);
  });

  it('Form 60 (only without a PAN) is required only when the application has no PAN', async () => {
    const form60 = async () => {
      const body = (await summary(homeLoan)).json<CreditSummaryAnswer>();
      const item = body.documents.items.find((d) => d.fieldKey === 'form_60');
      assert.ok(item, 'Form 60 is on the product’s list either way');
      return { item, body };
    };
    const withPan = await form60();
    assert.equal(withPan.item.required, false);
    const setPan = (pan: string) =>
      s.app.ctx.db.query(
        `UPDATE applications SET doc = jsonb_set(doc, '{customFields,pan}', to_jsonb($2::text)) WHERE application_id = $1`,
        [homeLoan, pan],
      );
    const [row] = await s.app.ctx.db.query<{ pan: string }>(
      "SELECT doc -> 'customFields' ->> 'pan' AS pan FROM applications WHERE application_id = $1",
      [homeLoan],
    );
    await setPan('');
    try {
      const withoutPan = await form60();
      assert.equal(withoutPan.item.required, true);
      assert.equal(withoutPan.item.received, 0);
      assert.equal(withoutPan.body.documents.requiredMissing, withPan.body.documents.requiredMissing + 1);
      assert.equal(withoutPan.body.documents.items[0]?.required, true, 'required and missing first');
    } finally {
      await setPan(row?.pan ?? '');
    }
  });
});
