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

/** Plays the chime; a browser that blocks audio (no user gesture yet) or lacks Web Audio stays silent. */
export function playChime(): void {
  try {
    const ctx = audioContext();
    if (!ctx) return;
    // A suspended context (autoplay policy) would play late, when the alert is stale: skip it instead.
    if (ctx.state !== 'running') return;
    const t = ctx.currentTime;
    note(ctx, 880, t, 0.35);
    note(ctx, 1318.5, t + 0.12, 0.5);
  } catch {
    // Audio is a courtesy: the toast already tells the user.
  }
}

/** Browsers allow audio only after a user gesture: unlock the context on the first one. */
export function unlockAudioOnFirstGesture(): void {
  if (typeof window === 'undefined') return;
  const unlock = () => {
    window.removeEventListener('pointerdown', unlock);
    window.removeEventListener('keydown', unlock);
    audioContext()
      ?.resume()
      .catch(() => undefined);
  };
  window.addEventListener('pointerdown', unlock);
  window.addEventListener('keydown', unlock);
}
