// Uploads (README "Uploads"): multipart with the fields before the file, 30 MB, type by extension and
// by first bytes, server-made ids, nothing left behind on refusal, owner-only download and removal.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { API_PATHS, apiPath, MAX_FILE_SIZE_BYTES } from '@originate/contract';
import { type Applicant, issues, newHomeLoan } from './flow-helpers';
import { call, type Login, login, multipart, startServer, type TestServer } from './helpers';

let s: TestServer;
let a: Applicant;
let other: Applicant;
let approver: Login;

before(async () => {
  s = await startServer();
  a = await newHomeLoan(s.app);
  other = await newHomeLoan(s.app);
  approver = await login(s.app, 'approver');
});
after(() => s.close());

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

function upload(
  who: Record<string, string> | undefined,
  fields: { application_id?: string; fieldKey?: string },
  file: { name: string; data: Buffer },
) {
  const parts = [...Object.entries(fields).map(([name, value]) => ({ name, value })), { name: 'file', file }];
  const body = multipart(parts);
  return s.app.inject({
    method: 'POST',
    url: API_PATHS.uploadDocument,
    headers: { ...(who ?? {}), 'content-type': body.type },
    payload: body.payload,
  });
}

const uploadsDir = () => path.join(s.dataDir, 'uploads');
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const leftovers = async () => (await readdir(uploadsDir()).catch(() => [])).filter((f) => f.startsWith('.partial-'));

