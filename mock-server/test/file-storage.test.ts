// File storage (README "File storage"): bytes stored once under their sha-256 with reference counts,
// copies of documents and applications adding references, a blob removed only with its last reference
// (and put back when its transaction fails), the start-up migration of the layout before blobs, the
// per-application storage quota, the per-user copy limit, and no HEAD on GET routes that write.
import assert from 'node:assert/strict';
import { createHash, randomUUID } from 'node:crypto';
import { readdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { API_PATHS, apiPath } from '@originate/contract';
import { PDFDocument } from 'pdf-lib';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { reconcileFileStore, withBlobs } from '../src/modules/documents/blobs';
import { type Applicant, newHomeLoan } from './flow-helpers';
import { seededScratchDatabase } from './harness/pg-templates';
import { apiRoutes, fillPath, routeKey, WRITING_GET_ROUTES } from './harness/routes';
import { TEST_PGLITE } from './harness/seeded';
import { pgAnswers } from './harness/server';
import { call, type Login, login, multipart, startServer, type TestServer } from './helpers';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n`);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

function upload(
  s: TestServer,
  headers: Record<string, string>,
  applicationId: string,
  fieldKey: string,
  file: { name: string; data: Buffer },
) {
  const body = multipart([
    { name: 'application_id', value: applicationId },
    { name: 'fieldKey', value: fieldKey },
    { name: 'file', file },
  ]);
  return s.app.inject({
    method: 'POST',
    url: API_PATHS.uploadDocument,
    headers: { ...headers, 'content-type': body.type },
    payload: body.payload,
  });
}

async function uploaded(s: TestServer, headers: Record<string, string>, applicationId: string, data: Buffer) {
  const res = await upload(s, headers, applicationId, 'id_document', { name: 'id.pdf', data });
  assert.equal(res.statusCode, 200, res.body);
  return res.json<{ fileId: string }>().fileId;
}

const onDisk = async (s: TestServer) => (await readdir(path.join(s.dataDir, 'uploads'))).sort();
const blobRow = async (s: TestServer, hash: string) =>
  (await s.app.ctx.db.query<{ ref_count: number }>('SELECT ref_count FROM blobs WHERE hash = $1', [hash]))[0];
const applicationCount = async (s: TestServer) =>
  (await s.app.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM applications'))[0]?.n;
const copyPath = (applicationId: string) => apiPath('copyApplication', { applicationId });

describe('shared bytes', () => {
  let s: TestServer;
  let a: Applicant;
  let officer: Login;
  before(async () => {
    s = await startServer();
    a = await newHomeLoan(s.app);
    officer = await login(s.app, 'officer');
  });
  after(() => s.close());

  it('stores the same bytes once, however often they are uploaded', async () => {
    const data = pdf('uploaded twice');
    const first = await uploaded(s, a.headers, a.applicationId, data);
    const disk = await onDisk(s);
    const second = await uploaded(s, a.headers, a.applicationId, data);
    assert.notEqual(first, second);
    assert.deepEqual(await onDisk(s), disk, 'no second file');
    assert.equal((await blobRow(s, sha256(data)))?.ref_count, 2);
  });

  it('an application copy adds references, never bytes; a removal never takes bytes another document uses', async () => {
    const data = pdf('copied');
    const fileId = await uploaded(s, a.headers, a.applicationId, data);
    const disk = await onDisk(s);
    const copies: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await call(s.app, 'GET', copyPath(a.applicationId), officer);
      assert.equal(res.statusCode, 200, res.body);
      copies.push(res.json().application.application_id);
    }
    assert.deepEqual(await onDisk(s), disk, 'three copies, not one byte more on disk');
    assert.equal((await blobRow(s, sha256(data)))?.ref_count, 4);
    const copied = await s.app.ctx.db.query<{ file_id: string; blob_hash: string }>(
      'SELECT file_id, blob_hash FROM documents WHERE application_id = ANY($1::text[]) AND file_name = $2',
      [copies, 'id.pdf'],
    );
    assert.ok(copied.length >= 3 && copied.every((d) => d.file_id !== fileId));

    const removed = await call(
      s.app,
      'DELETE',
      `${API_PATHS.removeDocument}?fileId=${fileId}&application_id=${a.applicationId}`,
      a.headers,
    );
    assert.equal(removed.statusCode, 200, removed.body);
    const copy = copied.find((d) => d.blob_hash === sha256(data));
    assert.ok(copy);
    const back = await call(s.app, 'GET', apiPath('downloadDocument', { fileId: copy.file_id }), officer);
    assert.equal(back.statusCode, 200);
    assert.ok(back.rawPayload.equals(data), 'the copy keeps its bytes');
    assert.equal((await blobRow(s, sha256(data)))?.ref_count, 3);

    // The last reference takes the blob, row and file.
    const holders = await s.app.ctx.db.query<{ file_id: string; application_id: string }>(
      'SELECT file_id, application_id FROM documents WHERE blob_hash = $1',
      [sha256(data)],
    );
    for (const holder of holders) {
      const res = await call(s.app, 'POST', API_PATHS.deleteDocument, officer, {
        application_id: holder.application_id,
        fileId: holder.file_id,
      });
      assert.equal(res.statusCode, 200, res.body);
    }
    assert.equal(await blobRow(s, sha256(data)), undefined);
    assert.ok(!(await onDisk(s)).includes(sha256(data)));
  });

  it('a transaction that fails undoes its file changes: a blob it created goes, one it removed comes back', async () => {
    const { db, files } = s.app.ctx;
    const fresh = Buffer.from('bytes stored by a transaction that then fails');
    const held = await files.hold(fresh);
    await assert.rejects(
      withBlobs(
        db,
        files,
        async (_tx, blobs) => {
          await blobs.store(held);
          throw new Error('fails after storing');
        },
        [held],
      ),
      /fails after storing/,
    );
    assert.equal(await blobRow(s, sha256(fresh)), undefined);
    assert.ok(!(await onDisk(s)).includes(sha256(fresh)));

    const data = pdf('removal rolled back');
    const fileId = await uploaded(s, a.headers, a.applicationId, data);
    await assert.rejects(
      withBlobs(db, files, async (tx, blobs) => {
        await tx.query('UPDATE documents SET removed_at = now(), blob_hash = NULL WHERE file_id = $1', [fileId]);
        await blobs.release([sha256(data)]);
        assert.ok(!(await onDisk(s)).includes(sha256(data)), 'set aside inside the transaction');
        throw new Error('fails after removing');
      }),
      /fails after removing/,
    );
    assert.equal((await blobRow(s, sha256(data)))?.ref_count, 1);
    const back = await call(s.app, 'GET', apiPath('downloadDocument', { fileId }), a.headers);
    assert.ok(back.rawPayload.equals(data), 'the bytes are back under their name');
    assert.deepEqual(
      (await onDisk(s)).filter((f) => f.startsWith('.')),
      [],
      'no trash or temporary file left',
    );
  });
});

describe('HEAD never writes', () => {
  let s: TestServer;
  let officer: Login;
  before(async () => {
    // PGlite: the check counts transaction ids, which a shared PostgreSQL server hands to every test's database.
    s = await startServer({}, {}, 'pglite');
    officer = await login(s.app, 'officer');
  });
  after(() => s.close());

  it('HEAD of the copy route is no route and creates nothing', async () => {
    const before = await applicationCount(s);
    const head = await s.app.inject({ method: 'HEAD', url: copyPath('PL-2026-000101'), headers: officer.headers });
    assert.equal(head.statusCode, 404);
    assert.equal(await applicationCount(s), before);
  });

  it('no GET route that writes has a HEAD, here or under /debugger', () => {
    const keys = new Set(apiRoutes(s.app).map(routeKey));
    for (const route of WRITING_GET_ROUTES) {
      for (const url of [route, `/debugger${route}`]) {
        assert.ok(keys.has(`GET ${url}`), `GET ${url} is registered`);
        assert.ok(!keys.has(`HEAD ${url}`), `HEAD ${url} must not be registered: its GET writes`);
      }
    }
  });

  it('every HEAD route leaves the database unwritten', async () => {
    const ops = await login(s.app, 'opsadmin');
    const heads = apiRoutes(s.app).filter((r) => r.method === 'HEAD');
    assert.ok(heads.length > 10);
    // A transaction that writes takes a transaction id; reads do not, so the counter moves by our own two calls only.
    const [{ id: start } = { id: '0' }] = await s.app.ctx.db.query<{ id: string }>('SELECT txid_current()::text AS id');
    for (const route of heads) {
      await s.app.inject({ method: 'HEAD', url: fillPath(route.url), headers: ops.headers });
    }
    const [{ id: end } = { id: '0' }] = await s.app.ctx.db.query<{ id: string }>('SELECT txid_current()::text AS id');
    assert.equal(BigInt(end) - BigInt(start), 1n, 'a HEAD route wrote to the database');
  });
});

describe('copies per user', () => {
  let s: TestServer;
  before(async () => {
    s = await startServer({ COPIES_PER_USER_PER_HOUR: '2' });
  });
  after(() => s.close());

  it('allows the configured copies per user an hour, then 429 with Retry-After; other users keep their own budget', async () => {
    const officer = await login(s.app, 'officer');
    for (let i = 0; i < 2; i++)
      assert.equal((await call(s.app, 'GET', copyPath('PL-2026-000101'), officer)).statusCode, 200);
    const before = await applicationCount(s);
    const refused = await call(s.app, 'GET', copyPath('PL-2026-000101'), officer);
    assert.equal(refused.statusCode, 429, refused.body);
    assert.deepEqual(refused.json(), {
      code: 429,
      message: 'You may copy at most 2 applications per hour: please try again later.',
    });
    assert.ok(Number(refused.headers['retry-after']) > 0);
    assert.equal(await applicationCount(s), before, 'nothing copied');
    // Another session of the same user counts against the same budget; another user does not.
    const again = await login(s.app, 'officer');
    assert.equal((await call(s.app, 'GET', copyPath('PL-2026-000101'), again)).statusCode, 429);
    const ops = await login(s.app, 'opsadmin');
    assert.equal((await call(s.app, 'GET', copyPath('PL-2026-000101'), ops)).statusCode, 200);
  });
});

describe('storage quota per application', () => {
  const QUOTA = 4096;
  let s: TestServer;
  let a: Applicant;
  let officer: Login;
  let ops: Login;
  before(async () => {
    s = await startServer({ APPLICATION_STORAGE_QUOTA_BYTES: String(QUOTA) }, {}, 'on-disk');
    a = await newHomeLoan(s.app);
    officer = await login(s.app, 'officer');
    ops = await login(s.app, 'opsadmin');
  });
  after(() => s.close());

  /** A PDF of exactly `size` bytes (spaces after its end, which readers ignore). */
  const filler = async (size: number, tag: string) => {
    const doc = await PDFDocument.create();
    doc.addPage([100, 100]).drawText(tag, { x: 10, y: 50, size: 8 });
    const head = Buffer.from(await doc.save());
    return Buffer.concat([head, Buffer.alloc(size - head.length, 0x20)]);
  };

  it('past the quota every way of adding bytes answers 413 with the quota and the use, storing nothing', async () => {
    const fileId = await uploaded(s, a.headers, a.applicationId, await filler(2000, 'first'));
    const other = await uploaded(s, a.headers, a.applicationId, await filler(2000, 'second'));
    const disk = await onDisk(s);
    const second = await filler(1500, 'third');
    const over = await upload(s, a.headers, a.applicationId, 'id_document', { name: 'more.pdf', data: second });
    assert.equal(over.statusCode, 413, over.body);
    assert.deepEqual(over.json(), {
      code: 413,
      message: `Application ${a.applicationId} would exceed its storage quota of ${QUOTA} bytes: 4000 bytes in use, this adds 1500`,
    });
    // Staff: an upload, a replacement (the replaced file is kept as a version) and the signature pad.
    const staff = await upload(s, ops.headers, a.applicationId, 'id_document', { name: 'more.pdf', data: second });
    assert.equal(staff.statusCode, 413, staff.body);
    const body = multipart([
      { name: 'application_id', value: a.applicationId },
      { name: 'fileId', value: fileId },
      { name: 'file', file: { name: 'new.pdf', data: second } },
    ]);
    const replaced = await s.app.inject({
      method: 'POST',
      url: API_PATHS.updateDocument,
      headers: { ...ops.headers, 'content-type': body.type },
      payload: body.payload,
    });
    assert.equal(replaced.statusCode, 413, replaced.body);
    const signature = await call(s.app, 'POST', API_PATHS.uploadSignature, a.headers, {
      dataURI: `data:image/png;base64,${Buffer.concat([PNG, Buffer.alloc(1200)]).toString('base64')}`,
      app_id: a.applicationId,
    });
    assert.equal(signature.statusCode, 413, signature.body);
    // A merge of the application's own documents adds its result.
    const merge = await call(s.app, 'POST', API_PATHS.mergeDocument, ops, {
      application_id: a.applicationId,
      fileIds: [fileId, other],
      fileName: 'all.pdf',
    });
    assert.equal(merge.statusCode, 413, merge.body);
    assert.deepEqual(await onDisk(s), disk, 'nothing stored');

    // Copying a document to a full application.
    const b = await newHomeLoan(s.app);
    await uploaded(s, b.headers, b.applicationId, await filler(3000, 'target'));
    const copied = await call(s.app, 'POST', API_PATHS.copyFile, ops, {
      application_id: a.applicationId,
      fileId,
      toApplicationId: b.applicationId,
    });
    assert.equal(copied.statusCode, 413, copied.body);
    assert.match(copied.json().message, new RegExp(`^Application ${b.applicationId} would exceed`));

    // An application at its quota is refused before a byte of the file is read.
    await uploaded(s, b.headers, b.applicationId, await filler(QUOTA - 3000, 'fills it'));
    const full = await upload(s, b.headers, b.applicationId, 'id_document', { name: 'x.pdf', data: pdf('x') });
    assert.equal(full.statusCode, 413);
    assert.equal(
      full.json().message,
      `Application ${b.applicationId} has reached its storage quota of ${QUOTA} bytes: ${QUOTA} bytes in use`,
    );
    assert.equal((await call(s.app, 'GET', copyPath(a.applicationId), officer)).statusCode, 200, 'a copy that fits');
  });

  it('an application copy whose documents exceed the quota is refused whole', async () => {
    const source = await newHomeLoan(s.app);
    await uploaded(s, source.headers, source.applicationId, await filler(3500, 'source'));
    // The quota lowered on a restart: the source keeps what it has, a copy of it no longer fits.
    const config = loadConfig({
      ...TEST_PGLITE,
      DATA_DIR: s.dataDir,
      NODE_ENV: 'test',
      APPLICATION_STORAGE_QUOTA_BYTES: '3000',
    });
    await s.app.close();
    const app = await buildApp(config);
    try {
      const count = async () =>
        (await app.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM applications'))[0]?.n;
      const before = await count();
      const res = await call(app, 'GET', copyPath(source.applicationId), await login(app, 'officer'));
      assert.equal(res.statusCode, 413, res.body);
      assert.match(res.json().message, /would exceed its storage quota of 3000 bytes: 0 bytes in use, this adds 3500$/);
      assert.equal(await count(), before);
    } finally {
      await app.close();
    }
  });
});

describe('start-up migration of the layout before blobs', () => {
  let s: TestServer;
  let a: Applicant;
  let ops: Login;
  before(async () => {
    s = await startServer();
    a = await newHomeLoan(s.app);
    ops = await login(s.app, 'opsadmin');
  });
  after(() => s.close());

  it('moves uploads/<file id> files into blobs, keeps versions, cleans names, and is idempotent', async () => {
    const { db, files } = s.app.ctx;
    const dir = path.join(s.dataDir, 'uploads');
    const one = pdf('legacy one');
    const two = pdf('legacy two');
    const fileId = await uploaded(s, a.headers, a.applicationId, one);
    const twin = await uploaded(s, a.headers, a.applicationId, one);
    const body = multipart([
      { name: 'application_id', value: a.applicationId },
      { name: 'fileId', value: fileId },
      { name: 'file', file: { name: 'two.pdf', data: two } },
    ]);
    const replaced = await s.app.inject({
      method: 'POST',
      url: API_PATHS.updateDocument,
      headers: { ...ops.headers, 'content-type': body.type },
      payload: body.payload,
    });
    assert.equal(replaced.statusCode, 200, replaced.body);
    const [version] = await db.query<{ file_id: string }>(
      'SELECT file_id FROM document_versions WHERE document_id = $1',
      [fileId],
    );
    assert.ok(version);
    // The old layout: each row's own file named by its id, no blob rows; one row's file lost.
    const lost = await uploaded(s, a.headers, a.applicationId, pdf('lost'));
    await db.query("UPDATE documents SET blob_hash = NULL, file_name = 'scan\u202Egnp.pdf' WHERE file_id = $1", [twin]);
    await db.query('UPDATE documents SET blob_hash = NULL WHERE file_id = ANY($1::text[])', [[fileId, lost]]);
    await db.query('UPDATE document_versions SET blob_hash = NULL WHERE file_id = $1', [version.file_id]);
    await db.query('DELETE FROM blobs WHERE hash = ANY($1::text[])', [[sha256(one), sha256(two), sha256(pdf('lost'))]]);
    await db.query("DELETE FROM meta WHERE key = 'file_names_cleaned'");
    await writeFile(path.join(dir, fileId), two);
    await writeFile(path.join(dir, twin), one);
    await writeFile(path.join(dir, version.file_id), one);
    await rename(path.join(dir, sha256(one)), path.join(dir, `.trash-${sha256(one)}-${randomUUID()}`));
    await rename(path.join(dir, sha256(two)), path.join(dir, `.trash-${sha256(two)}-${randomUUID()}`));
    await writeFile(path.join(dir, sha256(Buffer.from('orphan'))), 'orphan');
    // A blob still referenced whose file a killed removal left in the trash.
    const kept = pdf('kept');
    const keptId = await uploaded(s, a.headers, a.applicationId, kept);
    await rename(path.join(dir, sha256(kept)), path.join(dir, `.trash-${sha256(kept)}-${randomUUID()}`));

    await reconcileFileStore(db, files);
    const disk = await onDisk(s);
    assert.ok(disk.includes(sha256(one)) && disk.includes(sha256(two)));
    for (const name of [fileId, twin, version.file_id, sha256(Buffer.from('orphan'))]) {
      assert.ok(!disk.includes(name), `${name} is gone`);
    }
    assert.deepEqual(
      disk.filter((f) => f.startsWith('.')),
      [],
    );
    assert.equal((await blobRow(s, sha256(one)))?.ref_count, 2, 'the twin and the version');
    assert.equal((await blobRow(s, sha256(two)))?.ref_count, 1);
    const download = (url: string) => call(s.app, 'GET', url, ops);
    assert.ok((await download(apiPath('downloadDocument', { fileId }))).rawPayload.equals(two));
    assert.ok((await download(apiPath('downloadDocument', { fileId: twin }))).rawPayload.equals(one));
    assert.ok((await download(apiPath('documentVersion', { fileId, version: '1' }))).rawPayload.equals(one));
    assert.equal((await download(apiPath('downloadDocument', { fileId: lost }))).statusCode, 404);
    assert.ok((await download(apiPath('downloadDocument', { fileId: keptId }))).rawPayload.equals(kept));
    const [named] = await db.query<{ file_name: string }>('SELECT file_name FROM documents WHERE file_id = $1', [twin]);
    assert.equal(named?.file_name, 'scangnp.pdf', 'the right-to-left override is gone');

    const [counts] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM blobs');
    await reconcileFileStore(db, files);
    assert.deepEqual(await onDisk(s), disk);
    assert.deepEqual((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM blobs'))[0], counts);
  });
});

describe('on PostgreSQL: concurrent uploads of the same bytes and removals', async () => {
  const reachable = await pgAnswers();
  let s: TestServer | undefined;
  let database: Awaited<ReturnType<typeof seededScratchDatabase>> | undefined;
  before(async () => {
    if (!reachable) return;
    // Seeded from the run's template database (harness/pg-templates.ts), not over the wire.
    database = await seededScratchDatabase('originate_blobs', { SEED_APPLICATIONS: '0' });
    s = await startServer({ DATABASE_URL: database.url, DATA_DIR: database.dataDir, SEED_APPLICATIONS: '0' });
  });
  after(async () => {
    await s?.close();
    await database?.drop();
  });

  it('a blob removed by one transaction while others upload its bytes is never lost', {
    skip: reachable ? false : 'no PostgreSQL on 127.0.0.1:5432',
  }, async () => {
    if (!s) return;
    const server = s;
    const a = await newHomeLoan(server.app);
    for (let round = 0; round < 5; round++) {
      const data = pdf(`contended ${round}`);
      const first = await uploaded(server, a.headers, a.applicationId, data);
      const [removal, ...uploads] = await Promise.all([
        call(
          server.app,
          'DELETE',
          `${API_PATHS.removeDocument}?fileId=${first}&application_id=${a.applicationId}`,
          a.headers,
        ),
        ...Array.from({ length: 4 }, () =>
          upload(server, a.headers, a.applicationId, 'id_document', { name: 'id.pdf', data }),
        ),
      ]);
      assert.equal(removal?.statusCode, 200, removal?.body);
      for (const res of uploads) {
        assert.equal(res.statusCode, 200, res.body);
        const back = await call(
          server.app,
          'GET',
          apiPath('downloadDocument', { fileId: res.json().fileId }),
          a.headers,
        );
        assert.ok(back.rawPayload.equals(data), `round ${round}: the bytes are there`);
      }
      assert.equal((await blobRow(server, sha256(data)))?.ref_count, 4);
    }
  });
});
