// The document worker (a piscina task module). A job that hits a limit leaves its refusal in the job's
// shared state and ends the thread, so piscina replaces it with a fresh one: nothing a hostile file
// made the library allocate outlives the job.
import { parentPort } from 'node:worker_threads';
import { type LetterInput, LetterTooLong, layoutLetter } from './letter';
import { type MergePart, mergeParts, type PartLimits, PartRefused } from './merge';
import { leaveRefusal, markPart } from './shared-state';

export interface MergeJob {
  id: number;
  parts: MergePart[];
  limits: PartLimits;
  /** Progress and refusal, readable by the pool after the thread is gone (shared-state.ts). */
  state: SharedArrayBuffer;
}

export type MergeOutcome =
  | { merged: true; bytes: Uint8Array; pageCount: number }
  | { merged: false; part: number; reason: string };

/** Exit code of a thread that ended itself after a limit. */
export const LIMIT_EXIT = 3;

export default async function mergeJob(job: MergeJob): Promise<MergeOutcome> {
  // The pool starts the job's clock when it hears this: a queued job is not yet spending time.
  parentPort?.postMessage({ started: job.id });
  try {
    const { bytes, pageCount } = await mergeParts(job.parts, job.limits, (part) => markPart(job.state, part));
    return { merged: true, bytes, pageCount };
  } catch (error) {
    if (!(error instanceof PartRefused)) throw error;
    if (error.limit === null) return { merged: false, part: error.part, reason: error.reason };
    leaveRefusal(job.state, error.part, { limit: error.limit, reason: error.reason });
    process.exit(LIMIT_EXIT);
  }
}

export interface LetterJob {
  id: number;
  letter: LetterInput;
  state: SharedArrayBuffer;
}

export type LetterOutcome =
  | { laidOut: true; bytes: Uint8Array; pageCount: number }
  | { laidOut: false; reason: string };

/** A letter laid out (piscina runs it by this name); one past its page limit leaves the refusal and ends the thread. */
export async function letterJob(job: LetterJob): Promise<LetterOutcome> {
  parentPort?.postMessage({ started: job.id });
  try {
    const { bytes, pageCount } = await layoutLetter(job.letter);
    return { laidOut: true, bytes, pageCount };
  } catch (error) {
    if (!(error instanceof LetterTooLong)) throw error;
    leaveRefusal(job.state, 0, { limit: 'pages', reason: error.message });
    process.exit(LIMIT_EXIT);
  }
}
