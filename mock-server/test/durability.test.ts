// Acknowledged writes survive kill -9 (README "Test harness"): the real server runs as a child process,
// a stream of writes that each leave a distinct row is acknowledged (2xx) one by one, the process is
// SIGKILLed mid-stream, restarted on the same data, and every acknowledged write must be there. On
// PGlite (DATA_DIR) and on a scratch PostgreSQL database (skipped with the reason when none answers).

import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { openDb } from '../src/db';
import { sha256 } from '../src/modules/auth/security';
import { seededScratchDatabase } from './harness/pg-templates';
import { seededDataDir, TEST_PGLITE_SHARED_BUFFERS_MB } from './harness/seeded';
import { type ChildServer, httpLogin, PG_HOST, PG_PORT, pgAnswers, type Session, spawnServer } from './harness/server';

/**
 * Kills per backend; each is one more start on the same data. Two: the second start recovers what the first kill
 * left and is killed in turn, and the last start recovers that; a third round only repeated the second (a start
 * of the child server costs about 10 CPU-s). DURABILITY_KILLS=20 makes it a soak.
 */
const KILLS = Number(process.env.DURABILITY_KILLS ?? 2);
/** Writes in flight at once, so the kill lands with some unanswered. */
const WORKERS = 4;
const CONFIG_TYPE = 'Durability';

interface Acked {
  configs: string[];
  shortTokens: string[];
  refused: string[];
  /** Writes the kill cut off before an answer (not acknowledged, so free to be lost or kept). */
  cut: number;
}

/**
 * Streams writes until `stopAfter` are acknowledged, then SIGKILLs the server while the workers are still
 * sending. Two kinds: PUT /setup/configs/Durability/<name> (a row per distinct name) and
 * POST /tokenApi/getToken (a short_tokens row per call).
 */
async function streamThenKill(server: ChildServer, who: Session, run: string, stopAfter: number, acked: Acked) {
  let next = 0;
  let count = 0;
  let killing: Promise<void> | null = null;
  const worker = async () => {
    while (true) {
      const n = next++;
      try {
        if (n % 2 === 0) {
          const name = `${run}-${n}`;
          const res = await fetch(`${server.url}/setup/configs/${CONFIG_TYPE}/${name}`, {
            method: 'PUT',
            headers: { ...who.headers, 'content-type': 'application/json' },
            body: JSON.stringify({ run, n }),
          });
          await res.arrayBuffer();
          if (res.ok) acked.configs.push(name);
          else acked.refused.push(`PUT ${name} → ${res.status}`);
        } else {
          const res = await fetch(`${server.url}/tokenApi/getToken`, { method: 'POST', headers: who.headers });
          const body = (await res.json()) as { token?: string };
          if (res.ok && typeof body.token === 'string') acked.shortTokens.push(body.token);
          else acked.refused.push(`getToken → ${res.status}`);
        }
      } catch {
        acked.cut++;
        return; // the connection died with the server: that write was never acknowledged
      }
      if (++count >= stopAfter && !killing) killing = server.kill9();
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, worker));
  await killing;
}

async function checkRows(dbConfig: { databaseUrl?: string; dataDir: string }, acked: Acked) {
  const db = await openDb({ ...dbConfig, pgliteSharedBuffersMb: TEST_PGLITE_SHARED_BUFFERS_MB });
  try {
    const configs = await db.query<{ name: string }>('SELECT name FROM configs WHERE type = $1', [CONFIG_TYPE]);
    const names = new Set(configs.map((r) => r.name));
    const lostConfigs = acked.configs.filter((n) => !names.has(n));
    const tokens = await db.query<{ token_hash: string }>('SELECT token_hash FROM short_tokens');
    const hashes = new Set(tokens.map((r) => r.token_hash));
    const lostTokens = acked.shortTokens.filter((t) => !hashes.has(sha256(t)));
    assert.deepEqual(
      { lostConfigs, lostTokens: lostTokens.length },
      { lostConfigs: [], lostTokens: 0 },
      'acknowledged writes lost',
    );
  } finally {
    await db.close();
  }
}

/** KILLS rounds of start, log in once, stream, kill -9; then a last start must serve what was acknowledged. */
async function killAndCheck(env: Record<string, string>, dbConfig: { databaseUrl?: string; dataDir: string }) {
  const acked: Acked = { configs: [], shortTokens: [], refused: [], cut: 0 };
  for (let round = 0; round < KILLS; round++) {
    const server = await spawnServer(env);
    try {
      const admin = await httpLogin(server.url, 'opsadmin');
      await streamThenKill(server, admin, `r${round}`, 40 + Math.floor(Math.random() * 40), acked);
    } catch (error) {
      await server.kill9();
      throw error;
    }
  }
  assert.ok(acked.configs.length > 0 && acked.shortTokens.length > 0, 'some writes were acknowledged');
  assert.deepEqual(acked.refused, [], 'every write of the stream is acknowledged until the kill');

  const last = await spawnServer(env);
  try {
    // Through the API too: the restarted server answers with the last acknowledged config.
    const admin = await httpLogin(last.url, 'opsadmin');
    const name = acked.configs.at(-1);
    const res = await fetch(`${last.url}/setup/configs/${CONFIG_TYPE}/${name}`, { headers: admin.headers });
    assert.equal(res.status, 200, `GET ${name} after restart: ${await res.text()}`);
  } finally {
    await last.stop();
  }
  await checkRows(dbConfig, acked);
  return acked;
}

describe('durability: acknowledged writes survive kill -9', () => {
  it('on PGlite (DATA_DIR)', async (t) => {
    // The seeded template's copy: the first start finds its seed done (seeding is not what this test is about).
    const dataDir = await seededDataDir();
    try {
      const acked = await killAndCheck({ DATA_DIR: dataDir }, { dataDir });
      t.diagnostic(
        `${acked.configs.length} configs and ${acked.shortTokens.length} tokens acknowledged, ${acked.cut} cut off by ${KILLS} kills`,
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('on PostgreSQL (DATABASE_URL)', async (t) => {
    if (!(await pgAnswers())) {
      t.skip(`nothing answers on ${PG_HOST}:${PG_PORT}`);
      console.log(`# PostgreSQL durability test skipped: nothing answers on ${PG_HOST}:${PG_PORT}`);
      return;
    }
    // A copy of the run's seeded template database, as PGlite's above starts from its template's copy.
    const scratch = await seededScratchDatabase('originate_durability');
    try {
      const acked = await killAndCheck(
        { DATABASE_URL: scratch.url, DATA_DIR: scratch.dataDir },
        { databaseUrl: scratch.url, dataDir: 'memory://' },
      );
      t.diagnostic(
        `${acked.configs.length} configs and ${acked.shortTokens.length} tokens acknowledged, ${acked.cut} cut off by ${KILLS} kills`,
      );
    } finally {
      await scratch.drop();
    }
  });
});
