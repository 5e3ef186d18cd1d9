import { type ExportWorkerAnswer, type ExportWorkerRequest, exportWorkerMain } from './exportWorker';

const REQUEST: ExportWorkerRequest = {
  url: 'http://127.0.0.1:4100/api/export?exportFile=xlsx',
  headers: { access_token: 't', 'Content-Type': 'application/json' },
  body: '{"list":"ALL"}',
};

/** The worker's main as the blob: URL runs it: its own text, with nothing from this module in scope. */
function startFromText() {
  const answers: ExportWorkerAnswer[] = [];
  const scope = {
    postMessage: (message: ExportWorkerAnswer) => answers.push(message),
    onmessage: null as ((event: MessageEvent) => void) | null,
  };
  new Function('self', `(${exportWorkerMain.toString()})(self);`)(scope);
  const send = (data: ExportWorkerRequest | 'cancel') => scope.onmessage?.({ data } as MessageEvent);
  const settled = async () => {
    for (let i = 0; i < 100 && !answers.some((a) => ['done', 'refused', 'failed'].includes(a.type)); i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return answers;
  };
  return { send, settled, answers };
}

function streamOf(parts: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(encoder.encode(part));
      controller.close();
    },
  });
}

afterEach(() => jest.restoreAllMocks());

describe('the export worker', () => {
  it('posts the row count, the bytes as they come (at most ten times a second), and the whole file as one Blob', async () => {
    const fetchMock = jest.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(streamOf(['abc', 'defg', 'h']), {
        headers: {
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'content-disposition': 'attachment; filename="All_export_1.xlsx"',
          'x-export-rows': '3',
        },
      }),
    );
    const worker = startFromText();
    worker.send(REQUEST);
    const answers = await worker.settled();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(REQUEST.url);
    expect(init).toMatchObject({
      method: 'POST',
      headers: REQUEST.headers,
      body: REQUEST.body,
      credentials: 'include',
    });
    // The first chunk is reported at once, the rest within a tenth of a second (here: at the end).
    expect(answers.slice(0, 3)).toEqual([
      { type: 'started', rows: '3' },
      { type: 'progress', bytes: 3 },
      { type: 'progress', bytes: 8 },
    ]);
    const done = answers[3];
    if (done?.type !== 'done') throw new Error(`no file: ${JSON.stringify(answers)}`);
    expect(done.contentDisposition).toBe('attachment; filename="All_export_1.xlsx"');
    expect(done.blob.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(await done.blob.text()).toBe('abcdefgh');
  });

  it('while the server queues the export (202), posts its place and asks again with the ticket after Retry-After', async () => {
    const ticket = 'a'.repeat(32);
    const queued = (ahead: number) =>
      new Response(JSON.stringify({ message: 'queued', data: { ticket, ahead } }), {
        status: 202,
        headers: { 'content-type': 'application/json', 'retry-after': '0.01' },
      });
    const fetchMock = jest
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(queued(2))
      .mockResolvedValueOnce(queued(0))
      .mockResolvedValueOnce(new Response(streamOf(['xlsx']), { headers: { 'x-export-rows': '1' } }));
    const worker = startFromText();
    worker.send(REQUEST);
    const answers = await worker.settled();
    expect(answers.slice(0, 3)).toEqual([
      { type: 'queued', ahead: 2 },
      { type: 'queued', ahead: 0 },
      { type: 'started', rows: '1' },
    ]);
    expect(answers.at(-1)?.type).toBe('done');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      REQUEST.url,
      `${REQUEST.url}&ticket=${ticket}`,
      `${REQUEST.url}&ticket=${ticket}`,
    ]);
  });

  it('posts a refusal with its status and body, and no file', async () => {
    jest
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response('{"status":"fail","message":"Not allowed"}', { status: 403 }));
    const worker = startFromText();
    worker.send(REQUEST);
    expect(await worker.settled()).toEqual([
      { type: 'refused', status: 403, text: '{"status":"fail","message":"Not allowed"}' },
    ]);
  });

  it('aborts the request on cancel, and says it failed rather than post a file', async () => {
    let signal: AbortSignal | undefined;
    jest.spyOn(globalThis, 'fetch').mockImplementation((_url, init) => {
      signal = init?.signal ?? undefined;
      return new Promise((_resolve, reject) => {
        signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    });
    const worker = startFromText();
    worker.send(REQUEST);
    worker.send('cancel');
    const answers = await worker.settled();
    expect(signal?.aborted).toBe(true);
    expect(answers).toEqual([{ type: 'failed', message: 'aborted' }]);
  });
});
