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
import { rawCorpus } from './harness/raw';
import { type CorpusSize, DEBUG_PREFIX, routeKey } from './harness/routes';
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
 * suite's fuzz time. The corpus is the rotated one (harness/routes.ts `CorpusSize`). `npm run fuzz` runs
 * the whole corpus on both.
 */
function corpusInTest(route: RegisteredRoute, size: CorpusSize = 'rotated') {
  const cases = corpus(route, ctx, size);
  return route.url.startsWith(`${DEBUG_PREFIX}/`) ? cases.filter((c) => c.what.startsWith('plausible input')) : cases;
}

/** Routes alike for the rotation: what they answer without a token, and whether they read a body. */
const routeClass = (route: RegisteredRoute) =>
  `${route.public ? 'public' : 'private'} ${route.method === 'GET' || route.method === 'HEAD' ? 'reads no body' : 'reads a body'}`;

/** Each class's kinds of case (`what`), from every route of the class. */
function kindsByClass(cases: (route: RegisteredRoute) => { what: string }[]): Map<string, Set<string>> {
  const kinds = new Map<string, Set<string>>();
  for (const route of fuzzRoutes(server.app)) {
    if (route.url.startsWith(`${DEBUG_PREFIX}/`)) continue;
    const set = kinds.get(routeClass(route)) ?? new Set<string>();
    for (const c of cases(route)) set.add(c.what);
    kinds.set(routeClass(route), set);
  }
  return kinds;
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

  it('the rotated corpus sends every kind of case of the whole one to each class of routes', () => {
    const missing = (whole: Map<string, Set<string>>, rotated: Map<string, Set<string>>) =>
      [...whole].flatMap(([cls, kinds]) =>
        [...kinds].filter((what) => !rotated.get(cls)?.has(what)).map((what) => `${cls}: ${what}`),
      );
    assert.deepEqual(
      missing(
        kindsByClass((route) => corpusInTest(route, 'whole')),
        kindsByClass((route) => corpusInTest(route)),
      ),
      [],
    );
    assert.deepEqual(
      missing(
        kindsByClass((route) => rawCorpus(route, 'whole')),
        kindsByClass((route) => rawCorpus(route, 'rotated')),
      ),
      [],
    );
  });

  it("answers what Node's parser refuses (raw sockets) in the envelope too, and HEAD without a body", async (t) => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const tally = new Tally();
    await runRawCases((server.app.server.address() as AddressInfo).port, fuzzRoutes(server.app), tally, 'rotated');
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
