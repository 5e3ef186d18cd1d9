// npm test: install what is missing (Debian chromium, nginx and janus too), then at once (see main) the build and the
// browser tests, and a queue of the other steps (the server suite, each package's unit tests, typecheck and lint)
// on three niced workers, joined by a fourth when the browser tests end. Every step runs; the exit code is non-zero
// if anything failed. The summary gives each step's wall and CPU time, and ends with what failed (CI shows the tail
// of the output).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { markBuilt } from '../lib/app-builds.mjs';
import { aptInstall } from '../lib/apt.mjs';
import { browserCounts, browserTests } from '../lib/browser-report.mjs';
import { cpuSeconds, machineSeconds, readCpuFile } from '../lib/cpu-time.mjs';
import { ensureInstall } from '../lib/ensure-install.mjs';
import { ensureJanus } from '../lib/janus-process.mjs';
import { ensureNginx } from '../lib/nginx-process.mjs';
import { runCommand } from '../lib/process.mjs';
import { ROOT, step } from '../lib/repo.mjs';
import { countTests, failedTestFiles } from '../lib/test-counts.mjs';

const CHROMIUM = '/usr/bin/chromium';
/** The browser tests' Chromium (e2e/playwright.config.ts); the video spec and the benches use the full browser. */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const E2E_RESULTS = path.join(ROOT, 'e2e', 'test-results');
const E2E_REPORT = path.join(E2E_RESULTS, 'results.json');
/** The exclusive specs' own run, beside the others on a system of its own (see browserTestsStep). */
const E2E_EXCLUSIVE_REPORT = path.join(E2E_RESULTS, 'results-exclusive.json');
const WITH_CPU_TIME = path.join(ROOT, 'tools', 'scripts', 'with-cpu-time.mjs');
const CPU_DIR = mkdtempSync(path.join(tmpdir(), 'originate-test-cpu-'));
/** The server tests' seeded templates (mock-server test/with-templates.ts), one directory for every server step. */
const SERVER_TEMPLATES = mkdtempSync(path.join(tmpdir(), 'originate-templates-'));
process.env.MOCK_SERVER_TEST_TEMPLATES = SERVER_TEMPLATES;
const STARTED = Date.now();
/**
 * The machine's busy share of each minute of the run: where the two cores sat idle (steps waiting on timers or
 * on each other), the run could be shorter by packing, not by spending less CPU.
 */
const MACHINE_AT_START = machineSeconds();
/** @type {number[]} */
const busyPerMinute = [];
let lastMinute = MACHINE_AT_START;
const minuteSampler = setInterval(() => {
  const now = machineSeconds();
  if (now && lastMinute) {
    const busy = now.busy - lastMinute.busy;
    const all = busy + now.idle - lastMinute.idle;
    busyPerMinute.push(all > 0 ? Math.round((100 * busy) / all) : 0);
  }
  lastMinute = now;
}, 60_000);
minuteSampler.unref();
/**
 * Niced workers of the queue beside the browser stream. Three, not two: the queue's steps mostly wait (the server
 * halves spent 237 and 262 CPU-s in 1,103 and 1,166 s; the fuzz 136 in 334; the unit tests 238 in 491), and a CI
 * run of 1,509 s used 2,000 CPU-s of the 3,018 its two cores had: a third step beside them takes CPU that was idle.
 * The third starts once the build has ended (main).
 */
