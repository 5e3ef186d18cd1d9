/**
 * Runs `fn` once the keystroke's own frame is out: in a task after the animation callbacks of the frame
 * that follows it. Starting the heavier render (formulas, rules, totals) a frame later leaves the
 * compositor the CPU to present the typed character first (on two cores it otherwise waits for it). A
 * hidden tab gets no frames: a short timeout runs it there. Returns a cancel.
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
  let frame = requestAnimationFrame(() => {
    frame = requestAnimationFrame(() => {
      task = setTimeout(run, 0);
    });
  });
  const fallback = setTimeout(run, 250);
  return () => {
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(fallback);
    clearTimeout(task);
  };
}
