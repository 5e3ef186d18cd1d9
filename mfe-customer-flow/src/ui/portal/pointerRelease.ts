// Leaving a field by pressing elsewhere (a button, another field) blurs it on pointerdown, before the
// click. Marking it dirty shows its error text, which moves everything below it: were that to happen
// between pointerdown and pointerup, the release would land beside the button pressed and the click
// would be lost (seen on the 390 px layout). So a blur's consequences wait for the pointer's release
// and the click it makes; a blur from the keyboard (Tab) or by script has no pointer down and runs now.

let pressed = false;
let waiting: (() => void)[] = [];

function released(): void {
  pressed = false;
  if (waiting.length === 0) return;
  const run = waiting;
  waiting = [];
  // pointerup, mouseup and click are dispatched in one task: a task after it runs after the click.
  setTimeout(() => {
    for (const fn of run) fn();
  }, 0);
}

// From the module's first use on, so the press behind the very first blur is counted. A window losing
// focus mid-press (another app) may never send the pointerup: that releases too.
document.addEventListener(
  'pointerdown',
  (e) => {
    if (e.isPrimary) pressed = true;
  },
  true,
);
for (const type of ['pointerup', 'pointercancel'] as const)
  document.addEventListener(
    type,
    (e) => {
      if (e.isPrimary) released();
    },
    true,
  );
window.addEventListener('blur', released);

/** Runs `fn` now, or once the pointer held down has been released and its click dispatched. */
export function afterPointerRelease(fn: () => void): void {
  if (pressed) waiting.push(fn);
  else fn();
}
