// Document work off the event loop: merges and letters run in a piscina pool of worker threads with per-job limits
// (README "Document work"). The pool starts with the first job, or earlier by warm(), and ends with the
// app (close()).
// Past a limit the answer is 413 naming the file and the limit, and the worker is replaced: a worker
// ends itself after a limit it detects (pages, decompressed bytes, pixels); the pool stops one that
// runs out of time (abort) and V8 stops one that runs out of heap (resourceLimits).
import { REFUSAL_CODES } from '@originate/contract';
import { Piscina } from 'piscina';
import type { DocumentLimits } from '../../config';
import { HttpError, invalid } from '../../http/errors';
import type { LetterInput } from './letter';
import type { LimitKind, MergePart } from './merge';
import { newJobState, readJobState } from './shared-state';
import type { LetterJob, LetterOutcome, MergeJob, MergeOutcome } from './worker';

/** A part as the caller names it in answers: `fileIds[i] (name.pdf)`. */
export interface NamedPart extends MergePart {
  label: string;
  fileName: string;
}

const limitRefused = (message: string) =>
  new HttpError(REFUSAL_CODES.PAYLOAD_TOO_LARGE.status, { code: REFUSAL_CODES.PAYLOAD_TOO_LARGE.code, message });

/** How a refusal names each limit to a person. */
const LIMIT_NAMES: Record<LimitKind, string> = {
  pages: 'page',
  decodedBytes: 'decompressed size',
  pixels: 'image size',
  memory: 'memory',
  time: 'time',
};

export class DocumentWork {
  #pool: Piscina | undefined;
  #jobs = 0;
  #nextId = 0;
  /** Jobs waiting for their worker to start them, by id: each arms its clock then. */
  readonly #starting = new Map<number, () => void>();

  constructor(readonly limits: DocumentLimits) {}

