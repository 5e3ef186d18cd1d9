// The bank at scale (SEED_APPLICATIONS): generated branches, regions, staff and applications in every
// status and stage, with tasks (assignment, SLA limits, snoozes, callbacks), approvals, queries, notes
// and worklogs. Every value is a function of the application's number, computed inside the database
// (INSERT … SELECT FROM generate_series), so a million applications move no row through Node and the
// same number always gives the same bank. Batches commit with their progress (meta 'bank_seed_done'):
// an interrupted seed resumes where it stopped.
import { PORTAL_APP_NAME } from '@originate/contract';
import type { Db, Queryable } from '../db';
import { hashPassword, newToken } from '../modules/auth';
import { CARS, FIRST_NAMES, HL_PURPOSES, LAST_NAMES, PL_PURPOSES, SEED_ANCHOR } from './applications';
import { LIFECYCLE_STEPS, MASTER_PRODUCTS } from './bank-shape';
import { FLOWS } from './flows';

const BATCH = 20_000;
const BRANCHES = [
  'Andheri',
  'Borivali',
  'Dadar',
  'Kalyan',
  'Nagpur',
  'Nashik',
  'Kolhapur',
  'Aurangabad',
  'Surat',
  'Vadodara',
];
/** Sanction queues: the demo West Region (the approver's) and three generated regions. */
const REGIONS = [
  { id: 'TEAM-WEST-REGION', name: 'West Region' },
  { id: 'TEAM-GEN-RG-NORTH', name: 'North Maharashtra Region' },
  { id: 'TEAM-GEN-RG-CENTRAL', name: 'Central Maharashtra Region' },
  { id: 'TEAM-GEN-RG-GUJARAT', name: 'Gujarat Region' },
];
const APPROVERS_PER_REGION = 3;
/** Every this-many-th application belongs to the demo officer in Mumbai West (a share at any scale). */
const DEMO_SHARE = 499;
// The demo's names, two more first names for variety at scale (same order: generated names stay as they were).
const FIRST = [...FIRST_NAMES, 'Imran', 'Zoya'];
const LAST = LAST_NAMES;

/** Officers per branch grow with the bank so no one's queue is absurd: 2 at a few hundred, 50 at a million. */
const officersPerBranch = (count: number) => Math.min(60, Math.max(2, Math.ceil(count / 20_000)));

const branchId = (b: number) => `TEAM-GEN-BR-${String(b).padStart(2, '0')}`;
const sqlText = (list: readonly string[]) => `ARRAY[${list.map((s) => `'${s.replace(/'/g, "''")}'`).join(', ')}]`;

/** Streets, cities and real PIN codes of the regions' branches, for the applicants' current addresses. */
const PLACES = [
  ['Hill Road, Bandra West', 'Mumbai', 'Maharashtra', '400050'],
  ['Gokhale Road, Naupada', 'Thane', 'Maharashtra', '400602'],
  ['FC Road, Shivajinagar', 'Pune', 'Maharashtra', '411005'],
  ['College Road', 'Nashik', 'Maharashtra', '422005'],
  ['Jalna Road', 'Chhatrapati Sambhajinagar', 'Maharashtra', '431001'],
  ['CG Road, Navrangpura', 'Ahmedabad', 'Gujarat', '380009'],
  ['Ring Road', 'Surat', 'Gujarat', '395002'],
] as const;

/** SQL: a generated applicant's current address under a flow's key prefix (seed/flows/build.ts currentAddress). */
const addressSql = (prefix: string) => {
  const place = (n: number) => `(${sqlText(PLACES.map((p) => p[n] as string))})[1 + (i / 7) % ${PLACES.length}]`;
  return `'${prefix}address_line1', (1 + r_misc % 120)::text || ', ' || ${place(0)}, '${prefix}city', ${place(1)},
        '${prefix}state', ${place(2)}, '${prefix}pincode', ${place(3)}, '${prefix}years_at_address', r_misc % 15`;
};

