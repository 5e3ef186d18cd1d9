// Leads of the demo bank (README "Leads: seed", "Demo seed"): a few fixed ones for the demo officer and
// team lead, and SEED_LEADS generated ones in every status and source over the seeded branches and
// products, with their history. Like the application bank (bank.ts), every generated value is a hash of
// the lead's number computed in the database, batches commit with their progress (meta
// 'lead_seed_done'), and the first run fixes the plan (meta 'lead_seed_plan'), so a killed seed resumes
// and the same count gives the same leads. Follow-ups lie around the day the plan was made.
import { bankDayStart } from '@originate/contract';
import type { Db, Queryable } from '../db';
import { bankTimeZoneOf } from '../modules/configs';
import { FIRST_NAMES, LAST_NAMES } from './applications';
import { MASTER_PRODUCTS } from './bank-shape';
import { seedDisplayName } from './people';

const BATCH = 20_000;
const DAY_MS = 86_400_000;
const CITIES = [
  'Mumbai',
  'Thane',
  'Pune',
  'Nagpur',
  'Nashik',
  'Surat',
  'Vadodara',
  'Kolhapur',
  'Aurangabad',
  'Navi Mumbai',
];
const GENERATED_BRANCHES = 10;

const sqlText = (list: readonly string[]) => `ARRAY[${list.map((s) => `'${s.replace(/'/g, "''")}'`).join(', ')}]`;

interface Plan {
  total: number;
  /** Every share-th lead is Mumbai West's (the demo officer and team lead): about a thousand at any scale. */
  share: number;
  /** Officers per generated branch (bank.ts), 0 when the bank has none: then the rest go to Pune Central. */
  perBranch: number;
  /** Generated applications the CONVERTED leads link to (bank.ts numbers), 0: none. */
  applications: number;
  /** Start of the plan's bank day (ms). */
  day: number;
}

/** The start of the bank day (in its configured zone) the plan starts from: follow-ups are placed around it. */
const seedDayStart = async (db: Queryable, now: Date) => bankDayStart(now, await bankTimeZoneOf(db)).getTime();

interface DemoLead {
  id: string;
  product: 'PL' | 'HL' | 'CL';
  first: string;
  last: string;
  mobile: string;
  city: string;
  source: 'WALK_IN' | 'PHONE' | 'WEB_CALLBACK' | 'REFERRAL';
  amount: number | null;
  status: 'NEW' | 'CONTACTED' | 'QUALIFIED' | 'LOST';
  lost?: string;
  owner: string | null;
  team: 'TEAM-MUM-WEST' | 'TEAM-PUNE-CENTRAL';
  /** Follow-up: days from the seed day, the hour of the bank's clock. */
  follow: [number, number] | null;
  pmay?: boolean;
}

