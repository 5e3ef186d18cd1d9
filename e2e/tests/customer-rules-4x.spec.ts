// A rule's target on the 500-field step of a slow phone (CPU 4×, CDP Emulation.setCPUThrottlingRate): typed
// into key by key, the field a rule shows only while the amount equals 250000 is on screen in exactly the
// frames whose amount input holds 250000, never a frame late nor a frame early. Every animation frame is
// recorded in the page (the input's text and whether the target is visible), so a screen that lags the
// typed value by one frame fails as surely as one that lags by five.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { BENCH_PRODUCT, type BenchConfig, PORTAL, serveBenchFlow } from '../bench/benchFlowRoutes';
import { screenshot } from '../support/ui';

/**
 * The bench's generated flow and the portal's engine version, from a child process: Playwright's loader
 * cannot load the flow engine's sources (their extensionless imports need tsx's resolution).
 */
function benchFlow(): { config: BenchConfig; engineVersion: string } {
  const script = `const [bench, engine] = await Promise.all([import('./bench/portal-bench.ts'), import('@originate/flow-engine')]);
process.stdout.write(JSON.stringify({ config: bench.benchConfig(), engineVersion: engine.ENGINE_VERSION }));`;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: path.join(path.dirname(fileURLToPath(import.meta.url)), '..'),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(out) as { config: BenchConfig; engineVersion: string };
}

const TARGET = { key: 'rule_target', label: 'Shown at 250000' };
const TYPED = '250000';

declare global {
  interface Window {
    __ruleFrames?: { recording: boolean; frames: [string, boolean][] };
  }
}

test('at CPU 4×, a rule target shows exactly when its rule holds over the typed value, in every frame', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  const { config, engineVersion } = benchFlow();
  const [screenComponent] = config.components;
  if (!screenComponent) throw new Error('the generated flow has no screen');
  const driver = screenComponent.fields[0];
  if (!driver) throw new Error('the generated flow has no driver');
  // A field of its own right below the driver, hidden while the driver is anything but 250000.
  screenComponent.fields.splice(1, 0, {
    key: TARGET.key,
    label: TARGET.label,
    enable: true,
    field_type_details: { type: 'text' },
  });
  config.rules.push({
    rule_id: 'shown_at_250000',
    componentId: screenComponent.componentId,
    action: 'HIDE',
    target: { type: 'FIELD', key: TARGET.key },
    conditions: { operator: 'AND', list: [{ field: driver.key, operator: 'NOT_EQUAL', value: 250000 }] },
  });
  await serveBenchFlow(page, config, engineVersion);
  await page.addInitScript(
    ({ driverId, targetId }) => {
      const probe: NonNullable<Window['__ruleFrames']> = { recording: false, frames: [] };
      window.__ruleFrames = probe;
      const tick = () => {
        if (probe.recording) {
          const input = document.getElementById(driverId);
          const target = document.getElementById(targetId);
          probe.frames.push([input instanceof HTMLInputElement ? input.value : '', target?.checkVisibility() === true]);
        }
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    },
    { driverId: `field-${driver.key}`, targetId: `field-${TARGET.key}` },
  );
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });

  await page.goto(`${PORTAL}/newapplication?product=${BENCH_PRODUCT}`);
  const amount = page.getByRole('textbox', { name: driver.label });
  await expect(amount).toBeEditable({ timeout: 120_000 });
  const target = page.getByRole('textbox', { name: TARGET.label });
  await expect(target).toBeHidden();
  await amount.click();
  await page.evaluate(() => {
    if (window.__ruleFrames) window.__ruleFrames.recording = true;
  });

  // Typed steadily (a key every 80 ms, whatever the page is doing), then each key's state once it settled.
  await amount.pressSequentially(TYPED, { delay: 80 });
  await expect(target).toBeVisible();
  await page.keyboard.press('Backspace');
  await expect(target).toBeHidden();
  await page.keyboard.press('0');
  await expect(target).toBeVisible();
  await screenshot(page, 'customer-rules-4x-shown');

  const frames = await page.evaluate(() => window.__ruleFrames?.frames ?? []);
  const digits = (text: string) => text.replace(/[^\d.]/g, '');
  const wrong = frames.filter(([value, shown]) => shown !== (Number(digits(value)) === 250000 && digits(value) !== ''));
  expect(frames.some(([, shown]) => shown)).toBe(true);
  expect(frames.some(([value, shown]) => !shown && digits(value) === '25000')).toBe(true);
  expect(wrong, `frames where the target's visibility disagreed with the amount on screen`).toEqual([]);
});