/** Generated staff: officers per branch (HIERARCHY) and approvers per region, none with a known password. */
async function seedStaff(db: Db, perBranch: number): Promise<void> {
  // Nobody logs in as a generated user: one hash of a random secret nobody keeps.
  const hash = await hashPassword(newToken());
  await db.transaction(async (tx) => {
    const teams = [
      ...BRANCHES.map((name, b) => [branchId(b), `${name} Branch`]),
      ...REGIONS.slice(1).map((r) => [r.id, r.name]),
    ];
    await tx.query(
      `INSERT INTO teams (id, name, type) SELECT t ->> 0, t ->> 1, 'HIERARCHY' FROM jsonb_array_elements($1::jsonb) t
       ON CONFLICT (id) DO NOTHING`,
      [JSON.stringify(teams)],
    );
    // Each branch reports to the region whose approvers sanction its loans (the generator's region_team).
    await tx.query(
      `UPDATE teams t SET parent_id = p ->> 1 FROM jsonb_array_elements($1::jsonb) p WHERE t.id = p ->> 0`,
      [JSON.stringify(BRANCHES.map((_, b) => [branchId(b), REGIONS[b % REGIONS.length]?.id]))],
    );
    const users: { id: string; username: string; first: string; last: string; team: string; roles: string[] }[] = [];
    const officerRoles = ['NOTIFICATION', 'CPA', 'TASK_REVIEW_DATE', 'MANAGE_DOCUMENT', 'APPLICATIONS_ACTIONS'];
    BRANCHES.forEach((_, b) => {
      for (let k = 0; k < perBranch; k++) {
        users.push({
          id: officerId(b, k),
          username: `br${String(b).padStart(2, '0')}.officer${String(k).padStart(2, '0')}`,
          first: FIRST[(b * 7 + k) % FIRST.length] as string,
          last: LAST[(b * 3 + k * 5) % LAST.length] as string,
          team: branchId(b),
          roles: officerRoles,
        });
      }
    });
    REGIONS.forEach((region, r) => {
      for (let k = 0; k < APPROVERS_PER_REGION; k++) {
        users.push({
          id: approverId(r, k),
          username: `rg${r}.approver${k}`,
          first: FIRST[(r * 5 + k * 3 + 1) % FIRST.length] as string,
          last: LAST[(r * 7 + k + 2) % LAST.length] as string,
          team: region.id,
          roles: ['NOTIFICATION', 'BH'],
        });
      }
    });
    await tx.query(
      `INSERT INTO users (userid, username, first_name, last_name, display_name, email, password_hash, roles, applications, created_at)
       SELECT u ->> 'id', u ->> 'username', u ->> 'first', u ->> 'last', (u ->> 'first') || ' ' || (u ->> 'last'),
              (u ->> 'username') || '@originate-bank.example', $2, u -> 'roles', $4::jsonb, $3
         FROM jsonb_array_elements($1::jsonb) u ON CONFLICT (userid) DO NOTHING`,
      [JSON.stringify(users), hash, SEED_ANCHOR, JSON.stringify([PORTAL_APP_NAME])],
    );
    await tx.query(
      `INSERT INTO user_teams (user_id, team_id) SELECT u ->> 'id', u ->> 'team' FROM jsonb_array_elements($1::jsonb) u
       ON CONFLICT DO NOTHING`,
      [JSON.stringify(users)],
    );
  });
}

const officerId = (b: number, k: number) => `USR-G${String(b).padStart(2, '0')}${String(k).padStart(2, '0')}`;
const approverId = (r: number, k: number) => `USR-A${r}${k}`;

/**
 * The generator: one row per application number i in [$1, $2] with everything its rows need. h(k) is a
 * deterministic hash of (i, k); every choice below is h(k) modulo something.
 */