/** The demo's fixed leads (README "Demo seed"). */
const DEMO_LEADS: DemoLead[] = [
  {
    id: 'LD-2026-0000001',
    product: 'HL',
    first: 'Sunita',
    last: 'Deshmukh',
    mobile: '9820011001',
    city: 'Mumbai',
    source: 'WALK_IN',
    amount: 3_500_000,
    status: 'NEW',
    owner: 'USR-1001',
    team: 'TEAM-MUM-WEST',
    follow: [0, 11],
    pmay: true,
  },
  {
    id: 'LD-2026-0000002',
    product: 'PL',
    first: 'Farhan',
    last: 'Qureshi',
    mobile: '9820011002',
    city: 'Mumbai',
    source: 'PHONE',
    amount: 400_000,
    status: 'CONTACTED',
    owner: 'USR-1001',
    team: 'TEAM-MUM-WEST',
    follow: [-1, 15],
  },
  {
    id: 'LD-2026-0000003',
    product: 'CL',
    first: 'Meenal',
    last: 'Joshi',
    mobile: '9820011003',
    city: 'Thane',
    source: 'REFERRAL',
    amount: 800_000,
    status: 'QUALIFIED',
    owner: 'USR-1001',
    team: 'TEAM-MUM-WEST',
    follow: [1, 10],
  },
  {
    id: 'LD-2026-0000004',
    product: 'HL',
    first: 'Ravi',
    last: 'Shetty',
    mobile: '9820011004',
    city: 'Mumbai',
    source: 'WEB_CALLBACK',
    amount: null,
    status: 'NEW',
    owner: null,
    team: 'TEAM-MUM-WEST',
    follow: [0, 16],
  },
  {
    id: 'LD-2026-0000005',
    product: 'PL',
    first: 'Kavita',
    last: 'Rao',
    mobile: '9820011005',
    city: 'Mumbai',
    source: 'WALK_IN',
    amount: 250_000,
    status: 'CONTACTED',
    owner: 'USR-1002',
    team: 'TEAM-MUM-WEST',
    follow: [2, 12],
  },
  {
    id: 'LD-2026-0000006',
    product: 'PL',
    first: 'Devendra',
    last: 'Pawar',
    mobile: '9820011006',
    city: 'Mumbai',
    source: 'PHONE',
    amount: 150_000,
    status: 'LOST',
    lost: 'NOT_INTERESTED',
    owner: 'USR-1001',
    team: 'TEAM-MUM-WEST',
    follow: null,
  },
  {
    id: 'LD-2026-0000007',
    product: 'CL',
    first: 'Anjali',
    last: 'Bhosale',
    mobile: '9820011007',
    city: 'Pune',
    source: 'WEB_CALLBACK',
    amount: null,
    status: 'NEW',
    owner: null,
    team: 'TEAM-PUNE-CENTRAL',
    follow: [1, 11],
  },
  {
    id: 'LD-2026-0000008',
    product: 'HL',
    first: 'Prakash',
    last: 'Naik',
    mobile: '9820011008',
    city: 'Navi Mumbai',
    source: 'REFERRAL',
    amount: 6_000_000,
    status: 'QUALIFIED',
    owner: 'USR-1002',
    team: 'TEAM-MUM-WEST',
    follow: [3, 11],
  },
];

/** An eligible LIG household (contract pmayIssues: none): the demo home loan lead's form. */
const DEMO_PMAY = {
  loanPurpose: 'PURCHASE_NEW',
  gender: 'FEMALE',
  currentAddress: {
    line1: '12 Shanti Niwas, SV Road',
    line2: null,
    city: 'Mumbai',
    state: 'Maharashtra',
    pincode: '400050',
  },
  propertyAddress: {
    line1: 'Flat 304, Sai Residency',
    line2: null,
    city: 'Thane',
    state: 'Maharashtra',
    pincode: '400601',
  },
  property: { type: 'FLAT', carpetAreaSqm: 55, estimatedCost: 4_200_000, womanOwnership: true },
  family: { annualIncome: 540_000, members: 4, ownsPuccaHouse: false, earlierHousingBenefit: false },
};

const TEAM_NAMES = { 'TEAM-MUM-WEST': 'Mumbai West Branch', 'TEAM-PUNE-CENTRAL': 'Pune Central Branch' } as const;
const productName = (code: string) => MASTER_PRODUCTS.find((p) => p.code === code)?.name ?? code;
const who = (userid: string, username: string) => ({ id: userid, username, displayName: seedDisplayName(userid) });
const USERNAMES: Record<string, string> = { 'USR-1001': 'officer', 'USR-1002': 'teamlead' };

