// The shape of the seeded bank that the seed, the list tables and the products share: products, the
// lifecycle's stages, statuses and task progress values.
import { type ApplicationStatus, CLOSED_STAGE, type TaskProgress } from '@originate/contract';

export interface MasterProduct {
  code: string;
  name: string;
  typeCode: string;
  min: number;
  max: number;
  /** Amounts are multiples of this. */
  step: number;
}

export const MASTER_PRODUCTS: readonly MasterProduct[] = [
  { code: 'PL', name: 'Personal Loan', typeCode: 'RETAIL', min: 100000, max: 2500000, step: 5000 },
  { code: 'HL', name: 'Home Loan', typeCode: 'RETAIL', min: 2500000, max: 15000000, step: 50000 },
  { code: 'CL', name: 'Car Loan', typeCode: 'RETAIL', min: 300000, max: 2000000, step: 10000 },
];

/** The demo lifecycle (seed/applications.ts STEPS) and the customer flow's first step, then Closed. */
export const LIFECYCLE_STEPS = [
  { stepName: 'Application Capture', name: 'Capture Applicant Details', type: 'CUST_FLOW' },
  { stepName: 'Document Verification', name: 'Verify KYC Documents', type: 'APPVD' },
  { stepName: 'Credit Assessment', name: 'Assess Credit', type: 'APPVD' },
  { stepName: 'Sanction', name: 'Sanction Approval', type: 'APPLICATION_SUMMARY' },
] as const;

export const STAGES = [...LIFECYCLE_STEPS.map((s) => s.stepName), CLOSED_STAGE] as const;

export const STATUSES: readonly ApplicationStatus[] = [
  'ACTIVE',
  'CANCELLED',
  'REJECTED',
  'DELETED',
  'COMPLETED',
  'INACTIVE',
];

export const TASK_PROGRESS: readonly TaskProgress[] = ['In Progress', 'Pending', 'Completed', 'Rejected', 'Cancelled'];

/** Inserted when missing (every installation: the Products page and the list's product dropdown). */
export async function seedMasterProducts(db: {
  query: (sql: string, params?: unknown[]) => Promise<unknown[]>;
}): Promise<void> {
  await db.query(
    `INSERT INTO master_products (product_code, product_name, product_type_code, min_amount, max_amount)
     SELECT p ->> 'code', p ->> 'name', p ->> 'typeCode', (p ->> 'min')::numeric, (p ->> 'max')::numeric
       FROM jsonb_array_elements($1::jsonb) p ON CONFLICT (product_code) DO NOTHING`,
    [JSON.stringify(MASTER_PRODUCTS)],
  );
}
