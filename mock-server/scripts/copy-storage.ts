// Disk bytes of the uploads folder after 100 copies of an application holding 90 MB of documents
// (README "File storage"). Run: npx tsx scripts/copy-storage.ts. A fresh temporary DATA_DIR, no generated
// applications, the per-user copy limit raised so the 100 copies are allowed.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_PATHS, apiPath, DEFAULT_LOGIN_KEY, encryptPayload } from '@originate/contract';
import { loadConfig } from '../src/config';
import { buildSeededApp } from '../src/seed';

const COPIES = 100;
const FILES = 9;
const FILE_BYTES = 10 * 1024 * 1024;
const APPLICATION = 'PL-2026-000101';

async function uploadsBytes(dir: string) {
  let files = 0;
  let bytes = 0;
  let blocks = 0;
  for (const name of await readdir(dir)) {
    const info = await stat(path.join(dir, name));
    files += 1;
    bytes += info.size;
    blocks += info.blocks * 512;
  }
  return { files, bytes, diskBytes: blocks };
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'originate-copies-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  NODE_ENV: 'test',
  SEED_APPLICATIONS: '0',
  COPIES_PER_USER_PER_HOUR: '1000',
});
const app = await buildSeededApp(config);
try {
  const login = await app.inject({
    method: 'POST',
    url: API_PATHS.login,
    payload: { username: 'opsadmin', password: await encryptPayload('Admin@123', DEFAULT_LOGIN_KEY) },
  });
  const token = login.json<{ access_token: string }>().access_token;
  const headers = { access_token: token };
  const uploads = path.join(dataDir, 'uploads');
  const seeded = await uploadsBytes(uploads);
  for (let i = 0; i < FILES; i++) {
    const boundary = `----copies${i}`;
    const data = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(FILE_BYTES - 9)]);
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="application_id"\r\n\r\n${APPLICATION}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="fieldKey"\r\n\r\nbank_statement\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="statement-${i}.pdf"\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await app.inject({
      method: 'POST',
      url: API_PATHS.uploadDocument,
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    if (res.statusCode !== 200) throw new Error(`upload ${i}: ${res.statusCode} ${res.body}`);
  }
  const source = await uploadsBytes(uploads);
  const documentBytes = FILES * FILE_BYTES;
  for (let i = 0; i < COPIES; i++) {
    const res = await app.inject({
      method: 'GET',
      url: apiPath('copyApplication', { applicationId: APPLICATION }),
      headers,
    });
    if (res.statusCode !== 200) throw new Error(`copy ${i}: ${res.statusCode} ${res.body}`);
  }
  const copied = await uploadsBytes(uploads);
  const rows = await app.ctx.db.query<{ n: number; logical: string }>(
    'SELECT count(*)::int AS n, sum(size)::text AS logical FROM documents WHERE removed_at IS NULL',
  );
  console.log(
    JSON.stringify(
      {
        documentBytes,
        copies: COPIES,
        seededDemoDocuments: seeded,
        afterUpload: source,
        afterCopies: copied,
        liveDocuments: rows[0],
        // Each copy wrote every file again under a new name: the source plus 100 copies.
        withoutSharing: { bytes: seeded.bytes + (COPIES + 1) * documentBytes },
      },
      null,
      2,
    ),
  );
} finally {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
}
