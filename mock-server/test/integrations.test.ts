// Vendor integrations (README "Integrations") against the built-in sandbox over real HTTP: every kind answers with
// its realistic, deterministic shape; each failure mode the test chooses (a timeout, a 5xx, a malformed answer)
// answers 503 with a retryable message naming the vendor, leaves an audit row of the failure and no result
// (nothing half-written); idempotent calls are retried with backoff and the circuit breaker opens and closes;
// audit rows keep personal data masked; access and bad input are refused.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  API_PATHS,
  apiPath,
  type BureauAnswer,
  foirPercent,
  type IntegrationKind,
  verhoeffCheckDigit,
} from '@originate/contract';
import { integrationsOf } from '../src/modules/integrations';
import type { SandboxFault } from '../src/modules/integrations/sandbox';
import { encrypted, newHomeLoan, officersHomeLoanAndForeign } from './flow-helpers';
import { call, type Login, labels, loginStaff, startServer, type TestServer } from './helpers';

let s: TestServer;
let officer: Login;
/** A home loan of the officer's with the applicant's PAN, income and loan terms. */
let homeLoan: string;
/** An application the officer may not open (another branch's). */
let foreign: string;

const q = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  s.app.ctx.db.query<T>(sql, params);
const sandbox = () => {
  const running = integrationsOf(s.app.ctx).sandbox;
  assert.ok(running, 'no vendor URL is configured, so the sandbox runs');
  return running;
};
const post = (path: string, body: Record<string, unknown>, who: Login = officer) =>
  call(s.app, 'POST', path, who, body);
const count = async (sql: string, params: unknown[]) => Number((await q<{ n: string }>(sql, params))[0]?.n);
const results = () => count('SELECT count(*) AS n FROM integration_results WHERE application_id = $1', [homeLoan]);
const lastCall = async () =>
  (
    await q<{ status: string; attempts: number; kind: string; request_masked: unknown; user_id: string }>(
      'SELECT status, attempts, kind, request_masked, user_id FROM integration_calls ORDER BY created_at DESC LIMIT 1',
    )
  )[0];

before(async () => {
  s = await startServer({
    INTEGRATION_RETRIES: '1',
    INTEGRATION_RETRY_BASE_MS: '10',
    INTEGRATION_BREAKER_FAILURES: '3',
    // Long enough that the calls the breaker test makes while it is open are done within it at a CI run's load
    // (at 400 ms a fresh clone's run at load 20 saw the refused call let through as a trial).
    INTEGRATION_BREAKER_OPEN_MS: '1500',
    // A timed-out attempt gives up soon, so the timeout mode costs the test little; not so soon that a good answer
    // from a process busy with the rest of the suite counts as a failure (3 in a row open the circuit).
    INTEGRATION_BUREAU_TIMEOUT_MS: '1500',
    INTEGRATION_BANK_STATEMENT_TIMEOUT_MS: '1500',
    INTEGRATION_IDENTITY_TIMEOUT_MS: '1500',
    INTEGRATION_LOAN_CREATION_TIMEOUT_MS: '1500',
    INTEGRATION_PAYMENT_TIMEOUT_MS: '1500',
    INTEGRATION_EMPLOYEE_SEARCH_TIMEOUT_MS: '1500',
    INTEGRATION_PMAY_TIMEOUT_MS: '1500',
  });
  ({ officer } = await loginStaff(s.app));
  ({ homeLoan, foreign } = await officersHomeLoanAndForeign(s.app, officer, ['pan', 'interest_rate']));
});

after(() => s.close());

/**
 * The kind's call fails the way the sandbox is told to (on every attempt the client makes): 503 naming the
 * vendor and saying to try again, an audit row of the failure with the attempts made, nothing else written;
 * and the same call made again succeeds.
 */
