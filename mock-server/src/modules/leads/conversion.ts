// A lead's conversion into an application (POST /v3/lead/convert, README "Leads: conversion"). The
// application is made by the staff application service of the customer-flow module (POST
// /v3/application/create, branch `internal`), which starts a draft of the product for a staff member,
// prefilled, in its own transaction. That service is not in this branch yet: this adapter is the one
// place the integrator wires to it, `return startStaffApplication(ctx, productCode, starter, customFields)`.
import { REFUSAL_CODES, type Team } from '@originate/contract';
import type { AppContext } from '../../context';
import { HttpError } from '../../errors';

export interface LeadStarter {
  userid: string;
  username: string;
  displayName: string;
  roles: readonly string[];
  teams: readonly Team[];
}

/** Starts the application of a converted lead and answers its id (the adapter to the staff start service). */
export async function startApplicationForLead(
  _ctx: AppContext,
  _start: { productCode: string; starter: LeadStarter; customFields: Record<string, string | boolean> },
): Promise<string> {
  // Refused before the lead changes: no application, no conversion, until the service is wired in.
  throw new HttpError(REFUSAL_CODES.SERVICE_UNAVAILABLE.status, {
    code: REFUSAL_CODES.SERVICE_UNAVAILABLE.code,
    message: 'Converting a lead needs the staff application service, which this server does not have yet',
  });
}