const QUEUE_WORKERS = 3;
const seconds = (/** @type {number} */ ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * @typedef {{ name: string, passed: number, failed: number, skipped: number, ms: number, cpuSeconds: number | null, check?: boolean }} Tally
 *   cpuSeconds: of the step's whole process tree; null where it could not be measured (no /proc).
 */
/** @type {Tally[]} */
const tallies = [];
/** Failed test files of the node and jest steps, for the end of the summary. @type {string[]} */
const failedFiles = [];

async function ensureChromium() {
  await aptInstall('Debian chromium', ['chromium', 'chromium-headless-shell'], [CHROMIUM, HEADLESS_SHELL]);
}

/**
 * A set-up step, timed for the summary; a failure stops the run (main's catch). They run one at a time before the
 * streams, so this process's own CPU and that of the children it waited for meanwhile are the step's.
 * @param {string} name @param {() => Promise<void>} work
 */
async function setUp(name, work) {
  const started = Date.now();
  const cpuBefore = cpuSeconds();
  await work();
  const cpuAfter = cpuSeconds();
  const cpu = cpuBefore && cpuAfter ? cpuAfter.self + cpuAfter.children - (cpuBefore.self + cpuBefore.children) : null;
  tallies.push({ name, passed: 0, failed: 0, skipped: 0, ms: Date.now() - started, cpuSeconds: cpu, check: true });
}

/**
 * A command at a lower CPU priority (coreutils' nice), for the steps beside the browser tests.
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
    cpuSeconds: 0,
    check: true,
  });
}

let stepNumber = 0;

/**
 * Steps run three at once (see main), so each one's output is kept and printed whole when it
 * ends, under its name, instead of interleaving with the others'. Each runs under with-cpu-time.mjs, which
 * measures the CPU of its whole process tree.
 * @param {string} name @param {string} command @param {string[]} args @param {NodeJS.ProcessEnv} [env]
 */
async function runStep(name, command, args, env) {
  console.log(`\n--- started: ${name}`);
  const started = Date.now();
  const cpuFile = path.join(CPU_DIR, `step-${++stepNumber}.json`);
  const result = await runCommand(process.execPath, [WITH_CPU_TIME, cpuFile, command, ...args], { quiet: true, env });
  const ms = Date.now() - started;
  const cpu = readCpuFile(cpuFile);
  step(`${name} (${seconds(ms)}${cpu === null ? '' : `, ${cpu.toFixed(1)} CPU-s`})`);
  process.stdout.write(result.output);
  return { ...result, ms, cpuSeconds: cpu };
}

/** A step that is a check, not tests (typecheck, lint, build): it adds no passes, and a failure counts as one. */
async function check(name, command, args) {
  const { code, ms, cpuSeconds: cpu } = await runStep(name, command, args);
  tallies.push({ name, passed: 0, failed: code === 0 ? 0 : 1, skipped: 0, ms, cpuSeconds: cpu, check: true });
  return code === 0;
}

/**
 * A step that runs node or jest tests; a failure that produced no failed test still counts as one.
 * @param {string} name @param {string} command @param {string[]} args
 */
async function tests(name, command, args) {
  const result = await runStep(name, command, args);
  const counts = countTests(result.output);
  if (result.code !== 0 && counts.failed === 0) counts.failed = 1;
  failedFiles.push(...failedTestFiles(result.output, ROOT));
  tallies.push({ name, ...counts, ms: result.ms, cpuSeconds: result.cpuSeconds });
}

/** The browser tests of the run: those side by side, and the exclusive specs' own run. */
function browserResults() {
  return [...browserTests(E2E_REPORT), ...browserTests(E2E_EXCLUSIVE_REPORT)];
}

/**
 * A browser test step's tally: a run that failed without a failed test (set-up, a crash of the runner) still
 * counts as one failure.
 * @param {string} name @param {Awaited<ReturnType<typeof runStep>>} result @param {import('../lib/browser-report.mjs').BrowserTest[]} counted
 */
function browserTally(name, result, counted) {
  const counts = browserCounts(counted);
  if (result.code !== 0 && counts.failed === 0) counts.failed = 1;
  tallies.push({ name, ...counts, ms: result.ms, cpuSeconds: result.cpuSeconds });
}

/**
 * The browser tests, two runs at once, each against a system of its own (E2E_PORT_OFFSET, e2e/support/
 * system-under-test.ts): the side-by-side specs on two workers, and the exclusive specs (e2e/support/order.ts) one
 * after another on a second system, where nothing else runs beside them. One after the other, the exclusive
 * specs' ten minutes were the end of the run's longest path; and a failure of one run no longer skips the other.
 */
async function browserTestsStep() {
  rmSync(E2E_REPORT, { force: true });
  rmSync(E2E_EXCLUSIVE_REPORT, { force: true });
  const playwright = ['playwright', 'test', '-c', 'e2e/playwright.config.ts'];
  const offset = Number(process.env.E2E_PORT_OFFSET || 0);
  // No screenshots of key screens unless E2E_SCREENSHOTS=1 asks (e2e/support/ui.ts): nobody opens them after a
  // run that passed, and they cost the browser and the runner CPU (e2e README "How the suite runs").
  const screenshots = process.env.E2E_SCREENSHOTS === '1' ? '1' : '0';
  /** @param {string} name @param {string[]} args @param {string} report @param {NodeJS.ProcessEnv} env */
  const run = async (name, args, report, env) => {
    const result = await runStep(name, 'npx', [...playwright, ...args], {
      ...env,
      E2E_JSON_REPORT: report,
      E2E_SCREENSHOTS: screenshots,
    });
    browserTally(name, result, browserTests(report));
  };
  await Promise.all([
    run(
      'browser tests, side by side: npx playwright test --project side-by-side',
      ['--project', 'side-by-side'],
      E2E_REPORT,
      {},
    ),
    run(
      'browser tests, the exclusive specs on a system of their own: npx playwright test --project exclusive --no-deps',
      ['--project', 'exclusive', '--no-deps'],
      E2E_EXCLUSIVE_REPORT,
      { E2E_PORT_OFFSET: String((offset + 50) % 100) },
    ),
  ]);
}

async function main() {
  await setUp('install: npm ci (when needed)', ensureInstall);
  await setUp('Debian chromium: apt-get (when missing)', ensureChromium);
  // The topology test runs nginx (deploy/test/topology.test.ts).
  await setUp('Debian nginx and its brotli static module: apt-get (when missing)', ensureNginx);
  // The video gateway: the server's real-gateway test and the browser tests run it (lib/janus-process.mjs).
  await setUp('Debian janus: apt-get (when missing)', ensureJanus);
  if (process.env.CI === 'true') await requireProductionServices();
  // Two kinds of work on CI's 2 cores, each step running to the end so a run reports every failure at once:
  // - the browser stream: the build, then the browser and topology tests. The longest path, and it waits on real
  //   time (timeouts, a live page), so it runs at normal priority;
  // - everything else, a queue of steps under `nice -n 10` (they take the CPU the browser stream leaves while it
  //   waits): QUEUE_WORKERS workers take its steps in order, each the next one when it is free, and the browser
  //   stream becomes one more worker once it has ended, so the last steps share the workers instead of waiting
  //   behind one long stream. Small steps at the end (the server's long files one by one, each package's unit
  //   tests, the static checks) let the workers end together.
  // The server suite runs in two halves of about the same length (mock-server test/suite.ts `--part`), one on
  // each worker, sharing one directory of seeded templates (one half seeds a template, the other waits for it).
  const queue = [...serverSteps(), ...unitTestSteps(), ...checkSteps()];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) await next();
  };
  /** @type {() => void} */
  let buildEnded = () => {};
  const afterBuild = new Promise((resolve) => {
    buildEnded = () => resolve(undefined);
  });
  const browserStream = async () => {
    const buildStartedAt = new Date();
    const built = await check('build: npx lerna run build', 'npx', ['lerna', 'run', 'build']);
    buildEnded();
    if (built) {
      // The browser tests' setup then finds the builds current instead of building them again.
      markBuilt(buildStartedAt);
      await browserTestsStep();
      // After the build, not among the unit tests: it serves the builds (deploy/README.md, "nginx topology").
      await tests('topology: npm run test:topology -w @originate/deploy', 'npm', [
        'run',
        'test:topology',
        '-w',
        '@originate/deploy',
      ]);
    } else {
      tallies.push({
        name: 'browser tests (not run: build failed)',
        passed: 0,
        failed: 1,
        skipped: 0,
        ms: 0,
        cpuSeconds: 0,
      });
    }
  };
  // The workers past the second start once the build has ended: the build keeps both cores busy, and a third
  // niced step beside it starved (a run at a load of 24 saw durability's child servers miss their 90 s start).
  const queueWorkers = Array.from({ length: QUEUE_WORKERS }, (_, i) => (i < 2 ? worker() : afterBuild.then(worker)));
  await Promise.all([...queueWorkers, browserStream().then(worker)]);
  summarise();
}

