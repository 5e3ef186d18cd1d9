// A job's state shared between the pool and its worker: the part being worked on, and the refusal a
// worker leaves before it ends itself. Shared memory, so it is readable after the thread is gone.
import type { LimitKind } from './merge';

export interface LimitRefusal {
  limit: LimitKind;
  reason: string;
}

const HEADER_BYTES = 8;
const REFUSAL_BYTES = 4096;

export function newJobState(): SharedArrayBuffer {
  const state = new SharedArrayBuffer(HEADER_BYTES + REFUSAL_BYTES);
  new Int32Array(state, 0, 2)[0] = -1;
  return state;
}

export function markPart(state: SharedArrayBuffer, part: number): void {
  Atomics.store(new Int32Array(state, 0, 2), 0, part);
}

export function leaveRefusal(state: SharedArrayBuffer, part: number, refusal: LimitRefusal): void {
  const header = new Int32Array(state, 0, 2);
  const { written } = new TextEncoder().encodeInto(
    JSON.stringify(refusal),
    new Uint8Array(state, HEADER_BYTES, REFUSAL_BYTES),
  );
  Atomics.store(header, 0, part);
  Atomics.store(header, 1, written);
}

/** The part last started (-1: none yet) and the refusal left, if any. */
export function readJobState(state: SharedArrayBuffer): { part: number; refusal: LimitRefusal | null } {
  const header = new Int32Array(state, 0, 2);
  const length = Atomics.load(header, 1);
  const text = new TextDecoder().decode(new Uint8Array(state, HEADER_BYTES, length).slice());
  return { part: Atomics.load(header, 0), refusal: length > 0 ? (JSON.parse(text) as LimitRefusal) : null };
}
