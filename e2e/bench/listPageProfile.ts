// Where the list page's time goes at a CPU throttle (default 4×): one cold run of list-page-bench.ts (logged in,
// the landing page settled, the menu's My Applications clicked) with the DevTools protocol's CPU profiler on
// from the click to the first row of data painted. Prints the time, the requests after the click with their
// start and end, the long tasks, and the profile summed (cpuProfile.ts: by file, by function, our functions'
// total time, the longest tasks); writes the .cpuprofile (open it in DevTools' Performance panel).
//   cd e2e && E2E_PORT_OFFSET=<offset> npm run profile:list -- [throttle] [output folder]
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { type CpuProfile, summarise } from './cpuProfile';
import { clickToFirstRow, loggedIn, seenAfterClick } from './list-page-bench';
import { round1 } from './stats';
import { withSystem } from './system';

const THROTTLE = Number(process.argv[2] ?? 4);
const OUT = path.resolve(process.argv[3] ?? path.join(tmpdir(), 'list-page-profile'));

async function main() {
  mkdirSync(OUT, { recursive: true });
  await withSystem(async (browser) => {
    const context = await browser.newContext();
    const page = await loggedIn(context);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
    const load = loadavg();
    await cdp.send('Profiler.start');
    const { t0, firstRowMs } = await page.evaluate(clickToFirstRow);
    const profile = (await cdp.send('Profiler.stop')).profile as unknown as CpuProfile;
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    writeFileSync(path.join(OUT, `list-${THROTTLE}x.cpuprofile`), JSON.stringify(profile));
    const seen = await seenAfterClick(page, t0, t0 + firstRowMs);
    const s = summarise(profile, 40);
    console.log(`CPU ${THROTTLE}×; load average at start ${load.map((n) => n.toFixed(2)).join(' ')}`);
    console.log(`menu click → first row painted ${round1(firstRowMs)} ms`);
    console.log(`\nrequests (ms from the click):`);
    for (const r of seen.requests) {
      console.log(`  ${round1(r.startMs)}→${round1(r.endMs)}  ${r.bytes} B  ${r.url}`);
    }
    console.log(
      `\nlong tasks: ${seen.longTasks.length}, ${round1(seen.longTasks.reduce((sum, t) => sum + t.duration, 0))} ms: ${seen.longTasks.map((t) => `${round1(t.start - t0)}+${round1(t.duration)}`).join(', ')}`,
    );
    console.log(`\nprofile ${s.totalMs} ms; self time by file:\n${s.files.join('\n')}`);
    console.log(`\nby function:\n${s.functions.join('\n')}`);
    console.log(`\nour functions, total time:\n${s.inclusive.join('\n')}`);
    console.log(`\n${s.longest.join('\n')}`);
    console.log(
      `\nprofile in ${OUT}; load average at end ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    );
    await context.close();
  });
}

await main();
