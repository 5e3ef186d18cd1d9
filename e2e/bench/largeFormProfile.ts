// Where the large form's time goes, at a CPU throttle (default 4×): one cold Originate run of largeForm.ts's
// plan with the DevTools protocol's CPU profiler on, from navigation to every field painted, then while 40
// keys are typed into the driver. Prints the long tasks, the main thread's time per source file and the
// functions with the most self time (mapped through the portal's source maps, cpuProfile.ts), the Event Timing of the keys
// and the JS files loaded; writes the .cpuprofile files (open them in DevTools' Performance panel).
// Starts its own system on E2E_PORT_OFFSET's ports from the built apps (build first: it does not).
//   cd e2e && E2E_PORT_OFFSET=<offset> npm run profile:form -- [throttle] [output folder]
//   npm run profile:form -- --analyse <output folder>
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { publishBenchFlow } from './benchApplication';
import { type CpuProfile, summarise } from './cpuProfile';
import { instrument, plan, requestedBeforePaint, typeOnSchedule } from './largeForm';
import { keyDurations, recordEventTiming } from './portal-bench';
import { percentile, round1 } from './stats';
import { withSystem } from './system';
import { measuredSoFar, recordScripts, sizes } from './wire';

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
