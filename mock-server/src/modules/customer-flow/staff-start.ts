// Applications staff start for a walk-in customer (README "Applications started by staff"): the first
// save an applicant would make, made by the service the consumer save uses, but initiated by the staff
// member (source BRANCH) with the customer-flow task theirs, so /backstage/newapplication?resume=<id>
// resumes it for them. The leads remote converts a lead through the same service, which spends the same
// hourly budget of starts (STARTS_PER_USER_PER_HOUR).
import {
  type FormValues,
  type SaveApplicationBody,
  startApplicationRefusal,
  startQueueRefusal,
  type Team,
} from '@originate/contract';
import type { Queryable } from '../../db';
import { forbidden, invalid, ValidationError } from '../../http/errors';
import type { AppContext } from '../../platform/context';
import { addWorklog, fieldChanges, newEffects, publish, recordAudits } from '../applications';
import { findProduct, flowFor } from '../configs';
import { createFlowApplication, type StaffCreator } from './flow-applications';
import { prefillIssues, stepsOf } from './flow-rules';
import type { StartBudget } from './hourly-budgets';

/** The staff member starting the application: who they are, and the roles and teams that let them. */
interface Starter extends StaffCreator {
  roles: readonly string[];
  teams: readonly Team[];
}

/**
 * Starts an application of `productCode` for `starter` and answers its id: 403 with the reason for a
 * starter without a branch role or outside the product's queue, 400 for an unknown product or a prefilled
 * value the flow refuses (`customFields.<key>`), then 429 once the starter's hour of starts is spent
 * (`budget`, spent only by a start every check let through). One transaction: the application, its task,
 * the field history of the prefilled values and the worklog row; live lists hear of it once it commits. A
 * lead's conversion names the lead (`leadId`, kept on the application) and records itself in the same
 * transaction (`alsoInTransaction`), so there is never an application without its lead's record of it.
 */
export async function startStaffApplication(
  ctx: AppContext,
  productCode: string,
  starter: Starter,
  budget: StartBudget,
  customFields: FormValues = {},
  conversion: {
    leadId: string;
    alsoInTransaction: (tx: Queryable, applicationId: string) => Promise<void>;
  } | null = null,
): Promise<string> {
  const roleRefusal = startApplicationRefusal(starter.roles);
  if (roleRefusal) throw forbidden(roleRefusal);
  const product = await findProduct(ctx.db, productCode);
  if (!product) throw invalid('product_code', 'is not a known product');
  const queueRefusal = startQueueRefusal(starter.teams, product);
  if (queueRefusal) throw forbidden(queueRefusal);
  const flowCtx = await flowFor(ctx.db, product.flowId, product.verNum);
  const now = ctx.now();
  const issues = prefillIssues(flowCtx, customFields, now);
  if (issues.length > 0) throw new ValidationError(issues.map(({ label, reason }) => ({ label, reason })));
  const first = stepsOf(flowCtx.flow, { existing_or_new_customer: 'new', jointApplicants: [] })[0];
  if (!first) throw invalid('product_code', `opens flow ${flowCtx.flow.flowId}, which has no step`);
  await budget();
  const body: SaveApplicationBody = {
    flowId: flowCtx.flow.flowId,
    verNum: flowCtx.flow.verNum,
    mode: 'DRAFT',
    section_id: first.section_id,
    sub_section_id: first.sub_section_id,
    singleORjoint: 'single',
    existing_or_new_customer: 'new',
    customFields,
    jointApplicants: [],
    progress: [],
    _deviceType: 'DESKTOP',
  };
  const effects = newEffects();
  const applicationId = await ctx.db.transaction(async (tx) => {
    const id = await createFlowApplication(tx, product, flowCtx, body, now, {
      startedBy: starter,
      ...(conversion ? { leadId: conversion.leadId } : {}),
    });
    await recordAudits(tx, id, fieldChanges({}, customFields), { userId: starter.userid, source: 'staff' }, now);
    await addWorklog(tx, {
      applicationId: id,
      taskId: `TSK-${id}-1`,
      userId: starter.userid,
      action: 'start_application',
      detail: { product_code: product.product_code, source_id: 'BRANCH', prefilled: Object.keys(customFields) },
      at: now,
    });
    effects.changed.set(id, now);
    await conversion?.alsoInTransaction(tx, id);
    return id;
  });
  await publish(ctx, effects);
  return applicationId;
}
