// Leads (README "Leads"): one lead with its history, and every staff write to it. Each write reads the
// lead, asks the contract's rules (leadChangeRefusal / leadAssignRefusal → 403, leadTransition → 409),
// then changes it in one transaction guarded on the mod_time it read (a concurrent change → 409), with
// its activity row; notifications are inserted there and, with LEAD_CHANGED, sent once it commits.
import {
  type CallOutcome,
  type CreateLeadBody,
  LEAD_ROLES,
  type Lead,
  type LeadAction,
  type LeadActivity,
  type LeadActivityBody,
  type LeadActivityType,
  type LeadAssignBody,
  type LeadCaller,
  type LeadDetailAnswer,
  type LeadFollowUpBody,
  type LeadSource,
  type LeadStatus,
  type LeadStatusBody,
  type LeadUpdateBody,
  type LostReason,
  leadAssignRefusal,
  leadChangeRefusal,
  leadPrefill,
  leadsEverywhere,
  leadTransition,
  leadViewRefusal,
  type Notification,
  type PmayForm,
  type ProductConfig,
  pmayCategory,
  pmayIssues,
  type Team,
  worksLeads,
} from '@originate/contract';
import type { Queryable } from '../../db';
import { conflict, forbidden, invalid, notFound, ValidationError } from '../../http/errors';
import type { AppContext, UserRecord } from '../../platform/context';
import type { LeadChange } from '../../platform/hub';
import { findApplication, iso } from '../applications';
import { findProduct } from '../configs';
import { type StartBudget, startStaffApplication } from '../customer-flow';
import { insertNotification, uncountedCount } from '../notifications';
import { findUserById } from '../users';

/** Who acted, as the history and the lead record them. */
interface Initiator {
  id: string;
  username: string;
  displayName: string;
}

const initiatorOf = (user: UserRecord): Initiator => ({
  id: user.userid,
  username: user.userName,
  displayName: user.displayName,
});

export const leadCaller = (user: UserRecord): LeadCaller => ({
  userid: user.userid,
  roles: user.roles,
  teams: user.teams,
});

interface LeadRecord extends Record<string, unknown> {
  lead_id: string;
  product_code: string;
  product_name: string;
  first_name: string;
  last_name: string;
  mobile: string;
  email: string | null;
  city: string | null;
  source: LeadSource;
  loan_amount: string | null;
  status: LeadStatus;
  lost_reason: LostReason | null;
  owner_id: string | null;
  owner_name: string | null;
  team_id: string;
  team_name: string;
  follow_up_at: Date | null;
  application_id: string | null;
  pmay: PmayForm | null;
  created_by: Initiator | null;
  cre_time: Date;
  mod_time: Date;
}

const LEAD_COLUMNS = `l.lead_id, l.product_code, l.product_name, l.first_name, l.last_name, l.mobile, l.email, l.city,
  l.source, l.loan_amount, l.status, l.lost_reason, l.owner_id, o.display_name AS owner_name, l.team_id, l.team_name,
  l.follow_up_at, l.application_id, l.pmay, l.created_by, l.cre_time, l.mod_time`;

async function readLead(db: Queryable, leadId: string): Promise<LeadRecord | null> {
  const [row] = await db.query<LeadRecord>(
    `SELECT ${LEAD_COLUMNS} FROM leads l LEFT JOIN users o ON o.userid = l.owner_id WHERE l.lead_id = $1`,
    [leadId],
  );
  return row ?? null;
}

const teamOf = (lead: Pick<LeadRecord, 'team_id' | 'team_name'>): Team & { type: 'HIERARCHY'; name: string } => ({
  type: 'HIERARCHY',
  id: lead.team_id,
  name: lead.team_name,
});
const factsOf = (lead: LeadRecord) => ({ ownerId: lead.owner_id, team: teamOf(lead) });