async function seedDemoLeads(tx: Queryable, day: number): Promise<void> {
  for (const l of DEMO_LEADS) {
    const created = new Date(day - 2 * DAY_MS + 11 * 3_600_000);
    const by = l.source === 'WEB_CALLBACK' ? null : who(l.owner ?? 'USR-1002', USERNAMES[l.owner ?? 'USR-1002'] ?? '');
    const follow = l.follow ? new Date(day + l.follow[0] * DAY_MS + l.follow[1] * 3_600_000) : null;
    const modified = new Date(created.getTime() + 3_600_000);
    await tx.query(
      `INSERT INTO leads (lead_id, product_code, product_name, first_name, last_name, mobile, email, city, source, loan_amount,
                          status, lost_reason, owner_id, team_id, team_name, follow_up_at, pmay, created_by, cre_time, mod_time)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17::jsonb, $18::jsonb, $19, $20)`,
      [
        l.id,
        l.product,
        productName(l.product),
        l.first,
        l.last,
        l.mobile,
        `${l.first}.${l.last}@example.in`.toLowerCase(),
        l.city,
        l.source,
        l.amount,
        l.status,
        l.lost ?? null,
        l.owner,
        l.team,
        TEAM_NAMES[l.team],
        follow,
        l.pmay ? JSON.stringify(DEMO_PMAY) : null,
        by ? JSON.stringify(by) : null,
        created,
        modified,
      ],
    );
    const activity = `INSERT INTO lead_activities (lead_id, type, comment, call_outcome, from_status, to_status, follow_up_at, by, at)
                      VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9)`;
    await tx.query(activity, [
      l.id,
      'CREATED',
      l.source === 'WEB_CALLBACK' ? 'Call back requested on the portal' : null,
      null,
      null,
      'NEW',
      follow,
      by ? JSON.stringify(by) : null,
      created,
    ]);
    if (l.status !== 'NEW') {
      await tx.query(activity, [
        l.id,
        'CALL',
        'Spoke to the prospect; documents discussed',
        'CONNECTED',
        'NEW',
        'CONTACTED',
        null,
        JSON.stringify(by),
        new Date(created.getTime() + 1_800_000),
      ]);
    }
    if (l.status === 'QUALIFIED' || l.status === 'LOST') {
      await tx.query(activity, [
        l.id,
        'STATUS',
        l.status === 'LOST' ? 'Chose to wait a year' : 'Income and amount fit the product',
        null,
        'CONTACTED',
        l.status,
        null,
        JSON.stringify(by),
        modified,
      ]);
    }
  }
}

/** The generator: one row per lead number i in [$1, $2]; h(k) is a deterministic hash of (i, k). */
function generator(plan: Plan): string {
  const h = (k: number) => `((i::bigint * 2654435761 + ${k}::bigint * 2246822519) % 4294967291)`;
  const codes = sqlText(MASTER_PRODUCTS.map((p) => p.code));
  const names = sqlText(MASTER_PRODUCTS.map((p) => p.name));
  const mins = `ARRAY[${MASTER_PRODUCTS.map((p) => p.min).join(', ')}]`;
  const spans = `ARRAY[${MASTER_PRODUCTS.map((p) => (p.max - p.min) / p.step + 1).join(', ')}]`;
  const steps = `ARRAY[${MASTER_PRODUCTS.map((p) => p.step).join(', ')}]`;
  const spacing = Math.max(1, Math.floor((180 * 86_400) / Math.max(plan.total, 1)));
  const perThird = Math.floor(plan.applications / 3);
  return `
  g0 AS (
    SELECT i, 1 + (i % ${MASTER_PRODUCTS.length})::int AS p, (${h(11)} % 100)::int AS r_status,
           (${h(12)} % 100)::int AS r_source, (${h(13)} % 1000000007)::int AS r_misc, (${h(14)} % 100)::int AS r_owner,
           (${h(15)} % ${GENERATED_BRANCHES})::int AS branch, (${h(16)} % ${Math.max(plan.perBranch, 1)})::int AS officer,
           (${h(17)} % 21)::int - 7 AS follow_day, 9 + (${h(18)} % 9)::int AS follow_hour,
           -- Runs of three numbers (all three products), so the choice is independent of the hashes below.
           (i / 3) % ${plan.share} = 0 AS demo_branch
      FROM generate_series($1::int, $2::int) i),
  g1 AS (
    SELECT g0.*, 'LD-2025-' || lpad(i::text, 7, '0') AS lead_id, (${codes})[p] AS product_code, (${names})[p] AS product_name,
           CASE WHEN r_status < 30 THEN 'NEW' WHEN r_status < 55 THEN 'CONTACTED' WHEN r_status < 70 THEN 'QUALIFIED'
                WHEN r_status < 80 THEN 'CONVERTED' ELSE 'LOST' END AS status,
           CASE WHEN r_source < 30 THEN 'WALK_IN' WHEN r_source < 55 THEN 'PHONE' WHEN r_source < 80 THEN 'WEB_CALLBACK'
                ELSE 'REFERRAL' END AS source,
           CASE WHEN demo_branch THEN 'TEAM-MUM-WEST'
                WHEN ${plan.perBranch} = 0 THEN 'TEAM-PUNE-CENTRAL'
                ELSE 'TEAM-GEN-BR-' || lpad(branch::text, 2, '0') END AS team_id,
           (${sqlText(FIRST_NAMES)})[1 + (r_misc % ${FIRST_NAMES.length})] AS first_name,
           (${sqlText(LAST_NAMES)})[1 + (r_misc / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}] AS last_name,
           '7' || lpad((r_misc % 1000000000)::text, 9, '0') AS mobile,
           (${sqlText(CITIES)})[1 + (r_misc % ${CITIES.length})] AS city,
           (${mins})[p] + (r_misc % (${spans})[p]) * (${steps})[p] AS loan_amount,
           $3::timestamptz - make_interval(secs => ($4::int - i)::double precision * ${spacing}) AS cre_time
      FROM g0),
  g2 AS (
    SELECT g1.*,
           CASE WHEN team_id = 'TEAM-PUNE-CENTRAL' OR (source = 'WEB_CALLBACK' AND status = 'NEW') OR r_owner < 8 THEN NULL
                WHEN team_id = 'TEAM-MUM-WEST' THEN CASE WHEN r_owner < 70 THEN 'USR-1001' ELSE 'USR-1002' END
                ELSE 'USR-G' || lpad(branch::text, 2, '0') || lpad(officer::text, 2, '0') END AS owner_id
      FROM g1),
  g AS (
    SELECT g2.*, t.name AS team_name, o.username AS owner_username, o.display_name AS owner_display,
           CASE WHEN status IN ('NEW', 'CONTACTED', 'QUALIFIED')
                THEN $5::timestamptz + make_interval(days => follow_day, hours => follow_hour) END AS follow_up_at,
           least(cre_time + make_interval(hours => (r_misc % 96)::int), $3::timestamptz) AS mod_time,
           CASE WHEN status = 'CONVERTED' AND ${perThird} > 0
                THEN product_code || '-2025-' || lpad(coalesce(nullif(3 * ((i / 3) % ${Math.max(perThird, 1)}) + (i % 3), 0), ${3 * perThird})::text, 7, '0')
           END AS application_id
      FROM g2 JOIN teams t ON t.id = team_id LEFT JOIN users o ON o.userid = owner_id)`;
}

