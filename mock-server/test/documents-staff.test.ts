// Staff documents (the Docs tab): the list, staff uploads (MANAGE_DOCUMENT, 30 MB, spec §5
// kinds, uploaded_by, worklog), deleteDocument, updatemetadata, updateDocument (replace, earlier versions
// kept and downloadable), copyFile, mergeDocument (a real PDF read back with pdf-lib), DELETE /v3/remove/,
// POST /upload/removeDocument (staff and applicant) and downloads by staff; each with good input, bad
// input (400/1101 naming the field), no token (401) and a user who may not (403, nothing changed on disk
// or in the database).
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { API_PATHS, apiPath, MAX_FILE_SIZE_BYTES } from '@originate/contract';
import type { LightMyRequestResponse } from 'fastify';
import { PDFDocument } from 'pdf-lib';
import { type Applicant, newHomeLoan } from './flow-helpers';
import { routeKey } from './harness/routes';
import { call, type Login, labels, login, loginStaff, multipart, startServer, type TestServer } from './helpers';

let s: TestServer;
let officer: Login;
let admin: Login;
let approver: Login;
let developer: Login;
/** Applications of the officer's: two filed by document type (no flow of theirs has these keys), and the seed's flow home loan. */
let plain: string;
let other: string;
const FLOW_APP = 'HL-2026-600001';
/** One the officer may not open. */
let foreign: string;
/** One the approver may open (an allowed user) but, lacking MANAGE_DOCUMENT, not change. */
let approverCanSee: string;

// The smallest valid PNG (1×1) and a JPEG header pdf-lib can embed (SOF0: 8 bits, 1×1, 3 components).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const JPEG = Buffer.from([
  0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x01, 0x00, 0x01, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03,
  0x11, 0x01, 0xff, 0xd9,
]);

async function pdfOf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([300, 400]).drawText(`page ${i + 1}`, { x: 20, y: 350 });
  return Buffer.from(await doc.save());
}

const q = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  s.app.ctx.db.query<T>(sql, params);

/** Staff logins and applicant sessions alike carry their headers. */
type Caller = { headers: Record<string, string> } | undefined;

/** What the Docs tab sends: application_id and fieldKey before the file. */
function upload(who: Caller, applicationId: string, fieldKey: string, file: { name: string; data: Buffer }) {
  const body = multipart([
    { name: 'application_id', value: applicationId },
    { name: 'fieldKey', value: fieldKey },
    { name: 'file', file },
  ]);
  return s.app.inject({
    method: 'POST',
    url: API_PATHS.uploadDocument,
    headers: { ...(who?.headers ?? {}), 'content-type': body.type },
    payload: body.payload,
  });
}

/** POST /v3/updateDocument as the Docs tab sends it: application_id and fileId, then the new file. */
function replace(who: Caller, fields: Record<string, string>, file?: { name: string; data: Buffer }) {
  const body = multipart([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    ...(file ? [{ name: 'file', file }] : []),
  ]);
  return s.app.inject({
    method: 'POST',
    url: API_PATHS.updateDocument,
    headers: { ...(who?.headers ?? {}), 'content-type': body.type },
    payload: body.payload,
  });
}

async function uploaded(
  applicationId: string,
  fieldKey: string,
  name: string,
  data: Buffer,
  who: Caller = officer,
): Promise<string> {
  const res = await upload(who, applicationId, fieldKey, { name, data });
  assert.equal(res.statusCode, 200, res.body);
  return res.json<{ fileId: string }>().fileId;
}

const onDisk = async () => (await readdir(path.join(s.dataDir, 'uploads')).catch(() => [])).sort();
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
/** How many document and version rows name a blob, by its count. */
const references = async (hash: string) =>
  (await q<{ ref_count: number }>('SELECT ref_count FROM blobs WHERE hash = $1', [hash]))[0]?.ref_count ?? 0;

/** Everything a refused call must leave as it was: the files on disk, the document and version rows, the worklog and audits. */
async function state(...applicationIds: string[]) {
  return {
    disk: await onDisk(),
    documents: await q(
      `SELECT file_id, application_id, field_key, file_name, mime_type, size, metadata, uploaded_by, removed_at
         FROM documents WHERE application_id = ANY($1::text[]) ORDER BY file_id`,
      [applicationIds],
    ),
    versions: await q(
      `SELECT v.* FROM document_versions v JOIN documents d ON d.file_id = v.document_id
        WHERE d.application_id = ANY($1::text[]) ORDER BY v.file_id`,
      [applicationIds],
    ),
    worklogs: await q('SELECT count(*)::int AS n FROM worklogs WHERE application_id = ANY($1::text[])', [
      applicationIds,
    ]),
    audits: await q('SELECT count(*)::int AS n FROM audits WHERE application_id = ANY($1::text[])', [applicationIds]),
  };
}

async function assertRefused(res: LightMyRequestResponse, status: number, before: unknown, ...ids: string[]) {
  assert.equal(res.statusCode, status, res.body);
  const body = res.json<{ code: number; message: string }>();
  assert.equal(body.code, status);
  assert.ok(body.message.length > 0);
  assert.deepEqual(await state(...ids), before, 'a refused call changes nothing');
}

/** The worklog's newest action on an application. */
async function lastWorklog(applicationId: string) {
  const [row] = await q<{ action: string; user_id: string; detail: Record<string, unknown> }>(
    'SELECT action, user_id, detail FROM worklogs WHERE application_id = $1 ORDER BY id DESC LIMIT 1',
    [applicationId],
  );
  return row;
}

