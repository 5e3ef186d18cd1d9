// The demo bank (people, teams, applications and their documents, notifications). Development and tests only:
// seed() never calls it when NODE_ENV=production. Runs once per database (meta 'demo_seed').

import type { Db, Queryable } from '../db';
import { hashPassword } from '../modules/auth';
import type { FileStore } from '../platform/context';
import { demoApplications, SEED_ANCHOR } from './applications';
import { seedBank } from './bank';
import { seedDecisions } from './decisions';
import { seedDemoDocuments } from './documents';
import { seedResumableApplication } from './flow-demo';
import { seedLeads } from './leads';
import { seedLifecycles } from './lifecycles';
import { CONFERENCE_ROLES, type SeedUser, seedDisplayName, TEAMS, USERS } from './people';
import { seedTargets } from './targets';

const SEED_VERSION = '1';

const DEMO_NOTIFICATIONS = [
  { user: 'USR-1001', app: 'PL-2026-000101', by: 'USR-1002', hoursAgo: 2, status: '0', counted: false },
  { user: 'USR-1001', app: 'CL-2026-000106', by: 'USR-1002', hoursAgo: 20, status: '0', counted: false },
  { user: 'USR-1001', app: 'PL-2026-000107', by: 'USR-1004', hoursAgo: 50, status: '1', counted: true },
  { user: 'USR-1002', app: 'CL-2026-000103', by: 'USR-1004', hoursAgo: 5, status: '0', counted: false },
  { user: 'USR-1003', app: 'HL-2026-000105', by: 'USR-1002', hoursAgo: 8, status: '0', counted: false },
] as const;

const PRODUCT_NAMES: Record<string, string> = { PL: 'Personal Loan', HL: 'Home Loan', CL: 'Car Loan' };

/** Seeds at most this many quietly; a bigger bank prints its progress (every 5 %). */
const QUIET_SEED = 20_000;

export async function seedDemo(
  db: Db,
  files: FileStore,
  generated: { applications: number; leads: number },
  now: Date,
): Promise<void> {
  await seedDemoBank(db);
  // Before any application is created or generated: each records its product's lifecycle version.
  await seedLifecycles(db, now);
  // After the lifecycles: deviations name their approval matrices' levels.
  await seedDecisions(db, now);
  await seedDemoDocuments(db, files);
  await seedResumableApplication(db);
  await seedBank(
    db,
    generated.applications,
    generated.applications > QUIET_SEED ? (line) => console.log(line) : undefined,
  );
  // After the bank: generated leads are worked by its branches' officers.
  await seedLeads(db, generated.leads, now, generated.leads > QUIET_SEED ? (line) => console.log(line) : undefined);
  await seedTargets(db, now);
  await seedConferenceRoles(db);
  await seedMissingPeople(db);
}

/** Inserts demo users with their password hashes (same order) and their team memberships. */
async function insertPeople(tx: Queryable, people: readonly SeedUser[], hashes: readonly string[]): Promise<void> {
  for (const [i, u] of people.entries()) {
    await tx.query(
      `INSERT INTO users (userid, username, first_name, last_name, display_name, email, password_hash, roles, applications, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb, $10)`,
      [
        u.userid,
        u.username,
        u.firstName,
        u.lastName,
        seedDisplayName(u.userid),
        `${u.firstName}.${u.lastName}@originate-bank.example`.toLowerCase(),
        hashes[i],
        JSON.stringify(u.roles),
        JSON.stringify(u.applications),
        SEED_ANCHOR,
      ],
    );
  }
  for (const u of people) {
    for (const t of u.teams) {
      await tx.query('INSERT INTO user_teams (user_id, team_id, all_teams) VALUES ($1, $2, $3)', [
        u.userid,
        t.id,
        t.allTeams ?? false,
      ]);
    }
  }
}

/**
 * Demo people added after a database was seeded (the credit committee, which decides home loans above 25
 * lakh): their teams and themselves, inserted where missing; nothing when all are present.
 */
