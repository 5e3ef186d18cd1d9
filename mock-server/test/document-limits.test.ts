// Document work within limits: merges run in the worker pool, and a hostile part (a PDF of many pages,
// an object stream that inflates past the budget, a PNG whose header declares huge dimensions) is
// refused with 413 naming the file and the limit, its worker replaced, nothing stored; a normal merge
// still works afterwards; a merge past its time is stopped, and a full queue answers 503. Limits are
// lowered by config so the inputs stay small.
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { API_PATHS } from '@originate/contract';
import { inflatingPdf, pdfOfPages, pngDeclaring } from '@originate/testing/hostile-files';
import { call, type Login, loginStaff, multipart, startServer, type TestServer } from './helpers';

const LIMITS = {
  DOCUMENT_MAX_PAGES: '10',
  DOCUMENT_MAX_DECODED_BYTES: String(1024 * 1024),
  DOCUMENT_MAX_PIXELS: '1000000',
};

let s: TestServer;
let officer: Login;
let applicationId: string;

async function uploaded(server: TestServer, name: string, data: Buffer, as: Login = officer): Promise<string> {
  const body = multipart([
    { name: 'application_id', value: applicationId },
    { name: 'fieldKey', value: 'scan' },
    { name: 'file', file: { name, data } },
  ]);
  const res = await server.app.inject({
    method: 'POST',
    url: API_PATHS.uploadDocument,
    headers: { ...as.headers, 'content-type': body.type },
    payload: body.payload,
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json<{ fileId: string }>().fileId;
}

const merge = (server: TestServer, fileIds: string[], fileName = 'merged.pdf', as: Login = officer) =>
  call(server.app, 'POST', API_PATHS.mergeDocument, as, { application_id: applicationId, fileIds, fileName });

/** Every file under the uploads folder, and the application's document rows: what a refusal must leave as it was. */
async function stored(server: TestServer) {
  const uploads = path.join(server.dataDir, 'uploads');
  const files = (await readdir(uploads, { recursive: true }).catch(() => [])).map(String).sort();
  const documents = await server.app.ctx.db.query(
    'SELECT file_id FROM documents WHERE application_id = $1 ORDER BY file_id',
    [applicationId],
  );
  return { files, documents };
}

/** A 413 refusal that names fileIds[i], its file name and the limit, with its worker replaced and nothing stored. */
async function assertLimitRefused(
  server: TestServer,
  fileIds: string[],
  part: number,
  fileName: string,
  limit: RegExp,
) {
  const before = await stored(server);
  const threads = server.app.ctx.documentWork.threadIds;
  const res = await merge(server, fileIds);
  assert.equal(res.statusCode, 413, res.body);
  const body = res.json<{ code: number; message: string }>();
  assert.equal(body.code, 413);
  assert.ok(body.message.includes(`fileIds[${part}] (${fileName})`), body.message);
  assert.match(body.message, limit);
  assert.deepEqual(await stored(server), before, 'a refused merge stores nothing');
  const now = server.app.ctx.documentWork.threadIds;
  assert.ok(threads.length > 0 && !threads.some((id) => now.includes(id)), `worker replaced: ${threads} → ${now}`);
}

before(async () => {
  s = await startServer(LIMITS);
  ({ officer } = await loginStaff(s.app));
  const [row] = await s.app.ctx.db.query<{ application_id: string }>(
    `SELECT DISTINCT application_id FROM tasks WHERE assigned_to = 'USR-1001' AND application_id <> 'HL-2026-600001' ORDER BY 1 LIMIT 1`,
  );
  applicationId = row?.application_id ?? '';
  assert.ok(applicationId, 'the seed has an application of the officer');
});

after(() => s.close());

describe('POST /v3/mergeDocument within the document limits', () => {
  it('a normal merge runs in the worker pool and is stored', async () => {
    const a = await uploaded(s, 'a.pdf', await pdfOfPages(3, { numbered: true }));
    const b = await uploaded(s, 'b.png', pngDeclaring(1, 1));
    const res = await merge(s, [a, b]);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json<{ pageCount: number }>().pageCount, 4);
    assert.ok(s.app.ctx.documentWork.threadIds.length > 0, 'the merge ran in a worker thread');
  });

  it('refuses a merge past the page limit, naming the file that crosses it', async () => {
    const small = await uploaded(s, 'small.pdf', await pdfOfPages(4, { numbered: true }));
    const many = await uploaded(s, 'many-pages.pdf', await pdfOfPages(12, { numbered: true }));
    await assertLimitRefused(
      s,
      [small, many],
      1,
      'many-pages.pdf',
      /^Merge refused \(page limit\): .*16 pages: the limit is 10 pages per merge/,
    );
  });

  it('refuses a PDF whose object stream inflates past the decompressed-bytes limit', async () => {
    const bomb = inflatingPdf(4 * 1024 * 1024);
    assert.ok(bomb.length < 16 * 1024, 'the bomb is small on disk');
    const ok = await uploaded(s, 'ok.pdf', await pdfOfPages(1, { numbered: true }));
    const id = await uploaded(s, 'inflates.pdf', bomb);
    await assertLimitRefused(
      s,
      [ok, id],
      1,
      'inflates.pdf',
      /^Merge refused \(decompressed size limit\): .*limit of 1048576 bytes of decompressed data per merge/,
    );
  });

  it('refuses a PNG whose header declares more pixels than the limit, before decoding it', async () => {
    const png = pngDeclaring(6000, 6000);
    assert.ok(png.length < 200, 'the PNG is tiny on disk');
    const ok = await uploaded(s, 'ok.pdf', await pdfOfPages(1, { numbered: true }));
    const id = await uploaded(s, 'huge.png', png);
    await assertLimitRefused(
      s,
      [id, ok],
      0,
      'huge.png',
      /^Merge refused \(image size limit\): .*6000×6000 pixels: the limit is 1000000 pixels per image/,
    );
  });

  it('merges normally after the refusals (fresh workers)', async () => {
    const a = await uploaded(s, 'again-a.pdf', await pdfOfPages(2, { numbered: true }));
    const b = await uploaded(s, 'again-b.pdf', await pdfOfPages(2, { numbered: true }));
    const res = await merge(s, [a, b], 'again.pdf');
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json<{ pageCount: number }>().pageCount, 4);
  });
});