/** applicationChanged events the hub carries while `run` runs. */
async function changedDuring(run: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const listener = (applicationId: string) => seen.push(applicationId);
  s.app.ctx.hub.on('applicationChanged', listener);
  try {
    await run();
  } finally {
    s.app.ctx.hub.off('applicationChanged', listener);
  }
  return seen;
}

const canOpen = async (who: Login, applicationId: string) =>
  (await call(s.app, 'GET', apiPath('applicationDocuments', { applicationId }), who)).statusCode === 200;

before(async () => {
  s = await startServer();
  ({ officer, admin, approver } = await loginStaff(s.app));
  developer = await login(s.app, 'developer');
  const officers = (
    await q<{ application_id: string }>(
      `SELECT DISTINCT application_id FROM tasks WHERE assigned_to = 'USR-1001' AND application_id <> $1 ORDER BY 1`,
      [FLOW_APP],
    )
  ).map((r) => r.application_id);
  [plain = '', other = ''] = officers;
  // The seed's officer tasks with the approver as an allowed user.
  const [shared] = await q<{ application_id: string }>(
    `SELECT application_id FROM tasks WHERE assigned_to = 'USR-1001' AND allowed_users ? 'USR-1003'
      AND application_id <> ALL($1::text[]) ORDER BY 1 LIMIT 1`,
    [[plain, other]],
  );
  approverCanSee = shared?.application_id ?? '';
  assert.ok(await canOpen(approver, approverCanSee));
  for (const { application_id } of await q<{ application_id: string }>(
    'SELECT application_id FROM applications ORDER BY 1',
  )) {
    if (!(await canOpen(officer, application_id))) {
      foreign = application_id;
      break;
    }
  }
  assert.ok(plain && other && foreign && approverCanSee, 'the seed has the applications these tests need');
});
after(() => s.close());

describe('the harness covers the document routes', () => {
  it('every document route is registered (so fuzz.test and access.test walk it)', () => {
    const keys = new Set(s.app.registeredRoutes.map(routeKey));
    for (const key of [
      `GET ${API_PATHS.applicationDocuments}`,
      `POST ${API_PATHS.deleteDocument}`,
      `POST ${API_PATHS.updateDocumentMetadata}`,
      `POST ${API_PATHS.copyFile}`,
      `POST ${API_PATHS.mergeDocument}`,
      `POST ${API_PATHS.updateDocument}`,
      `GET ${API_PATHS.documentVersion}`,
      `POST ${API_PATHS.uploadDocument}`,
      `DELETE ${API_PATHS.removeDocument}`,
      `POST ${API_PATHS.removeUploadedDocument}`,
      `GET ${API_PATHS.downloadDocument}`,
    ]) {
      assert.ok(keys.has(key), key);
    }
  });
});

describe('GET /v3/application/{applicationId}/documents', () => {
  it('lists the documents with type, size, metadata, uploader and time; removed ones left out', async () => {
    const kept = await uploaded(plain, 'salary_slip', 'slip-march.pdf', await pdfOf(1));
    const gone = await uploaded(plain, 'bank_statement', 'statement.png', PNG);
    const removed = await call(s.app, 'POST', API_PATHS.deleteDocument, officer, {
      application_id: plain,
      fileId: gone,
    });
    assert.equal(removed.statusCode, 200, removed.body);
    const res = await call(s.app, 'GET', apiPath('applicationDocuments', { applicationId: plain }), officer);
    assert.equal(res.statusCode, 200, res.body);
    const { data } = res.json<{ data: Record<string, unknown>[] }>();
    const doc = data.find((d) => d.fileId === kept);
    assert.ok(doc, 'the upload is listed');
    assert.deepEqual(
      { ...doc, createdAt: undefined, updatedAt: undefined, size: undefined },
      {
        fileId: kept,
        fileName: 'slip-march.pdf',
        fieldKey: 'salary_slip',
        mimeType: 'application/pdf',
        size: undefined,
        metadata: { docType: 'salary_slip' },
        uploadedBy: 'Rahul Verma',
        createdAt: undefined,
        version: 1,
        updatedAt: undefined,
        versions: [],
      },
    );
    assert.ok(typeof doc.size === 'number' && doc.size > 0);
    assert.ok(!Number.isNaN(Date.parse(String(doc.createdAt))));
    assert.equal(doc.updatedAt, doc.createdAt, 'a document never replaced was last uploaded when it was created');
    assert.ok(!data.some((d) => d.fileId === gone), 'removed documents are not listed');
  });

  it('bad input, no token and a user without access', async () => {
    const url = apiPath('applicationDocuments', { applicationId: plain });
    assert.deepEqual(labels(await call(s.app, 'GET', '/v3/application/bad%20id!/documents', officer)), [
      'applicationId',
    ]);
    assert.deepEqual(labels(await call(s.app, 'GET', `${url}?all=true`, officer)), ['all']);
    assert.equal((await call(s.app, 'GET', url)).statusCode, 401);
    const res = await call(s.app, 'GET', url, developer);
    assert.equal(res.statusCode, 403);
    assert.equal(res.json().message, 'You do not have access to this application');
    assert.equal(
      (await call(s.app, 'GET', apiPath('applicationDocuments', { applicationId: 'PL-2026-999999' }), officer))
        .statusCode,
      404,
    );
  });
});