async function failsCleanly(
  kind: IntegrationKind,
  fault: SandboxFault,
  send: () => ReturnType<typeof post>,
  expected: { status: string; attempts: number; vendor: string },
  written: () => Promise<number> = results,
) {
  const before = await written();
  const received = sandbox().received(kind);
  sandbox().failNext(kind, fault, expected.attempts);
  const res = await send();
  assert.equal(res.statusCode, 503, res.body);
  const body = res.json<{ code: number; message: string }>();
  assert.equal(body.code, 503);
  assert.match(body.message, new RegExp(`The ${expected.vendor} `));
  assert.match(body.message, /Nothing was saved; please try again\.$/);
  const audit = await lastCall();
  assert.equal(audit?.kind, kind);
  assert.equal(audit?.status, expected.status);
  assert.equal(audit?.attempts, expected.attempts);
  assert.equal(sandbox().received(kind) - received, expected.attempts);
  assert.equal(await written(), before, 'a failed call writes no result');
  // Retryable: the same call again, the vendor well, succeeds.
  const retried = await send();
  assert.equal(retried.statusCode, 200, retried.body);
}

describe('credit bureau (/cibil/obligation)', () => {
  it("answers the applicant's report with score, accounts, obligations and enquiries, and the FOIR they imply", async () => {
    const res = await post(API_PATHS.bureauObligation, { application_id: homeLoan });
    assert.equal(res.statusCode, 200, res.body);
    const { report, affordability, callId } = res.json<BureauAnswer>();
    assert.ok(report.score >= 300 && report.score <= 900);
    assert.ok(report.accounts.length >= 1);
    const active = report.accounts.filter((a) => a.status === 'ACTIVE' && a.emi > 0);
    assert.deepEqual(
      report.obligations.items.map((i) => i.emi),
      active.map((a) => a.emi),
    );
    assert.equal(
      report.obligations.monthlyTotal,
      active.reduce((sum, a) => sum + a.emi, 0),
    );
    for (const account of report.accounts) assert.match(account.accountNumber, /^X+[0-9]{4}$/);
    assert.ok(affordability.monthlyIncome && affordability.proposedEmi);
    assert.equal(
      affordability.foirPercent,
      foirPercent({
        monthlyIncome: affordability.monthlyIncome,
        monthlyObligations: report.obligations.monthlyTotal,
        proposedEmi: affordability.proposedEmi,
      }),
    );
    // Deterministic: the same applicant on the same day, the same report.
    const again = await post(API_PATHS.bureauObligation, { application_id: homeLoan });
    assert.deepEqual(again.json<BureauAnswer>().report, report);
    assert.notEqual(again.json<BureauAnswer>().callId, callId);
  });

  it('audits the call with the PAN, name, date of birth and mobile masked', async () => {
    const [row] = await q<{ request_masked: Record<string, string>; user_id: string; status: string; text: string }>(
      `SELECT request_masked, user_id, status, request_masked::text || answer_masked::text AS text FROM integration_calls
        WHERE application_id = $1 AND kind = 'bureau' ORDER BY created_at DESC LIMIT 1`,
      [homeLoan],
    );
    const [app] = await q<{ pan: string; name: string; mobile: string }>(
      `SELECT doc -> 'customFields' ->> 'pan' AS pan, doc -> 'customFields' ->> 'full_name' AS name,
              doc -> 'customFields' ->> 'mobile' AS mobile FROM applications WHERE application_id = $1`,
      [homeLoan],
    );
    assert.equal(row?.status, 'OK');
    assert.equal(row?.user_id, 'USR-1001');
    assert.equal(row?.request_masked.pan, `XXXXX${app?.pan.slice(5, 9)}X`);
    assert.equal(row?.request_masked.dob, '**/**/****');
    for (const secret of [app?.pan, app?.name, app?.mobile]) {
      assert.ok(secret && !row?.text.includes(secret), 'no personal data kept whole');
    }
  });

  it('retries a 5xx once and answers the report', async () => {
    sandbox().failNext('bureau', '5xx', 1);
    const res = await post(API_PATHS.bureauObligation, { application_id: homeLoan });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal((await lastCall())?.attempts, 2);
  });

  const bureau = () => post(API_PATHS.bureauObligation, { application_id: homeLoan });
  it('a timeout: 503, retried, nothing written', () =>
    failsCleanly('bureau', 'timeout', bureau, { status: 'TIMEOUT', attempts: 2, vendor: 'credit bureau' }));
  it('a 5xx on every attempt: 503, nothing written', () =>
    failsCleanly('bureau', '5xx', bureau, { status: 'VENDOR_ERROR', attempts: 2, vendor: 'credit bureau' }));
  it('a malformed answer: 503 at once (not retried), nothing written', () =>
    failsCleanly('bureau', 'malformed', bureau, { status: 'MALFORMED_ANSWER', attempts: 1, vendor: 'credit bureau' }));

  it('refuses an application the caller may not open, and bad input', async () => {
    assert.equal((await post(API_PATHS.bureauObligation, { application_id: foreign })).statusCode, 403);
    assert.deepEqual(labels(await post(API_PATHS.bureauObligation, { application_id: homeLoan, pan: 'X' })), ['pan']);
  });
});

