// A short two-note chime made with the Web Audio API, so no sound file is shipped or downloaded.
let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (context) return context;
  const Ctor =
    globalThis.AudioContext ?? (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctor) return null;
  context = new Ctor();
  return context;
}

function note(ctx: AudioContext, frequency: number, startAt: number, duration: number): void {
  const oscillator = ctx.createOscillator();
  const gain = ctx.createGain();
  oscillator.type = 'sine';
  oscillator.frequency.setValueAtTime(frequency, startAt);
  // Soft attack and exponential decay: a bell-like ping rather than a beep.
  gain.gain.setValueAtTime(0.0001, startAt);
  gain.gain.exponentialRampToValueAtTime(0.18, startAt + 0.015);
  gain.gain.exponentialRampToValueAtTime(0.0001, startAt + duration);
  oscillator.connect(gain).connect(ctx.destination);
  oscillator.start(startAt);
  oscillator.stop(startAt + duration + 0.02);
}

/** Whether the page has had a user gesture (sticky activation): before one, browsers keep audio off. */
function mayPlayAudio(): boolean {
  const activation = (globalThis.navigator as { userActivation?: { hasBeenActive: boolean } } | undefined)
    ?.userActivation;
  return activation?.hasBeenActive ?? true;
}

/**
 * Plays the chime; a page without a user gesture yet, or without Web Audio, stays silent. The audio
 * context is made at the first chime, not at the user's first click: making one takes 60 ms on a
 * slow machine, which was the longest task of the back office's Export click (npm run bench -- --only
 * export). After a gesture (sticky activation) a new context may start, so it is resumed, then plays.
 */
export function playChime(): void {
  try {
    if (!mayPlayAudio()) return;
    const ctx = audioContext();
    if (!ctx) return;
    const play = () => {
      const t = ctx.currentTime;
      note(ctx, 880, t, 0.35);
      note(ctx, 1318.5, t + 0.12, 0.5);
    };
    if (ctx.state === 'running') play();
    else
      ctx
        .resume()
        .then(play)
        .catch(() => undefined);
  } catch {
    // Audio is a courtesy: the toast already tells the user.
  }
}