function generator(total: number, perBranch: number): string {
  const h = (k: number) => `((i::bigint * 2654435761 + ${k}::bigint * 2246822519) % 4294967291)`;
  const products = sqlText(MASTER_PRODUCTS.map((p) => p.code));
  const names = sqlText(MASTER_PRODUCTS.map((p) => p.name));
  const mins = `ARRAY[${MASTER_PRODUCTS.map((p) => p.min).join(', ')}]`;
  const spans = `ARRAY[${MASTER_PRODUCTS.map((p) => (p.max - p.min) / p.step + 1).join(', ')}]`;
  const steps = `ARRAY[${MASTER_PRODUCTS.map((p) => p.step).join(', ')}]`;
  const flowOf = (code: string) => {
    const flow = FLOWS.find((f) => f.product_code === code);
    if (!flow) throw new Error(`no seeded flow for product ${code}`);
    return flow;
  };
  const flowIds = sqlText(MASTER_PRODUCTS.map((p) => flowOf(p.code).flowId));
  const flowNames = sqlText(MASTER_PRODUCTS.map((p) => flowOf(p.code).flowName));
  const spacingSeconds = Math.max(60, Math.floor((730 * 86_400) / Math.max(total, 1)));
  return `
  g0 AS (
    SELECT i, 1 + (i % ${MASTER_PRODUCTS.length})::int AS p,
           (${h(1)} % 100)::int AS r_status, 1 + (${h(2)} % 4)::int AS r_step,
           CASE WHEN i % ${DEMO_SHARE} = 0 THEN -1 ELSE (${h(3)} % ${BRANCHES.length})::int END AS branch,
           (${h(4)} % ${perBranch})::int AS officer, (${h(5)} % 10)::int AS r_assign, (${h(6)} % 10)::int AS r_ver,
           (${h(7)} % 5)::int AS r_source, (${h(8)} % 1000000007)::int AS r_misc, (${h(9)} % 100)::int AS r_task
      FROM generate_series($1::int, $2::int) i),
  g1 AS (
    SELECT g0.*,
           (${products})[p] || '-2025-' || lpad(i::text, 7, '0') AS app_id,
           (${products})[p] AS product_code, (${names})[p] AS product_name,
           CASE WHEN r_status < 68 THEN 'ACTIVE' WHEN r_status < 76 THEN 'COMPLETED' WHEN r_status < 83 THEN 'REJECTED'
                WHEN r_status < 89 THEN 'CANCELLED' WHEN r_status < 95 THEN 'INACTIVE' ELSE 'DELETED' END AS status,
           CASE WHEN r_status BETWEEN 68 AND 75 THEN 4 ELSE r_step END AS cur,
           CASE WHEN branch < 0 THEN 'TEAM-MUM-WEST' ELSE 'TEAM-GEN-BR-' || lpad(branch::text, 2, '0') END AS branch_team,
           CASE WHEN branch < 0 THEN 'USR-1001' ELSE 'USR-G' || lpad(branch::text, 2, '0') || lpad(officer::text, 2, '0') END AS officer_id,
           (${sqlText(REGIONS.map((r) => r.id))})[1 + (greatest(branch, 0) % ${REGIONS.length})] AS region_team,
           CASE WHEN greatest(branch, 0) % ${REGIONS.length} = 0 AND r_misc % 2 = 0 THEN 'USR-1003'
                ELSE 'USR-A' || (greatest(branch, 0) % ${REGIONS.length}) || (r_misc % ${APPROVERS_PER_REGION}) END AS approver_id,
           (${mins})[p] + (r_misc % (${spans})[p]) * (${steps})[p] AS loan_amount,
           CASE WHEN r_ver < 7 THEN 243 WHEN r_ver < 9 THEN 242 ELSE 241 END AS ver_num,
           CASE WHEN branch < 0 OR r_source < 2 THEN 'BRANCH' WHEN r_source < 4 THEN 'DSA' ELSE 'WEB' END AS source,
           (${sqlText(FIRST)})[1 + (r_misc % ${FIRST.length})] AS a_first,
           (${sqlText(LAST)})[1 + (r_misc / ${FIRST.length}) % ${LAST.length}] AS a_last,
           $3::timestamptz - make_interval(secs => ($4::int - i)::double precision * ${spacingSeconds}) AS cre_time
      FROM g0),
  g AS (
    SELECT g1.*, lower(a_first || '.' || a_last || '.' || i || '@example.in') AS a_email,
           '9' || lpad((r_misc % 1000000000)::text, 9, '0') AS a_mobile,
           (${flowIds})[p] AS flow_id, (${flowNames})[p] AS flow_name
      FROM g1)`;
}

