// Bad input on every registered route (README "Test harness"): never a 5xx, every refusal is the error
// envelope with a catalogue code, and input that breaks a route's contract is never accepted. CI runs
// the fixed corpus (on a /debugger copy, only its gate's cases: corpusInTest) plus FUZZ_RUNS_PER_ROUTE
// generated cases per route from a fixed seed, so a run is repeatable; `npm run fuzz` runs the whole
// corpus and 10,000+ generated cases from a fresh seed each time.

import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { RegisteredRoute } from '../src/app';
import {
  corpus,
  type FuzzContext,
  fuzzRoutes,
  generated,
  prepareFuzz,
  runCases,
  runRawCases,
  seedFrom,
  Tally,
} from './harness/fuzz';
import { DEBUG_PREFIX, routeKey } from './harness/routes';
import { startServer, type TestServer } from './helpers';

const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS_PER_ROUTE ?? 12);
/** The suite's seed: a test run does not change with the clock (FUZZ_SEED replays another). */
const SUITE_SEED = 20261126;
const SEED = seedFrom(process.env, SUITE_SEED);
console.log(`# fuzz seed ${SEED} (replay: FUZZ_SEED=${SEED}), ${RUNS_PER_ROUTE} generated cases per route`);

let server: TestServer;
let ctx: FuzzContext;

/**
 * A /debugger copy is its route's own plugin registered again under the prefix (src/app.ts): same schemas,
 * same handler, one more gate. Here the hostile corpus runs on the route itself, and the copy gets the
 * cases of its gate (plausible input, with and without a token) and its generated cases; half the
 * suite's fuzz time. `npm run fuzz` runs the whole corpus on both.
 */
function corpusInTest(route: RegisteredRoute) {
  const cases = corpus(route, ctx);
  return route.url.startsWith(`${DEBUG_PREFIX}/`) ? cases.filter((c) => c.what.startsWith('plausible input')) : cases;
}

before(async () => {
  server = await startServer();
  ctx = await prepareFuzz(server.app);
});
after(() => server.close());

describe('fuzz: every registered route', () => {
  it('covers the routes the app registered, /debugger copies included', () => {
    const keys = fuzzRoutes(server.app).map(routeKey);
    assert.ok(keys.includes('POST /v3/auth/login'));
    assert.ok(
      keys.some((k) => k.includes(' /debugger/')),
      'the /debugger copies are fuzzed too',
    );
  });

  it("answers what Node's parser refuses (raw sockets) in the envelope too, and HEAD without a body", async (t) => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const tally = new Tally();
    await runRawCases((server.app.server.address() as AddressInfo).port, fuzzRoutes(server.app), tally);
    t.diagnostic(`${tally.total} raw answers`);
    assert.equal(
      tally.badCount,
      0,
      `${tally.badCount} of ${tally.total} raw answers broke the contract:\n${tally.report(60)}`,
    );
  });

  it('answers every hostile and generated input with a catalogue refusal or a 2xx, never a 5xx', async (t) => {
    const tally = new Tally();
    for (const route of fuzzRoutes(server.app)) {
      await runCases(ctx, [...corpusInTest(route), ...generated(route, ctx, SEED, RUNS_PER_ROUTE)], tally);
    }
    t.diagnostic(`${tally.total} requests, seed ${SEED}`);
    assert.equal(
      tally.badCount,
      0,
      `${tally.badCount} of ${tally.total} answers broke the contract (seed ${SEED}):\n${tally.report(60)}\n\n${tally.table()}`,
    );
  });
});
