// Credit decisions (README "Calculations, decisions and utilities"): the seeded tables of each product, a decision
// taken on the application's data and its latest bureau report and bank-statement analysis (pricing by score band,
// declines, referrals and deviations naming approval levels), every decision kept with its inputs and fired rows,
// doc.riskGrade written for the approval matrix, an approval starting at the level the deviations name, and the
// tables' versions (an operations admin's save checked by the engine, 409 on a stale version, older versions read).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import {
  API_PATHS,
  apiPath,
  type DecisionAnswer,
  type DecisionConfigAnswer,
  type DecisionConfigBody,
} from '@originate/contract';
import { call, type Login, labels, loginStaff, opened, startServer, type TestServer } from './helpers';

let s: TestServer;
let officer: Login;
let admin: Login;
let approver: Login;
/** A personal loan the officer holds (its task In Progress), ACTIVE. */
let mine: { application_id: string; task_id: string };

const q = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  s.app.ctx.db.query<T>(sql, params);

const decide = (who: Login, applicationId: string, product = 'PL', name = 'credit') =>
  call(s.app, 'GET', `${apiPath('decisionExecute', { product, name })}?application_id=${applicationId}`, who);

/** The applicant's figures under the personal loan flow's keys (amounts as the flow keeps them, text). */
async function setApplicant(id: string, fields: Record<string, unknown>, amount = 500_000) {
  await q(
    `UPDATE applications SET loan_amount = $3,
            doc = jsonb_set(doc, '{customFields}', COALESCE(doc -> 'customFields', '{}'::jsonb) || $2::jsonb)
      WHERE application_id = $1`,
    [id, JSON.stringify(fields), amount],
  );
}

