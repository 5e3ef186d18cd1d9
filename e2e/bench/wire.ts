// Bytes on the wire of the scripts a page loads, as the static origins send them: every script the
// browser received is fetched again with a chosen Accept-Encoding and its body counted as sent (the
// precompressed .br or .gz), not decoded.
import http from 'node:http';
import type { Page } from 'playwright-core';

const KIB = 1024;

/** Chromium offers 'gzip, deflate, br, zstd'; of those the static server has br and gzip, and picks br. */
const BROWSER_ENCODING = 'br, gzip';

/** Bytes of a response body as sent (not decoded), fetched with the given Accept-Encoding. */
export function wireBytes(url: string, acceptEncoding: string): Promise<number> {
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

export interface ScriptFile {
  url: string;
  raw: number;
  /** As the browser gets it ('br, gzip': br). */
  wire: number;
  /** With 'Accept-Encoding: gzip' only. */
  gzip: number;
}

export interface ScriptLog {
  files: ScriptFile[];
  pending: Promise<void>[];
  /** Scripts that could not be fetched again to count their bytes. */
  errors: string[];
}

/** Records every script the page loads: its size, and its bytes on the wire as the static server sends them. */
export function recordScripts(page: Page): ScriptLog {
  const log: ScriptLog = { files: [], pending: [], errors: [] };
  page.on('response', (res) => {
    // blob: and data: scripts (a worker made in the page) never crossed the network.
    if (res.request().resourceType() !== 'script' || !res.url().startsWith('http')) return;
    log.pending.push(
      (async () => {
        const body = await res.body().catch(() => null);
        if (!body) return;
        const [wire, gzip] = await Promise.all([wireBytes(res.url(), BROWSER_ENCODING), wireBytes(res.url(), 'gzip')]);
        log.files.push({ url: res.url(), raw: body.length, wire, gzip });
      })().catch((error: unknown) => {
        log.errors.push(`${res.url()}: ${error instanceof Error ? error.message : String(error)}`);
      }),
    );
  });
  return log;
}

/** The scripts whose responses had arrived so far (later ones are not counted), once each is measured. */
export async function measuredSoFar(log: ScriptLog): Promise<ScriptFile[]> {
  const arrived = log.pending.slice();
  await Promise.all(arrived);
  if (log.errors.length > 0) throw new Error(`scripts not measured: ${log.errors.join('; ')}`);
  return log.files.slice();
}

const kib = (bytes: number) => Math.round((bytes / KIB) * 10) / 10;
const total = (files: readonly ScriptFile[], key: 'raw' | 'wire' | 'gzip') => files.reduce((n, f) => n + f[key], 0);

/** KiB on the wire (as the browser gets it) per origin. */
export function byOrigin(files: readonly ScriptFile[]): Record<string, number> {
  const bytes: Record<string, number> = {};
  for (const f of files) {
    const origin = new URL(f.url).origin;
    bytes[origin] = (bytes[origin] ?? 0) + f.wire;
  }
  return Object.fromEntries(Object.entries(bytes).map(([origin, n]) => [origin, kib(n)]));
}

/** The biggest scripts (by gzip bytes unless told): where a size goal would be won. */
export function largest(files: readonly ScriptFile[], count: number, by: 'gzip' | 'wire' = 'gzip') {
  return [...files]
    .sort((a, b) => b[by] - a[by])
    .slice(0, count)
    .map((f) => ({
      path: new URL(f.url).pathname,
      origin: new URL(f.url).origin,
      wireKiB: kib(f.wire),
      gzipKiB: kib(f.gzip),
    }));
}

/** The JSON figures of a set of scripts. */
export function sizes(files: readonly ScriptFile[]) {
  return {
    wireKiB: kib(total(files, 'wire')),
    gzipKiB: kib(total(files, 'gzip')),
    rawKiB: kib(total(files, 'raw')),
    files: files.length,
  };
}