function toLead(row: LeadRecord): Lead {
  return {
    lead_id: row.lead_id,
    product_code: row.product_code,
    product_name: row.product_name,
    prospect: {
      firstName: row.first_name,
      lastName: row.last_name,
      mobile: row.mobile,
      email: row.email,
      city: row.city,
    },
    source: row.source,
    loanAmount: row.loan_amount === null ? null : Number(row.loan_amount),
    status: row.status,
    lostReason: row.lost_reason,
    ownerId: row.owner_id,
    ownerName: row.owner_name,
    team: teamOf(row),
    followUpAt: iso(row.follow_up_at),
    application_id: row.application_id,
    pmay: row.pmay,
    pmayCategory: row.pmay ? pmayCategory(row.pmay.family.annualIncome) : null,
    createdBy: row.created_by,
    cre_time: iso(row.cre_time) as string,
    mod_time: iso(row.mod_time) as string,
  };
}

interface ActivityRow extends Record<string, unknown> {
  id: string;
  type: LeadActivityType;
  comment: string | null;
  call_outcome: CallOutcome | null;
  from_status: LeadStatus | null;
  to_status: LeadStatus | null;
  assignee: Initiator | null;
  follow_up_at: Date | null;
  by: Initiator | null;
  at: Date;
}

async function activitiesOf(db: Queryable, leadId: string): Promise<LeadActivity[]> {
  const rows = await db.query<ActivityRow>(
    `SELECT id::text AS id, type, comment, call_outcome, from_status, to_status, assignee, follow_up_at, by, at
       FROM lead_activities WHERE lead_id = $1 ORDER BY at DESC, id DESC`,
    [leadId],
  );
  return rows.map((r) => ({
    activityId: `LA-${r.id}`,
    type: r.type,
    comment: r.comment,
    callOutcome: r.call_outcome,
    fromStatus: r.from_status,
    toStatus: r.to_status,
    assignee: r.assignee,
    followUpAt: iso(r.follow_up_at),
    by: r.by,
    at: iso(r.at) as string,
  }));
}

export interface NewActivity {
  type: LeadActivityType;
  comment?: string | null;
  callOutcome?: CallOutcome | null;
  fromStatus?: LeadStatus | null;
  toStatus?: LeadStatus | null;
  assignee?: Initiator | null;
  followUpAt?: string | Date | null;
  by: Initiator | null;
  at: Date;
}

export async function addActivity(tx: Queryable, leadId: string, a: NewActivity): Promise<void> {
  await tx.query(
    `INSERT INTO lead_activities (lead_id, type, comment, call_outcome, from_status, to_status, assignee, follow_up_at, by, at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9::jsonb, $10)`,
    [
      leadId,
      a.type,
      a.comment ?? null,
      a.callOutcome ?? null,
      a.fromStatus ?? null,
      a.toStatus ?? null,
      a.assignee ? JSON.stringify(a.assignee) : null,
      a.followUpAt ?? null,
      a.by ? JSON.stringify(a.by) : null,
      a.at,
    ],
  );
}

/** The lead, its history newest first, and the application a conversion made. */
async function detailOf(db: Queryable, leadId: string): Promise<LeadDetailAnswer> {
  const row = await readLead(db, leadId);
  if (!row) throw notFound('Lead not found');
  const application = row.application_id ? await findApplication(db, row.application_id) : null;
  return {
    lead: toLead(row),
    activities: await activitiesOf(db, leadId),
    application: application
      ? {
          application_id: application.application.application_id,
          _applicationStatus: application.application._applicationStatus,
          stage: application.application.appLifeCycle?.stage ?? '',
        }
      : null,
  };
}

/** GET /v3/lead/:leadId: 404 unknown, 403 with the rule's reason for a user who may not see it. */
export async function leadDetail(db: Queryable, user: UserRecord, leadId: string): Promise<LeadDetailAnswer> {
  const row = await readLead(db, leadId);
  if (!row) throw notFound('Lead not found');
  const refusal = leadViewRefusal(leadCaller(user), factsOf(row));
  if (refusal) throw forbidden(refusal);
  return detailOf(db, leadId);
}

/** Who hears of a change live: the lead's owner (and its previous one), its team, and whoever sees every lead. */
type LeadAudience = LeadChange;

/** What a committed lead write tells others: notifications and LEAD_CHANGED. */
export interface LeadEffects {
  notifications: { userId: string; notification: Notification }[];
  changed: LeadAudience[];
}
export const newLeadEffects = (): LeadEffects => ({ notifications: [], changed: [] });