async function insertBatch(tx: Queryable, from: number, to: number, total: number, perBranch: number) {
  const gen = generator(total, perBranch);
  const args = [from, to, SEED_ANCHOR, total];
  const stepNames = sqlText(LIFECYCLE_STEPS.map((s) => s.stepName));
  const taskNames = sqlText(LIFECYCLE_STEPS.map((s) => s.name));
  const types = sqlText(LIFECYCLE_STEPS.map((s) => s.type));
  // The applicant's data under the product flow's own field keys (seed/applications formValues); the date
  // of birth as seedDob makes it.
  const dob = `lpad((1 + (i * 7) % 28)::text, 2, '0') || '/' || lpad((1 + (i * 5) % 12)::text, 2, '0') || '/' || (1970 + (i * 11) % 28)`;
  const customFields = `CASE product_code
      WHEN 'PL' THEN jsonb_build_object('customer_type', CASE WHEN i % 3 = 0 THEN 'existing' ELSE 'new' END,
        'pl_full_name', a_first || ' ' || a_last, 'pl_mobile', a_mobile, 'pl_dob', ${dob},
        'pl_loan_amount', loan_amount::text, 'pl_tenure_months', 12 * (1 + r_misc % 5),
        'pl_purpose', (${sqlText(PL_PURPOSES)})[1 + i % ${PL_PURPOSES.length}], ${addressSql('pl_')})
      WHEN 'HL' THEN jsonb_build_object('loan_purpose', (${sqlText(HL_PURPOSES)})[1 + i % ${HL_PURPOSES.length}],
        'loan_amount', loan_amount::text, 'tenure_years', 5 + r_misc % 26, 'full_name', a_first || ' ' || a_last,
        'dob', ${dob}, 'email', a_email, 'mobile', a_mobile, ${addressSql('current_')})
      ELSE jsonb_build_object('cl_full_name', a_first || ' ' || a_last, 'cl_dob', ${dob}, 'cl_mobile', a_mobile,
        'cl_email', a_email, 'cl_vehicle_make', (${sqlText(CARS.map((c) => c[0]))})[1 + i % ${CARS.length}],
        'cl_vehicle_model', (${sqlText(CARS.map((c) => c[1]))})[1 + i % ${CARS.length}],
        'cl_on_road_price', (loan_amount + round(loan_amount / 30000.0) * 10000)::bigint::text,
        'cl_down_payment', (round(loan_amount / 30000.0) * 10000)::bigint::text,
        'cl_loan_amount', loan_amount::text, 'cl_tenure_months', 12 * (3 + r_misc % 5), ${addressSql('cl_')}) END`;
  // Each application names its current task (step cur, the latest started; tasks below) as it is inserted: the
  // tasks' insert trigger (tasks_mark_current) then finds every mark right and rewrites no application. Left to
  // it, each application was written twice (14 indexes, the counters' update triggers): the tasks' insert took
  // 19.2 of the seed's 24 PostgreSQL CPU-s at 40,000 applications, 11.2 without the rewrite.
  await tx.query(
    `WITH ${gen}
     INSERT INTO applications (application_id, product_code, product_name, product_type_code, status, stage, loan_amount,
                               current_task_id, current_task_name, applicant, doc, cre_time, mod_time)
     SELECT app_id, product_code, product_name, 'RETAIL', status,
            CASE WHEN status = 'COMPLETED' THEN 'Closed' ELSE (${stepNames})[cur] END, loan_amount,
            'TSK-' || app_id || '-' || cur, (${taskNames})[cur],
            jsonb_build_object('primary', jsonb_build_object(
              'firstName', a_first, 'lastName', a_last, 'fullName', a_first || ' ' || a_last,
              'email', a_email, 'mobile', a_mobile)),
            jsonb_build_object('product_type_code', 'RETAIL', 'singleORjoint', 'single',
              'existing_or_new_customer', CASE WHEN i % 3 = 0 THEN 'existing' ELSE 'new' END,
              'source_id', source,
              'verNum', ver_num, 'ver_num', ver_num, 'lifecycle', jsonb_build_object('product_code', product_code, 'verNum', 1), '_deviceType', CASE WHEN i % 4 = 0 THEN 'MOBILE' ELSE 'DESKTOP' END,
              'initiatedBy', CASE WHEN source = 'BRANCH' THEN jsonb_build_object('id', o.userid, 'username', o.username,
                             'displayName', o.display_name) END,
              'flowId', flow_id, 'flowName', flow_name, 'customFields', ${customFields}),
            cre_time, cre_time + make_interval(hours => 6 * cur)
       FROM g JOIN users o ON o.userid = officer_id JOIN teams b ON b.id = branch_team`,
    args,
  );
  // One task per step up to the current one; the current one's progress follows the status.
  await tx.query(
    `WITH ${gen}, s AS (SELECT g.*, n FROM g CROSS JOIN LATERAL generate_series(1, cur) n),
     t AS (
       SELECT s.*, n = cur AS is_cur,
              CASE WHEN n < cur OR status = 'COMPLETED' THEN 'Completed' WHEN status = 'REJECTED' THEN 'Rejected'
                   WHEN status IN ('CANCELLED', 'DELETED') THEN 'Cancelled'
                   WHEN r_assign < 6 THEN 'In Progress' ELSE 'Pending' END AS progress,
              cre_time + make_interval(hours => 6 * (n - 1)) AS started
         FROM s)
     INSERT INTO tasks (task_id, application_id, name, step_name, step_number, type, progress, assigned_to, assigned_team,
                        allowed_users, start_time, end_time, mod_time, is_current, assigned_at, review_date,
                        callback_requested, callback_at, sla_overall_mins, sla_queued_mins, sla_assigned_mins)
     SELECT 'TSK-' || app_id || '-' || n, app_id, (${taskNames})[n], (${stepNames})[n], n, (${types})[n], progress,
            CASE WHEN progress = 'Pending' THEN NULL WHEN n = 4 THEN approver_id ELSE officer_id END,
            jsonb_build_array(jsonb_build_object('type', 'HIERARCHY', 'id', CASE WHEN n = 4 THEN region_team ELSE branch_team END)),
            '[]'::jsonb, started,
            CASE WHEN progress IN ('In Progress', 'Pending') THEN NULL ELSE started + interval '5 hours' END,
            started + CASE WHEN progress IN ('In Progress', 'Pending') THEN interval '1 hour' ELSE interval '5 hours' END,
            is_cur,
            CASE WHEN progress = 'Pending' THEN NULL ELSE started + make_interval(mins => 20 + (r_task % 200)::int) END,
            CASE WHEN is_cur AND progress IN ('In Progress', 'Pending') AND r_task < 6
                 THEN $3::timestamptz + make_interval(days => (r_task::int * 97) % 400 - 20) END,
            is_cur AND progress = 'In Progress' AND r_task BETWEEN 6 AND 8,
            CASE WHEN is_cur AND progress = 'In Progress' AND r_task BETWEEN 6 AND 8
                 THEN started + interval '1 day' END,
            2880, 240, 1440
       FROM t`,
    args,
  );
  // Approvals: pending at an open sanction, approved for completed applications.
  await tx.query(
    `WITH ${gen}
     INSERT INTO approvals (approval_id, application_id, task_id, kind, status, reason, requested_by, approver, decided_by,
                            created_at, decided_at)
     SELECT 'APR-' || app_id, app_id, 'TSK-' || app_id || '-4', CASE WHEN r_task % 5 = 0 THEN 'EXCEPTION' ELSE 'APPROVAL' END,
            CASE WHEN status = 'COMPLETED' THEN 'APPROVED' ELSE 'PENDING' END,
            CASE WHEN r_task % 5 = 0 THEN 'Loan amount above the branch limit' ELSE 'Sanction of the loan' END,
            officer_id, approver_id, CASE WHEN status = 'COMPLETED' THEN approver_id END,
            cre_time + interval '18 hours', CASE WHEN status = 'COMPLETED' THEN cre_time + interval '22 hours' END
       FROM g WHERE cur = 4 AND status IN ('ACTIVE', 'COMPLETED')`,
    args,
  );
  // Queries: open ones on about one active application in twelve (the demo officer's share raised by the lead).
  await tx.query(
    `WITH ${gen}
     INSERT INTO sub_tasks (sub_task_id, application_id, task_id, title, description, status, raised_by, assigned_to,
                            assigned_team, created_at, updated_at)
     SELECT 'SQ-' || app_id, app_id, 'TSK-' || app_id || '-' || cur, 'Income proof unclear',
            'Please upload the last three salary slips', CASE WHEN r_misc % 3 = 0 THEN 'RESOLVED' ELSE 'OPEN' END,
            CASE WHEN branch < 0 THEN 'USR-1002' ELSE approver_id END, officer_id,
            jsonb_build_array(jsonb_build_object('type', 'HIERARCHY', 'id', branch_team)),
            cre_time + interval '2 hours', cre_time + interval '3 hours'
       FROM g WHERE status = 'ACTIVE' AND (branch < 0 OR r_task % 12 = 11)`,
    args,
  );
  await tx.query(
    `WITH ${gen}
     INSERT INTO notes (application_id, user_id, text, created_at)
     SELECT app_id, officer_id, 'Customer called; documents promised by Friday', cre_time + interval '4 hours'
       FROM g WHERE i % 4 = 0`,
    args,
  );
  await tx.query(
    `WITH ${gen}, s AS (SELECT g.*, n FROM g CROSS JOIN LATERAL generate_series(1, cur) n)
     INSERT INTO worklogs (application_id, task_id, user_id, action, detail, created_at)
     SELECT app_id, 'TSK-' || app_id || '-' || n, CASE WHEN n = 4 THEN approver_id ELSE officer_id END,
            CASE WHEN n < cur OR status = 'COMPLETED' THEN 'complete_step/user' ELSE 'assign' END,
            jsonb_build_object('step', n), cre_time + make_interval(hours => 6 * (n - 1) + 1)
       FROM s WHERE n < cur OR status = 'COMPLETED' OR r_assign < 6`,
    args,
  );
}

