/**
 * The compositor's time to raster and present a frame the main thread has handed over (a typed character
 * in a 500-field step, software raster, measured at full CPU speed): work started sooner competes with it
 * for two cores, and the key's paint waits (Event Timing of keys over 16 ms fell from 5–8 % to 1–3 % with
 * this margin, the consequences' paint moved by about 1 ms; e2e README, large form).
 */
const PRESENT_MS = 4;

/**
 * Runs `fn` once the keystroke's own frame is out: in a task PRESENT_MS after the animation callbacks of
 * that frame. Starting the heavier work (the engine, formulas, rules, totals) after that frame leaves the
 * compositor the CPU to present the typed character first. A hidden tab gets no frames: a short timeout
 * runs it there. Returns a cancel.
 */
export function afterPaint(fn: () => void): () => void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(fallback);
    clearTimeout(task);
    fn();
  };
  let task: ReturnType<typeof setTimeout> | undefined;
  // The task after the next frame's animation callbacks runs once that frame is out: the key's character
  // is on screen, and what follows from it is painted by the frame after.
  const frame = requestAnimationFrame(() => {
    task = setTimeout(run, PRESENT_MS);
  });
  const fallback = setTimeout(run, 250);
  return () => {
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(fallback);
    clearTimeout(task);
  };
}
