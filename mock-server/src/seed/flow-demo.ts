// A home loan in progress for the back office (README "Demo seed"): made by the service code the
// first consumer save uses (schema and reference checks included), with the loan and property
// sections filled and the personal details begun, and its CUST_FLOW task In Progress with the demo
// officer, so /backstage/newapplication?resume=HL-2026-600001 resumes it for them. Idempotent: an
// existing database gains it on its next start.
import { DEFAULT_FLOW_VERSION, type SaveApplicationBody } from '@originate/contract';
import type { Db } from '../db';
import { findProduct, flowFor } from '../modules/configs';
import { createFlowApplication } from '../modules/customer-flow';
import { SEED_ANCHOR } from './applications';
import { seedDisplayName, userById } from './people';

export const RESUMABLE_APPLICATION_ID = 'HL-2026-600001';
const OFFICER = 'USR-1001';
const STARTED = new Date(SEED_ANCHOR.getTime() - 26 * 3_600_000);

const RESUMABLE_BODY: SaveApplicationBody = {
  flowId: 'home_loan',
  verNum: DEFAULT_FLOW_VERSION,
  mode: 'DRAFT',
  section_id: 'hl_personal',
  sub_section_id: 'hl_personal_info',
  singleORjoint: 'single',
  existing_or_new_customer: 'new',
  customFields: {
    loan_purpose: 'purchase',
    loan_amount: '4500000',
    interest_rate: '8.6',
    tenure_years: 20,
    property_value: '6500000',
    property_address: 'Flat 1203, Sea Breeze Towers, Linking Road, Bandra West',
    property_pincode: '400050',
    property_city: 'Mumbai',
    property_state: 'Maharashtra',
    pmay_eligible: false,
    full_name: 'Ananya Kulkarni',
    email: 'ananya.kulkarni@example.in',
    mobile: '9820012345',
  },
  jointApplicants: [],
  progress: [
    {
      sectionId: 'hl_loan',
      status: 'COMPLETE',
      components: [
        { componentId: 'HL_LOAN_DETAILS', componentRouteInfo: 'loan-details', status: 'COMPLETE' },
        { componentId: 'HL_PROPERTY', componentRouteInfo: 'property', status: 'COMPLETE' },
      ],
    },
    {
      sectionId: 'hl_personal',
      status: 'PROGRESS',
      components: [
        { componentId: 'HL_PERSONAL', componentRouteInfo: 'personal-info', status: 'PROGRESS' },
        { componentId: 'HL_KYC', componentRouteInfo: 'kyc', status: 'PENDING' },
      ],
    },
  ],
  _deviceType: 'DESKTOP',
};

export async function seedResumableApplication(db: Db): Promise<void> {
  const seen = await db.query('SELECT 1 FROM applications WHERE application_id = $1', [RESUMABLE_APPLICATION_ID]);
  if (seen.length > 0) return;
  const product = await findProduct(db, 'HL');
  if (!product) throw new Error('the HL product is seeded before the demo application');
  const flowCtx = await flowFor(db, RESUMABLE_BODY.flowId, RESUMABLE_BODY.verNum);
  const officer = userById(OFFICER);
  await db.transaction(async (tx) => {
    const id = await createFlowApplication(tx, product, flowCtx, RESUMABLE_BODY, STARTED, {
      fixedId: RESUMABLE_APPLICATION_ID,
    });
    // The officer took the application over the phone: theirs to resume, in their own team's queue.
    await tx.query(
      `UPDATE applications SET doc = doc || jsonb_build_object('initiatedBy', $2::jsonb) WHERE application_id = $1`,
      [id, JSON.stringify({ id: officer.userid, username: officer.username, displayName: seedDisplayName(OFFICER) })],
    );
    await tx.query(
      `UPDATE tasks SET progress = 'In Progress', assigned_to = $2 WHERE application_id = $1 AND type = 'CUST_FLOW'`,
      [id, officer.userid],
    );
  });
}