/** @typedef {() => Promise<void>} Step */

/**
 * The server suite's halves, then its three long files (kill -9 durability, the drain, the fuzz corpus), each a step
 * of its own, the longest first: they mostly wait for servers to start and stop, and overlap well with other steps.
 * @returns {Step[]}
 */
function serverSteps() {
  const halves = ['1/2', '2/2'].map(
    (part) => () =>
      tests(
        `server tests: npm test -w @originate/mock-server -- --part=${part}`,
        ...niced('npm', ['test', '-w', '@originate/mock-server', '--', `--part=${part}`]),
      ),
  );
  const long = ['durability', 'drain', 'fuzz'].map(
    (file) => () =>
      tests(
        `server tests, a long one: npm run test:long -w @originate/mock-server -- test/${file}.test.ts`,
        ...niced('npm', ['run', 'test:long', '-w', '@originate/mock-server', '--', `test/${file}.test.ts`]),
      ),
  );
  return [...halves, ...long];
}

/**
 * Each other package's unit tests (`npm test -w <package>`), a step each: every package with a test script but the
 * server (above), those that took longest first. A package no longer listed here still runs, last.
 * @returns {Step[]}
 */
function unitTestSteps() {
  const LONGEST_FIRST = [
    '@originate/mfe-applications',
    '@originate/mfe-customer-flow',
    '@originate/web',
    '@originate/contract',
    '@originate/mfe-reports',
    '@originate/shell',
    '@originate/deploy',
    '@originate/mfe-video',
    '@originate/mfe-notifications',
    '@originate/flow-engine',
    '@originate/mfe-leads',
  ];
  const root = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  /** @type {string[]} */
  const names = [];
  for (const dir of root.workspaces) {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8'));
    if (pkg.scripts?.test && pkg.name !== '@originate/mock-server') names.push(pkg.name);
  }
  const rank = (/** @type {string} */ name) => {
    const at = LONGEST_FIRST.indexOf(name);
    return at === -1 ? LONGEST_FIRST.length : at;
  };
  return names
    .sort((a, b) => rank(a) - rank(b))
    .map((name) => () => tests(`unit tests: npm test -w ${name}`, ...niced('npm', ['test', '-w', name])));
}

