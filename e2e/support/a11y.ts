// axe in the browser tests: serious and critical findings (WCAG 2.1 A and AA) on the page as it settles.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * How long a page may take to settle; a finding still there after it is a real one. A passing page returns at
 * once; 20 s was too little for one axe run on a long list at a CI run's load of 28.
 */
const SETTLE_MS = 40_000;

/** The serious and critical findings on the page now, each with where it is. */
async function seriousViolationsNow(page: Page): Promise<string[]> {
  // Contrast is judged on what settles: popovers and toasts fade in and out.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * No serious or critical finding once the page settles. A toast can start its fade-out while axe runs
 * (seconds on a loaded machine), so a finding must survive repeated runs within SETTLE_MS to fail the test;
 * a lasting one always does, with the last run's list.
 */
export async function expectNoSeriousViolations(page: Page, name: string): Promise<void> {
  await expect(async () => {
    expect(await seriousViolationsNow(page), name).toEqual([]);
  }).toPass({ timeout: SETTLE_MS, intervals: [500, 1_000, 2_000] });
}
