// The demo bank's documents (src/seed/documents.ts): every demo application has real files an officer
// with access can list and download, and seeding again adds none twice.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { apiPath } from '@originate/contract';
import { seed } from '../src/seed';
import { call, login, startServer, type TestServer } from './helpers';

let s: TestServer;
before(async () => {
  s = await startServer();
});
after(() => s.close());

const count = async () =>
  (await s.app.ctx.db.query<{ n: number }>("SELECT count(*)::int AS n FROM documents WHERE field_key <> ''"))[0]?.n;

it('each demo application has its documents, listed and downloadable as real PDFs', async () => {
  const rows = await s.app.ctx.db.query<{ application_id: string; n: number }>(
    `SELECT a.application_id, count(d.file_id)::int AS n FROM applications a
       LEFT JOIN documents d ON d.application_id = a.application_id
      WHERE a.application_id ~ '^(PL|HL|CL)-2026-0001[0-3][0-9]$' GROUP BY 1`,
  );
  assert.ok(rows.length >= 30, 'the demo applications are there');
  assert.deepEqual(
    rows.filter((r) => r.n === 0).map((r) => r.application_id),
    [],
  );
  const admin = await login(s.app, 'opsadmin');
  const listed = await call(s.app, 'GET', apiPath('applicationDocuments', { applicationId: 'HL-2026-000102' }), admin);
  assert.equal(listed.statusCode, 200, listed.body);
  const docs = listed.json<{ data: { fileId: string; fieldKey: string; fileName: string }[] }>().data;
  assert.deepEqual(docs.map((d) => d.fieldKey).sort(), ['id_document', 'salary_slips']);
  const file = await call(s.app, 'GET', apiPath('downloadDocument', { fileId: docs[0]?.fileId ?? '' }), admin);
  assert.equal(file.statusCode, 200);
  assert.equal(file.rawPayload.subarray(0, 5).toString(), '%PDF-');
  assert.match(file.rawPayload.toString('latin1'), /HL-2026-000102/);
});

it('a second seed on the same data seeds no document twice', async () => {
  const before = await count();
  await seed(s.app.ctx.db, s.app.ctx.files, s.config);
  assert.equal(await count(), before);
});
