// npm run bench: JS bytes on the wire before the login page and the back office are usable, singleton
// copies in the composed back office, and optionally (--cold) `npm start` on a fresh clone.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { ensureBuilt } from '../../deploy/scripts/lib/build.mjs';
import { ROOT } from '../../deploy/scripts/lib/run.mjs';
import { portsEnv, startSystem } from '../../deploy/scripts/lib/system.mjs';
import { CHROMIUM_ARGS } from '../playwright.config';
import { loadedShares, SINGLETONS } from '../support/federation';
import { E2E_PORTS, SHELL } from '../support/system';

const KIB = 1024;
const LOGIN_GOAL_KIB = 200;

/** Chromium offers 'gzip, deflate, br, zstd'; of those the static server has br and gzip, and picks br. */
const ACCEPT_ENCODING = 'br, gzip';

interface ScriptLog {
  files: { url: string; raw: number; wire: number }[];
  pending: Promise<void>[];
}

/** Bytes of a response body as sent (not decoded), fetched with the given Accept-Encoding. */
function wireBytes(url: string, acceptEncoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        res.on('end', () => resolve(bytes));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** Records every script the page loads: its size, and its bytes on the wire as the static server sends them. */
function recordScripts(page: Page): ScriptLog {
  const log: ScriptLog = { files: [], pending: [] };
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    log.pending.push(
      (async () => {
        const body = await res.body().catch(() => null);
        if (body)
          log.files.push({ url: res.url(), raw: body.length, wire: await wireBytes(res.url(), ACCEPT_ENCODING) });
      })(),
    );
  });
  return log;
}

/** Once every recorded response is measured. */
async function settled(log: ScriptLog): Promise<ScriptLog> {
  await Promise.all(log.pending);
  return log;
}

const total = (log: ScriptLog, key: 'raw' | 'wire') => log.files.reduce((n, f) => n + f[key], 0);
const kib = (bytes: number) => Math.round((bytes / KIB) * 10) / 10;

function byOrigin(log: ScriptLog): Record<string, number> {
  const out: Record<string, number> = {};
  for (const f of log.files) {
    const origin = new URL(f.url).origin;
    out[origin] = kib((out[origin] ?? 0) * KIB + f.wire);
  }
  return out;
}

async function measurePages() {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const log = recordScripts(page);
    await page.goto(SHELL);
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    await page.waitForLoadState('networkidle');
    await settled(log);
    const login = { wireKiB: kib(total(log, 'wire')), rawKiB: kib(total(log, 'raw')), files: log.files.length };

    await page.getByRole('textbox', { name: 'Username' }).fill('officer');
    await page.getByRole('textbox', { name: 'Password' }).fill('Officer@123');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('button', { name: /^Notifications/ }).waitFor();
    await page.waitForLoadState('networkidle');
    await settled(log);
    const backOffice = {
      wireKiB: kib(total(log, 'wire')),
      rawKiB: kib(total(log, 'raw')),
      files: log.files.length,
      byOrigin: byOrigin(log),
    };
    const shares = await loadedShares(page);
    const singletons = Object.fromEntries(SINGLETONS.map((pkg) => [pkg, shares[pkg]?.length ?? 0]));
    // Deep imports ('@mui/material/Badge', 'react-dom/client') are shared packages of their own.
    const mostCopiesOfAnySharedPackage = Math.max(0, ...Object.values(shares).map((copies) => copies.length));
    const shellMainJs = Object.fromEntries(
      await Promise.all(
        ['identity', 'gzip', 'br'].map(async (encoding) => [encoding, await wireBytes(`${SHELL}/main.js`, encoding)]),
      ),
    );
    return {
      login,
      backOffice,
      shellMainJs,
      singletons,
      sharedPackagesLoaded: Object.keys(shares).length,
      mostCopiesOfAnySharedPackage,
    };
  } finally {
    await browser.close();
  }
}

