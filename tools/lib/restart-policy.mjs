// When the supervisor restarts a process that stopped. A run that served (or ran for a while) had a
// working start-up: restarting it at once costs only the start-up. Runs that stop quickly without
// ever serving are a crash loop (a bad setting, a port in use, broken data): restarting those at
// once would only spin, so the delay doubles from firstMs to maxMs, and the next run that serves
// (or lasts windowMs) starts over.

export const RESTART_POLICY = { firstMs: 500, maxMs: 10_000, windowMs: 10_000 };

/**
 * @typedef {{ delayMs: number, crashLoop: boolean }} RestartDecision
 * @param {{ previousDelayMs: number, served: boolean, uptimeMs: number }} run
 *   previousDelayMs: the delay before the run that just ended (0: it started at once);
 *   served: it answered at least once; uptimeMs: how long it ran.
 * @returns {RestartDecision}
 */
export function restartDecision({ previousDelayMs, served, uptimeMs }) {
  if (served || uptimeMs >= RESTART_POLICY.windowMs) return { delayMs: 0, crashLoop: false };
  const delayMs = previousDelayMs === 0 ? RESTART_POLICY.firstMs : Math.min(previousDelayMs * 2, RESTART_POLICY.maxMs);
  return { delayMs, crashLoop: true };
}

/**
 * The supervisor's line for one stop: what happened, after how long, when the next start comes.
 * @param {{ name: string, code: number | null, signal: string | null, uptimeMs: number, served: boolean, decision: RestartDecision, standby: boolean }} stop
 *   standby: a warm process (code loaded, waiting) takes over, rather than a cold start.
 */
export function restartLine({ name, code, signal, uptimeMs, served, decision, standby }) {
  const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
  const ran = `after ${seconds(uptimeMs)} s${served ? '' : ', before it served'}`;
  const next = decision.crashLoop
    ? `crash loop: restarting it in ${seconds(decision.delayMs)} s`
    : `restarting it now${served ? '' : ` (it ran ${seconds(RESTART_POLICY.windowMs)} s or more)`}`;
  return `[supervisor] ${name} ${how} ${ran}; ${next}${standby ? ' (warm standby)' : ''}`;
}

const seconds = (/** @type {number} */ ms) => String(Math.round(ms / 100) / 10);
