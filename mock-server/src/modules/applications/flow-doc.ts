// What an application filled through a customer flow keeps in applications.doc, and the flow it was
// filled in: read by the customer flow, and by the documents, OTP and queries that name its fields.
import type { SaveApplicationBody } from '@originate/contract';
import { conflict } from '../../http/errors';
import type { AppContext } from '../../platform/context';
import { type FlowRules, flowFor } from '../configs';
import type { StoredApplication } from './stored';

/** What the flow application keeps in applications.doc. */
export interface FlowDoc {
  flowId: string;
  verNum: number;
  flowName: string;
  mode: SaveApplicationBody['mode'];
  section_id: string;
  sub_section_id: string;
  singleORjoint: SaveApplicationBody['singleORjoint'];
  existing_or_new_customer: SaveApplicationBody['existing_or_new_customer'];
  customFields: SaveApplicationBody['customFields'];
  jointApplicants: SaveApplicationBody['jointApplicants'];
  progress: SaveApplicationBody['progress'];
  _deviceType: SaveApplicationBody['_deviceType'];
  product_type_code: string;
  /** Set when the application was submitted (resume links stop working). */
  submitted_at?: string;
  initiatedBy?: { id: string; username: string; displayName: string };
  /** BRANCH when staff started it (New Internal); an applicant's own first save sets none. */
  source_id?: 'BRANCH';
  /** The lead it was converted from (leads module); later saves keep it. */
  lead_id?: string;
}

/** The customer flow an application was filled in; 409 for applications that have none (back-office only). */
export async function flowOfApplication(
  ctx: AppContext,
  stored: StoredApplication,
): Promise<FlowRules & { doc: FlowDoc }> {
  const doc = stored.application as unknown as Partial<FlowDoc>;
  if (typeof doc.flowId !== 'string' || typeof doc.verNum !== 'number' || doc.customFields === undefined) {
    throw conflict('This application was not made through a customer flow');
  }
  const flowCtx = await flowFor(ctx.db, doc.flowId, doc.verNum).catch(() => {
    throw conflict('This application was not made through a customer flow');
  });
  // An application the bank seeded or staff started has no joint applicants recorded: none.
  return { ...flowCtx, doc: { ...doc, jointApplicants: doc.jointApplicants ?? [] } as FlowDoc };
}
