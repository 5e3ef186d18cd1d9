// A streamed export is fetched and put together by a worker, not by the page: a 100,000-row file is about
// 12 MiB in some 900 chunks, and the end of its response (the body's last read, the Blob of every chunk)
// was a main-thread task of 50–170 ms, the longest of an export (npm run bench -- --only export). The page
// gets progress messages and, at the end, the finished Blob (passed by reference, not copied).
//
// The worker's script is `exportWorkerMain`'s own text in a blob: URL: a worker script must come from the
// page's origin, and this code runs in remotes served from other origins. So that function imports
// nothing and names nothing outside itself. The pages of every remote that exports allow blob: workers
// (their remote.json `pages.blob`).

/** What the page asks the worker: one POST, its JSON body, and its headers (auth, XSRF). */
export interface ExportWorkerRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * What the worker says: the export waits its turn (with how many before it), headers arrived (with the row
 * count), bytes so far, the file, a refusal, or a failure.
 */
export type ExportWorkerAnswer =
  | { type: 'queued'; ahead: number }
  | { type: 'started'; rows: string | null }
  | { type: 'progress'; bytes: number }
  | { type: 'done'; blob: Blob; contentDisposition: string | null }
  | { type: 'refused'; status: number; text: string }
  | { type: 'failed'; message: string };

/** The part of a dedicated worker's global scope the worker uses. */
interface WorkerScope {
  postMessage(message: ExportWorkerAnswer): void;
  onmessage: ((event: MessageEvent<ExportWorkerRequest | 'cancel'>) => void) | null;
}

/**
 * The worker: fetch, report, post the Blob. While the server answers 202 (the export is queued behind
 * others: mock-server README "Spreadsheet export"), it reports the place and asks again with the queue's
 * ticket after Retry-After. 'cancel' aborts the fetch or the wait (the server stops writing).
 */
export function exportWorkerMain(scope: WorkerScope): void {
  const controller = new AbortController();
  const ask = (request: ExportWorkerRequest, ticket: string | null) =>
    fetch(ticket === null ? request.url : `${request.url}${request.url.includes('?') ? '&' : '?'}ticket=${ticket}`, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
      credentials: 'include',
      signal: controller.signal,
    });
  const wait = (seconds: number) =>
    new Promise<void>((resolve, reject) => {
      const aborted = () => {
        clearTimeout(timer);
        reject(new DOMException('aborted', 'AbortError'));
      };
      const timer = setTimeout(() => {
        controller.signal.removeEventListener('abort', aborted);
        resolve();
      }, seconds * 1000);
      controller.signal.addEventListener('abort', aborted, { once: true });
    });
  const run = async (request: ExportWorkerRequest) => {
    let response = await ask(request, null);
    while (response.status === 202) {
      const queued = (await response.json()) as { data: { ticket: string; ahead: number } };
      scope.postMessage({ type: 'queued', ahead: queued.data.ahead });
      const retryAfter = Number(response.headers.get('retry-after'));
      await wait(Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : 1);
      response = await ask(request, queued.data.ticket);
    }
    if (!response.ok) {
      scope.postMessage({ type: 'refused', status: response.status, text: await response.text() });
      return;
    }
    scope.postMessage({ type: 'started', rows: response.headers.get('x-export-rows') });
    const reader = response.body?.getReader();
    if (!reader) throw new Error('the answer has no body');
    const chunks: Uint8Array[] = [];
    let bytes = 0;
    // Ten progress messages a second at most: each is a render of the dialog in the page, and a file
    // comes in about 900 chunks.
    let reportedAt = Number.NEGATIVE_INFINITY;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      bytes += value.byteLength;
      const now = performance.now();
      if (now - reportedAt >= 100) {
        reportedAt = now;
        scope.postMessage({ type: 'progress', bytes });
      }
    }
    scope.postMessage({ type: 'progress', bytes });
    const type = response.headers.get('content-type') ?? 'application/octet-stream';
    scope.postMessage({
      type: 'done',
      blob: new Blob(chunks as BlobPart[], { type }),
      contentDisposition: response.headers.get('content-disposition'),
    });
  };
  scope.onmessage = (event) => {
    if (event.data === 'cancel') {
      controller.abort();
      return;
    }
    run(event.data).catch((error: unknown) =>
      scope.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
  };
}

let workerUrl: string | null = null;

/** A new export worker (one per export: it ends with its file). */
export function startExportWorker(): Worker {
  workerUrl ??= URL.createObjectURL(new Blob([`(${exportWorkerMain.toString()})(self);`], { type: 'text/javascript' }));
  return new Worker(workerUrl);
}
