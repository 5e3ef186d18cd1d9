// The sandbox's flaky applicants (README "Integrations"): a PAN whose digits are 9999 fails its first bureau fetch,
// every attempt of it, in the way its last letter names (T a timeout, M a malformed answer, another a 503); the fetch
// answers 503 with the retryable message and writes no result, and the next fetch answers the report. This is how a
// browser test, outside the server's process, shows a vendor failure: chosen by the data, with no control route.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { API_PATHS, type BureauAnswer } from '@originate/contract';
import { integrationsOf } from '../src/modules/integrations';
import { officersHomeLoanAndForeign } from './flow-helpers';
import { call, type Login, loginStaff, startServer, type TestServer } from './helpers';

let s: TestServer;
let officer: Login;
let homeLoan: string;

before(async () => {
  s = await startServer({
    INTEGRATION_RETRIES: '1',
    INTEGRATION_RETRY_BASE_MS: '10',
    INTEGRATION_BUREAU_TIMEOUT_MS: '1500',
  });
  ({ officer } = await loginStaff(s.app));
  ({ homeLoan } = await officersHomeLoanAndForeign(s.app, officer, ['pan', 'interest_rate']));
});

after(() => s.close());

const received = () => integrationsOf(s.app.ctx).sandbox?.received('bureau') ?? 0;
const fetchBureau = () => call(s.app, 'POST', API_PATHS.bureauObligation, officer, { application_id: homeLoan });
const results = async () =>
  Number(
    (
      await s.app.ctx.db.query<{ n: string }>(
        `SELECT count(*) AS n FROM integration_results WHERE application_id = $1 AND kind = 'bureau'`,
        [homeLoan],
      )
    )[0]?.n,
  );

async function applicantPan(pan: string) {
  await s.app.ctx.db.query(
    `UPDATE applications SET doc = jsonb_set(doc, '{customFields,pan}', to_jsonb($2::text)) WHERE application_id = $1`,
    [homeLoan, pan],
  );
}

describe('a flaky PAN fails its first bureau fetch and is answered on the next', () => {
  for (const [pan, status, attempts, what] of [
    ['ABCPR9999K', 'VENDOR_ERROR', 2, 'answered with an error'],
    ['ABCPR9999T', 'TIMEOUT', 2, 'did not answer in time'],
    ['ABCPR9999M', 'MALFORMED_ANSWER', 1, 'sent an answer we could not read'],
  ] as const) {
    it(`${pan}: ${status} on each of its ${attempts} attempt(s), then the report`, async () => {
      await applicantPan(pan);
      const kept = await results();
      const before = received();
      const failed = await fetchBureau();
      assert.equal(failed.statusCode, 503, failed.body);
      assert.equal(
        failed.json<{ message: string }>().message,
        `The credit bureau ${what}. Nothing was saved; please try again.`,
      );
      assert.equal(received() - before, attempts);
      const [audit] = await s.app.ctx.db.query<{ status: string; attempts: number }>(
        `SELECT status, attempts FROM integration_calls WHERE application_id = $1 ORDER BY created_at DESC LIMIT 1`,
        [homeLoan],
      );
      assert.deepEqual({ ...audit }, { status, attempts });
      assert.equal(await results(), kept, 'a failed fetch writes no result');

      const retried = await fetchBureau();
      assert.equal(retried.statusCode, 200, retried.body);
      assert.ok(retried.json<BureauAnswer>().report.score >= 300);
      assert.equal(received() - before, attempts + 1, 'the retry is answered at its first attempt');
      assert.equal((await fetchBureau()).statusCode, 200, 'and so is every fetch after it');
    });
  }

  it('another PAN is answered at once', async () => {
    await applicantPan('ABCPR9998K');
    const before = received();
    assert.equal((await fetchBureau()).statusCode, 200);
    assert.equal(received() - before, 1);
  });
});
