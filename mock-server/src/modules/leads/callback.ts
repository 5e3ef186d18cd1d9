// POST /api/requestforcallback (public; README "Leads: callback requests"): the portal's 'Request a
// call back' becomes a WEB_CALLBACK lead, NEW and unassigned, in its product's branch team, due at the
// time the applicant chose; every lead worker of that team is notified. The per-address limit is the
// route's (@fastify/rate-limit); the per-phone limit counts the stored requests of the last day.
import {
  CALLBACK_MAX_DAYS_AHEAD,
  CALLBACK_REQUESTS_PER_PHONE_PER_DAY,
  type CallbackRequestBody,
  callbackTimeProblem,
  formatBankDateTime,
  LEAD_ROLES,
} from '@originate/contract';
import { invalid, TooManyRequestsError } from '../../http/errors';
import type { AppContext } from '../../platform/context';
import { bankTimeZoneOf, findProduct } from '../configs';
import { checkCaptcha } from '../customer-flow';
import { insertNotification } from '../notifications';
import { addActivity, insertLead, leadTeamOf, newLeadEffects, nextLeadId, publishLead } from './writes';

const DAY_MS = 86_400_000;
/** A team's queue is a handful of people: at most this many are told of one callback. */
const TEAM_NOTIFY_LIMIT = 50;
const CALLBACK_THANKS = 'Thank you. We will call you at the time you chose.';

/** 'Asha Patil' → Asha / Patil; a single name stays whole, with no last name. */
function splitName(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/);
  if (words.length === 1) return { firstName: words[0] as string, lastName: '' };
  return { firstName: words.slice(0, -1).join(' '), lastName: words[words.length - 1] as string };
}

export async function requestCallback(
  ctx: AppContext,
  body: CallbackRequestBody,
): Promise<{ reference: string; message: string }> {
  const { db } = ctx;
  const now = ctx.now();
  const product = await findProduct(db, body.product_code);
  if (!product) throw invalid('product_code', 'is not a known product');
  const timeProblem = callbackTimeProblem(body.preferredTime, now, CALLBACK_MAX_DAYS_AHEAD);
  if (timeProblem) throw invalid('preferredTime', timeProblem);
  if (product.captcha) {
    if (!body.captchaResponse) throw invalid('captchaResponse', 'is required');
    if (!(await checkCaptcha(db, ctx.captchaKey, body.captchaResponse, now, true))) {
      throw invalid('captchaResponse', 'is invalid');
    }
  }
  const team = await leadTeamOf(db, product);
  const prospect = { ...splitName(body.name), mobile: body.mobile, email: body.email ?? null };
  const effects = newLeadEffects();
  const leadId = await db.transaction(async (tx) => {
    // One request per number at a time (a transaction lock), so two at once cannot both pass the count.
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`callback:${body.mobile}`]);
    const since = new Date(now.getTime() - DAY_MS);
    const recent = await tx.query<{ cre_time: Date }>(
      `SELECT cre_time FROM leads WHERE source = 'WEB_CALLBACK' AND mobile = $1 AND cre_time > $2
        ORDER BY cre_time LIMIT $3`,
      [body.mobile, since, CALLBACK_REQUESTS_PER_PHONE_PER_DAY],
    );
    if (recent.length >= CALLBACK_REQUESTS_PER_PHONE_PER_DAY) {
      const oldest = new Date(recent[0]?.cre_time ?? now).getTime();
      const refused = new TooManyRequestsError(Math.max(1, Math.ceil((oldest + DAY_MS - now.getTime()) / 1000)));
      refused.body.message = `This number has asked for ${CALLBACK_REQUESTS_PER_PHONE_PER_DAY} call backs in the last 24 hours: we will call you, or please try again tomorrow.`;
      throw refused;
    }
    const id = await nextLeadId(tx, now);
    await insertLead(tx, {
      leadId: id,
      product,
      prospect,
      source: 'WEB_CALLBACK',
      loanAmount: null,
      ownerId: null,
      team,
      followUpAt: body.preferredTime,
      pmay: null,
      createdBy: null,
      at: now,
    });
    await addActivity(tx, id, {
      type: 'CREATED',
      comment: 'Call back requested on the portal',
      toStatus: 'NEW',
      followUpAt: body.preferredTime,
      by: null,
      at: now,
    });
    const workers = await tx.query<{ userid: string }>(
      `SELECT DISTINCT u.userid FROM user_teams ut JOIN users u ON u.userid = ut.user_id
        WHERE ut.team_id = $1 AND u.roles ?| $2::text[] ORDER BY u.userid LIMIT $3`,
      [team.id, [...LEAD_ROLES], TEAM_NOTIFY_LIMIT],
    );
    const who = `${prospect.firstName} ${prospect.lastName}`.trim();
    const when = formatBankDateTime(new Date(body.preferredTime), await bankTimeZoneOf(tx));
    for (const { userid } of workers) {
      const notification = await insertNotification(tx, {
        userId: userid,
        kind: 'TEAM',
        statusName: 'AssignedToTeam',
        message: `Call back request ${id} (${product.product_name}) from ${who} for ${when}`,
        createdAt: now,
      });
      effects.notifications.push({ userId: userid, notification });
    }
    effects.changed.push({ leadId: id, modTime: now, teamId: team.id, ownerIds: [] });
    return id;
  });
  await publishLead(ctx, effects);
  return { reference: leadId, message: CALLBACK_THANKS };
}