async function seedMissingPeople(db: Db): Promise<void> {
  const present = await db.query<{ userid: string }>('SELECT userid FROM users WHERE userid = ANY($1::text[])', [
    USERS.map((u) => u.userid),
  ]);
  const missing = USERS.filter((u) => !present.some((p) => p.userid === u.userid));
  if (missing.length === 0) return;
  const hashes = await Promise.all(missing.map((u) => hashPassword(u.password)));
  await db.transaction(async (tx) => {
    for (const t of TEAMS) {
      await tx.query(
        'INSERT INTO teams (id, name, type, lead_user_id) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING',
        [t.id, t.name, t.type, t.lead ?? null],
      );
    }
    await insertPeople(tx, missing, hashes);
  });
}

/** The demo's AGENT and SUPERVISOR (people.ts), added where a user lacks them: one statement, nothing when present. */
async function seedConferenceRoles(db: Db): Promise<void> {
  await db.query(
    `UPDATE users u SET roles = u.roles || jsonb_build_array(c ->> 'role')
       FROM jsonb_array_elements($1::jsonb) c
      WHERE u.userid = c ->> 'userid' AND NOT u.roles ? (c ->> 'role')`,
    [JSON.stringify(CONFERENCE_ROLES)],
  );
}

async function seedDemoBank(db: Db): Promise<void> {
  const seen = await db.query("SELECT 1 FROM meta WHERE key = 'demo_seed'");
  if (seen.length > 0) return;
  // Hash before the transaction: scrypt is slow on purpose and PGlite has one connection.
  const hashes = await Promise.all(USERS.map((u) => hashPassword(u.password)));
  const apps = demoApplications();
  await db.transaction(async (tx) => {
    for (const t of TEAMS) {
      await tx.query('INSERT INTO teams (id, name, type, lead_user_id) VALUES ($1, $2, $3, $4)', [
        t.id,
        t.name,
        t.type,
        t.lead ?? null,
      ]);
    }
    await insertPeople(tx, USERS, hashes);
    for (const a of apps) {
      await tx.query(
        `INSERT INTO applications (application_id, product_code, product_name, product_type_code, status, stage, loan_amount,
                                   applicant, doc, cre_time, mod_time)
         VALUES ($1, $2, $3, 'RETAIL', $4, $5, $6, $7::jsonb, $8::jsonb, $9, $10)`,
        [
          a.applicationId,
          a.productCode,
          a.productName,
          a.status,
          a.stage,
          a.loanAmount,
          JSON.stringify(a.applicant),
          JSON.stringify(a.doc),
          a.creTime,
          a.modTime,
        ],
      );
      for (const t of a.tasks) {
        await tx.query(
          `INSERT INTO tasks (task_id, application_id, name, step_name, step_number, type, progress, assigned_to, assigned_team,
                              allowed_users, start_time, end_time, mod_time)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10::jsonb, $11, $12, $13)`,
          [
            t.taskId,
            a.applicationId,
            t.name,
            t.stepName,
            t.stepNumber,
            t.type,
            t.progress,
            t.assignedTo,
            JSON.stringify(t.assignedTeam),
            JSON.stringify(t.allowedUsers),
            t.startTime,
            t.endTime,
            t.endTime ?? t.startTime,
          ],
        );
      }
    }
    for (const [i, n] of DEMO_NOTIFICATIONS.entries()) {
      const product = PRODUCT_NAMES[n.app.slice(0, 2)] ?? 'Loan';
      await tx.query(
        `INSERT INTO notifications (id, user_id, actor_id, kind, status_name, application_id, message, status, is_counted, created_at)
         VALUES ($1, $2, $3, 'ASSIGNED', 'AssignedToUser', $4, $5, $6, $7, $8)`,
        [
          `NTF-SEED-${String(i + 1).padStart(3, '0')}`,
          n.user,
          n.by,
          n.app,
          `Application ${n.app} (${product}) has been assigned to you by ${seedDisplayName(n.by)}`,
          n.status,
          n.counted,
          new Date(SEED_ANCHOR.getTime() - n.hoursAgo * 3_600_000),
        ],
      );
    }
    await tx.query("INSERT INTO meta (key, value) VALUES ('demo_seed', $1)", [SEED_VERSION]);
  });
}