/** A kept integration result, as a successful vendor call leaves it (modules/integrations). */
async function keepResult(id: string, kind: 'bureau' | 'bankStatement', result: unknown, at = new Date()) {
  const callId = `CALL-${randomUUID()}`;
  await q(
    `INSERT INTO integration_calls (call_id, kind, operation, application_id, user_id, status, http_status, attempts,
                                    duration_ms, request_masked, answer_masked, created_at)
     VALUES ($1, $2, 'test', $3, 'USR-1001', 'OK', 200, 1, 5, '{}'::jsonb, '{}'::jsonb, $4)`,
    [callId, kind, id, at],
  );
  await q(
    'INSERT INTO integration_results (call_id, application_id, kind, result, fetched_at) VALUES ($1, $2, $3, $4::jsonb, $5)',
    [callId, id, kind, JSON.stringify(result), at],
  );
  return callId;
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

function bureau(score: number, monthlyTotal: number, enquiries = 0, dpd = 0) {
  return {
    bureau: 'CIBIL',
    reportId: `RPT-${score}`,
    score,
    accounts: [
      {
        lender: 'HDFC Bank',
        type: 'Credit card',
        accountNumber: 'XXXX1234',
        sanctionedAmount: 200000,
        outstanding: 50000,
        emi: monthlyTotal,
        status: 'ACTIVE',
        openedOn: '2021-04-01',
        dpd: [dpd, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
      },
    ],
    obligations: { monthlyTotal, items: [{ lender: 'HDFC Bank', type: 'Credit card', emi: monthlyTotal }] },
    enquiries: Array.from({ length: enquiries }, (_, i) => ({
      date: daysAgo(10 + i),
      lender: 'ICICI Bank',
      purpose: 'Personal loan',
      amount: 300000,
    })),
  };
}

const bank = (bounces: number) => ({
  analysisId: 'AN-1',
  bank: 'SBI',
  accountNumber: 'XXXX9876',
  months: [],
  salaryCredits: [],
  bounces: Array.from({ length: bounces }, (_, i) => ({
    date: daysAgo(20 + i),
    reason: 'Insufficient funds',
    amount: 5000,
  })),
  averageMonthlySalary: 150000,
});

before(async () => {
  s = await startServer();
  ({ officer, admin, approver } = await loginStaff(s.app));
  const [task] = await q<{ application_id: string; task_id: string }>(
    `SELECT t.application_id, t.task_id FROM tasks t JOIN applications a USING (application_id)
      WHERE t.assigned_to = 'USR-1001' AND t.progress = 'In Progress' AND a.status = 'ACTIVE' AND a.product_code = 'PL'
      ORDER BY 1 LIMIT 1`,
  );
  assert.ok(task, 'a personal loan the officer holds');
  mine = task;
  // Born 01/06/1990: 36 this year; 1.5 lakh a month; 36 months.
  await setApplicant(mine.application_id, { pl_dob: '01/06/1990', pl_monthly_income: '150000', pl_tenure_months: 36 });
});
after(() => s.close());

describe('decision tables', () => {
  it('seeds version 1 of each product, read by staff in the admin envelope', async () => {
    for (const product of ['HL', 'PL', 'CL']) {
      const res = await call(s.app, 'GET', apiPath('decisionConfig', { product }), officer);
      assert.equal(res.statusCode, 200, res.body);
      const tables = await opened<DecisionConfigAnswer>(res, officer);
      assert.equal(tables.verNum, 1);
      assert.deepEqual(tables.versions, [1]);
      assert.equal(tables.document.pricing.hitPolicy, 'first');
      assert.equal(tables.createdBy, 'system');
    }
    const none = await call(s.app, 'GET', `${apiPath('decisionConfig', { product: 'PL' })}?name=pricing2`, officer);
    assert.equal(none.statusCode, 404);
    const noProduct = await call(s.app, 'GET', apiPath('decisionConfig', { product: 'XX' }), officer);
    assert.equal(noProduct.statusCode, 404);
  });
});

describe('taking a decision', () => {
  it('refers an application without a bureau report, and keeps the decision with its inputs', async () => {
    const res = await decide(officer, mine.application_id);
    assert.equal(res.statusCode, 200, res.body);
    const decision = res.json<DecisionAnswer>();
    assert.equal(decision.outcome, 'REFER');
    assert.equal(decision.riskGrade, null);
    assert.equal(decision.pricing, null);
    assert.ok(decision.reasons.includes('No bureau report yet: fetch it before deciding'), decision.reasons.join('; '));
    assert.deepEqual(
      decision.firedRows.filter((r) => r.table === 'eligibility').map((r) => r.rowId),
      ['no-bureau'],
    );
    assert.equal(decision.inputs.bureau.available, false);
    assert.equal(decision.inputs.applicant.monthlyIncome, 150000);
    assert.equal(decision.inputs.loan.tenureMonths, 36);
    const [kept] = await q<{ outcome: string; ver_num: number; inputs: { applicant: { age: number } } }>(
      'SELECT outcome, ver_num, inputs FROM decisions WHERE decision_id = $1',
      [decision.decisionId],
    );
    assert.equal(kept?.outcome, 'REFER');
    assert.equal(kept?.ver_num, 1);
    assert.ok((kept?.inputs.applicant.age ?? 0) >= 35);
  });

  it('prices by score band, works out EMI and FOIR at that rate, approves within policy and writes the risk grade', async () => {
    const callId = await keepResult(mine.application_id, 'bureau', bureau(812, 10_000));
    const res = await decide(officer, mine.application_id);
    const decision = res.json<DecisionAnswer>();
    assert.equal(decision.outcome, 'APPROVE', decision.reasons.join('; '));
    assert.deepEqual(decision.pricing, { riskGrade: 'A', annualRatePercent: 10.5 });
    assert.equal(decision.riskGrade, 'A');
    assert.deepEqual(decision.deviations, []);
    assert.equal(decision.inputs.bureau.callId, callId);
    // ₹5,00,000 at 10.5% for 36 months: EMI 16,251.22; (10,000 + 16,251.22) / 1,50,000 = 17.50%.
    assert.equal(decision.inputs.loan.emi, 16251.22);
    assert.equal(decision.inputs.foirPercent, 17.5);
    assert.deepEqual(
      decision.firedRows.map((r) => `${r.table}:${r.rowId}`),
      ['pricing:band-1'],
    );
    const [doc] = await q<{ grade: string; decision: { decisionId: string; approvalLevel: number | null } }>(
      `SELECT doc ->> 'riskGrade' AS grade, doc -> 'decision' AS decision FROM applications WHERE application_id = $1`,
      [mine.application_id],
    );
    assert.equal(doc?.grade, 'A');
    assert.equal(doc?.decision.decisionId, decision.decisionId);
    assert.equal(doc?.decision.approvalLevel, null);
  });

  it('declines below the score floor and past 90 days overdue, naming each reason', async () => {
    await keepResult(mine.application_id, 'bureau', bureau(640, 10_000, 0, 120));
    const decision = (await decide(officer, mine.application_id)).json<DecisionAnswer>();
    assert.equal(decision.outcome, 'DECLINE');
    assert.ok(decision.reasons.includes('Bureau score below 700'));
    assert.ok(decision.reasons.includes('A loan more than 90 days past due in the last 12 months'));
    assert.equal(decision.pricing, null);
  });

  it('refers deviations to the approval level they name, and an approval asked afterwards starts there', async () => {
    await keepResult(mine.application_id, 'bureau', bureau(760, 20_000, 5));
    await keepResult(mine.application_id, 'bankStatement', bank(3));
    const decision = (await decide(officer, mine.application_id)).json<DecisionAnswer>();
    assert.equal(decision.outcome, 'REFER');
    assert.equal(decision.riskGrade, 'B');
    assert.deepEqual(
      decision.deviations.map((d) => [d.code, d.approvalLevel, d.level]),
      [
        ['BUREAU_ENQUIRIES', 'Branch Credit Manager', 1],
        ['CHEQUE_BOUNCES', 'Regional Credit Head', 2],
      ],
    );
    assert.deepEqual(
      decision.firedRows.map((r) => `${r.table}:${r.rowId}`),
      ['pricing:band-2', 'deviations:enquiries', 'deviations:bounces'],
    );
    // ₹5,00,000 is within the branch manager's limit, yet the deviation sends the approval to the region.
    const asked = await call(s.app, 'POST', '/v3/application/approvals/request', officer, {
      application_id: mine.application_id,
      taskId: mine.task_id,
      kind: 'APPROVAL',
      reason: 'Sanction with deviations',
    });
    assert.equal(asked.statusCode, 200, asked.body);
    assert.equal(asked.json().level, 2);
  });

  it('lists the application’s decisions newest first, with inputs and fired rows', async () => {
    const res = await call(
      s.app,
      'GET',
      apiPath('applicationDecisions', { applicationId: mine.application_id }),
      officer,
    );
    assert.equal(res.statusCode, 200, res.body);
    const { data } = res.json<{ data: DecisionAnswer[] }>();
    assert.deepEqual(
      data.map((d) => d.outcome),
      ['REFER', 'DECLINE', 'APPROVE', 'REFER'],
    );
    assert.ok(data.every((d) => d.evaluatedBy === 'USR-1001' && d.firedRows.length > 0));
  });

  it('refuses a product the application is not, an unknown decision, others’ applications and applicants', async () => {
    assert.equal((await decide(officer, mine.application_id, 'HL')).statusCode, 409);
    assert.equal((await decide(officer, mine.application_id, 'PL', 'fraud')).statusCode, 404);
    assert.equal((await decide(officer, 'PL-2099-999999')).statusCode, 404);
    const [foreign] = await q<{ application_id: string }>(
      `SELECT a.application_id FROM applications a WHERE a.product_code = 'PL' AND NOT EXISTS (
         SELECT 1 FROM tasks t WHERE t.application_id = a.application_id
            AND (t.assigned_team @> '[{"id":"TEAM-MUM-WEST"}]'::jsonb OR t.assigned_to = 'USR-1001')) LIMIT 1`,
    );
    if (foreign) assert.equal((await decide(officer, foreign.application_id)).statusCode, 403);
    const bad = await call(s.app, 'GET', `${apiPath('decisionExecute', { product: 'PL', name: 'credit' })}`, officer);
    assert.deepEqual(labels(bad), ['application_id']);
    const head = await s.app.inject({
      method: 'HEAD',
      url: `${apiPath('decisionExecute', { product: 'PL', name: 'credit' })}?application_id=${mine.application_id}`,
      headers: officer.headers,
    });
    assert.equal(head.statusCode, 404, 'a HEAD must not take (and write) a decision');
  });
});

describe('versions of the tables', () => {
  let current: DecisionConfigAnswer;
  const saveAs = (who: Login, body: DecisionConfigBody) =>
    call(s.app, 'POST', apiPath('decisionConfig', { product: 'PL' }), who, body);

  before(async () => {
    current = await opened<DecisionConfigAnswer>(
      await call(s.app, 'GET', apiPath('decisionConfig', { product: 'PL' }), admin),
      admin,
    );
  });

  it('saves an operations admin’s edit as a new version that the next decision uses', async () => {
    const document = structuredClone(current.document);
    // Band A now from 790.
    const first = document.pricing.rules[0];
    assert.ok(first);
    first.score = '>= 790';
    first.rate = '10.25';
    const res = await saveAs(admin, { name: 'credit', verNum: 1, document });
    assert.equal(res.statusCode, 200, res.body);
    const saved = await opened<DecisionConfigAnswer>(res, admin);
    assert.equal(saved.verNum, 2);
    assert.deepEqual(saved.versions, [2, 1]);
    assert.equal(saved.createdBy, 'USR-1004');

    await keepResult(mine.application_id, 'bureau', bureau(795, 10_000));
    await keepResult(mine.application_id, 'bankStatement', bank(0));
    const decision = (await decide(officer, mine.application_id)).json<DecisionAnswer>();
    assert.equal(decision.verNum, 2);
    assert.deepEqual(decision.pricing, { riskGrade: 'A', annualRatePercent: 10.25 });
    const older = await opened<DecisionConfigAnswer>(
      await call(s.app, 'GET', `${apiPath('decisionConfig', { product: 'PL' })}?verNum=1`, officer),
      officer,
    );
    assert.equal(older.document.pricing.rules[0]?.score, '>= 800');
  });

  it('refuses a stale version (409), and keeps stored versions unchangeable', async () => {
    const res = await saveAs(admin, { name: 'credit', verNum: 1, document: current.document });
    assert.equal(res.statusCode, 409, res.body);
    await assert.rejects(q(`UPDATE decision_tables SET created_by = 'x' WHERE product_code = 'PL' AND ver_num = 1`));
  });

  it('refuses cells the engine cannot read, missing outputs and approval levels the matrix lacks, naming each', async () => {
    const document = structuredClone(current.document);
    const row = document.pricing.rules[0];
    const deviation = document.deviations.rules[0];
    assert.ok(row && deviation);
    row.score = '>>> 3';
    deviation.level = '"Chief Risk Officer"';
    document.eligibility.outputs = document.eligibility.outputs.filter((o) => o.field !== 'reason');
    const res = await saveAs(admin, { name: 'credit', verNum: 2, document });
    const found = labels(res);
    assert.ok(found.includes('document.pricing.rules[0].score'), found.join(', '));
    assert.ok(found.includes('document.deviations.rules[0].level'), found.join(', '));
    assert.ok(found.includes('document.eligibility.outputs'), found.join(', '));
    const extra = await saveAs(admin, {
      name: 'credit',
      verNum: 2,
      document: { ...current.document, script: 'x' } as never,
    });
    assert.ok(labels(extra).includes('body.document.script') || labels(extra).some((l) => l.includes('script')));
  });

  it('lets only an operations admin save, and not through the generic configuration route', async () => {
    assert.equal((await saveAs(officer, { name: 'credit', verNum: 2, document: current.document })).statusCode, 403);
    assert.equal((await saveAs(approver, { name: 'credit', verNum: 2, document: current.document })).statusCode, 403);
    const generic = await call(s.app, 'PUT', '/setup/configs/Decision/PL', admin, { anything: true });
    assert.equal(generic.statusCode, 400);
  });
});

describe('columns of the tables', () => {
  const path = apiPath('decisionConfig', { product: 'PL' });
  const latest = async () => opened<DecisionConfigAnswer>(await call(s.app, 'GET', path, admin), admin);
  /** Each refusal as `label: reason`. */
  const refusals = (res: Awaited<ReturnType<typeof call>>) => {
    labels(res);
    return res.json<{ errors: { label: string; reason: string }[] }>().errors.map((e) => `${e.label}: ${e.reason}`);
  };

  it('refuses inputs the tables cannot read, duplicate ids and labels, empty labels, changed or extra outputs and cells of no column, naming each', async () => {
    const current = await latest();
    const document = structuredClone(current.document);
    const { pricing, eligibility, deviations } = document;
    pricing.inputs.push({ id: 'salary', name: 'Salary', field: 'applicant.salary' });
    pricing.inputs.push({ id: 'call', name: 'Bureau call', field: 'bureau.callId' });
    eligibility.inputs.push({ id: 'score', name: 'Score again', field: 'bureau.score' });
    eligibility.inputs.push({ id: 'age2', name: ' age ', field: 'applicant.age' });
    deviations.inputs.push({ id: 'blank', name: '   ', field: 'loan.emi' });
    const grade = pricing.outputs.find((o) => o.field === 'riskGrade');
    assert.ok(grade);
    grade.field = 'grade';
    deviations.outputs.push({ id: 'note', name: 'Note', field: 'note' });
    // A row keeps a cell of a column no longer in the table: refused, not dropped.
    const row = eligibility.rules[0];
    assert.ok(row);
    row.gone = '> 3';
    const res = await call(s.app, 'POST', path, admin, { name: 'credit', verNum: current.verNum, document });
    const found = refusals(res);
    const expect = (label: string, reason: RegExp) =>
      assert.ok(
        found.some((f) => f.startsWith(`${label}: `) && reason.test(f)),
        `${label} ${reason}\n${found.join('\n')}`,
      );
    const inputs = (table: 'pricing' | 'eligibility' | 'deviations') => document[table].inputs.length;
    expect(
      `document.pricing.inputs[${inputs('pricing') - 2}].field`,
      /applicant\.salary is not an input the tables can read \(loan\.amount, /,
    );
    expect(`document.pricing.inputs[${inputs('pricing') - 1}].field`, /bureau\.callId is not an input/);
    expect(`document.eligibility.inputs[${inputs('eligibility') - 2}].id`, /column id score is used twice/);
    expect(
      `document.eligibility.inputs[${inputs('eligibility') - 1}].name`,
      /the label age is used twice in this table/,
    );
    expect(`document.deviations.inputs[${inputs('deviations') - 1}].name`, /a column needs a label/);
    expect(
      'document.pricing.outputs[0].field',
      /grade is not an output of this table: it gives riskGrade, annualRatePercent and nothing else/,
    );
    expect('document.pricing.outputs', /needs an output with field riskGrade/);
    expect('document.deviations.outputs[3].field', /note is not an output of this table/);
    expect(
      'document.eligibility.rules[0].gone',
      /names no column of the table: a removed column takes its cells with it/,
    );
    assert.equal((await latest()).verNum, current.verNum, 'nothing saved');
  });

  it('saves an input column added on applicant.age that the next decision evaluates, and its removal', async () => {
    const current = await latest();
    const before = (await decide(officer, mine.application_id)).json<DecisionAnswer>();
    const age = before.inputs.applicant.age;
    assert.equal(age, 36);
    const withAge = (test: string) => {
      const document = structuredClone(current.document);
      const level = document.deviations.rules[0]?.level;
      assert.ok(level);
      document.deviations.inputs.push({ id: 'input5', name: 'Age', field: 'applicant.age' });
      document.deviations.rules.push({
        _id: 'age-check',
        input5: test,
        code: '"AGE"',
        reason: '"Age checked"',
        level,
      });
      return document;
    };
    const ageRowFired = async () =>
      (await decide(officer, mine.application_id))
        .json<DecisionAnswer>()
        .firedRows.some((r) => r.table === 'deviations' && r.rowId === 'age-check');

    let verNum = current.verNum;
    for (const [test, fires] of [
      [`[${age}..${age}]`, true],
      [`> ${age}`, false],
    ] as const) {
      const res = await call(s.app, 'POST', path, admin, { name: 'credit', verNum, document: withAge(test) });
      assert.equal(res.statusCode, 200, res.body);
      verNum = (await opened<DecisionConfigAnswer>(res, admin)).verNum;
      assert.equal(await ageRowFired(), fires, `the age column tested ${test}`);
    }
    const removed = await call(s.app, 'POST', path, admin, { name: 'credit', verNum, document: current.document });
    assert.equal(removed.statusCode, 200, removed.body);
    const saved = await latest();
    assert.ok(!saved.document.deviations.inputs.some((c) => c.field === 'applicant.age'));
    assert.equal(await ageRowFired(), false);
  });
});

describe('the decision route in API_PATHS', () => {
  it('is the spec’s path', () => {
    assert.equal(API_PATHS.decisionExecute, '/decision_engine/execute/:product/:name');
  });
});