async function insertBatch(tx: Queryable, from: number, to: number, plan: Plan, now: Date): Promise<void> {
  const gen = generator(plan);
  const args = [from, to, now, plan.total, new Date(plan.day)];
  await tx.query(
    `WITH ${gen}
     INSERT INTO leads (lead_id, product_code, product_name, first_name, last_name, mobile, email, city, source, loan_amount,
                        status, lost_reason, owner_id, team_id, team_name, follow_up_at, application_id, created_by,
                        cre_time, mod_time)
     SELECT lead_id, product_code, product_name, first_name, last_name, mobile,
            CASE WHEN r_misc % 3 = 0 THEN NULL ELSE lower(first_name || '.' || last_name || '.' || i || '@example.in') END,
            city, source, CASE WHEN r_misc % 5 = 0 THEN NULL ELSE loan_amount END, status,
            CASE WHEN status = 'LOST' THEN (ARRAY['NOT_INTERESTED', 'NOT_ELIGIBLE', 'UNREACHABLE', 'CHOSE_COMPETITOR', 'DUPLICATE', 'OTHER'])[1 + r_misc % 6] END,
            owner_id, team_id, team_name, follow_up_at, application_id,
            CASE WHEN source <> 'WEB_CALLBACK' AND owner_id IS NOT NULL
                 THEN jsonb_build_object('id', owner_id, 'username', owner_username, 'displayName', owner_display) END,
            cre_time, mod_time
       FROM g`,
    args,
  );
  // Its history: created, and for a lead past NEW the call that reached the prospect and its last status.
  await tx.query(
    `WITH ${gen}, s AS (SELECT g.*, n FROM g CROSS JOIN LATERAL generate_series(1, CASE WHEN status = 'NEW' THEN 1 WHEN status = 'CONTACTED' THEN 2 ELSE 3 END) n)
     INSERT INTO lead_activities (lead_id, type, comment, call_outcome, from_status, to_status, follow_up_at, by, at)
     SELECT lead_id, (ARRAY['CREATED', 'CALL', CASE WHEN status = 'CONVERTED' THEN 'CONVERTED' ELSE 'STATUS' END])[n],
            CASE n WHEN 1 THEN CASE WHEN source = 'WEB_CALLBACK' THEN 'Call back requested on the portal' END
                   WHEN 2 THEN 'Spoke to the prospect'
                   ELSE CASE WHEN status = 'CONVERTED' AND application_id IS NOT NULL THEN 'Application ' || application_id END END,
            CASE WHEN n = 2 THEN 'CONNECTED' END,
            CASE n WHEN 1 THEN NULL WHEN 2 THEN 'NEW' ELSE CASE WHEN status = 'LOST' THEN 'CONTACTED' ELSE 'QUALIFIED' END END,
            CASE n WHEN 1 THEN 'NEW' WHEN 2 THEN 'CONTACTED' ELSE status END,
            CASE WHEN n = 1 THEN follow_up_at END,
            CASE WHEN owner_id IS NULL THEN NULL
                 ELSE jsonb_build_object('id', owner_id, 'username', owner_username, 'displayName', owner_display) END,
            cre_time + make_interval(secs => (n - 1) * greatest(extract(epoch FROM mod_time - cre_time) / 2, 1))
       FROM s`,
    args,
  );
}