describe('staff upload (POST /api/uploadLocalFiletoS3)', () => {
  it('a flow field keeps its kinds; another key is a document type; uploader, worklog and live event recorded', async () => {
    let fileId = '';
    const seen = await changedDuring(async () => {
      fileId = await uploaded(FLOW_APP, 'id_document', 'pan-card.png', PNG);
    });
    assert.deepEqual(seen, [FLOW_APP]);
    const [row] = await q('SELECT field_key, uploaded_by, metadata FROM documents WHERE file_id = $1', [fileId]);
    assert.deepEqual(row, { field_key: 'id_document', uploaded_by: 'USR-1001', metadata: {} });
    assert.deepEqual(await lastWorklog(FLOW_APP), {
      action: 'upload_document',
      user_id: 'USR-1001',
      detail: { fileId, fileName: 'pan-card.png', fieldKey: 'id_document' },
    });
    assert.ok((await onDisk()).includes(sha256(PNG)));
    // The ID document field takes images and PDFs only; a document type takes every spec §5 kind.
    const before = await state(FLOW_APP);
    const sheet = { name: 'income.csv', data: Buffer.from('month,amount\nmarch,85000\n') };
    const refused = await upload(officer, FLOW_APP, 'id_document', sheet);
    assert.deepEqual(labels(refused), ['income.csv']);
    assert.deepEqual(await state(FLOW_APP), before);
    assert.equal((await upload(officer, FLOW_APP, 'income_sheet', sheet)).statusCode, 200);
  });

  it('refuses a key naming a field that is no upload, a wrong type and over 30 MB, leaving nothing behind', async () => {
    const before = await state(FLOW_APP, plain);
    assert.deepEqual(labels(await upload(officer, FLOW_APP, 'property_city', { name: 'city.png', data: PNG })), [
      'fieldKey',
    ]);
    assert.deepEqual(labels(await upload(officer, plain, 'tool', { name: 'tool.exe', data: Buffer.from('MZ') })), [
      'tool.exe',
    ]);
    assert.deepEqual(labels(await upload(officer, plain, 'photo', { name: 'photo.png', data: JPEG })), ['photo.png']);
    assert.deepEqual(labels(await upload(officer, plain, 'bad key!', { name: 'a.png', data: PNG })), ['fieldKey']);
    const huge = Buffer.alloc(MAX_FILE_SIZE_BYTES + 1);
    PNG.copy(huge);
    const over = await upload(officer, plain, 'scan', { name: 'huge.png', data: huge });
    assert.equal(over.statusCode, 413);
    assert.deepEqual(over.json(), { code: 413, message: `huge.png is larger than ${MAX_FILE_SIZE_BYTES} bytes` });
    assert.deepEqual(await state(FLOW_APP, plain), before);
  });

  it('no token: 401; without MANAGE_DOCUMENT or without access: 403, nothing stored', async () => {
    const before = await state(approverCanSee, foreign);
    const file = { name: 'a.png', data: PNG };
    assert.equal((await upload(undefined, approverCanSee, 'scan', file)).statusCode, 401);
    const noPermission = await upload(approver, approverCanSee, 'scan', file);
    assert.equal(noPermission.statusCode, 403);
    assert.match(noPermission.json().message, /MANAGE_DOCUMENT/);
    assert.equal((await upload(officer, foreign, 'scan', file)).statusCode, 403);
    assert.deepEqual(await state(approverCanSee, foreign), before);
  });
});

describe('POST /v3/deleteDocument and DELETE /v3/remove/', () => {
  it('removes the row (worklog, live event) and the bytes', async () => {
    const fileId = await uploaded(plain, 'scan', 'scan.png', PNG);
    let res: LightMyRequestResponse | undefined;
    const seen = await changedDuring(async () => {
      res = await call(s.app, 'POST', API_PATHS.deleteDocument, officer, { application_id: plain, fileId });
    });
    assert.deepEqual(res?.json(), { fileId, removed: true });
    assert.deepEqual(seen, [plain]);
    assert.ok(!(await onDisk()).includes(fileId));
    assert.deepEqual(await lastWorklog(plain), {
      action: 'delete_document',
      user_id: 'USR-1001',
      detail: { fileId },
    });
    const again = await call(s.app, 'POST', API_PATHS.deleteDocument, officer, { application_id: plain, fileId });
    assert.equal(again.statusCode, 404);
  });

  it('bad input, no token, another application, and users who may not', async () => {
    const fileId = await uploaded(approverCanSee, 'scan', 'scan.png', PNG);
    const before = await state(approverCanSee, other);
    const del = (who: Login | undefined, body: Record<string, unknown>) =>
      call(s.app, 'POST', API_PATHS.deleteDocument, who, body);
    assert.deepEqual(labels(await del(officer, { application_id: approverCanSee, fileId, force: true })), ['force']);
    assert.deepEqual(labels(await del(officer, { application_id: approverCanSee })), ['fileId']);
    assert.deepEqual(labels(await del(officer, { application_id: approverCanSee, fileId: '../x' })), ['fileId']);
    await assertRefused(
      await del(undefined, { application_id: approverCanSee, fileId }),
      401,
      before,
      approverCanSee,
      other,
    );
    await assertRefused(
      await del(approver, { application_id: approverCanSee, fileId }),
      403,
      before,
      approverCanSee,
      other,
    );
    await assertRefused(
      await del(developer, { application_id: approverCanSee, fileId }),
      403,
      before,
      approverCanSee,
      other,
    );
    // The file id of one application named with another: not found there.
    await assertRefused(await del(officer, { application_id: other, fileId }), 404, before, approverCanSee, other);
  });

  it('DELETE /v3/remove/ by staff follows the same rules', async () => {
    const fileId = await uploaded(approverCanSee, 'scan', 'scan.png', PNG);
    const url = `${API_PATHS.removeDocument}?fileId=${fileId}&application_id=${approverCanSee}`;
    const before = await state(approverCanSee);
    await assertRefused(await call(s.app, 'DELETE', url), 401, before, approverCanSee);
    const refused = await call(s.app, 'DELETE', url, approver);
    await assertRefused(refused, 403, before, approverCanSee);
    assert.match(refused.json().message, /MANAGE_DOCUMENT/);
    assert.deepEqual(labels(await call(s.app, 'DELETE', `${url}&x=1`, officer)), ['x']);
    const res = await call(s.app, 'DELETE', url, officer);
    assert.deepEqual(res.json(), { removed: true });
    assert.equal((await lastWorklog(approverCanSee))?.action, 'delete_document');
    assert.ok(!(await onDisk()).includes(fileId));
  });
});