export async function publishLead(ctx: AppContext, effects: LeadEffects): Promise<void> {
  for (const { userId, notification } of effects.notifications) {
    ctx.hub.emit('notification', userId, notification, await uncountedCount(ctx.db, userId));
  }
  for (const change of effects.changed) ctx.hub.emit('leadChanged', change);
}

/** Runs a write in one transaction, publishes its effects after commit, and answers the lead's detail. */
async function write(
  ctx: AppContext,
  leadId: string,
  run: (tx: Queryable, effects: LeadEffects) => Promise<void>,
): Promise<LeadDetailAnswer> {
  const effects = newLeadEffects();
  await ctx.db.transaction((tx) => run(tx, effects));
  await publishLead(ctx, effects);
  return detailOf(ctx.db, leadId);
}

/** The lead and what the caller may do to it: 404, 403 (the rule's reason), 409 (the transition's reason). */
async function loadForChange(
  db: Queryable,
  user: UserRecord,
  leadId: string,
  action: LeadAction,
  callOutcome?: CallOutcome,
): Promise<{ lead: LeadRecord; to: LeadStatus }> {
  const lead = await readLead(db, leadId);
  if (!lead) throw notFound('Lead not found');
  const refusal = leadChangeRefusal(leadCaller(user), factsOf(lead), action);
  if (refusal) throw forbidden(refusal);
  const transition = leadTransition(lead.status, action, callOutcome);
  if (!transition.ok) throw conflict(transition.reason);
  return { lead, to: transition.to };
}

const CHANGED_MEANWHILE = 'The lead changed meanwhile; reload and try again';

/** Applies `set` to the lead only if nobody changed it since it was read. */
async function guardedUpdate(tx: Queryable, lead: LeadRecord, set: Record<string, unknown>, at: Date): Promise<void> {
  const columns = Object.keys(set);
  const assignments = columns.map((c, i) => `${c} = $${i + 4}${c === 'pmay' ? '::jsonb' : ''}`);
  const rows = await tx.query(
    `UPDATE leads SET mod_time = $3${assignments.length ? `, ${assignments.join(', ')}` : ''}
      WHERE lead_id = $1 AND mod_time = $2 RETURNING 1`,
    [
      lead.lead_id,
      lead.mod_time,
      at,
      ...columns.map((c) => (c === 'pmay' && set[c] ? JSON.stringify(set[c]) : set[c])),
    ],
  );
  if (rows.length === 0) throw conflict(CHANGED_MEANWHILE);
}

const audienceOf = (lead: LeadRecord, at: Date, newOwner?: string | null): LeadAudience => ({
  leadId: lead.lead_id,
  modTime: at,
  teamId: lead.team_id,
  ownerIds: [lead.owner_id, newOwner].filter((id): id is string => typeof id === 'string'),
});

/** A follow-up must lie ahead: one in the past is no plan (400 naming the field). */
function checkFollowUp(label: string, at: string | null | undefined, now: Date): void {
  if (at && Date.parse(at) <= now.getTime()) throw invalid(label, 'must be in the future');
}

/** The PMAY form of a housing product, held to the eligibility rules (400 naming `pmay.<path>`). */
function checkPmay(product: Pick<ProductConfig, 'pmay' | 'product_code'>, pmay: PmayForm | null | undefined): void {
  if (!pmay) return;
  if (!product.pmay) throw invalid('pmay', `is only for housing products; ${product.product_code} is not one`);
  const issues = pmayIssues(pmay);
  if (issues.length > 0) throw new ValidationError(issues.map((i) => ({ label: `pmay.${i.path}`, reason: i.reason })));
}

/** The branch team whose leads a product's are: the HIERARCHY team of its queue. */
export async function leadTeamOf(
  db: Queryable,
  product: ProductConfig,
): Promise<{ type: 'HIERARCHY'; id: string; name: string }> {
  const queued = product.queue.find((t) => t.type === 'HIERARCHY');
  if (!queued) throw invalid('product_code', `${product.product_code} has no branch queue to hold its leads`);
  const [team] = await db.query<{ name: string }>('SELECT name FROM teams WHERE id = $1', [queued.id]);
  return { type: 'HIERARCHY', id: queued.id, name: team?.name ?? queued.id };
}

