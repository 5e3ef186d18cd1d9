// A CPU profile of the DevTools protocol (Profiler.stop) summed for reading: self and total time per function
// and per source file, mapped through each app's source maps, and the longest tasks with what took their time.
// The large-form and list-page profiles print it.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '@originate/tools/lib/repo.mjs';
import { E2E_PORTS } from '../support/system-under-test';
import { round1 } from './stats';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** The base64 VLQ of source maps: one segment's fields. */
function decodeSegment(text: string): number[] {
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const out: number[] = [];
  let value = 0;
  let shift = 0;
  for (const c of text) {
    const digit = chars.indexOf(c);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      out.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return out;
}

/** A generated line and column → the original source file and line, from a version 3 source map. */
function sourceMap(file: string): (line: number, column: number) => string | null {
  const map = JSON.parse(readFileSync(file, 'utf8')) as { sources: string[]; mappings: string };
  const lines: [number, number, number][][] = [];
  let [source, line] = [0, 0];
  for (const text of map.mappings.split(';')) {
    const segments: [number, number, number][] = [];
    let column = 0;
    for (const segment of text.split(',')) {
      if (!segment) continue;
      const f = decodeSegment(segment);
      column += f[0] ?? 0;
      if (f.length >= 4) {
        source += f[1] ?? 0;
        line += f[2] ?? 0;
        segments.push([column, source, line]);
      }
    }
    lines.push(segments);
  }
  return (l, c) => {
    const segments = lines[l] ?? [];
    let found: [number, number, number] | undefined;
    for (const s of segments) {
      if (s[0] > c) break;
      found = s;
    }
    if (!found) return null;
    const name = (map.sources[found[1]] ?? '?').replace(/^webpack:\/\/[^/]*\//, '').replace(/^\.\.\//, '');
    return `${name}:${found[2] + 1}`;
  };
}

/** The app whose build an origin serves ('http://127.0.0.1:3113' → 'mfe-customer-flow'), by the e2e ports. */
function appOf(url: URL): string | undefined {
  const key = Object.entries(E2E_PORTS).find(([, port]) => port === Number(url.port))?.[0];
  return key === 'SHELL_PORT'
    ? 'shell'
    : key
        ?.replace(/_PORT$/, '')
        .toLowerCase()
        .replace(/_/g, '-');
}

const maps = new Map<string, ((line: number, column: number) => string | null) | null>();
/** Where a profiled function is in the sources: each app's own files through its source maps (<app>/sourcemaps). */
function origin(url: string, line: number, column: number): string {
  if (!url) return '(native)';
  const parsed = new URL(url);
  // A release serves main.js as files/main.<version>-<hash>.js and its chunks under files/chunks/.
  const name = parsed.pathname
    .replace(/^\/files\//, '')
    .replace(/^\//, '')
    .replace(/^main\.[^/]*\.js$/, 'main.js');
  const app = appOf(parsed);
  const key = `${app}/${name}`;
  if (!maps.has(key)) {
    const file = app ? path.join(ROOT, app, 'sourcemaps', `${name}.map`) : '';
    maps.set(key, file && existsSync(file) ? sourceMap(file) : null);
  }
  return maps.get(key)?.(line, column) ?? `${app ?? parsed.host}/${name}:${line + 1}:${column + 1}`;
}

/** Self time per function and per source file (node_modules packages by name), in ms. */
export function summarise(profile: CpuProfile, top: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
  });
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  for (const [id, ms] of self) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    const where = origin(frame.url, frame.lineNumber, frame.columnNumber);
    const file = where.includes('node_modules/')
      ? (where
          .split('node_modules/')[1]
          ?.split('/')
          .slice(0, where.includes('node_modules/@') ? 2 : 1)
          .join('/') ?? where)
      : where.replace(/:\d+$/, '');
    const fn = `${frame.functionName || '(anonymous)'} ${where}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
    byFile.set(file, (byFile.get(file) ?? 0) + ms);
  }
  // Total time per function (itself and what it called), each function once per sample.
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inclusive = new Map<string, number>();
  const names = new Map<number, string>();
  const nameOf = (id: number) => {
    let name = names.get(id);
    if (name === undefined) {
      const frame = byId.get(id)?.callFrame;
      name = frame
        ? `${frame.functionName || '(anonymous)'} ${origin(frame.url, frame.lineNumber, frame.columnNumber)}`
        : '?';
      names.set(id, name);
    }
    return name;
  };
  profile.samples.forEach((leaf, i) => {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const seen = new Set<string>();
    for (let id: number | undefined = leaf; id !== undefined; id = parent.get(id)) seen.add(nameOf(id));
    for (const name of seen) inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
  });
  const sorted = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, v]) => `${round1(v).toString().padStart(8)} ms  ${k}`);
  const total = (profile.endTime - profile.startTime) / 1000;
  // The tasks: runs of samples between idle ones, the longest with what took their time.
  const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
  const tasks: { start: number; ms: number; names: Map<string, number> }[] = [];
  let current: (typeof tasks)[number] | undefined;
  let clock = 0;
  profile.samples.forEach((leaf, i) => {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    clock += (profile.timeDeltas[i] ?? 0) / 1000;
    if (idle.has(leaf)) {
      current = undefined;
      return;
    }
    if (!current) {
      current = { start: clock, ms: 0, names: new Map() };
      tasks.push(current);
    }
    current.ms += ms;
    const seen = new Set<string>();
    for (let id: number | undefined = leaf; id !== undefined; id = parent.get(id)) seen.add(nameOf(id));
    for (const name of seen) current.names.set(name, (current.names.get(name) ?? 0) + ms);
  });
  const longest = tasks
    .filter((t) => t.ms >= 100)
    .map(
      (t) =>
        `task at ${round1(t.start)} ms, ${round1(t.ms)} ms:\n${[...t.names]
          .filter(
            ([name]) =>
              !name.includes('(native)') &&
              !name.startsWith('(root)') &&
              !name.includes('react-dom') &&
              !name.includes('scheduler'),
          )
          .sort((a, b) => b[1] - a[1])
          .slice(0, 14)
          .map(([k, v]) => `    ${round1(v).toString().padStart(8)} ms  ${k}`)
          .join('\n')}`,
    );
  return {
    longest,
    totalMs: round1(total),
    files: sorted(byFile),
    functions: sorted(byFunction),
    inclusive: [...inclusive]
      .filter(([name]) => !name.includes('node_modules') && !name.includes('(native)') && !name.startsWith('(root)'))
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, v]) => `${round1(v).toString().padStart(8)} ms  ${k}`),
  };
}
