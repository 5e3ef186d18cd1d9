// The seeded product lifecycles (modules/lifecycle): version 1 of every product is the four steps every
// application walked before lifecycles were configuration (the demo bank's applications are stamped with
// it); then the home loan's version 2 adds a valuation step of two parallel tasks, and the personal loan's
// version 2 has three steps. Written once, when the product has no lifecycle yet.
import type { LifecycleBody, LifecycleTask } from '@originate/contract';
import type { Db } from '../db';
import { APPROVAL_MATRICES } from './approval-matrices';
import { MASTER_PRODUCTS } from './bank-shape';

type Workers = LifecycleTask['workedBy'];
const BRANCH: Workers = { branchTeam: true, hierarchyLevel: 0, departments: [], allowedUsers: [] };
/** Sanction: the branch's region and the credit approvers, as the fixed lifecycle had it. */
const REGION_CREDIT: Workers = {
  branchTeam: true,
  hierarchyLevel: 1,
  departments: ['TEAM-CREDIT-APPROVALS'],
  allowedUsers: [],
};
/** The seeded bank's limits: 4 h in the queue, a day with someone, two days overall. */
const SLA: LifecycleTask['sla'] = { clock: 'CALENDAR', queuedMins: 240, assignedMins: 1440, overallMins: 2880 };

const task = (taskName: string, workedBy: Workers, over: Partial<LifecycleTask> = {}): LifecycleTask => ({
  taskName,
  blocking: true,
  workedBy,
  handOut: 'QUEUE',
  sla: SLA,
  ...over,
});

const CAPTURE = {
  stepName: 'Application Capture',
  type: 'CUST_FLOW',
  summaryEnabled: false,
  tasks: [task('Capture Applicant Details', BRANCH)],
} as const satisfies LifecycleBody['steps'][number];
const DOCUMENTS = {
  stepName: 'Document Verification',
  type: 'APPVD',
  summaryEnabled: false,
  tasks: [task('Verify KYC Documents', BRANCH)],
} as const satisfies LifecycleBody['steps'][number];
const CREDIT = {
  stepName: 'Credit Assessment',
  type: 'APPVD',
  summaryEnabled: true,
  tasks: [task('Assess Credit', BRANCH)],
} as const satisfies LifecycleBody['steps'][number];
const SANCTION = {
  stepName: 'Sanction',
  type: 'APPLICATION_SUMMARY',
  summaryEnabled: true,
  tasks: [task('Sanction Approval', REGION_CREDIT)],
} as const satisfies LifecycleBody['steps'][number];

const BREACH: LifecycleBody['breach'] = { notifyTeamLead: true, escalateTo: 'NONE' };

function firstVersion(productCode: string, productName: string): Omit<LifecycleBody, 'verNum'> {
  return {
    product_code: productCode,
    flowName: `${productName} lifecycle`,
    steps: [CAPTURE, DOCUMENTS, CREDIT, SANCTION],
    approvalMatrix: APPROVAL_MATRICES[productCode as keyof typeof APPROVAL_MATRICES],
    breach: BREACH,
  };
}

/**
 * Home loan version 2: after the documents, a legal valuation (loan operations, to whoever has least open)
 * and a technical valuation (the branch, in turn, on the working-hours clock) in parallel; both must finish.
 */
const HOME_LOAN_VALUATION: Omit<LifecycleBody, 'verNum'> = {
  ...firstVersion('HL', 'Home Loan'),
  steps: [
    CAPTURE,
    DOCUMENTS,
    {
      stepName: 'Valuation',
      type: 'APPVD',
      summaryEnabled: true,
      tasks: [
        task(
          'Legal Valuation',
          { branchTeam: false, hierarchyLevel: 0, departments: ['TEAM-OPERATIONS'], allowedUsers: [] },
          { handOut: 'LEAST_LOADED' },
        ),
        task('Technical Valuation', BRANCH, {
          handOut: 'ROUND_ROBIN',
          sla: { clock: 'WORKING_HOURS', queuedMins: 60, assignedMins: 960, overallMins: 1080 },
        }),
      ],
    },
    CREDIT,
    SANCTION,
  ],
};

/** Personal loan version 2: capture, documents, then one sanction step that assesses and decides. */
const PERSONAL_LOAN_SHORT: Omit<LifecycleBody, 'verNum'> = {
  ...firstVersion('PL', 'Personal Loan'),
  steps: [CAPTURE, DOCUMENTS, { ...SANCTION, tasks: [task('Assess and Sanction', REGION_CREDIT)] }],
  approvalMatrix: { ...APPROVAL_MATRICES.PL, sendBackTo: 'Document Verification' },
};

/** Every product's lifecycle versions, in order. */
const SEEDED_LIFECYCLES: readonly Omit<LifecycleBody, 'verNum'>[] = [
  ...MASTER_PRODUCTS.map((p) => firstVersion(p.code, p.name)),
  HOME_LOAN_VALUATION,
  PERSONAL_LOAN_SHORT,
];

/** Branches report to their region (the demo bank's two branches to the West Region). */
const DEMO_TEAM_PARENTS: Readonly<Record<string, string>> = {
  'TEAM-MUM-WEST': 'TEAM-WEST-REGION',
  'TEAM-PUNE-CENTRAL': 'TEAM-WEST-REGION',
};

/**
 * The lifecycles of products that have none yet, each version in order; the applications without a
 * recorded version stamped with their product's first (the steps they were walking); the demo branches'
 * parents.
 */
export async function seedLifecycles(db: Db, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const have = await tx.query<{ product_code: string }>('SELECT DISTINCT product_code FROM lifecycle_versions');
    const seeded = new Set(have.map((r) => r.product_code));
    const next = new Map<string, number>();
    for (const doc of SEEDED_LIFECYCLES) {
      if (seeded.has(doc.product_code)) continue;
      const verNum = (next.get(doc.product_code) ?? 0) + 1;
      next.set(doc.product_code, verNum);
      await tx.query(
        'INSERT INTO lifecycle_versions (product_code, ver_num, doc, created_at) VALUES ($1, $2, $3::jsonb, $4)',
        [doc.product_code, verNum, JSON.stringify(doc), now],
      );
    }
    for (const [team, parent] of Object.entries(DEMO_TEAM_PARENTS)) {
      await tx.query('UPDATE teams SET parent_id = $2 WHERE id = $1 AND parent_id IS NULL', [team, parent]);
    }
    if (next.size === 0) return;
    await tx.query(
      `UPDATE applications SET doc = doc || jsonb_build_object('lifecycle',
         jsonb_build_object('product_code', product_code, 'verNum', 1))
        WHERE NOT doc ? 'lifecycle' AND product_code IN (SELECT product_code FROM lifecycle_versions)`,
    );
  });
}