/** LD-<year>-<7 digits> from the lead_number sequence. */
export async function nextLeadId(tx: Queryable, now: Date): Promise<string> {
  const [seq] = await tx.query<{ n: string }>("SELECT nextval('lead_number')::text AS n");
  return `LD-${now.getUTCFullYear()}-${String(seq?.n).padStart(7, '0')}`;
}

export interface NewLead {
  leadId: string;
  product: Pick<ProductConfig, 'product_code' | 'product_name'>;
  prospect: { firstName: string; lastName: string; mobile: string; email?: string | null; city?: string | null };
  source: LeadSource;
  loanAmount: number | null;
  ownerId: string | null;
  team: { id: string; name: string };
  followUpAt: string | null;
  pmay: PmayForm | null;
  createdBy: Initiator | null;
  at: Date;
}

export async function insertLead(tx: Queryable, l: NewLead): Promise<void> {
  await tx.query(
    `INSERT INTO leads (lead_id, product_code, product_name, first_name, last_name, mobile, email, city, source,
                        loan_amount, status, owner_id, team_id, team_name, follow_up_at, pmay, created_by, cre_time, mod_time)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'NEW', $11, $12, $13, $14, $15::jsonb, $16::jsonb, $17, $17)`,
    [
      l.leadId,
      l.product.product_code,
      l.product.product_name,
      l.prospect.firstName,
      l.prospect.lastName,
      l.prospect.mobile,
      l.prospect.email ?? null,
      l.prospect.city ?? null,
      l.source,
      l.loanAmount,
      l.ownerId,
      l.team.id,
      l.team.name,
      l.followUpAt,
      l.pmay ? JSON.stringify(l.pmay) : null,
      l.createdBy ? JSON.stringify(l.createdBy) : null,
      l.at,
    ],
  );
}

/** POST /v3/lead/create: the caller's own lead, in its product's branch team (theirs unless they see every lead). */
export async function createLead(ctx: AppContext, user: UserRecord, body: CreateLeadBody): Promise<LeadDetailAnswer> {
  const caller = leadCaller(user);
  if (!worksLeads(caller)) throw forbidden(`working leads needs one of the roles ${LEAD_ROLES.join(', ')}`);
  const product = await findProduct(ctx.db, body.product_code);
  if (!product) throw invalid('product_code', 'is not a known product');
  const team = await leadTeamOf(ctx.db, product);
  if (
    !leadsEverywhere(caller) &&
    !caller.teams.some((t) => t.type === 'HIERARCHY' && (t.allTeams || t.id === team.id))
  ) {
    throw forbidden(`${product.product_name} leads belong to ${team.name}, which is not one of your teams`);
  }
  const now = ctx.now();
  checkFollowUp('followUpAt', body.followUpAt, now);
  checkPmay(product, body.pmay);
  const by = initiatorOf(user);
  let leadId = '';
  const effects = newLeadEffects();
  await ctx.db.transaction(async (tx) => {
    leadId = await nextLeadId(tx, now);
    await insertLead(tx, {
      leadId,
      product,
      prospect: body.prospect,
      source: body.source,
      loanAmount: body.loanAmount ?? null,
      ownerId: user.userid,
      team,
      followUpAt: body.followUpAt ?? null,
      pmay: body.pmay ?? null,
      createdBy: by,
      at: now,
    });
    await addActivity(tx, leadId, { type: 'CREATED', comment: body.note ?? null, toStatus: 'NEW', by, at: now });
    if (body.followUpAt) await addActivity(tx, leadId, { type: 'FOLLOW_UP', followUpAt: body.followUpAt, by, at: now });
    effects.changed.push({ leadId, modTime: now, teamId: team.id, ownerIds: [user.userid] });
  });
  await publishLead(ctx, effects);
  return detailOf(ctx.db, leadId);
}