/** Fresh clone of HEAD, `npm start` in it, seconds until it prints the URLs. */
async function coldStart(): Promise<{ seconds: number; ok: boolean }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'originate-cold-'));
  try {
    const clone = spawn('git', ['clone', '--quiet', '--no-hardlinks', ROOT, dir], { stdio: 'inherit' });
    await new Promise((resolve) => clone.on('exit', resolve));
    const started = Date.now();
    const child = spawn('npm', ['start'], {
      cwd: dir,
      env: { ...process.env, ...portsEnv(E2E_PORTS) },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const ok = await new Promise<boolean>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        process.stdout.write(chunk);
        if (chunk.toString().includes('Originate is running:')) resolve(true);
      });
      child.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
      child.on('exit', () => resolve(false));
    });
    const seconds = Math.round((Date.now() - started) / 100) / 10;
    if (ok && child.pid !== undefined) {
      const exited = new Promise((resolve) => child.on('exit', resolve));
      process.kill(-child.pid, 'SIGINT');
      await exited;
    }
    return { seconds, ok };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const cold = process.argv.includes('--cold') ? await coldStart() : null;
  await ensureBuilt();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'originate-bench-'));
  const system = await startSystem({
    ports: E2E_PORTS,
    dataDir,
    logDir: path.join(ROOT, 'bench-results', 'logs'),
  });
  let pages: Awaited<ReturnType<typeof measurePages>>;
  try {
    pages = await measurePages();
  } finally {
    await system.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const result = { measuredAt: new Date().toISOString(), ...pages, coldStart: cold };
  mkdirSync(path.join(ROOT, 'bench-results'), { recursive: true });
  writeFileSync(path.join(ROOT, 'bench-results', 'bench.json'), `${JSON.stringify(result, null, 2)}\n`);

  const rows: [string, string, string][] = [
    [
      'JS before the login page is usable',
      `${pages.login.wireKiB} KiB on the wire (${pages.login.files} files)`,
      `goal ≤ ${LOGIN_GOAL_KIB} KiB`,
    ],
    [
      'JS before the back office + bell is usable',
      `${pages.backOffice.wireKiB} KiB on the wire (${pages.backOffice.files} files)`,
      'cumulative',
    ],
    ...Object.entries(pages.backOffice.byOrigin).map(([origin, size]): [string, string, string] => [
      `  of which from ${origin}`,
      `${size} KiB`,
      '',
    ]),
    ...Object.entries(pages.shellMainJs).map(([encoding, bytes]): [string, string, string] => [
      `shell main.js with Accept-Encoding: ${encoding}`,
      `${bytes} bytes`,
      '',
    ]),
    ...Object.entries(pages.singletons).map(([pkg, n]): [string, string, string] => [
      `copies of ${pkg}`,
      String(n),
      n === 0 ? 'not loaded: only deep imports of it are used' : 'must be 1',
    ]),
    [
      `most copies of any of the ${pages.sharedPackagesLoaded} shared packages loaded`,
      String(pages.mostCopiesOfAnySharedPackage),
      'must be 1',
    ],
  ];
  if (cold)
    rows.push([
      'cold npm start (fresh clone) until URLs printed',
      cold.ok ? `${cold.seconds} s` : `failed after ${cold.seconds} s`,
      'goal ≤ 300 s',
    ]);
  const width = Math.max(...rows.map((r) => r[0].length));
  for (const [what, value, note] of rows) console.log(`${what.padEnd(width)}  ${value.padEnd(28)}  ${note}`);
  console.log(`\nwritten to ${path.join('bench-results', 'bench.json')}`);
  const singletonOk = pages.mostCopiesOfAnySharedPackage === 1 && pages.singletons.react === 1;
  if (!singletonOk) process.exitCode = 1;
}

main().catch((error) => {
  console.error(`bench failed: ${error.stack ?? error}`);
  process.exit(1);
});
