/**
 * Runs `fn` once the keystroke's own frame is out: in a task after the animation callbacks of that frame.
 * Starting the heavier work (the engine, formulas, rules, totals) after that frame leaves the compositor the
 * CPU to present the typed character first (on two cores it otherwise waits for it). A hidden tab gets no
 * frames: a short timeout runs it there. Returns a cancel.
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
    task = setTimeout(run, 0);
  });
  const fallback = setTimeout(run, 250);
  return () => {
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(fallback);
    clearTimeout(task);
  };
}