/** POST /v3/lead/status: contact, qualify, lose (with its reason), reopen. */
export async function changeStatus(ctx: AppContext, user: UserRecord, body: LeadStatusBody): Promise<LeadDetailAnswer> {
  if (body.action === 'lose' && !body.lostReason) throw invalid('lostReason', 'is required to mark a lead lost');
  if (body.action !== 'lose' && body.lostReason) throw invalid('lostReason', 'applies only to the lose action');
  const { lead, to } = await loadForChange(ctx.db, user, body.lead_id, body.action);
  const now = ctx.now();
  return write(ctx, lead.lead_id, async (tx, effects) => {
    await guardedUpdate(tx, lead, { status: to, lost_reason: to === 'LOST' ? body.lostReason : null }, now);
    await addActivity(tx, lead.lead_id, {
      type: 'STATUS',
      comment: body.comment ?? null,
      fromStatus: lead.status,
      toStatus: to,
      by: initiatorOf(user),
      at: now,
    });
    effects.changed.push(audienceOf(lead, now));
  });
}

/** POST /v3/lead/activity: a call with its outcome (a connected call contacts a NEW lead) or a note. */
export async function recordActivity(
  ctx: AppContext,
  user: UserRecord,
  body: LeadActivityBody,
): Promise<LeadDetailAnswer> {
  if (body.type === 'CALL' && !body.callOutcome) throw invalid('callOutcome', 'is required for a call');
  if (body.type === 'NOTE' && body.callOutcome) throw invalid('callOutcome', 'applies only to a call');
  if (body.type === 'NOTE' && !body.comment?.trim()) throw invalid('comment', 'is required for a note');
  const action = body.type === 'CALL' ? 'log_call' : 'add_note';
  const { lead, to } = await loadForChange(ctx.db, user, body.lead_id, action, body.callOutcome);
  const now = ctx.now();
  return write(ctx, lead.lead_id, async (tx, effects) => {
    await guardedUpdate(tx, lead, to === lead.status ? {} : { status: to }, now);
    await addActivity(tx, lead.lead_id, {
      type: body.type,
      comment: body.comment ?? null,
      callOutcome: body.callOutcome ?? null,
      fromStatus: to === lead.status ? null : lead.status,
      toStatus: to === lead.status ? null : to,
      by: initiatorOf(user),
      at: now,
    });
    effects.changed.push(audienceOf(lead, now));
  });
}

/** POST /v3/lead/followup: the next contact (null clears it). */
export async function setFollowUp(
  ctx: AppContext,
  user: UserRecord,
  body: LeadFollowUpBody,
): Promise<LeadDetailAnswer> {
  const now = ctx.now();
  checkFollowUp('followUpAt', body.followUpAt, now);
  const { lead } = await loadForChange(ctx.db, user, body.lead_id, 'follow_up');
  return write(ctx, lead.lead_id, async (tx, effects) => {
    await guardedUpdate(tx, lead, { follow_up_at: body.followUpAt }, now);
    await addActivity(tx, lead.lead_id, {
      type: 'FOLLOW_UP',
      followUpAt: body.followUpAt,
      by: initiatorOf(user),
      at: now,
    });
    effects.changed.push(audienceOf(lead, now));
  });
}

/** POST /v3/lead/assign: to a member of its team (team lead, admin) or to oneself from the team's queue. */
export async function assignLead(ctx: AppContext, user: UserRecord, body: LeadAssignBody): Promise<LeadDetailAnswer> {
  const lead = await readLead(ctx.db, body.lead_id);
  if (!lead) throw notFound('Lead not found');
  const target = await findUserById(ctx.db, body.assignee);
  const caller = leadCaller(user);
  if (!target) {
    // Who may not see the lead learns nothing about users either.
    const view = leadViewRefusal(caller, factsOf(lead));
    if (view) throw forbidden(view);
    throw invalid('assignee', 'is not a known user');
  }
  const refusal = leadAssignRefusal(caller, factsOf(lead), leadCaller(target));
  if (refusal) throw forbidden(refusal);
  const transition = leadTransition(lead.status, 'assign');
  if (!transition.ok) throw conflict(transition.reason);
  const now = ctx.now();
  const by = initiatorOf(user);
  return write(ctx, lead.lead_id, async (tx, effects) => {
    await guardedUpdate(tx, lead, { owner_id: target.userid }, now);
    await addActivity(tx, lead.lead_id, { type: 'ASSIGNED', assignee: initiatorOf(target), by, at: now });
    if (target.userid !== user.userid) {
      const notification = await insertNotification(tx, {
        userId: target.userid,
        actorId: user.userid,
        kind: 'ASSIGNED',
        statusName: 'AssignedToUser',
        message: `Lead ${lead.lead_id} (${lead.product_name}, ${`${lead.first_name} ${lead.last_name}`.trim()}) has been assigned to you by ${user.displayName}`,
        createdAt: now,
      });
      effects.notifications.push({ userId: target.userid, notification });
    }
    effects.changed.push(audienceOf(lead, now, target.userid));
  });
}

