// nginx vs deploy's own static server (`npm run bench -- --only nginx`, also in `npm run bench`): requests per
// second and latency at 50 connections for one chunk of the shell (br, as a browser asks) and for /remotes.json,
// each served by nginx (deploy/src/nginx.ts's configuration) and by serve.ts from the same release store on the
// same ports, one after the other so neither competes with the other for the 2 cores. Figures only.
import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureBuilt } from '@originate/tools/lib/app-builds.mjs';
import { syncReleases } from '@originate/tools/lib/composed-system.mjs';
import { ensureNginx, startNginx } from '@originate/tools/lib/nginx-process.mjs';
import { portsFrom } from '@originate/tools/lib/ports.mjs';
import { runCommand, startNode, waitForHttp } from '@originate/tools/lib/process.mjs';
import autocannon from 'autocannon';
import { round1 } from './stats';

const CONNECTIONS = 50;
const WARM_UP_SECONDS = 2;
const SECONDS = 10;
/** Ports of this bench alone, from 3240 (other runs use 30xx and 31xx, the topology test 3200–3236). */
const FIRST_PORT = 3240;

interface Measure {
  requestsPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  requests: number;
  errors: number;
  non2xx: number;
  megabytesPerSecond: number;
}

export interface NginxFigures {
  connections: number;
  seconds: number;
  chunk: { path: string; brBytes: number };
  nginx: Record<'chunk' | 'remotesJson', Measure>;
  ownServer: Record<'chunk' | 'remotesJson', Measure>;
}

/** The shell's chunk with a .br copy whose .br size is the median of them (chunks are files/chunks/ of the store). */
function medianChunk(store: string): { path: string; brBytes: number } {
  const folder = path.join(store, 'shell', 'files', 'chunks');
  const sized = readdirSync(folder)
    .filter((f) => f.endsWith('.js.br'))
    .map((f) => ({ name: f.slice(0, -'.br'.length), brBytes: statSync(path.join(folder, f)).size }))
    .sort((a, b) => a.brBytes - b.brBytes);
  const median = sized[Math.floor(sized.length / 2)];
  if (!median) throw new Error(`no precompressed chunk in ${folder}`);
  return { path: `/files/chunks/${median.name}`, brBytes: median.brBytes };
}

async function measure(url: string): Promise<Measure> {
  const options = { url, connections: CONNECTIONS, headers: { 'accept-encoding': 'br, gzip' } };
  await autocannon({ ...options, duration: WARM_UP_SECONDS });
  const result = await autocannon({ ...options, duration: SECONDS });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    requests: result.requests.total,
    errors: result.errors,
    non2xx: result.non2xx,
    megabytesPerSecond: round1(result.throughput.average / 1e6),
  };
}

export async function nginxBench(): Promise<NginxFigures> {
  await ensureNginx();
  await ensureBuilt();
  // Readable by nginx's workers, which run as nobody when it is started as root.
  const dir = mkdtempSync(path.join(tmpdir(), 'originate-bench-nginx-'));
  chmodSync(dir, 0o755);
  const env: Record<string, string> = {
    ...Object.fromEntries(Object.keys(portsFrom({})).map((name, i) => [name, String(FIRST_PORT + i)])),
    RELEASES_DIR: path.join(dir, 'releases'),
  };
  const shell = `http://127.0.0.1:${env.SHELL_PORT}`;
  try {
    await syncReleases(env);
    const chunk = medianChunk(path.join(dir, 'releases'));
    const both = async () => ({
      chunk: await measure(`${shell}${chunk.path}`),
      remotesJson: await measure(`${shell}/remotes.json`),
    });

    const made = await runCommand(
      process.execPath,
      ['--import', 'tsx', 'deploy/src/nginx.ts', path.join(dir, 'nginx')],
      {
        env,
        quiet: true,
      },
    );
    if (made.code !== 0) throw new Error(`deploy/src/nginx.ts failed:\n${made.output}`);
    const nginx = await startNginx(path.join(dir, 'nginx'), path.join(dir, 'nginx', 'nginx.conf'));
    let viaNginx: NginxFigures['nginx'];
    try {
      await waitForHttp(`${shell}/healthz`, nginx, 30_000);
      viaNginx = await both();
    } finally {
      await nginx.stop();
    }

    const own = startNode('web', ['--import', 'tsx', path.join('deploy', 'src', 'serve.ts')], { env });
    try {
      await waitForHttp(`${shell}/healthz`, own);
      return { connections: CONNECTIONS, seconds: SECONDS, chunk, nginx: viaNginx, ownServer: await both() };
    } finally {
      await own.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

type Row = [string, string, string];

export function nginxRows(figures: NginxFigures | { failed: string }): Row[] {
  if ('failed' in figures) return [['nginx vs serve.ts', 'not measured', figures.failed]];
  const row = (what: string, server: string, m: Measure): Row => [
    `${what} via ${server} (${figures.connections} connections, ${figures.seconds} s)`,
    `${m.requestsPerSecond} req/s, ${m.megabytesPerSecond} MB/s`,
    `latency p50 ${m.latencyMs.p50} ms, p90 ${m.latencyMs.p90} ms, p99 ${m.latencyMs.p99} ms, max ${m.latencyMs.max} ms; ${m.errors} errors, ${m.non2xx} non-2xx`,
  ];
  const chunk = `chunk ${path.posix.basename(figures.chunk.path)} (br, ${figures.chunk.brBytes} bytes)`;
  return [
    row(chunk, 'nginx', figures.nginx.chunk),
    row(chunk, 'serve.ts', figures.ownServer.chunk),
    row('/remotes.json', 'nginx', figures.nginx.remotesJson),
    row('/remotes.json', 'serve.ts', figures.ownServer.remotesJson),
  ];
}