describe('POST /v3/mergeDocument past its time, and with the queue full', () => {
  /** A server of its own (other limits), its officer and uploads of `pages`-page PDFs. */
  async function serverWith(env: Record<string, string>) {
    const server = await startServer({ DOCUMENT_MAX_PAGES: '100000', ...env });
    const { officer: login } = await loginStaff(server.app);
    const big = await pdfOfPages(1500, { numbered: true });
    const ids = [await uploaded(server, 'long-1.pdf', big, login), await uploaded(server, 'long-2.pdf', big, login)];
    return { server, login, ids };
  }

  it('stops a merge that outlives the time limit: 413 naming the limit, worker replaced, nothing stored', async () => {
    // 1 ms: copying 3,000 pages takes far longer on any machine.
    const { server, login, ids } = await serverWith({ DOCUMENT_TIME_LIMIT_MS: '1' });
    try {
      server.app.ctx.documentWork.warm();
      const before = await stored(server);
      const threads = server.app.ctx.documentWork.threadIds;
      const res = await merge(server, ids, 'slow.pdf', login);
      assert.equal(res.statusCode, 413, res.body);
      assert.match(
        res.json<{ message: string }>().message,
        // The part the worker was on when stopped, or the result it was writing.
        /^Merge refused \(time limit\): (fileIds\[\d\] \(long-\d\.pdf\)|the merged PDF of 2 documents) took longer than the 1 ms a merge may take$/,
      );
      assert.deepEqual(await stored(server), before, 'a stopped merge stores nothing');
      const now = server.app.ctx.documentWork.threadIds;
      assert.ok(!threads.some((id) => now.includes(id)), `worker replaced: ${threads} → ${now}`);
    } finally {
      await server.close();
    }
  });

  it('answers 503 to a merge that finds every worker busy and no room to wait', async () => {
    // The first merge must finish: at a CI run's load (20+) its 3,000 pages once took past the default 30 s.
    const { server, login, ids } = await serverWith({
      DOCUMENT_WORKERS: '1',
      DOCUMENT_QUEUE: '0',
      DOCUMENT_TIME_LIMIT_MS: '300000',
    });
    try {
      const running = merge(server, ids, 'first.pdf', login);
      // The second merge is sent once the first holds the only worker.
      while (server.app.ctx.documentWork.jobs === 0) await new Promise((r) => setTimeout(r, 5));
      const busy = await merge(server, ids, 'second.pdf', login);
      assert.equal(busy.statusCode, 503, busy.body);
      const body = busy.json<{ code: number; message: string }>();
      assert.equal(body.code, 503);
      assert.match(
        body.message,
        /^Document work is busy \(1 merges running or waiting\): please try again in a minute$/,
      );
      const first = await running;
      assert.equal(first.statusCode, 200, first.body);
      assert.equal(first.json<{ pageCount: number }>().pageCount, 3000);
    } finally {
      await server.close();
    }
  });
});