/** Adds generated applications 1…count to the demo bank, resuming after the last committed batch. */
export async function seedBank(db: Db, count: number, log: (line: string) => void = () => undefined): Promise<void> {
  if (count <= 0) return;
  const [done] = await db.query<{ value: string }>("SELECT value FROM meta WHERE key = 'bank_seed_done'");
  let next = done ? Number(done.value) + 1 : 1;
  if (next > count) return;
  // The first run fixes the plan (staff per branch, time spacing); a later, larger count extends it.
  const [planned] = await db.query<{ value: string }>("SELECT value FROM meta WHERE key = 'bank_seed_plan'");
  const plan: { total: number; perBranch: number } = planned
    ? JSON.parse(planned.value)
    : { total: count, perBranch: officersPerBranch(count) };
  if (!planned) {
    await seedStaff(db, plan.perBranch);
    await db.query("INSERT INTO meta (key, value) VALUES ('bank_seed_plan', $1)", [JSON.stringify(plan)]);
  }
  const { total, perBranch } = plan;
  const started = Date.now();
  let reported = Math.floor(((next - 1) / count) * 20);
  if (next > 1) log(`seed: resuming at application ${next} of ${count}`);
  const seeded = next;
  while (next <= count) {
    const to = Math.min(count, next + BATCH - 1);
    await db.transaction(async (tx) => {
      await insertBatch(tx, next, to, total, perBranch);
      await tx.query(
        `INSERT INTO meta (key, value) VALUES ('bank_seed_done', $1)
         ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
        [String(to)],
      );
    });
    next = to + 1;
    const step = Math.floor((to / count) * 20);
    if (step > reported) {
      reported = step;
      log(`seed: ${to} of ${count} applications (${step * 5}%, ${((Date.now() - started) / 1000).toFixed(1)} s)`);
    }
  }
  // Fresh statistics and visibility map: the first list queries are planned for the bank as it is, and
  // index-only scans need no heap visits.
  if (count - seeded >= BATCH) await db.exec('VACUUM ANALYZE applications, tasks, approvals, sub_tasks');
}
