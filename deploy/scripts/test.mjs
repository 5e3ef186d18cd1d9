// npm test: install what is missing (Debian chromium, nginx and janus too), then three streams at once (see main):
// the server tests; the other unit tests, then the server's long tests; the build, then the browser tests, typecheck
// and lint. Every step runs; the exit code is non-zero if anything failed.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { aptInstall } from './lib/apt.mjs';
import { markBuilt } from './lib/build.mjs';
import { countTests } from './lib/counts.mjs';
import { ensureInstall } from './lib/ensure-install.mjs';
import { ensureJanus } from './lib/janus.mjs';
import { ensureNginx } from './lib/nginx.mjs';
import { ROOT, run, step } from './lib/run.mjs';

const CHROMIUM = '/usr/bin/chromium';
const E2E_REPORT = path.join(ROOT, 'e2e', 'test-results', 'results.json');
const STARTED = Date.now();
const seconds = (/** @type {number} */ ms) => `${(ms / 1000).toFixed(1)} s`;

/** @typedef {{ name: string, passed: number, failed: number, skipped: number, ms: number, check?: boolean }} Tally */
/** @type {Tally[]} */
const tallies = [];

async function ensureChromium() {
  await aptInstall('Debian chromium', ['chromium'], [CHROMIUM]);
}

/** A set-up step, timed for the summary; a failure stops the run (main's catch). */
async function setUp(name, work) {
  const started = Date.now();
  await work();
  tallies.push({ name, passed: 0, failed: 0, skipped: 0, ms: Date.now() - started, check: true });
}

/**
 * A command at a lower CPU priority (coreutils' nice), for the lanes beside the browser tests.
 * @param {string} command @param {string[]} args @returns {[string, string[]]}
 */
function niced(command, args) {
  return ['nice', ['-n', '10', command, ...args]];
}

/** @param {number} port */
function answers(port) {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, timeout: 2_000 });
    const done = (/** @type {boolean} */ ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}

/**
 * On CI (CI=true) the production path's tests (PostgreSQL, Redis) must run: a service that does not
 * answer fails the run here instead of letting those tests skip. Elsewhere they skip and say why.
 */
async function requireProductionServices() {
  const name = 'CI: PostgreSQL on 127.0.0.1:5432 and Redis on 127.0.0.1:6379 answer';
  step(name);
  const started = Date.now();
  const missing = [];
  if (!(await answers(5432))) missing.push('PostgreSQL (127.0.0.1:5432)');
  if (!(await answers(6379))) missing.push('Redis (127.0.0.1:6379)');
  if (missing.length > 0) console.log(`  not answering: ${missing.join(', ')}; the production-path tests cannot run`);
  tallies.push({
    name,
    passed: 0,
    failed: missing.length > 0 ? 1 : 0,
    skipped: 0,
    ms: Date.now() - started,
    check: true,
  });
}

/**
 * Steps run in two lanes at once (see main), so each one's output is kept and printed whole when it
 * ends, under its name, instead of interleaving with the other lane's.
 * @param {string} name @param {string} command @param {string[]} args
 */
async function runStep(name, command, args) {
  console.log(`\n--- started: ${name}`);
  const started = Date.now();
  const result = await run(command, args, { quiet: true });
  step(`${name} (${seconds(Date.now() - started)})`);
  process.stdout.write(result.output);
  return { ...result, ms: Date.now() - started };
}

/** A step that is a check, not tests (typecheck, lint, build): it adds no passes, and a failure counts as one. */
async function check(name, command, args) {
  const { code, ms } = await runStep(name, command, args);
  tallies.push({ name, passed: 0, failed: code === 0 ? 0 : 1, skipped: 0, ms, check: true });
  return code === 0;
}

/** A step that runs tests; a failure that produced no failed test still counts as one. */
async function tests(name, command, args, counter) {
  const result = await runStep(name, command, args);
  const counts = counter(result.output);
  if (result.code !== 0 && counts.failed === 0) counts.failed = 1;
  tallies.push({ name, ...counts, ms: result.ms });
}

function e2eReport() {
  return existsSync(E2E_REPORT) ? JSON.parse(readFileSync(E2E_REPORT, 'utf8')) : null;
}

function e2eCounts() {
  const stats = e2eReport()?.stats ?? {};
  return {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: stats.unexpected ?? 0,
    skipped: stats.skipped ?? 0,
  };
}

/** The slowest browser tests of the Playwright JSON report, for the summary. */
function slowestBrowserTests(count = 10) {
  /** @type {{ title: string, ms: number }[]} */
  const found = [];
  /** @param {any} suite @param {string[]} path */
  const walk = (suite, path) => {
    const here = suite.title && !suite.title.endsWith('.ts') ? [...path, suite.title] : path;
    for (const spec of suite.specs ?? []) {
      const ms = (spec.tests ?? []).flatMap((t) => t.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0), 0);
      found.push({ title: `${spec.file} › ${[...here, spec.title].join(' › ')}`, ms });
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of e2eReport()?.suites ?? []) walk(suite, []);
  return found.sort((a, b) => b.ms - a.ms).slice(0, count);
}