describe('upload', () => {
  it('stores a PDF under its sha-256, names it by a server-made id and gives it back to its application only', async () => {
    const res = await upload(
      a.headers,
      { application_id: a.applicationId, fieldKey: 'id_document' },
      { name: '../../etc/passwd.pdf', data: PDF },
    );
    assert.equal(res.statusCode, 200, res.body);
    const doc = res.json();
    assert.match(doc.fileId, /^[0-9a-f-]{36}$/);
    assert.equal(doc.fileName, 'passwd.pdf', 'the client name is only a display name');
    assert.deepEqual({ size: doc.size, mimeType: doc.mimeType }, { size: PDF.length, mimeType: 'application/pdf' });
    assert.ok((await readdir(uploadsDir())).includes(sha256(PDF)));
    const back = await call(s.app, 'GET', apiPath('downloadDocument', { fileId: doc.fileId }), a.headers);
    assert.equal(back.statusCode, 200);
    assert.ok(back.rawPayload.equals(PDF));
    assert.match(String(back.headers['content-disposition']), /^attachment; filename="passwd.pdf"/);
    assert.equal(
      (await call(s.app, 'GET', apiPath('downloadDocument', { fileId: doc.fileId }), other.headers)).statusCode,
      404,
    );
    assert.equal(
      (await call(s.app, 'GET', apiPath('downloadDocument', { fileId: doc.fileId }), approver)).statusCode,
      403,
    );
  });

  it('refuses a file whose bytes do not match its extension, and one of a kind the field does not accept', async () => {
    const fake = await upload(
      a.headers,
      { application_id: a.applicationId, fieldKey: 'id_document' },
      { name: 'id.pdf', data: Buffer.from('MZ\x90\x00 not a pdf') },
    );
    assert.deepEqual(issues(fake), [
      { label: 'id.pdf', reason: 'is not a pdf file (its content does not match .pdf)' },
    ]);
    const kind = await upload(
      a.headers,
      { application_id: a.applicationId, fieldKey: 'id_document' },
      { name: 'id.zip', data: Buffer.from('PK\x03\x04rest') },
    );
    assert.deepEqual(issues(kind), [{ label: 'id.zip', reason: 'is not an accepted file type (image, pdf)' }]);
    const exe = await upload(
      a.headers,
      { application_id: a.applicationId, fieldKey: 'other_documents' },
      { name: 'run.exe', data: Buffer.from('MZ') },
    );
    assert.deepEqual(
      issues(exe).map((e) => e.label),
      ['run.exe'],
    );
    assert.deepEqual(await leftovers(), []);
  });

  it('a text file must be UTF-8 without NUL throughout, not only in its first bytes', async () => {
    const text = (data: Buffer) =>
      upload(a.headers, { application_id: a.applicationId, fieldKey: 'address_proof' }, { name: 'notes.txt', data });
    const refusal = [
      { label: 'notes.txt', reason: 'is not UTF-8 text (.txt files must be UTF-8 without NUL characters)' },
    ];
    const ascii = Buffer.from('Address: 12 MG Road, Pune\n'.repeat(10));
    assert.deepEqual(issues(await text(Buffer.concat([ascii, Buffer.from([0xff, 0xfe]), ascii]))), refusal);
    assert.deepEqual(issues(await text(Buffer.concat([ascii, Buffer.from([0]), ascii]))), refusal);
    // A multi-byte character cut off at the end of the file.
    assert.deepEqual(issues(await text(Buffer.concat([ascii, Buffer.from('é').subarray(0, 1)]))), refusal);
    assert.deepEqual(await leftovers(), []);
    // Multi-byte characters across the stream's chunks are whole characters.
    const long = Buffer.from('Pune पुणे € 😀 '.repeat(20_000));
    const ok = await text(long);
    assert.equal(ok.statusCode, 200, ok.body);
    const back = await call(s.app, 'GET', apiPath('downloadDocument', { fileId: ok.json().fileId }), a.headers);
    assert.ok(back.rawPayload.equals(long));
  });

  it('keeps no control, bidi or other format character of a file name (an extension cannot be spoofed)', async () => {
    const res = await upload(
      a.headers,
      { application_id: a.applicationId, fieldKey: 'id_document' },
      { name: 'inv\u0085oice\u200b-\u2066scan\u2028\u202egnp.pdf', data: PDF },
    );
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().fileName, 'invoice-scangnp.pdf');
    const back = await call(s.app, 'GET', apiPath('downloadDocument', { fileId: res.json().fileId }), a.headers);
    assert.match(String(back.headers['content-disposition']), /filename="invoice-scangnp.pdf"/);
  });

  it('refuses a file over 30 MB with 413 naming it, leaving nothing behind', async () => {
    const big = Buffer.alloc(MAX_FILE_SIZE_BYTES + 1, 0x20);
    PNG.copy(big);
    const res = await upload(
      a.headers,
      { application_id: a.applicationId, fieldKey: 'id_document' },
      { name: 'huge.png', data: big },
    );
    assert.equal(res.statusCode, 413);
    assert.deepEqual(res.json(), { code: 413, message: 'huge.png is larger than 31457280 bytes' });
    assert.deepEqual(await leftovers(), []);
  });

  it('needs the fields before the file, an upload field, and the caller may use the application', async () => {
    const body = multipart([
      { name: 'file', file: { name: 'a.png', data: PNG } },
      { name: 'application_id', value: a.applicationId },
    ]);
    const late = await s.app.inject({
      method: 'POST',
      url: API_PATHS.uploadDocument,
      headers: { ...a.headers, 'content-type': body.type },
      payload: body.payload,
    });
    assert.deepEqual(
      issues(late).map((e) => e.label),
      ['application_id'],
    );
    const notUpload = await upload(
      a.headers,
      { application_id: a.applicationId, fieldKey: 'pan' },
      { name: 'a.png', data: PNG },
    );
    assert.deepEqual(
      issues(notUpload).map((e) => e.label),
      ['fieldKey'],
    );
    const foreign = await upload(
      other.headers,
      { application_id: a.applicationId, fieldKey: 'id_document' },
      { name: 'a.png', data: PNG },
    );
    assert.equal(foreign.statusCode, 403);
    const nobody = await upload(
      undefined,
      { application_id: a.applicationId, fieldKey: 'id_document' },
      { name: 'a.png', data: PNG },
    );
    assert.equal(nobody.statusCode, 401);
    const json = await call(s.app, 'POST', API_PATHS.uploadDocument, a.headers, { application_id: a.applicationId });
    assert.equal(json.statusCode, 400);
  });

  it('file ids that try to leave the uploads folder are bad input, never a path', async () => {
    // A bare '..' is resolved by the URL itself and reaches no route.
    assert.equal((await call(s.app, 'GET', '/v3/document/..', a.headers)).statusCode, 404);
    for (const id of ['..%2F..%2Fetc%2Fpasswd', '%2E%2E%2F%2E%2E%2Fuploads', '.partial-x', 'x'.repeat(36)]) {
      const res = await call(s.app, 'GET', `/v3/document/${id}`, a.headers);
      assert.equal(res.statusCode, 400, `${id}: ${res.body}`);
      assert.deepEqual(
        issues(res).map((e) => e.label),
        ['fileId'],
      );
    }
    const removal = await call(
      s.app,
      'DELETE',
      `${API_PATHS.removeDocument}?fileId=..%2Fx&application_id=${a.applicationId}`,
      a.headers,
    );
    assert.deepEqual(
      issues(removal).map((e) => e.label),
      ['fileId'],
    );
  });

  it('removal by the owner only', async () => {
    // Bytes no other test uploads: their blob is this document's alone.
    const proof = Buffer.concat([PNG, Buffer.from('removal')]);
    const doc = (
      await upload(
        a.headers,
        { application_id: a.applicationId, fieldKey: 'address_proof' },
        { name: 'proof.png', data: proof },
      )
    ).json();
    const url = `${API_PATHS.removeDocument}?fileId=${doc.fileId}&application_id=${a.applicationId}`;
    assert.equal((await call(s.app, 'DELETE', url, other.headers)).statusCode, 403);
    const mismatched = await call(
      s.app,
      'DELETE',
      `${API_PATHS.removeDocument}?fileId=${doc.fileId}&application_id=${other.applicationId}`,
      other.headers,
    );
    assert.equal(mismatched.statusCode, 404);
    const res = await call(s.app, 'DELETE', url, a.headers);
    assert.deepEqual(res.json(), { removed: true });
    assert.equal(
      (await call(s.app, 'GET', apiPath('downloadDocument', { fileId: doc.fileId }), a.headers)).statusCode,
      404,
    );
    assert.ok(!(await readdir(uploadsDir())).includes(sha256(proof)));
  });
});