describe('GET /v3/document/{fileId} by staff', () => {
  it('staff with access download the bytes; no token 401; without access 403', async () => {
    const data = await pdfOf(2);
    const fileId = await uploaded(plain, 'scan', 'two pages.pdf', data);
    const url = apiPath('downloadDocument', { fileId });
    const res = await call(s.app, 'GET', url, officer);
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'application/pdf');
    assert.ok(res.rawPayload.equals(data));
    // The ops admin (ALL_APPLICATIONS_*) opens any application's files.
    assert.equal((await call(s.app, 'GET', url, admin)).statusCode, 200);
    assert.equal((await call(s.app, 'GET', url)).statusCode, 401);
    assert.equal((await call(s.app, 'GET', url, developer)).statusCode, 403);
  });
});

describe('POST /v3/document/updatemetadata', () => {
  it('replaces the metadata (worklog, live event); the list shows it', async () => {
    const fileId = await uploaded(plain, 'scan', 'form16.pdf', await pdfOf(1));
    const body = { application_id: plain, fileId, metadata: { docType: 'ITR', description: 'Form 16, FY 2025-26' } };
    let res: LightMyRequestResponse | undefined;
    const seen = await changedDuring(async () => {
      res = await call(s.app, 'POST', API_PATHS.updateDocumentMetadata, officer, body);
    });
    assert.deepEqual(res?.json(), { fileId, metadata: body.metadata });
    assert.deepEqual(seen, [plain]);
    const cleared = await call(s.app, 'POST', API_PATHS.updateDocumentMetadata, officer, {
      ...body,
      metadata: { docType: 'ITR' },
    });
    assert.deepEqual(cleared.json(), { fileId, metadata: { docType: 'ITR' } });
    const list = await call(s.app, 'GET', apiPath('applicationDocuments', { applicationId: plain }), officer);
    const doc = list.json<{ data: { fileId: string; metadata: unknown }[] }>().data.find((d) => d.fileId === fileId);
    assert.deepEqual(doc?.metadata, { docType: 'ITR' });
    assert.deepEqual(await lastWorklog(plain), {
      action: 'update_document_metadata',
      user_id: 'USR-1001',
      detail: { fileId, metadata: { docType: 'ITR' } },
    });
  });

  it('bad input, no token, unknown file and users who may not', async () => {
    const fileId = await uploaded(approverCanSee, 'scan', 'scan.png', PNG);
    const before = await state(approverCanSee);
    const meta = (who: Login | undefined, metadata: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      call(s.app, 'POST', API_PATHS.updateDocumentMetadata, who, {
        application_id: approverCanSee,
        fileId,
        metadata,
        ...extra,
      });
    assert.deepEqual(labels(await meta(officer, { docType: '' })), ['metadata.docType']);
    assert.deepEqual(labels(await meta(officer, { colour: 'red' })), ['metadata.colour']);
    assert.deepEqual(labels(await meta(officer, { description: 'x'.repeat(501) })), ['metadata.description']);
    assert.deepEqual(labels(await meta(officer, {}, { owner: 'me' })), ['owner']);
    await assertRefused(await meta(undefined, { docType: 'ITR' }), 401, before, approverCanSee);
    await assertRefused(await meta(approver, { docType: 'ITR' }), 403, before, approverCanSee);
    await assertRefused(await meta(developer, { docType: 'ITR' }), 403, before, approverCanSee);
    const unknown = await call(s.app, 'POST', API_PATHS.updateDocumentMetadata, officer, {
      application_id: approverCanSee,
      fileId: '00000000-0000-4000-8000-000000000000',
      metadata: {},
    });
    await assertRefused(unknown, 404, before, approverCanSee);
  });
});

describe('POST /v3/copyFile', () => {
  it('copies to another application as a new document naming the same bytes (worklog on both, live events)', async () => {
    const data = await pdfOf(1);
    const fileId = await uploaded(plain, 'salary_slip', 'slip.pdf', data);
    const diskBefore = await onDisk();
    const referencesBefore = await references(sha256(data));
    let res: LightMyRequestResponse | undefined;
    const seen = await changedDuring(async () => {
      res = await call(s.app, 'POST', API_PATHS.copyFile, officer, {
        application_id: plain,
        fileId,
        toApplicationId: other,
      });
    });
    assert.equal(res?.statusCode, 200, res?.body);
    const copy = res?.json<{ fileId: string; application_id: string; fileName: string; size: number }>();
    assert.ok(copy && copy.fileId !== fileId);
    assert.deepEqual(
      { ...copy, fileId: undefined },
      {
        fileId: undefined,
        application_id: other,
        fileName: 'slip.pdf',
        size: data.length,
      },
    );
    assert.deepEqual(seen.sort(), [plain, other].sort());
    assert.deepEqual(await onDisk(), diskBefore, 'no new file on disk');
    assert.equal(await references(sha256(data)), referencesBefore + 1, 'one more reference to the same blob');
    const bytes = await call(s.app, 'GET', apiPath('downloadDocument', { fileId: copy.fileId }), officer);
    assert.ok(bytes.rawPayload.equals(data));
    const [row] = await q('SELECT application_id, field_key, metadata, uploaded_by FROM documents WHERE file_id = $1', [
      copy.fileId,
    ]);
    assert.deepEqual(row, {
      application_id: other,
      field_key: 'salary_slip',
      metadata: { docType: 'salary_slip' },
      uploaded_by: 'USR-1001',
    });
    assert.equal((await lastWorklog(plain))?.action, 'copy_document');
    assert.equal((await lastWorklog(other))?.action, 'add_document_copy');
    // Removing the original leaves the copy whole: the blob stays while the copy names it.
    await call(s.app, 'POST', API_PATHS.deleteDocument, officer, { application_id: plain, fileId });
    const kept = await call(s.app, 'GET', apiPath('downloadDocument', { fileId: copy.fileId }), officer);
    assert.equal(kept.statusCode, 200);
    assert.ok(kept.rawPayload.equals(data));
    assert.equal(await references(sha256(data)), referencesBefore);
    assert.ok((await onDisk()).includes(sha256(data)));
  });

  it('bad input, no token, a target without access and users who may not', async () => {
    const fileId = await uploaded(approverCanSee, 'scan', 'scan.png', PNG);
    const before = await state(approverCanSee, other, foreign);
    const copy = (who: Login | undefined, body: Record<string, unknown>) =>
      call(s.app, 'POST', API_PATHS.copyFile, who, { application_id: approverCanSee, fileId, ...body });
    assert.deepEqual(labels(await copy(officer, {})), ['toApplicationId']);
    assert.deepEqual(labels(await copy(officer, { toApplicationId: approverCanSee })), ['toApplicationId']);
    assert.deepEqual(labels(await copy(officer, { toApplicationId: 'PL-2026-999999' })), ['toApplicationId']);
    assert.deepEqual(labels(await copy(officer, { toApplicationId: other, keep: true })), ['keep']);
    const ids = [approverCanSee, other, foreign];
    await assertRefused(await copy(undefined, { toApplicationId: other }), 401, before, ...ids);
    await assertRefused(await copy(approver, { toApplicationId: other }), 403, before, ...ids);
    const target = await copy(officer, { toApplicationId: foreign });
    await assertRefused(target, 403, before, ...ids);
    assert.equal(target.json().message, `You do not have access to application ${foreign}`);
  });
});

describe('POST /v3/mergeDocument', () => {
  it('merges PDFs and PNG / JPEG images, in order, into one new PDF with the summed page count', async () => {
    const fileIds = [
      await uploaded(plain, 'salary_slip', 'slips.pdf', await pdfOf(2)),
      await uploaded(plain, 'id_proof', 'pan.png', PNG),
      await uploaded(plain, 'statement', 'statement.pdf', await pdfOf(3)),
      await uploaded(plain, 'photo', 'photo.jpg', JPEG),
    ];
    let res: LightMyRequestResponse | undefined;
    const seen = await changedDuring(async () => {
      res = await call(s.app, 'POST', API_PATHS.mergeDocument, officer, {
        application_id: plain,
        fileIds,
        fileName: 'income proof',
      });
    });
    assert.equal(res?.statusCode, 200, res?.body);
    const merged = res?.json<{ fileId: string; fileName: string; size: number; mimeType: string; pageCount: number }>();
    assert.ok(merged);
    assert.deepEqual(seen, [plain]);
    assert.deepEqual(
      { fileName: merged.fileName, mimeType: merged.mimeType, pageCount: merged.pageCount },
      { fileName: 'income proof.pdf', mimeType: 'application/pdf', pageCount: 7 },
    );
    const bytes = await call(s.app, 'GET', apiPath('downloadDocument', { fileId: merged.fileId }), officer);
    assert.equal(bytes.statusCode, 200);
    assert.equal(bytes.rawPayload.length, merged.size);
    const pdf = await PDFDocument.load(bytes.rawPayload);
    assert.equal(pdf.getPageCount(), 2 + 1 + 3 + 1);
    // The pages of the first PDF come first, unchanged in size.
    assert.deepEqual(pdf.getPage(0).getSize(), { width: 300, height: 400 });
    const list = await call(s.app, 'GET', apiPath('applicationDocuments', { applicationId: plain }), officer);
    const docs = list.json<{ data: { fileId: string; metadata: { description?: string } }[] }>().data;
    assert.equal(
      docs.find((d) => d.fileId === merged.fileId)?.metadata.description,
      'Merged from slips.pdf, pan.png, statement.pdf, photo.jpg',
    );
    for (const fileId of fileIds)
      assert.ok(
        docs.some((d) => d.fileId === fileId),
        'the originals stay',
      );
    assert.deepEqual(await lastWorklog(plain), {
      action: 'merge_documents',
      user_id: 'USR-1001',
      detail: { fileIds, fileId: merged.fileId, fileName: 'income proof.pdf', pageCount: 7 },
    });
  });

  it('refuses other types, unknown files and bad bodies naming the field; 401; 403 changing nothing', async () => {
    const pdf = await uploaded(approverCanSee, 'scan', 'a.pdf', await pdfOf(1));
    const csv = await uploaded(approverCanSee, 'sheet', 'b.csv', Buffer.from('a,b\n1,2\n'));
    const damaged = await uploaded(approverCanSee, 'scan', 'damaged.pdf', Buffer.from('%PDF-1.7\nnot a pdf at all'));
    const before = await state(approverCanSee);
    const merge = (who: Login | undefined, body: Record<string, unknown>) =>
      call(s.app, 'POST', API_PATHS.mergeDocument, who, { application_id: approverCanSee, fileName: 'm.pdf', ...body });
    const ids = [approverCanSee];
    const wrongType = await merge(officer, { fileIds: [pdf, csv] });
    assert.deepEqual(labels(wrongType), ['fileIds[1]']);
    assert.match(wrongType.json().errors[0].reason, /text\/csv/);
    assert.deepEqual(labels(await merge(officer, { fileIds: ['00000000-0000-4000-8000-000000000000', pdf] })), [
      'fileIds[0]',
    ]);
    assert.deepEqual(labels(await merge(officer, { fileIds: [pdf, damaged] })), ['fileIds[1]']);
    assert.deepEqual(labels(await merge(officer, { fileIds: [pdf] })), ['fileIds']);
    assert.deepEqual(labels(await merge(officer, { fileIds: [pdf, pdf] })), ['fileIds']);
    assert.deepEqual(labels(await merge(officer, { fileIds: [pdf, csv], fileName: '../m.pdf' })), ['fileName']);
    assert.deepEqual(labels(await merge(officer, { fileIds: [pdf, csv], pages: 3 })), ['pages']);
    assert.deepEqual(await state(...ids), before);
    await assertRefused(await merge(undefined, { fileIds: [pdf, damaged] }), 401, before, ...ids);
    await assertRefused(await merge(approver, { fileIds: [pdf, damaged] }), 403, before, ...ids);
    await assertRefused(await merge(developer, { fileIds: [pdf, damaged] }), 403, before, ...ids);
  });

  it('a result over 30 MB answers 413 and stores nothing', async () => {
    // Two stored PDFs whose recorded sizes add up past the limit (the check before any byte is read).
    const a = await uploaded(other, 'scan', 'big-a.pdf', await pdfOf(1));
    const b = await uploaded(other, 'scan', 'big-b.pdf', await pdfOf(1));
    await q('UPDATE documents SET size = $2 WHERE file_id = ANY($1::text[])', [[a, b], MAX_FILE_SIZE_BYTES / 2 + 1]);
    const before = await state(other);
    const res = await call(s.app, 'POST', API_PATHS.mergeDocument, officer, {
      application_id: other,
      fileIds: [a, b],
      fileName: 'big.pdf',
    });
    await assertRefused(res, 413, before, other);
    assert.equal(res.json().message, `big.pdf is larger than ${MAX_FILE_SIZE_BYTES} bytes`);
  });
});

describe('POST /v3/updateDocument', () => {
  const download = (fileId: string, version?: number) =>
    call(
      s.app,
      'GET',
      version === undefined ? apiPath('downloadDocument', { fileId }) : apiPath('documentVersion', { fileId, version }),
      officer,
    );

  it('replaces the file, keeping id, field key and metadata; earlier versions stay downloadable; worklog, audit, live event', async () => {
    const fileId = await uploaded(plain, 'id_proof', 'pan-scan.png', PNG);
    const metadata = { docType: 'PAN', description: 'PAN card of the applicant' };
    await call(s.app, 'POST', API_PATHS.updateDocumentMetadata, officer, { application_id: plain, fileId, metadata });
    const second = await pdfOf(2);
    let res: LightMyRequestResponse | undefined;
    const seen = await changedDuring(async () => {
      res = await replace(officer, { application_id: plain, fileId }, { name: 'pan-card.pdf', data: second });
    });
    assert.equal(res?.statusCode, 200, res?.body);
    assert.deepEqual(res?.json(), {
      fileId,
      fileName: 'pan-card.pdf',
      size: second.length,
      mimeType: 'application/pdf',
      version: 2,
    });
    assert.deepEqual(seen, [plain]);
    const current = await download(fileId);
    assert.equal(current.headers['content-type'], 'application/pdf');
    assert.match(String(current.headers['content-disposition']), /filename="pan-card.pdf"/);
    assert.ok(current.rawPayload.equals(second), 'the document holds the new file');
    const first = await download(fileId, 1);
    assert.equal(first.statusCode, 200, first.body);
    assert.equal(first.headers['content-type'], 'image/png');
    assert.match(String(first.headers['content-disposition']), /filename="pan-scan.png"/);
    assert.ok(first.rawPayload.equals(PNG), 'version 1 keeps its bytes');

    const list = await call(s.app, 'GET', apiPath('applicationDocuments', { applicationId: plain }), officer);
    const doc = list.json<{ data: Record<string, unknown>[] }>().data.find((d) => d.fileId === fileId);
    assert.ok(doc);
    assert.deepEqual(
      { ...doc, createdAt: undefined, updatedAt: undefined },
      {
        fileId,
        fileName: 'pan-card.pdf',
        fieldKey: 'id_proof',
        mimeType: 'application/pdf',
        size: second.length,
        metadata,
        uploadedBy: 'Rahul Verma',
        createdAt: undefined,
        version: 2,
        updatedAt: undefined,
        versions: [
          {
            version: 1,
            fileName: 'pan-scan.png',
            mimeType: 'image/png',
            size: PNG.length,
            uploadedBy: 'Rahul Verma',
            uploadedAt: doc.createdAt,
            replacedAt: doc.updatedAt,
          },
        ],
      },
    );
    assert.deepEqual(await lastWorklog(plain), {
      action: 'replace_document',
      user_id: 'USR-1001',
      detail: { fileId, fileName: 'pan-card.pdf', version: 2, previousFileName: 'pan-scan.png' },
    });
    const [audit] = await q(
      'SELECT field_key, old_value, new_value, user_id, source FROM audits WHERE application_id = $1 ORDER BY id DESC LIMIT 1',
      [plain],
    );
    assert.deepEqual(audit, {
      field_key: 'id_proof',
      old_value: 'pan-scan.png (version 1)',
      new_value: 'pan-card.pdf (version 2)',
      user_id: 'USR-1001',
      source: 'document:replace',
    });

    // A third file: versions 2 and 1 each keep their own bytes; the route serves earlier versions only.
    const third = await replace(officer, { application_id: plain, fileId }, { name: 'pan-photo.jpg', data: JPEG });
    assert.equal(third.json().version, 3);
    assert.ok((await download(fileId)).rawPayload.equals(JPEG));
    assert.ok((await download(fileId, 2)).rawPayload.equals(second));
    assert.ok((await download(fileId, 1)).rawPayload.equals(PNG));
    assert.equal((await download(fileId, 3)).statusCode, 404);

    // Each version names its blob; removing the document drops every reference, and a blob no other
    // row names goes with its file.
    const hashes = (
      await q<{ blob_hash: string }>('SELECT blob_hash FROM document_versions WHERE document_id = $1', [fileId])
    ).map((r) => r.blob_hash);
    assert.deepEqual(hashes.sort(), [sha256(PNG), sha256(second)].sort());
    const counts = new Map<string, number>();
    for (const hash of [...hashes, sha256(JPEG)]) counts.set(hash, await references(hash));
    for (const hash of counts.keys()) assert.ok((await onDisk()).includes(hash));
    const removed = await call(s.app, 'POST', API_PATHS.deleteDocument, officer, { application_id: plain, fileId });
    assert.equal(removed.statusCode, 200, removed.body);
    const disk = await onDisk();
    for (const [hash, count] of counts) {
      assert.equal(await references(hash), count - 1, `${hash} lost this document's reference`);
      assert.equal(disk.includes(hash), count > 1, `${hash} is on disk exactly while another row names it`);
    }
    assert.equal((await download(fileId, 1)).statusCode, 404);
    assert.deepEqual(await q('SELECT file_id FROM document_versions WHERE document_id = $1', [fileId]), []);
  });

  it("keeps to the kinds of the flow's upload field the document belongs to", async () => {
    const fileId = await uploaded(FLOW_APP, 'id_document', 'aadhaar.png', PNG);
    const before = await state(FLOW_APP);
    const sheet = await replace(
      officer,
      { application_id: FLOW_APP, fileId },
      { name: 'aadhaar.csv', data: Buffer.from('a,b\n1,2\n') },
    );
    assert.deepEqual(sheet.json().errors, [
      { label: 'aadhaar.csv', reason: 'is not an accepted file type (image, pdf)' },
    ]);
    assert.deepEqual(await state(FLOW_APP), before);
    const pdf = await replace(
      officer,
      { application_id: FLOW_APP, fileId },
      { name: 'aadhaar.pdf', data: await pdfOf(1) },
    );
    assert.equal(pdf.statusCode, 200, pdf.body);
  });

  it('refuses bad input naming the field, a wrong type and over 30 MB (413), changing nothing', async () => {
    const fileId = await uploaded(plain, 'scan', 'scan.png', PNG);
    const before = await state(plain, other);
    const fields = { application_id: plain, fileId };
    const file = { name: 'scan-2.png', data: PNG };
    assert.deepEqual(labels(await replace(officer, { application_id: plain }, file)), ['fileId']);
    assert.deepEqual(labels(await replace(officer, { ...fields, fieldKey: 'scan' }, file)), ['fieldKey']);
    assert.deepEqual(labels(await replace(officer, { ...fields, fileId: '../etc/passwd' }, file)), ['fileId']);
    assert.deepEqual(labels(await replace(officer, fields)), ['file']);
    // A JSON body: this route takes multipart only.
    assert.deepEqual(labels(await call(s.app, 'POST', API_PATHS.updateDocument, officer, fields)), ['body']);
    assert.deepEqual(labels(await replace(officer, fields, { name: 'tool.exe', data: Buffer.from('MZ') })), [
      'tool.exe',
    ]);
    assert.deepEqual(labels(await replace(officer, fields, { name: 'photo.png', data: JPEG })), ['photo.png']);
    const huge = Buffer.alloc(MAX_FILE_SIZE_BYTES + 1);
    PNG.copy(huge);
    const over = await replace(officer, fields, { name: 'huge.png', data: huge });
    assert.equal(over.statusCode, 413);
    assert.deepEqual(over.json(), { code: 413, message: `huge.png is larger than ${MAX_FILE_SIZE_BYTES} bytes` });
    const unknown = { application_id: plain, fileId: '00000000-0000-4000-8000-000000000000' };
    assert.equal((await replace(officer, unknown, file)).statusCode, 404);
    // The file id of one application named with another: not found there.
    assert.equal((await replace(officer, { application_id: other, fileId }, file)).statusCode, 404);
    assert.deepEqual(await state(plain, other), before);
    assert.deepEqual(
      (await onDisk()).filter((f) => f.startsWith('.partial-')),
      [],
      'no partial file left behind',
    );
  });

  it('no token: 401; without MANAGE_DOCUMENT, without access or as an applicant: 403, nothing changed', async () => {
    const fileId = await uploaded(approverCanSee, 'scan', 'scan.png', PNG);
    const before = await state(approverCanSee);
    const fields = { application_id: approverCanSee, fileId };
    const file = { name: 'new.png', data: PNG };
    await assertRefused(await replace(undefined, fields, file), 401, before, approverCanSee);
    const noPermission = await replace(approver, fields, file);
    await assertRefused(noPermission, 403, before, approverCanSee);
    assert.match(noPermission.json().message, /MANAGE_DOCUMENT/);
    await assertRefused(await replace(developer, fields, file), 403, before, approverCanSee);
    const applicant = await newHomeLoan(s.app);
    await assertRefused(await replace(applicant, fields, file), 403, before, approverCanSee);
  });
});

describe('GET /v3/document/{fileId}/version/{version}', () => {
  it('bad input naming the field, no token, unknown versions and users without access', async () => {
    const fileId = await uploaded(plain, 'scan', 'v1.png', PNG);
    assert.equal(
      (await replace(officer, { application_id: plain, fileId }, { name: 'v2.png', data: PNG })).statusCode,
      200,
    );
    const url = apiPath('documentVersion', { fileId, version: 1 });
    assert.equal((await call(s.app, 'GET', url, officer)).statusCode, 200);
    assert.equal((await call(s.app, 'GET', url, admin)).statusCode, 200);
    assert.equal((await call(s.app, 'GET', url)).statusCode, 401);
    const refused = await call(s.app, 'GET', url, developer);
    assert.equal(refused.statusCode, 403);
    assert.equal(refused.json().message, 'You do not have access to this application');
    for (const version of ['0', 'one', '1.5', '-1']) {
      assert.deepEqual(labels(await call(s.app, 'GET', `/v3/document/${fileId}/version/${version}`, officer)), [
        'version',
      ]);
    }
    assert.deepEqual(labels(await call(s.app, 'GET', `${url}?all=1`, officer)), ['all']);
    assert.equal(
      (await call(s.app, 'GET', apiPath('documentVersion', { fileId, version: 2 }), officer)).statusCode,
      404,
    );
    const unknown = apiPath('documentVersion', { fileId: '00000000-0000-4000-8000-000000000000', version: 1 });
    assert.equal((await call(s.app, 'GET', unknown, officer)).statusCode, 404);
  });
});

describe('POST /upload/removeDocument', () => {
  const remove = (who: Caller, body: Record<string, unknown>) =>
    call(s.app, 'POST', API_PATHS.removeUploadedDocument, who?.headers, body);

  it('staff: the rules of /v3/deleteDocument (MANAGE_DOCUMENT, worklog, live event), then the bytes go', async () => {
    const fileId = await uploaded(approverCanSee, 'scan', 'scan.png', PNG);
    const body = { application_id: approverCanSee, fileId };
    const before = await state(approverCanSee, other);
    assert.deepEqual(labels(await remove(officer, { ...body, force: true })), ['force']);
    assert.deepEqual(labels(await remove(officer, { application_id: approverCanSee })), ['fileId']);
    assert.deepEqual(labels(await remove(officer, { ...body, fileId: '../x' })), ['fileId']);
    const ids = [approverCanSee, other];
    await assertRefused(await remove(undefined, body), 401, before, ...ids);
    const noPermission = await remove(approver, body);
    await assertRefused(noPermission, 403, before, ...ids);
    assert.match(noPermission.json().message, /MANAGE_DOCUMENT/);
    await assertRefused(await remove(developer, body), 403, before, ...ids);
    await assertRefused(await remove(officer, { application_id: other, fileId }), 404, before, ...ids);
    let res: LightMyRequestResponse | undefined;
    const seen = await changedDuring(async () => {
      res = await remove(officer, body);
    });
    assert.deepEqual(res?.json(), { removed: true });
    assert.deepEqual(seen, [approverCanSee]);
    assert.deepEqual(await lastWorklog(approverCanSee), {
      action: 'delete_document',
      user_id: 'USR-1001',
      detail: { fileId },
    });
    assert.ok(!(await onDisk()).includes(fileId));
    assert.equal((await remove(officer, body)).statusCode, 404);
  });

  it('an applicant removes only what they uploaded, and only on their own application', async () => {
    const mine: Applicant = await newHomeLoan(s.app);
    const theirs: Applicant = await newHomeLoan(s.app);
    const own = await uploaded(mine.applicationId, 'id_document', 'pan.png', PNG, mine);
    const bank = await uploaded(mine.applicationId, 'verification_report', 'report.pdf', await pdfOf(1), admin);
    const ids = [mine.applicationId, theirs.applicationId];
    const before = await state(...ids);
    // Another applicant: 403 on this application; named with their own application, the file is not found.
    await assertRefused(await remove(theirs, { application_id: mine.applicationId, fileId: own }), 403, before, ...ids);
    await assertRefused(
      await remove(theirs, { application_id: theirs.applicationId, fileId: own }),
      404,
      before,
      ...ids,
    );
    const staffs = await remove(mine, { application_id: mine.applicationId, fileId: bank });
    await assertRefused(staffs, 403, before, ...ids);
    assert.equal(staffs.json().message, "This document was added by the bank's staff: only they may remove it");
    // DELETE /v3/remove/ is the same service.
    const byQuery = `${API_PATHS.removeDocument}?fileId=${bank}&application_id=${mine.applicationId}`;
    await assertRefused(await call(s.app, 'DELETE', byQuery, mine.headers), 403, before, ...ids);

    const res = await remove(mine, { application_id: mine.applicationId, fileId: own });
    assert.deepEqual(res.json(), { removed: true });
    assert.ok(!(await onDisk()).includes(own));
    assert.equal(
      (await call(s.app, 'GET', apiPath('downloadDocument', { fileId: own }), mine.headers)).statusCode,
      404,
    );
    const after = await state(...ids);
    assert.deepEqual(after.worklogs, before.worklogs, "an applicant's draft removal is no worklog entry");
  });
});