async function main() {
  await setUp('install: npm ci (when needed)', ensureInstall);
  await setUp('Debian chromium: apt-get (when missing)', ensureChromium);
  // The topology test runs nginx (deploy/test/topology.test.ts).
  await setUp('Debian nginx and its brotli static module: apt-get (when missing)', ensureNginx);
  // The video gateway: the server's real-gateway test and the browser tests run it (lib/janus.mjs).
  await setUp('Debian janus: apt-get (when missing)', ensureJanus);
  if (process.env.CI === 'true') await requireProductionServices();
  // Three streams on CI's 2 cores: the server suite from the first second; the other packages' unit tests one
  // package at a time, then the server's three longest test files; and the build, then the browser and topology
  // tests, then the static checks. The first two run niced (`nice -n 10`): the build and the browser tests are the
  // longest path and wait on real time (timeouts, a live page), the others only take the CPU the browser lane
  // leaves. Every stream runs to the end, so a run reports every failure at once.
  const serverLane = tests(
    'server tests: npm test -w @originate/mock-server',
    ...niced('npm', ['test', '-w', '@originate/mock-server']),
    countTests,
  );
  const unitLane = (async () => {
    // --no-bail: one package's failure does not stop the others; --no-sort: tests run from sources, so
    // no package waits for another's tests in dependency order.
    await tests(
      'unit tests: npx lerna run test --ignore @originate/mock-server --concurrency 1 --no-bail --no-sort',
      ...niced('npx', [
        'lerna',
        'run',
        'test',
        '--ignore',
        '@originate/mock-server',
        '--concurrency',
        '1',
        '--no-bail',
        '--no-sort',
      ]),
      countTests,
    );
    // The server's three longest files (kill -9 durability, the fuzz corpus, the drain), beside the rest of it.
    await tests(
      'server tests, the long ones: npm run test:long -w @originate/mock-server',
      ...niced('npm', ['run', 'test:long', '-w', '@originate/mock-server']),
      countTests,
    );
  })();
  const browserLane = (async () => {
    const buildStartedAt = new Date();
    if (await check('build: npx lerna run build', 'npx', ['lerna', 'run', 'build'])) {
      // The browser tests' setup then finds the builds current instead of building them again.
      markBuilt(buildStartedAt);
      rmSync(E2E_REPORT, { force: true });
      await tests(
        'browser tests: npx playwright test',
        'npx',
        ['playwright', 'test', '-c', 'e2e/playwright.config.ts'],
        e2eCounts,
      );
      // After the build, not among the unit tests: it serves the builds (deploy/README.md, "nginx topology").
      await tests(
        'topology: npm run test:topology -w @originate/deploy',
        'npm',
        ['run', 'test:topology', '-w', '@originate/deploy'],
        countTests,
      );
    } else {
      tallies.push({ name: 'browser tests (not run: build failed)', passed: 0, failed: 1, skipped: 0, ms: 0 });
    }
    // The static checks last in this lane, the shortest of the three: after the browser tests (they would take
    // CPU from a live page), while the other two lanes finish.
    // Two programs (tsconfig.web.json, tsconfig.node.json) instead of one per package: the shared and MUI
    // types are checked once each, not once per package.
    await check('typecheck: npm run typecheck', 'npm', ['run', 'typecheck']);
    await check('lint: npx biome check .', 'npx', ['biome', 'check', '.']);
    // Exports, files and dependencies nothing uses (knip.json).
    await check('lint: npx knip', 'npx', ['knip', '--no-progress']);
  })();
  await Promise.all([serverLane, unitLane, browserLane]);
  summarise();
}

function summarise() {
  const slowest = slowestBrowserTests();
  if (slowest.length > 0) {
    console.log('\n=== Ten slowest browser tests');
    for (const t of slowest) console.log(`  ${seconds(t.ms).padStart(8)}  ${t.title}`);
  }
  console.log('\n=== Summary (wall time of each step)');
  for (const t of tallies) {
    const detail = t.check ? '' : `: ${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped`;
    console.log(`  ${t.failed ? 'FAIL' : 'ok  '}  ${seconds(t.ms).padStart(8)}  ${t.name}${detail}`);
  }
  console.log(`  total wall time ${seconds(Date.now() - STARTED)}`);
  const passed = tallies.reduce((n, t) => n + t.passed, 0);
  const failed = tallies.reduce((n, t) => n + t.failed, 0);
  const skipped = tallies.reduce((n, t) => n + t.skipped, 0);
  console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
  process.exitCode = failed > 0 ? 1 : 0;
}

main().catch((error) => {
  console.error(`npm test could not run: ${error.message}`);
  tallies.push({ name: 'set-up', passed: 0, failed: 1, skipped: 0, ms: 0 });
  summarise();
});
