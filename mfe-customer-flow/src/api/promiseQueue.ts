// Runs async tasks one at a time in the order given (spec §7: mandatory validations are queued one at a
// time). A failed task rejects its own promise only; the tasks after it still run.

export interface PromiseQueue {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks started or waiting. */
  readonly size: number;
}

export function createPromiseQueue(): PromiseQueue {
  let tail: Promise<unknown> = Promise.resolve();
  let size = 0;
  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      size += 1;
      const result = tail.then(task).finally(() => {
        size -= 1;
      });
      // The chain continues past a failure; the caller still sees it through `result`.
      tail = result.catch(() => undefined);
      return result;
    },
    get size() {
      return size;
    },
  };
}
