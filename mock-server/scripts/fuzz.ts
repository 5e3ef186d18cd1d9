// `npm run fuzz`: the long fuzz run (README "Test harness"). Every registered route gets the fixed
// corpus and its share of FUZZ_RUNS (default 10,000) generated requests, on a fresh in-memory PGlite;
// then the raw socket corpus against it listening on 127.0.0.1; prints a table by route and status class
// and exits 1 on any 5xx, answer outside the envelope, HEAD answer with a body or accepted bad input.
// Replay a run with the printed seed: FUZZ_SEED=<seed> npm run fuzz.

import type { AddressInfo } from 'node:net';
import { loadConfig } from '../src/config';
import { buildSeededApp } from '../src/seed';
import {
  corpus,
  fuzzRoutes,
  generated,
  prepareFuzz,
  runCases,
  runRawCases,
  seedFrom,
  Tally,
} from '../test/harness/fuzz';

const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
if (!Number.isInteger(RUNS) || RUNS < 0)
  throw new Error(`FUZZ_RUNS must be a whole number, got ${process.env.FUZZ_RUNS}`);
const SEED = seedFrom(process.env, Date.now() % 2 ** 31);

const started = Date.now();
const config = loadConfig({ DATA_DIR: 'memory://', NODE_ENV: 'test' });
const app = await buildSeededApp(config);
try {
  const ctx = await prepareFuzz(app);
  const routes = fuzzRoutes(app);
  const perRoute = Math.ceil(RUNS / routes.length);
  console.log(`fuzz seed ${SEED} (replay: FUZZ_SEED=${SEED}); ${routes.length} routes, ${perRoute} generated each`);
  const tally = new Tally();
  for (const route of routes) {
    await runCases(ctx, [...corpus(route, ctx), ...generated(route, ctx, SEED, perRoute)], tally);
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  await runRawCases((app.server.address() as AddressInfo).port, routes, tally);
  console.log(`\n${tally.table()}\n`);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`${tally.total} requests in ${seconds} s, ${tally.badCount} broke the contract (seed ${SEED})`);
  if (tally.badCount > 0) {
    console.log(`\n${tally.report(200)}`);
    process.exitCode = 1;
  }
} finally {
  await app.close();
}
