// The SurveyJS side's page: its entry (page.ts) bundled with esbuild's JS API into one minified script
// and one style sheet, served with the form's JSON through page.route on a 127.0.0.1 origin (nothing
// listens there and nothing reaches the network). Every response is brotli-compressed once (node:zlib): its
// byte figures are the br bodies', comparable with the portal's precompressed .br files. The page is handed
// the identity body: Chromium's interception (Fetch.fulfillRequest) gives a fulfilled body to the page as
// already decoded, so a br body sent with content-encoding: br arrives as compressed bytes (tried: the
// script is garbage and nothing renders).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';
import type { ScriptFile } from '../wire';
import type { SurveyForm } from './convert';

/** Where the page is served (intercepted: no server listens on this port). */
const SURVEYJS_ORIGIN = 'http://127.0.0.1:3190';
export const SURVEYJS_URL = `${SURVEYJS_ORIGIN}/`;

interface Asset {
  type: string;
  raw: Buffer;
  br: Buffer;
}

export interface SurveyPage {
  assets: ReadonlyMap<string, Asset>;
  /** The page's one script, as ScriptFile for wire.ts's sizes(): raw, br (as sent) and gzip bytes. */
  script: ScriptFile;
  versions: { 'survey-core': string; 'survey-react-ui': string; esbuild: string };
}

const brotli = (raw: Buffer) =>
  brotliCompressSync(raw, {
    params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length },
  });

function asset(type: string, raw: Buffer): Asset {
  return { type, raw, br: brotli(raw) };
}

/** A package's version from its package.json (found above its entry: these packages do not export it). */
function versionOf(pkg: string): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.resolve(pkg))); dir !== path.dirname(dir); ) {
    const file = path.join(dir, 'package.json');
    const manifest = existsSync(file)
      ? (JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version: string })
      : null;
    if (manifest?.name === pkg) return manifest.version;
    dir = path.dirname(dir);
  }
  throw new Error(`no package.json of ${pkg}`);
}

const HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>SurveyJS: the generated flow</title>
<link rel="stylesheet" href="/page.css">
</head>
<body>
<div id="root"></div>
<script src="/page.js"></script>
</body>
</html>
`;

/** The page entry bundled (minified, production React) and every response compressed once. */
export async function buildSurveyPage(form: SurveyForm): Promise<SurveyPage> {
  const result = await build({
    entryPoints: { page: fileURLToPath(import.meta.resolve('./page.ts')) },
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2022',
    platform: 'browser',
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    outdir: 'surveyjs-page',
    write: false,
    logLevel: 'silent',
  });
  const output = (ext: string) => {
    const file = result.outputFiles.find((f) => f.path.endsWith(ext));
    if (!file) throw new Error(`esbuild wrote no ${ext} for the SurveyJS page`);
    return Buffer.from(file.contents);
  };
  const js = asset('text/javascript; charset=utf-8', output('.js'));
  const assets = new Map<string, Asset>([
    ['/', asset('text/html; charset=utf-8', Buffer.from(HTML))],
    ['/page.js', js],
    ['/page.css', asset('text/css; charset=utf-8', output('.css'))],
    ['/survey.json', asset('application/json', Buffer.from(JSON.stringify(form)))],
  ]);
  return {
    assets,
    script: {
      url: `${SURVEYJS_ORIGIN}/page.js`,
      raw: js.raw.length,
      wire: js.br.length,
      gzip: gzipSync(js.raw).length,
    },
    versions: {
      'survey-core': versionOf('survey-core'),
      'survey-react-ui': versionOf('survey-react-ui'),
      esbuild: versionOf('esbuild'),
    },
  };
}

/** Answers the page's requests from the built assets, compressed; anything else is refused. */
export async function serveSurveyPage(page: Page, built: SurveyPage): Promise<void> {
  await page.route(
    (url) => url.origin === SURVEYJS_ORIGIN,
    (route, request) => {
      const found = built.assets.get(new URL(request.url()).pathname);
      if (!found) return route.fulfill({ status: 404, body: '' });
      return route.fulfill({
        status: 200,
        headers: { 'content-type': found.type, 'cache-control': 'no-store' },
        body: found.raw,
      });
    },
  );
}