describe('signature', () => {
  const png = `data:image/png;base64,${PNG.toString('base64')}`;
  it('stores a PNG data URI and refuses anything else', async () => {
    const res = await call(s.app, 'POST', API_PATHS.uploadSignature, a.headers, {
      dataURI: png,
      app_id: a.applicationId,
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.match(res.json().fileId, /^[0-9a-f-]{36}$/);
    const jpeg = await call(s.app, 'POST', API_PATHS.uploadSignature, a.headers, {
      dataURI: 'data:image/jpeg;base64,/9j/',
      app_id: a.applicationId,
    });
    assert.deepEqual(
      issues(jpeg).map((e) => e.label),
      ['dataURI'],
    );
    const notPng = await call(s.app, 'POST', API_PATHS.uploadSignature, a.headers, {
      dataURI: 'data:image/png;base64,QUJD',
      app_id: a.applicationId,
    });
    assert.deepEqual(issues(notPng), [{ label: 'dataURI', reason: 'is not a PNG image' }]);
    const big = `data:image/png;base64,${Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]).toString('base64')}`;
    assert.equal(
      (await call(s.app, 'POST', API_PATHS.uploadSignature, a.headers, { dataURI: big, app_id: a.applicationId }))
        .statusCode,
      413,
    );
    assert.equal(
      (await call(s.app, 'POST', API_PATHS.uploadSignature, other.headers, { dataURI: png, app_id: a.applicationId }))
        .statusCode,
      403,
    );
  });
});