/** The demo leads once, then generated leads 1…count, resuming after the last committed batch. */
export async function seedLeads(db: Db, count: number, now: Date, log: (line: string) => void = () => undefined) {
  const [demo] = await db.query("SELECT 1 FROM meta WHERE key = 'lead_demo_seed'");
  if (!demo) {
    await db.transaction(async (tx) => {
      await seedDemoLeads(tx, await seedDayStart(tx, now));
      await tx.query("INSERT INTO meta (key, value) VALUES ('lead_demo_seed', '1')");
    });
  }
  if (count <= 0) return;
  const [done] = await db.query<{ value: string }>("SELECT value FROM meta WHERE key = 'lead_seed_done'");
  let next = done ? Number(done.value) + 1 : 1;
  if (next > count) return;
  const [planned] = await db.query<{ value: string }>("SELECT value FROM meta WHERE key = 'lead_seed_plan'");
  let plan: Plan;
  if (planned) plan = JSON.parse(planned.value);
  else {
    const [bank] = await db.query<{ value: string }>("SELECT value FROM meta WHERE key = 'bank_seed_plan'");
    const [bankDone] = await db.query<{ value: string }>("SELECT value FROM meta WHERE key = 'bank_seed_done'");
    plan = {
      total: count,
      share: Math.min(499, Math.max(3, Math.ceil(count / 1000))),
      perBranch: bank ? (JSON.parse(bank.value) as { perBranch: number }).perBranch : 0,
      applications: bankDone ? Number(bankDone.value) : 0,
      day: await seedDayStart(db, now),
    };
    await db.query("INSERT INTO meta (key, value) VALUES ('lead_seed_plan', $1)", [JSON.stringify(plan)]);
  }
  const anchor = new Date(plan.day);
  const started = Date.now();
  let reported = Math.floor(((next - 1) / count) * 20);
  if (next > 1) log(`seed: resuming at lead ${next} of ${count}`);
  const seeded = next;
  while (next <= count) {
    const to = Math.min(count, next + BATCH - 1);
    await db.transaction(async (tx) => {
      await insertBatch(tx, next, to, plan, anchor);
      await tx.query(
        `INSERT INTO meta (key, value) VALUES ('lead_seed_done', $1) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
        [String(to)],
      );
    });
    next = to + 1;
    const step = Math.floor((to / count) * 20);
    if (step > reported) {
      reported = step;
      log(`seed: ${to} of ${count} leads (${step * 5}%, ${((Date.now() - started) / 1000).toFixed(1)} s)`);
    }
  }
  // New leads' numbers never meet a generated one, whatever the year.
  await db.query("SELECT setval('lead_number', greatest((SELECT last_value FROM lead_number), $1::bigint))", [
    count + 1000,
  ]);
  if (count - seeded >= BATCH) await db.exec('VACUUM ANALYZE leads, lead_activities, lead_counts');
}