/** POST /v3/lead/update: the prospect, the amount asked for, the PMAY form (an open lead). */
export async function updateLead(ctx: AppContext, user: UserRecord, body: LeadUpdateBody): Promise<LeadDetailAnswer> {
  const changes = (['prospect', 'loanAmount', 'pmay'] as const).filter((k) => body[k] !== undefined);
  if (changes.length === 0) throw invalid('body', 'names nothing to change (prospect, loanAmount or pmay)');
  const { lead } = await loadForChange(ctx.db, user, body.lead_id, 'update');
  const product = await findProduct(ctx.db, lead.product_code);
  if (body.pmay !== undefined) checkPmay({ product_code: lead.product_code, pmay: product?.pmay }, body.pmay);
  const set: Record<string, unknown> = {};
  if (body.prospect) {
    set.first_name = body.prospect.firstName;
    set.last_name = body.prospect.lastName;
    set.mobile = body.prospect.mobile;
    set.email = body.prospect.email ?? null;
    set.city = body.prospect.city ?? null;
  }
  if (body.loanAmount !== undefined) set.loan_amount = body.loanAmount;
  if (body.pmay !== undefined) set.pmay = body.pmay;
  const now = ctx.now();
  return write(ctx, lead.lead_id, async (tx, effects) => {
    await guardedUpdate(tx, lead, set, now);
    await addActivity(tx, lead.lead_id, {
      type: 'UPDATED',
      comment: `Changed ${changes.join(', ')}`,
      by: initiatorOf(user),
      at: now,
    });
    effects.changed.push(audienceOf(lead, now));
  });
}

/**
 * POST /v3/lead/convert: a QUALIFIED lead becomes a draft application of its product, prefilled with
 * what the lead knows (the product's leadFields), started by the caller; the lead records it (CONVERTED,
 * the application's id, its history row) in the application's own transaction. It spends one of the
 * caller's hourly starts (`budget`); refused (429), the lead stays as it was.
 */
export async function convertLead(
  ctx: AppContext,
  user: UserRecord,
  leadId: string,
  budget: StartBudget,
): Promise<LeadDetailAnswer> {
  const { lead, to } = await loadForChange(ctx.db, user, leadId, 'convert');
  const product = await findProduct(ctx.db, lead.product_code);
  if (!product) throw conflict(`The lead's product ${lead.product_code} is no longer offered`);
  const row = toLead(lead);
  const customFields = leadPrefill(
    { prospect: row.prospect, loanAmount: row.loanAmount, pmay: row.pmay },
    product.leadFields ?? {},
  );
  const now = ctx.now();
  const effects = newLeadEffects();
  // The customer flow's staff start service: the application and the lead's record of it in one transaction.
  const starter = { ...leadCaller(user), username: user.userName, displayName: user.displayName };
  await startStaffApplication(ctx, product.product_code, starter, budget, customFields, {
    leadId: lead.lead_id,
    // Guarded like every write: a lead changed meanwhile rolls the application back with it (409).
    alsoInTransaction: async (tx, applicationId) => {
      await guardedUpdate(tx, lead, { status: to, application_id: applicationId }, now);
      await addActivity(tx, lead.lead_id, {
        type: 'CONVERTED',
        comment: `Application ${applicationId}`,
        fromStatus: lead.status,
        toStatus: to,
        by: initiatorOf(user),
        at: now,
      });
      effects.changed.push(audienceOf(lead, now));
    },
  });
  await publishLead(ctx, effects);
  return detailOf(ctx.db, lead.lead_id);
}