describe('bank-statement analysis (/perfios/transactionLink)', () => {
  const statement = () => post(API_PATHS.bankStatementLink, { application_id: homeLoan });
  it('answers six months of inflows, salary credits and bounces', async () => {
    const res = await statement();
    assert.equal(res.statusCode, 200, res.body);
    const { analysis } = res.json<{
      analysis: { months: { salary: number; inflows: number; bounces: number }[] } & Record<string, never[]>;
    }>();
    assert.equal(analysis.months.length, 6);
    assert.equal(analysis.salaryCredits?.length, 6);
    for (const month of analysis.months) assert.ok(month.inflows >= month.salary && month.salary > 0);
    assert.equal(
      analysis.bounces?.length,
      analysis.months.reduce((n, m) => n + m.bounces, 0),
    );
    assert.deepEqual((await statement()).json<{ analysis: unknown }>().analysis, analysis);
  });
  it('a timeout: 503, nothing written', () =>
    failsCleanly('bankStatement', 'timeout', statement, {
      status: 'TIMEOUT',
      attempts: 2,
      vendor: 'bank-statement analysis',
    }));
  it('a 5xx: 503, nothing written', () =>
    failsCleanly('bankStatement', '5xx', statement, {
      status: 'VENDOR_ERROR',
      attempts: 2,
      vendor: 'bank-statement analysis',
    }));
  it('a malformed answer: 503, nothing written', () =>
    failsCleanly('bankStatement', 'malformed', statement, {
      status: 'MALFORMED_ANSWER',
      attempts: 1,
      vendor: 'bank-statement analysis',
    }));
});

describe('identity verification', () => {
  const verify = (body: Record<string, unknown>) =>
    post(API_PATHS.identityVerify, { application_id: homeLoan, ...body });
  it("verifies the applicant's PAN with the issuer and agrees with the surname", async () => {
    const [app] = await q<{ pan: string; name: string }>(
      `SELECT doc -> 'customFields' ->> 'pan' AS pan, doc -> 'customFields' ->> 'full_name' AS name FROM applications WHERE application_id = $1`,
      [homeLoan],
    );
    const res = await verify({ type: 'PAN', number: app?.pan.toLowerCase(), name: app?.name });
    assert.equal(res.statusCode, 200, res.body);
    const { check, callId } = res.json<{ check: Record<string, unknown>; callId: string }>();
    assert.ok(callId);
    assert.deepEqual(check, {
      type: 'PAN',
      numberMasked: `XXXXX${app?.pan.slice(5, 9)}X`,
      valid: true,
      verified: true,
      nameMatch: true,
      holderType: 'Individual',
      reason: null,
    });
  });

  it('checks Aadhaar by its Verhoeff digit before asking UIDAI; a wrong digit is never sent', async () => {
    const body = '49918172634';
    const good = `${body}${verhoeffCheckDigit(body)}`;
    const ok = await verify({ type: 'AADHAAR', number: `${good.slice(0, 4)} ${good.slice(4, 8)} ${good.slice(8)}` });
    assert.equal(ok.statusCode, 200, ok.body);
    assert.deepEqual(ok.json<{ check: unknown }>().check, {
      type: 'AADHAAR',
      numberMasked: `XXXX XXXX ${good.slice(8)}`,
      valid: true,
      verified: true,
      nameMatch: null,
      holderType: null,
      reason: null,
    });
    const received = sandbox().received('identity');
    const bad = await verify({ type: 'AADHAAR', number: `${body}${(verhoeffCheckDigit(body) + 1) % 10}` });
    assert.equal(bad.statusCode, 200, bad.body);
    const answer = bad.json<{ callId: null; check: { valid: boolean; reason: string } }>();
    assert.equal(answer.callId, null);
    assert.equal(answer.check.valid, false);
    assert.match(answer.check.reason, /Verhoeff/);
    assert.equal(sandbox().received('identity'), received);
  });

  it('a PAN the issuer does not know is valid but not verified', async () => {
    const res = await verify({ type: 'PAN', number: 'ABCPR0000F' });
    assert.equal(res.json<{ check: { valid: boolean; verified: boolean } }>().check.verified, false);
  });

  const pan = () => verify({ type: 'PAN', number: 'ABCPR1234F' });
  it('a timeout, a 5xx, a malformed answer: 503 each, nothing written', async () => {
    await failsCleanly('identity', 'timeout', pan, { status: 'TIMEOUT', attempts: 2, vendor: 'identity verification' });
    assert.equal((await pan()).statusCode, 200);
    await failsCleanly('identity', '5xx', pan, {
      status: 'VENDOR_ERROR',
      attempts: 2,
      vendor: 'identity verification',
    });
    assert.equal((await pan()).statusCode, 200);
    await failsCleanly('identity', 'malformed', pan, {
      status: 'MALFORMED_ANSWER',
      attempts: 1,
      vendor: 'identity verification',
    });
  });
});

