// A lead's conversion into an application (POST /v3/lead/convert, README "Leads"). The application is made
// by the customer flow's staff start service (POST /v3/application/create), which starts a prefilled draft
// of the product for a staff member in one transaction and runs the lead's own record of the conversion in
// that same transaction (`alsoInTransaction`), so there is never an application without its lead's record.
// That service is not in this branch: this adapter is the one place the integrator wires to it,
// `return startStaffApplication(ctx, productCode, starter, customFields, { leadId, alsoInTransaction })`.
import { REFUSAL_CODES, type Team } from '@originate/contract';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db';
import { HttpError } from '../../errors';

interface LeadStarter {
  userid: string;
  username: string;
  displayName: string;
  roles: readonly string[];
  teams: readonly Team[];
}

export interface LeadConversion {
  productCode: string;
  starter: LeadStarter;
  customFields: Record<string, string | boolean>;
  leadId: string;
  /** The lead's side, in the application's transaction once its id is known. */
  alsoInTransaction: (tx: Queryable, applicationId: string) => Promise<void>;
}

/** Starts the application of a converted lead and answers its id (the adapter to the staff start service). */
export async function startApplicationForLead(_ctx: AppContext, _conversion: LeadConversion): Promise<string> {
  // Refused before anything is written: no application, no conversion, until the service is wired in.
  throw new HttpError(REFUSAL_CODES.SERVICE_UNAVAILABLE.status, {
    code: REFUSAL_CODES.SERVICE_UNAVAILABLE.code,
    message: 'Converting a lead needs the staff application service, which this server does not have yet',
  });
}