  #poolOf(): Piscina {
    if (!this.#pool) {
      // Workers inherit process.execArgv, which carries tsx's loader under `node --import tsx` and
      // `tsx src/main.ts` alike, so the worker module can be TypeScript.
      this.#pool = new Piscina({
        filename: new URL('./worker.ts', import.meta.url).href,
        minThreads: this.limits.workers,
        maxThreads: this.limits.workers,
        maxQueue: this.limits.queue,
        resourceLimits: { maxOldGenerationSizeMb: this.limits.memoryMb },
      });
      this.#pool.on('message', (message: { started?: number }) => {
        if (typeof message.started === 'number') this.#starting.get(message.started)?.();
      });
    }
    return this.#pool;
  }

  /**
   * Starts the workers now rather than on the first merge: a worker's start (its code and pdf-lib) then
   * never competes with other users' requests during a merge. The server calls it once it serves.
   */
  warm(): void {
    this.#poolOf();
  }

  /** 503 when as many jobs run and wait as the pool takes; otherwise the job counts until it settles. */
  #admit(what: 'merges' | 'documents'): void {
    if (this.#jobs >= this.limits.workers + this.limits.queue) {
      const { status, code } = REFUSAL_CODES.SERVICE_UNAVAILABLE;
      throw new HttpError(status, {
        code,
        message: `Document work is busy (${this.#jobs} ${what} running or waiting): please try again in a minute`,
      });
    }
    this.#jobs++;
  }

  /**
   * A letter laid out in a worker (the same pool, queue and limits as merges): 413 past the page, time or memory
   * limit, naming the letter; 503 when full. `title` names it in refusals.
   */
  async letter(letter: Omit<LetterInput, 'maxPages'>): Promise<{ bytes: Buffer; pageCount: number }> {
    this.#admit('documents');
    const id = this.#nextId++;
    const state = newJobState();
    const abort = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    this.#starting.set(id, () => {
      timer = setTimeout(() => abort.abort(), this.limits.timeMs);
    });
    const job: LetterJob = { id, letter: { ...letter, maxPages: this.limits.maxPages }, state };
    const refused = (limit: LimitKind, reason: string) =>
      limitRefused(`Letter refused (${LIMIT_NAMES[limit]} limit): ${letter.title} ${reason}`);
    try {
      const outcome: LetterOutcome = await this.#poolOf().run(job, { name: 'letterJob', signal: abort.signal });
      if (!outcome.laidOut) throw invalid('template_id', outcome.reason);
      const { bytes } = outcome;
      return { bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), pageCount: outcome.pageCount };
    } catch (error) {
      if (error instanceof HttpError) throw error;
      const { refusal } = readJobState(state);
      if (refusal) throw refused(refusal.limit, refusal.reason);
      if (abort.signal.aborted)
        throw refused('time', `took longer than the ${this.limits.timeMs} ms a document may take`);
      if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
        throw refused('memory', `needs more than the ${this.limits.memoryMb} MB of memory a document may use`);
      }
      throw error;
    } finally {
      clearTimeout(timer);
      this.#starting.delete(id);
      this.#jobs--;
    }
  }

  /** The parts in order as one PDF; 413 past a limit, 400 for a part that cannot be read, 503 when full. */
  async merge(parts: readonly NamedPart[]): Promise<{ bytes: Buffer; pageCount: number }> {
    this.#admit('merges');
    const id = this.#nextId++;
    const state = newJobState();
    const abort = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    this.#starting.set(id, () => {
      timer = setTimeout(() => abort.abort(), this.limits.timeMs);
    });
    const { maxPages, maxDecodedBytes, maxPixels } = this.limits;
    const job: MergeJob = {
      id,
      parts: parts.map(({ mimeType, data }) => ({ mimeType, data })),
      limits: { maxPages, maxDecodedBytes, maxPixels },
      state,
    };
    try {
      const outcome: MergeOutcome = await this.#poolOf().run(job, { signal: abort.signal });
      if (!outcome.merged) throw this.#unreadable(parts, outcome.part, outcome.reason);
      const { bytes } = outcome;
      return { bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), pageCount: outcome.pageCount };
    } catch (error) {
      if (error instanceof HttpError) throw error;
      const { part, refusal } = readJobState(state);
      if (refusal) throw this.#refused(parts, part, refusal.limit, refusal.reason);
      if (abort.signal.aborted) {
        throw this.#refused(parts, part, 'time', `took longer than the ${this.limits.timeMs} ms a merge may take`);
      }
      if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
        throw this.#refused(
          parts,
          part,
          'memory',
          `needs more than the ${this.limits.memoryMb} MB of memory a merge may use`,
        );
      }
      throw error;
    } finally {
      clearTimeout(timer);
      this.#starting.delete(id);
      this.#jobs--;
    }
  }

  /** `fileIds[i] (name)`, or the result when the worker was writing it. */
  #named(parts: readonly NamedPart[], part: number): string {
    const named = parts[part];
    return named ? `${named.label} (${named.fileName})` : `the merged PDF of ${parts.length} documents`;
  }

  #refused(parts: readonly NamedPart[], part: number, limit: LimitKind, reason: string): HttpError {
    return limitRefused(`Merge refused (${LIMIT_NAMES[limit]} limit): ${this.#named(parts, part)} ${reason}`);
  }

  #unreadable(parts: readonly NamedPart[], part: number, reason: string): HttpError {
    const named = parts[part];
    return named ? invalid(named.label, `${named.fileName} ${reason}`) : invalid('fileIds', reason);
  }

  /** Merges running or waiting now (what the 503 counts). */
  get jobs(): number {
    return this.#jobs;
  }

  /** The pool's live worker threads (a refused job's worker is replaced: tests see a new id). */
  get threadIds(): number[] {
    return this.#pool?.threads.map((t) => t.threadId) ?? [];
  }

  async close(): Promise<void> {
    await this.#pool?.destroy();
    this.#pool = undefined;
  }
}