describe('core banking, payments, employee directory, PMAY', () => {
  it('creates the loan once: asking again (or a retry) answers the same loan account', async () => {
    const first = await post(API_PATHS.loanCreation, { application_id: homeLoan });
    assert.equal(first.statusCode, 200, first.body);
    sandbox().failNext('loanCreation', '5xx', 1);
    const second = await post(API_PATHS.loanCreation, { application_id: homeLoan });
    assert.equal(second.statusCode, 200, second.body);
    assert.equal(
      second.json<{ loanAccountNumber: string }>().loanAccountNumber,
      first.json<{ loanAccountNumber: string }>().loanAccountNumber,
    );
    assert.equal((await lastCall())?.attempts, 2);
  });

  it('never retries a deviation (it is not idempotent)', () =>
    failsCleanly(
      'loanCreation',
      '5xx',
      () => post(API_PATHS.loanDeviation, { application_id: homeLoan, code: 'FOIR_ABOVE_CAP', reason: 'FOIR 58%' }),
      { status: 'VENDOR_ERROR', attempts: 1, vendor: 'core banking' },
    ));

  it('records a deviation and creates a payment link', async () => {
    const deviation = await post(API_PATHS.loanDeviation, {
      application_id: homeLoan,
      code: 'LOW_SCORE',
      reason: 'Score 640',
    });
    assert.equal(deviation.statusCode, 200, deviation.body);
    assert.equal(deviation.json<{ status: string }>().status, 'RECORDED');
    const payment = await post(API_PATHS.onlinePayment, {
      application_id: homeLoan,
      amount: 5900,
      purpose: 'PROCESSING_FEE',
    });
    assert.equal(payment.statusCode, 200, payment.body);
    assert.match(payment.json<{ paymentUrl: string }>().paymentUrl, /^https:\/\//);
  });

  it('searches the employee directory', async () => {
    const res = await post(API_PATHS.employeeSearch, { query: 'credit manager' });
    assert.equal(res.statusCode, 200, res.body);
    const names = res.json<{ employees: { name: string }[] }>().employees.map((e) => e.name);
    assert.deepEqual(names, ['Priya Sharma', 'Kavita Joshi']);
  });

  const documents = () =>
    count(
      "SELECT count(*) AS n FROM documents WHERE application_id = $1 AND field_key = 'pmay_form' AND removed_at IS NULL",
      [homeLoan],
    );
  it('keeps the PMAY form as a document of the application; a malformed answer keeps nothing', async () => {
    const res = await post(API_PATHS.pmayPdf, { application_id: homeLoan });
    assert.equal(res.statusCode, 200, res.body);
    const file = await call(
      s.app,
      'GET',
      apiPath('downloadDocument', { fileId: res.json<{ fileId: string }>().fileId }),
      officer,
    );
    assert.equal(file.rawPayload.subarray(0, 5).toString(), '%PDF-');
    await failsCleanly(
      'pmay',
      'malformed',
      () => post(API_PATHS.pmayPdf, { application_id: homeLoan }),
      {
        status: 'MALFORMED_ANSWER',
        attempts: 1,
        vendor: 'PMAY service',
      },
      documents,
    );
  });
});

describe('circuit breaker', () => {
  it('opens after failures in a row (calls then fail at once, sparing the vendor) and closes after a good trial', async () => {
    const search = () => post(API_PATHS.employeeSearch, { query: 'rao' });
    const breaker = () => integrationsOf(s.app.ctx).clients.employeeSearch.breakerState.state;
    sandbox().failNext('employeeSearch', '5xx', 4);
    assert.equal((await search()).statusCode, 503); // two attempts failed
    const opening = await search(); // the third failure opens it; the retry is refused
    assert.match(opening.json<{ message: string }>().message, /calls are paused/);
    assert.equal(breaker(), 'OPEN');
    const received = sandbox().received('employeeSearch');
    const refused = await search();
    assert.equal(refused.statusCode, 503);
    assert.equal((await lastCall())?.status, 'CIRCUIT_OPEN');
    assert.equal(sandbox().received('employeeSearch'), received, 'an open circuit does not call the vendor');
    await new Promise((resolve) => setTimeout(resolve, 1600));
    assert.equal((await search()).statusCode, 503, 'the trial meets the last 5xx: open again');
    assert.equal(breaker(), 'OPEN');
    await new Promise((resolve) => setTimeout(resolve, 1600));
    assert.equal((await search()).statusCode, 200);
    assert.equal(breaker(), 'CLOSED');
  });
});

describe("an application's integrations (the Credit panel)", () => {
  it('answers the latest report, analysis and identity check with the FOIR and the recent calls', async () => {
    const res = await call(s.app, 'GET', apiPath('applicationIntegrations', { applicationId: homeLoan }), officer);
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json<{
      bureau: { report: { obligations: { monthlyTotal: number } } };
      bankStatement: unknown;
      identity: { check: { type: string } };
      affordability: { foirPercent: string; monthlyObligations: number };
      calls: { status: string }[];
    }>();
    assert.ok(body.bureau && body.bankStatement && body.identity);
    assert.equal(body.affordability.monthlyObligations, body.bureau.report.obligations.monthlyTotal);
    assert.match(body.affordability.foirPercent, /^\d+\.\d{2}$/);
    assert.ok(body.calls.some((c) => c.status === 'TIMEOUT'));
    const refused = await call(s.app, 'GET', apiPath('applicationIntegrations', { applicationId: foreign }), officer);
    assert.equal(refused.statusCode, 403);
  });
});

describe('microflows that call an integration', () => {
  it("the home loan's income step fetches the applicant's credit report and shows its obligations", async () => {
    const a = await newHomeLoan(s.app);
    const run = (id: string, componentid: string, customFields: Record<string, unknown>) =>
      encrypted(
        s.app,
        'POST',
        `${apiPath('microflowExecute', { microflowId: id })}?componentid=${componentid}&application_id=${a.applicationId}`,
        a.headers,
        { customFields },
      );
    const verified = await run('pan_verify', 'HL_KYC', { pan: 'ABCPR1234F', full_name: 'Asha Rao' });
    assert.deepEqual(verified.json().actions, [{ type: 'VERIFY_FIELDS', keys: ['pan'], isVerified: true }]);
    const unknown = await run('pan_verify', 'HL_KYC', { pan: 'ABCPR0000F' });
    assert.equal(unknown.json().actions[0].isVerified, false);

    const res = await run('bureau_obligations', 'HL_INCOME', { pan: 'ABCPR1234F', monthly_income: '150000' });
    assert.equal(res.statusCode, 200, res.body);
    const [update] = res.json().actions;
    const kept = await q<{ result: BureauAnswer['report'] }>(
      "SELECT result FROM integration_results WHERE application_id = $1 AND kind = 'bureau'",
      [a.applicationId],
    );
    const report = kept[0]?.result;
    assert.ok(report, 'the report is kept for the staff to see');
    assert.equal(update.type, 'APPLICATION_UPDATE');
    assert.equal(update.values.bureau_obligations, report.obligations.monthlyTotal);
    for (const item of report.obligations.items)
      assert.ok(update.values.bureau_obligation_details.includes(item.lender));
    // The applicant's call is audited without a staff member.
    assert.equal((await lastCall())?.user_id, null);

    sandbox().failNext('bureau', '5xx', 2);
    const failed = await run('bureau_obligations', 'HL_INCOME', { pan: 'ABCPR1234F' });
    assert.equal(failed.statusCode, 503);
    assert.match(failed.json().message, /credit bureau.*try again/);
  });
});