/** Typecheck and lint, last: they need no other step and take a minute or two. @returns {Step[]} */
function checkSteps() {
  return [
    // One program over every package (tsconfig.typecheck.json), not one per package nor one per kind: the shared
    // types (contract, TypeBox, Node, the DOM) are checked once. Two programs, web and node, took 110 CPU-s; one
    // took 74 (both at a load of 15-20); under TypeScript 7's native tsgo, 44-48 against tsc's 82 (load 18-30).
    async () => {
      await check('typecheck: npm run typecheck', ...niced('npm', ['run', 'typecheck']));
    },
    async () => {
      await check('lint: npx biome check .', ...niced('npx', ['biome', 'check', '.']));
    },
    // Exports, files and dependencies nothing uses (knip.json).
    async () => {
      await check('lint: npx knip', ...niced('npx', ['knip', '--no-progress']));
    },
  ];
}

const cpuText = (/** @type {number | null} */ cpu) => (cpu === null ? 'n/a' : `${cpu.toFixed(1)} CPU-s`);

function summarise() {
  const results = browserResults();
  const slowest = [...results].sort((a, b) => b.ms - a.ms).slice(0, 10);
  if (slowest.length > 0) {
    console.log('\n=== Ten slowest browser tests');
    for (const t of slowest) console.log(`  ${seconds(t.ms).padStart(8)}  ${t.title}`);
  }
  console.log('\n=== Summary (wall time and CPU time of each step; CPU of its whole process tree)');
  for (const t of tallies) {
    const detail = t.check ? '' : `: ${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped`;
    console.log(
      `  ${t.failed ? 'FAIL' : 'ok  '}  ${seconds(t.ms).padStart(8)}  ${cpuText(t.cpuSeconds).padStart(12)}  ${t.name}${detail}`,
    );
  }
  // Everything this process and every process under it used, set-up included.
  const cpu = cpuSeconds();
  console.log(
    `  total wall time ${seconds(Date.now() - STARTED)}, total CPU ${cpuText(cpu && cpu.self + cpu.children)}`,
  );
  const machine = machineSeconds();
  if (machine && MACHINE_AT_START) {
    const busy = machine.busy - MACHINE_AT_START.busy;
    const idle = machine.idle - MACHINE_AT_START.idle;
    console.log(
      `  the machine: ${busy.toFixed(0)} CPU-s busy, ${idle.toFixed(0)} idle (${Math.round((100 * busy) / (busy + idle))} % busy; the services and anything else running included)`,
    );
    console.log(`  busy % per minute: ${busyPerMinute.join(' ')}`);
  }
  const failedBrowserTests = results.filter((t) => t.status === 'unexpected');
  if (failedBrowserTests.length > 0) {
    console.log(`\n=== Failed browser tests (${failedBrowserTests.length})`);
    for (const t of failedBrowserTests) {
      console.log(`  ${t.title} [${t.project}]`);
      if (t.error) console.log(t.error.replace(/^/gm, '      '));
    }
  }
  if (failedFiles.length > 0) {
    console.log(`\n=== Failed test files (node:test, jest) (${failedFiles.length})`);
    for (const file of new Set(failedFiles)) console.log(`  ${file}`);
  }
  const passed = tallies.reduce((n, t) => n + t.passed, 0);
  const failed = tallies.reduce((n, t) => n + t.failed, 0);
  const skipped = tallies.reduce((n, t) => n + t.skipped, 0);
  console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
  rmSync(CPU_DIR, { recursive: true, force: true });
  rmSync(SERVER_TEMPLATES, { recursive: true, force: true });
  process.exitCode = failed > 0 ? 1 : 0;
}

main().catch((error) => {
  console.error(`npm test could not run: ${error.message}`);
  tallies.push({ name: 'set-up', passed: 0, failed: 1, skipped: 0, ms: 0, cpuSeconds: null });
  summarise();
});
