// axe in the browser tests: serious and critical findings (WCAG 2.1 A and AA) on the page as it settles, or
// findings of any impact on a page held to that (the login page).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * How long a page may take to settle; a finding still there after it is a real one. A passing page returns at
 * once; 20 s was too little for one axe run on a long list at a CI run's load of 28, and 40 s too little for the
 * first run on the list page and the credit panel in a fresh clone's run at load 20-26 (the tests that call this
 * allow 120 s).
 */
const SETTLE_MS = 60_000;

let axeSource: string | undefined;

/**
 * axe in the page's top frame alone. AxeBuilder puts axe into every frame first, and in a frame sandboxed without
 * scripts (an e-mail's preview) the headless shell never answered that.
 */
async function topFrameOnly(page: Page): Promise<AxeResults> {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(axeSource);
  return page.evaluate(
    (tags) =>
      (window as unknown as { axe: typeof import('axe-core') }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        iframes: false,
      }),
    WCAG_TAGS,
  );
}

const SERIOUS = ['serious', 'critical'];

/** What a check asks of axe: serious and critical WCAG findings, or every rule's findings of any impact. */
type Strictness = 'serious' | 'all';

/** The findings asked for on the page now, each with where it is. */
async function violationsNow(page: Page, iframes: boolean, strictness: Strictness): Promise<string[]> {
  // Contrast is judged on what settles: popovers and toasts fade in and out. An animation that repeats for ever
  // (a spinner, the pulse MUI draws around a control with keyboard focus) never settles, so it is not waited for.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
  );
  const results =
    strictness === 'all'
      ? await new AxeBuilder({ page }).analyze()
      : iframes
        ? await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()
        : await topFrameOnly(page);
  return results.violations
    .filter((v) => strictness === 'all' || SERIOUS.includes(v.impact ?? ''))
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * No serious or critical finding once the page settles. `iframes: false` checks the top frame alone: for a page
 * holding a frame sandboxed without scripts (topFrameOnly). A toast can start its fade-out while axe runs
 * (seconds on a loaded machine), so a finding must survive repeated runs within SETTLE_MS to fail the test;
 * a lasting one always does, with the last run's list.
 */
export function expectNoSeriousViolations(
  page: Page,
  name: string,
  { iframes = true }: { iframes?: boolean } = {},
): Promise<void> {
  return expectNoViolationsOf(page, name, iframes, 'serious');
}

/**
 * No finding of any rule (best practices too) of any impact (minor and moderate too) once the page settles; as
 * expectNoSeriousViolations.
 */
export function expectNoViolations(page: Page, name: string): Promise<void> {
  return expectNoViolationsOf(page, name, true, 'all');
}

async function expectNoViolationsOf(page: Page, name: string, iframes: boolean, strictness: Strictness): Promise<void> {
  // toPass's own time-out names no finding: the last run's list (or that the page never settled) is the failure.
  let last: string[] | undefined;
  try {
    await expect(async () => {
      last = await violationsNow(page, iframes, strictness);
      expect(last, name).toEqual([]);
    }).toPass({ timeout: SETTLE_MS, intervals: [500, 1_000, 2_000] });
  } catch (error) {
    const running = await page
      .evaluate(() =>
        document
          .getAnimations()
          .filter((a) => a.playState === 'running')
          .map((a) => {
            const target = (a.effect as KeyframeEffect | null)?.target;
            const what =
              a instanceof CSSAnimation ? a.animationName : a instanceof CSSTransition ? a.transitionProperty : a.id;
            return `${what} on ${target?.tagName.toLowerCase()}.${String(target?.className).split(' ').slice(0, 3).join('.')}`;
          }),
      )
      .catch(() => []);
    const found = last
      ? last.join('\n')
      : `axe never ran: the page did not settle; still running: ${running.join(', ') || 'nothing now'}`;
    throw new Error(`${name}: ${found}`, { cause: error });
  }
}
