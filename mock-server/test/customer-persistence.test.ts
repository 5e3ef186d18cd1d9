// The customer flow on both databases (README "Customer flow"): applications, applicant sessions,
// resume tokens and uploaded files survive a restart on PGlite; the same walk on a real PostgreSQL
// (DATABASE_URL; skipped with the reason when nothing answers on 127.0.0.1:5432); memory:// keeps
// uploads in memory and nothing on disk, and seeds its users' passwords at the server's scrypt N.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { API_PATHS, apiPath } from '@originate/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type Applicant, encrypted, issues, newHomeLoan, newPersonalLoan, personalLoanBody } from './flow-helpers';
import { seededScratchDatabase } from './harness/pg-templates';
import { buildSeeded, TEST_PGLITE } from './harness/seeded';
import { PG_HOST, PG_PORT, pgAnswers } from './harness/server';
import { call, login } from './helpers';

const PNG = `data:image/png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]).toString('base64')}`;

/** Saves, a refused submit and a signature: what a restart must keep. */
async function walk(app: FastifyInstance): Promise<{ a: Applicant; fileId: string }> {
  const a = await newPersonalLoan(app);
  const saved = await encrypted(
    app,
    'POST',
    API_PATHS.consumerSaveOrUpdate,
    a.headers,
    personalLoanBody({
      application_id: a.applicationId,
      section_id: 'pl_details',
      sub_section_id: 'pl_loan',
      customFields: {
        customer_type: 'new',
        pl_full_name: 'Asha Rao',
        pl_mobile: '9876543210',
        pl_loan_amount: '300000',
      },
    }),
  );
  assert.equal(saved.statusCode, 200, saved.body);
  const submit = await encrypted(
    app,
    'POST',
    API_PATHS.consumerSaveOrUpdate,
    a.headers,
    personalLoanBody({
      application_id: a.applicationId,
      mode: 'SAVED',
      section_id: 'pl_review',
      sub_section_id: 'pl_summary',
    }),
  );
  assert.ok(issues(submit).some((e) => e.label === 'Loan amount'));
  const sign = await call(app, 'POST', API_PATHS.uploadSignature, a.headers, { dataURI: PNG, app_id: a.applicationId });
  assert.equal(sign.statusCode, 200, sign.body);
  return { a, fileId: sign.json().fileId };
}

async function stillThere(app: FastifyInstance, { a, fileId }: { a: Applicant; fileId: string }) {
  const read = await call(app, 'GET', apiPath('application', { applicationId: a.applicationId }), a.headers);
  assert.equal(read.statusCode, 200, 'the applicant session survives');
  assert.equal(read.json().customFields.pl_loan_amount, '300000');
  assert.equal(read.json().sub_section_id, 'pl_loan');
  const file = await call(app, 'GET', apiPath('downloadDocument', { fileId }), a.headers);
  assert.equal(file.statusCode, 200);
  const token = await call(app, 'POST', API_PATHS.validateTransactionToken, a.device, {
    transactionToken: a.resumeToken,
  });
  assert.equal(token.json().data.application_id, a.applicationId);
}

describe('customer flow persistence', () => {
  it('PGlite: applications, sessions, resume tokens and files survive a restart', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'originate-flow-'));
    try {
      const config = loadConfig({ ...TEST_PGLITE, DATA_DIR: dir, NODE_ENV: 'test' });
      const first = await buildSeeded(config);
      const state = await walk(first);
      await first.close();
      const second = await buildApp(config);
      try {
        await stillThere(second, state);
        // The captcha key is kept in the database, so the captcha still works after the restart.
        await newHomeLoan(second);
      } finally {
        await second.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

/**
 * DATA_DIR=memory://, seeded fresh by the server itself (no template): one app for both tests, since a fresh seed
 * in an in-memory PGlite (initdb, migrations, the seed) is the dearest start the suite has.
 */
describe('DATA_DIR=memory:// is in memory', () => {
  const config = loadConfig({ ...TEST_PGLITE, DATA_DIR: 'memory://', NODE_ENV: 'test' });
  let app: FastifyInstance;
  before(async () => {
    app = await buildSeeded(config);
  });
  after(() => app?.close());
  const nothingOnDisk = () => assert.equal(existsSync(path.resolve('memory:')), false);

  it('keeps nothing on disk and works', async () => {
    assert.equal(config.dataDir, 'memory://');
    // A fresh seed: its users' passwords are hashed at the server's scrypt N (the templates' are cheaper).
    const [officer] = await app.ctx.db.query<{ password_hash: string }>(
      "SELECT password_hash FROM users WHERE username = 'officer'",
    );
    assert.match(officer?.password_hash ?? '', /^scrypt\$16384\$/);
    assert.equal((await login(app, 'officer')).user.userName, 'officer');
    nothingOnDisk();
  });

  it('memory://: uploads live in memory, nothing on disk', async () => {
    await stillThere(app, await walk(app));
    nothingOnDisk();
  });
});

const pgUp = await pgAnswers();
if (!pgUp) console.log(`# PostgreSQL customer-flow test skipped: nothing answers on ${PG_HOST}:${PG_PORT}`);

describe('customer flow on PostgreSQL (DATABASE_URL)', {
  skip: pgUp ? false : `nothing answers on ${PG_HOST}:${PG_PORT}`,
}, () => {
  it('walks an application of the seeded flows through saves, a refused submit and an upload', async () => {
    const database = await seededScratchDatabase('originate_flow');
    try {
      const config = loadConfig({ DATABASE_URL: database.url, DATA_DIR: database.dataDir, NODE_ENV: 'test' });
      const first = await buildSeeded(config);
      // Closed before the scratch database is dropped, whatever happened: a drop ends open connections.
      const state = await walk(first).finally(() => first.close());
      assert.equal(first.ctx.db.kind, 'postgres');
      const second = await buildApp(config);
      try {
        await stillThere(second, state);
        const hl = await newHomeLoan(second);
        assert.match(hl.applicationId, /^HL-/);
      } finally {
        await second.close();
      }
    } finally {
      await database.drop();
    }
  });
});
