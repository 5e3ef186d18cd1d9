// Where the large form's time goes, at a CPU throttle (default 4×): one cold Originate run of largeForm.ts's
// plan with the DevTools protocol's CPU profiler on, from navigation to every field painted, then while 40
// keys are typed into the driver. Prints the long tasks, the main thread's time per source file and the
// functions with the most self time (mapped through the portal's source maps), the Event Timing of the keys
// and the JS files loaded; writes the .cpuprofile files (open them in DevTools' Performance panel).
// Starts its own system on E2E_PORT_OFFSET's ports from the built apps (build first: it does not).
//   cd e2e && E2E_PORT_OFFSET=<offset> npm run profile:form -- [throttle] [output folder]
//   npm run profile:form -- --analyse <output folder>
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from '@originate/tools/lib/repo.mjs';
import { publishBenchFlow } from './benchApplication';
import { instrument, plan, requestedBeforePaint, typeOnSchedule } from './largeForm';
import { keyDurations, recordEventTiming } from './portal-bench';
import { percentile, round1 } from './stats';
import { withSystem } from './system';
import { measuredSoFar, recordScripts, sizes } from './wire';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface CpuProfile {
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

const maps = new Map<string, ((line: number, column: number) => string | null) | null>();
/** Where a profiled function is in the sources: the portal's own files through its source maps. */
function origin(url: string, line: number, column: number): string {
  if (!url) return '(native)';
  // A release serves main.js as files/main.<version>-<hash>.js and its chunks under files/chunks/.
  const name = new URL(url).pathname.replace(/^\/files\//, '').replace(/^main\.[^/]*\.js$/, 'main.js');
  if (!maps.has(name)) {
    const file = path.join(ROOT, 'mfe-customer-flow', 'sourcemaps', `${name}.map`);
    maps.set(name, existsSync(file) ? sourceMap(file) : null);
  }
  return maps.get(name)?.(line, column) ?? `${name}:${line + 1}:${column + 1}`;
}

/** Self time per function and per source file (node_modules packages by name), in ms. */
function summarise(profile: CpuProfile, top: number) {
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

declare global {
  interface Window {
    __formLongTasks?: [number, number][];
  }
}

function recordLongTasks(): void {
  const tasks: [number, number][] = [];
  window.__formLongTasks = tasks;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) tasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
}

const THROTTLE = Number(process.argv[2] ?? 4);
const OUT = path.resolve(process.argv[3] ?? path.join(tmpdir(), 'large-form-profile'));
const TYPED = Array.from({ length: 2 }, () => [
  ...'1234567890'.split(''),
  ...Array<string>(10).fill('Backspace'),
]).flat();

async function main() {
  mkdirSync(OUT, { recursive: true });
  await withSystem(async (browser) => {
    const p = await plan();
    await publishBenchFlow(p.config);
    const context = await browser.newContext();
    const page = await context.newPage();
    const log = recordScripts(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    await page.addInitScript(recordEventTiming);
    await page.addInitScript(recordLongTasks);
    await page.addInitScript(instrument, p.originate.probe);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
    await cdp.send('Profiler.start');
    const load = loadavg();
    await p.originate.open(page);
    await page.waitForFunction(() => window.__form?.render?.painted, undefined, { timeout: 120_000, polling: 250 });
    const render = (await cdp.send('Profiler.stop')).profile as unknown as CpuProfile;
    writeFileSync(path.join(OUT, `render-${THROTTLE}x.cpuprofile`), JSON.stringify(render));
    const probe = await page.evaluate(() => ({
      render: window.__form?.render,
      usable: window.__form?.firstUsable,
      longTasks: window.__formLongTasks ?? [],
    }));
    const beforePaint = await requestedBeforePaint(page);
    const js = sizes((await measuredSoFar(log)).filter((f) => beforePaint.has(f.url)));
    const driver = page.locator(p.originate.probe.driver);
    await driver.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');
    await page.waitForTimeout(1000);
    const before = await page.evaluate(() => ({
      keydowns: window.__form?.keydowns.length ?? 0,
      events: window.__form?.events.length ?? 0,
      tasks: window.__formLongTasks?.length ?? 0,
    }));
    await cdp.send('Profiler.start');
    await typeOnSchedule(cdp, TYPED, 120);
    await page.waitForTimeout(2000);
    const typing = (await cdp.send('Profiler.stop')).profile as unknown as CpuProfile;
    writeFileSync(path.join(OUT, `typing-${THROTTLE}x.cpuprofile`), JSON.stringify(typing));
    const seen = await page.evaluate(
      (b) => ({
        keydowns: window.__form?.keydowns.slice(b.keydowns) ?? [],
        events: window.__form?.events.slice(b.events) ?? [],
        longTasks: window.__formLongTasks?.slice(b.tasks) ?? [],
      }),
      before,
    );
    const durations = keyDurations(seen.keydowns, seen.events)
      .map((d) => d ?? 0)
      .sort((a, b) => a - b);
    const r = summarise(render, 40);
    const t = summarise(typing, 30);
    console.log(`CPU ${THROTTLE}×; load average at start ${load.map((n) => n.toFixed(2)).join(' ')}`);
    console.log(
      `render painted ${round1(probe.render?.painted ?? Number.NaN)} ms, first usable ${round1(probe.usable?.painted ?? Number.NaN)} ms, ${probe.render?.fields} fields`,
    );
    console.log(`JS ${js.wireKiB} KiB br in ${js.files} files (raw ${js.rawKiB} KiB)`);
    for (const f of await measuredSoFar(log)) console.log(`  ${f.url}  ${f.wire} B`);
    console.log(
      `long tasks to render: ${probe.longTasks.length}, ${round1(probe.longTasks.reduce((s, x) => s + x[1], 0))} ms: ${probe.longTasks.map(([s, d]) => `${round1(s)}+${round1(d)}`).join(', ')}`,
    );
    console.log(`\nrender profile, ${r.totalMs} ms; self time by file:\n${r.files.join('\n')}`);
    console.log(`\nby function:\n${r.functions.join('\n')}`);
    console.log(
      `\ntyping ${TYPED.length} keys: Event Timing p95 ${percentile(durations, 95)} ms, max ${Math.max(...durations)} ms; long tasks ${seen.longTasks.length}, ${round1(seen.longTasks.reduce((s, x) => s + x[1], 0))} ms`,
    );
    console.log(`typing profile, ${t.totalMs} ms; self time by file:\n${t.files.join('\n')}`);
    console.log(`\nby function:\n${t.functions.join('\n')}`);
    console.log(
      `\nprofiles in ${OUT}; load average at end ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    );
  });
}

/** `--analyse <folder>`: the summaries of profiles written before (the build they ran on still in place). */
function analyse(folder: string) {
  for (const file of readdirSync(folder).filter((f) => f.endsWith('.cpuprofile'))) {
    const s = summarise(JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as CpuProfile, 40);
    console.log(
      `\n${file}, ${s.totalMs} ms; self time by file:\n${s.files.join('\n')}\n\nby function:\n${s.functions.join('\n')}\n\nour functions, total time:\n${s.inclusive.join('\n')}\n\n${s.longest.join('\n')}`,
    );
  }
}

if (process.argv[2] === '--analyse') analyse(process.argv[3] ?? OUT);
else await main();
