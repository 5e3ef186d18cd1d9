// The lead routes (README "Leads"): one lead, creation, status actions, calls and notes, follow-ups,
// assignment, updates, conversion's lead side, concurrent changes, the products' lead fields, and
// LEAD_CHANGED on the /leads socket reaching the lead's team and not others.
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import {
  API_PATHS,
  apiPath,
  type CreateLeadBody,
  LEADS_NAMESPACE,
  type LeadDetailAnswer,
  LeadEvents,
  type PmayForm,
  SOCKET_PATH,
} from '@originate/contract';
import { io, type Socket } from 'socket.io-client';
import { COMPONENTS, FLOWS, PRODUCTS } from '../src/seed/flows';
import { call, type Login, labels, login, loginStaff, startServer, type TestServer } from './helpers';

let s: TestServer;
let as: Awaited<ReturnType<typeof loginStaff>>;

before(async () => {
  s = await startServer();
  as = await loginStaff(s.app);
});
after(() => s.close());

const DAY = 86_400_000;
const future = (days = 1) => new Date(Date.now() + days * DAY).toISOString();
const detailUrl = (leadId: string) => apiPath('lead', { leadId });

const pmay = (change: { income?: number; area?: number; woman?: boolean } = {}): PmayForm => ({
  loanPurpose: 'PURCHASE_NEW',
  gender: 'FEMALE',
  currentAddress: { line1: '4 Gokul Dham', city: 'Mumbai', state: 'Maharashtra', pincode: '400050' },
  propertyAddress: { line1: 'B-12 Green Park', city: 'Thane', state: 'Maharashtra', pincode: '400601' },
  property: {
    type: 'FLAT',
    carpetAreaSqm: change.area ?? 50,
    estimatedCost: 3_800_000,
    womanOwnership: change.woman ?? true,
  },
  family: { annualIncome: change.income ?? 500_000, members: 4, ownsPuccaHouse: false, earlierHousingBenefit: false },
});

const createBody = (extra: Partial<CreateLeadBody> = {}): CreateLeadBody => ({
  product_code: 'PL',
  prospect: { firstName: 'Neha', lastName: 'Gupta', mobile: '9811122233', email: 'neha@example.in', city: 'Mumbai' },
  source: 'WALK_IN',
  loanAmount: 300_000,
  ...extra,
});

async function create(who: Login, extra: Partial<CreateLeadBody> = {}): Promise<LeadDetailAnswer> {
  const res = await call(s.app, 'POST', API_PATHS.createLead, who, createBody(extra));
  assert.equal(res.statusCode, 200, res.body);
  return res.json<LeadDetailAnswer>();
}

const post = (path: string, who: Login | Record<string, string>, body: object) => call(s.app, 'POST', path, who, body);
const refusal = (res: { statusCode: number; json: () => unknown }, status: number) => {
  assert.equal(res.statusCode, status);
  return (res.json() as { code: number; message: string }).message;
};

describe('GET /v3/lead/:leadId', () => {
  it('the owner, the team lead and the admin see the lead with its history, newest first', async () => {
    for (const who of [as.officer, as.lead, as.admin]) {
      const res = await call(s.app, 'GET', detailUrl('LD-2026-0000003'), who);
      assert.equal(res.statusCode, 200, res.body);
      const body = res.json<LeadDetailAnswer>();
      assert.equal(body.lead.status, 'QUALIFIED');
      assert.equal(body.lead.ownerId, 'USR-1001');
      assert.deepEqual(
        body.activities.map((a) => a.type),
        ['STATUS', 'CALL', 'CREATED'],
      );
      assert.equal(body.application, null);
    }
    const hl = (await call(s.app, 'GET', detailUrl('LD-2026-0000001'), as.officer)).json<LeadDetailAnswer>();
    assert.equal(hl.lead.pmayCategory, 'LIG');
  });

  it('403 with the reason for one who does not work leads or is outside its team; 404 unknown; 401 no token', async () => {
    assert.match(
      refusal(await call(s.app, 'GET', detailUrl('LD-2026-0000001'), as.approver), 403),
      /working leads needs one of the roles CPA, BCM, ADMIN/,
    );
    assert.match(
      refusal(await call(s.app, 'GET', detailUrl('LD-2026-0000007'), as.officer), 403),
      /belongs to Pune Central Branch, which is not one of your teams/,
    );
    assert.equal((await call(s.app, 'GET', detailUrl('LD-2026-0000007'), as.admin)).statusCode, 200);
    assert.equal((await call(s.app, 'GET', detailUrl('LD-2026-9999999'), as.officer)).statusCode, 404);
    assert.equal((await call(s.app, 'GET', detailUrl('LD-2026-0000001'))).statusCode, 401);
    assert.deepEqual(labels(await call(s.app, 'GET', detailUrl('LD 1'), as.officer)), ['leadId']);
  });
});

describe('POST /v3/lead/create', () => {
  it('the caller owns it, in the product queue team, NEW, with its history', async () => {
    const followUpAt = future(2);
    const body = await create(as.officer, { followUpAt, note: 'Walked in at the branch' });
    assert.match(body.lead.lead_id, /^LD-\d{4}-\d{7}$/);
    assert.equal(body.lead.status, 'NEW');
    assert.equal(body.lead.ownerId, 'USR-1001');
    assert.equal(body.lead.ownerName, 'Rahul Verma');
    assert.deepEqual(body.lead.team, { type: 'HIERARCHY', id: 'TEAM-MUM-WEST', name: 'Mumbai West Branch' });
    assert.equal(body.lead.followUpAt, followUpAt);
    assert.deepEqual(body.lead.createdBy, { id: 'USR-1001', username: 'officer', displayName: 'Rahul Verma' });
    assert.deepEqual(body.activities.map((a) => a.type).sort(), ['CREATED', 'FOLLOW_UP']);
    assert.equal(body.activities.find((a) => a.type === 'CREATED')?.comment, 'Walked in at the branch');
  });

  it('a home loan carries an eligible PMAY form; its category is answered', async () => {
    const body = await create(as.lead, { product_code: 'HL', loanAmount: 3_000_000, pmay: pmay() });
    assert.equal(body.lead.pmayCategory, 'LIG');
    assert.equal(body.lead.pmay?.family.annualIncome, 500_000);
  });

  it('a single name is a first name without a last name', async () => {
    const body = await create(as.officer, {
      prospect: { firstName: 'Lakshmi', lastName: '', mobile: '9811122244' },
    });
    assert.equal(body.lead.prospect.lastName, '');
  });

  it('400 naming the field: PMAY refusals, PMAY on a product without it, past follow-ups, bad and extra input', async () => {
    const ineligible = await post(
      API_PATHS.createLead,
      as.officer,
      createBody({ product_code: 'HL', pmay: pmay({ income: 2_000_000 }) }),
    );
    assert.deepEqual(labels(ineligible), ['pmay.family.annualIncome']);
    const noWoman = await post(
      API_PATHS.createLead,
      as.officer,
      createBody({ product_code: 'HL', pmay: pmay({ woman: false, area: 70 }) }),
    );
    assert.deepEqual(labels(noWoman).sort(), ['pmay.property.carpetAreaSqm', 'pmay.property.womanOwnership']);
    assert.deepEqual(labels(await post(API_PATHS.createLead, as.officer, createBody({ pmay: pmay() }))), ['pmay']);
    const past = await post(
      API_PATHS.createLead,
      as.officer,
      createBody({ followUpAt: new Date(Date.now() - 60_000).toISOString() }),
    );
    assert.deepEqual(labels(past), ['followUpAt']);
    assert.deepEqual(labels(await post(API_PATHS.createLead, as.officer, createBody({ product_code: 'XX' }))), [
      'product_code',
    ]);
    const badMobile = createBody({ prospect: { firstName: 'Neha', lastName: 'Gupta', mobile: '12345' } });
    assert.deepEqual(
      [...new Set(labels(await post(API_PATHS.createLead, as.officer, badMobile)))],
      ['prospect.mobile'],
    );
    assert.deepEqual(labels(await post(API_PATHS.createLead, as.officer, { ...createBody(), isAdmin: true })), [
      'isAdmin',
    ]);
    assert.deepEqual(
      labels(await post(API_PATHS.createLead, as.officer, { ...createBody(), source: 'WEB_CALLBACK' })),
      ['source'],
    );
  });

  it('403 for one who does not work leads; 401 without a token', async () => {
    assert.match(refusal(await post(API_PATHS.createLead, as.approver, createBody()), 403), /working leads needs/);
    assert.equal((await post(API_PATHS.createLead, {}, createBody())).statusCode, 401);
  });
});

describe('POST /v3/lead/status', () => {
  it('contact, qualify, lose with a reason, reopen: each with its history row', async () => {
    const { lead } = await create(as.officer);
    const step = async (action: string, extra: Record<string, unknown> = {}) => {
      const res = await post(API_PATHS.leadStatus, as.officer, { lead_id: lead.lead_id, action, ...extra });
      assert.equal(res.statusCode, 200, res.body);
      return res.json<LeadDetailAnswer>();
    };
    assert.equal((await step('contact')).lead.status, 'CONTACTED');
    assert.equal((await step('qualify')).lead.status, 'QUALIFIED');
    const lost = await step('lose', { lostReason: 'CHOSE_COMPETITOR', comment: 'Went with another bank' });
    assert.equal(lost.lead.status, 'LOST');
    assert.equal(lost.lead.lostReason, 'CHOSE_COMPETITOR');
    assert.deepEqual(
      { ...lost.activities[0], activityId: undefined, at: undefined, by: undefined },
      {
        activityId: undefined,
        type: 'STATUS',
        comment: 'Went with another bank',
        callOutcome: null,
        fromStatus: 'QUALIFIED',
        toStatus: 'LOST',
        assignee: null,
        followUpAt: null,
        by: undefined,
        at: undefined,
      },
    );
    const reopened = await step('reopen');
    assert.equal(reopened.lead.status, 'CONTACTED');
    assert.equal(reopened.lead.lostReason, null);
  });

  it('409 with the transition reason; 400 for a missing or misplaced lost reason; 403 for others', async () => {
    const { lead } = await create(as.officer);
    const lost = await post(API_PATHS.leadStatus, as.officer, {
      lead_id: lead.lead_id,
      action: 'lose',
      lostReason: 'DUPLICATE',
    });
    assert.equal(lost.statusCode, 200);
    assert.match(
      refusal(await post(API_PATHS.leadStatus, as.officer, { lead_id: lead.lead_id, action: 'contact' }), 409),
      /contact does not apply to a LOST lead/,
    );
    assert.deepEqual(labels(await post(API_PATHS.leadStatus, as.officer, { lead_id: lead.lead_id, action: 'lose' })), [
      'lostReason',
    ]);
    assert.deepEqual(
      labels(
        await post(API_PATHS.leadStatus, as.officer, { lead_id: lead.lead_id, action: 'reopen', lostReason: 'OTHER' }),
      ),
      ['lostReason'],
    );
    assert.deepEqual(
      labels(await post(API_PATHS.leadStatus, as.officer, { lead_id: lead.lead_id, action: 'convert' })),
      ['action'],
    );
    assert.equal(
      (await post(API_PATHS.leadStatus, as.approver, { lead_id: lead.lead_id, action: 'reopen' })).statusCode,
      403,
    );
    // An unassigned lead of the officer's team: taken first.
    assert.match(
      refusal(await post(API_PATHS.leadStatus, as.officer, { lead_id: 'LD-2026-0000004', action: 'contact' }), 403),
      /unassigned: take it/,
    );
    assert.equal(
      (await post(API_PATHS.leadStatus, as.officer, { lead_id: 'LD-2026-9999999', action: 'contact' })).statusCode,
      404,
    );
  });

  it('two changes at once: one applies, the other is a 409 and changes nothing', async () => {
    const { lead } = await create(as.officer);
    const both = await Promise.all([
      post(API_PATHS.leadStatus, as.officer, { lead_id: lead.lead_id, action: 'contact' }),
      post(API_PATHS.leadStatus, as.lead, { lead_id: lead.lead_id, action: 'contact' }),
    ]);
    assert.deepEqual(both.map((r) => r.statusCode).sort(), [200, 409]);
    const detail = (await call(s.app, 'GET', detailUrl(lead.lead_id), as.officer)).json<LeadDetailAnswer>();
    assert.equal(detail.activities.filter((a) => a.type === 'STATUS').length, 1);
  });
});

describe('POST /v3/lead/activity', () => {
  it('a connected call contacts a NEW lead; a note goes on any lead, a closed one too', async () => {
    const { lead } = await create(as.officer);
    const called = await post(API_PATHS.leadActivity, as.officer, {
      lead_id: lead.lead_id,
      type: 'CALL',
      callOutcome: 'CONNECTED',
      comment: 'Interested; wants 3 lakh',
    });
    assert.equal(called.statusCode, 200, called.body);
    const body = called.json<LeadDetailAnswer>();
    assert.equal(body.lead.status, 'CONTACTED');
    assert.equal(body.activities[0]?.callOutcome, 'CONNECTED');
    assert.equal(body.activities[0]?.toStatus, 'CONTACTED');
    const noAnswer = await post(API_PATHS.leadActivity, as.officer, {
      lead_id: lead.lead_id,
      type: 'CALL',
      callOutcome: 'NO_ANSWER',
    });
    assert.equal(noAnswer.json<LeadDetailAnswer>().activities[0]?.toStatus, null);
    const lost = await post(API_PATHS.leadStatus, as.officer, {
      lead_id: lead.lead_id,
      action: 'lose',
      lostReason: 'OTHER',
    });
    assert.equal(lost.statusCode, 200);
    const note = await post(API_PATHS.leadActivity, as.lead, {
      lead_id: lead.lead_id,
      type: 'NOTE',
      comment: 'Try again in spring',
    });
    assert.equal(note.statusCode, 200, note.body);
    assert.match(
      refusal(
        await post(API_PATHS.leadActivity, as.officer, { lead_id: lead.lead_id, type: 'CALL', callOutcome: 'BUSY' }),
        409,
      ),
      /log_call does not apply to a LOST lead/,
    );
  });

  it('400: a call without its outcome, a note without text or with an outcome, a bad type', async () => {
    const { lead } = await create(as.officer);
    const id = lead.lead_id;
    assert.deepEqual(labels(await post(API_PATHS.leadActivity, as.officer, { lead_id: id, type: 'CALL' })), [
      'callOutcome',
    ]);
    assert.deepEqual(labels(await post(API_PATHS.leadActivity, as.officer, { lead_id: id, type: 'NOTE' })), [
      'comment',
    ]);
    assert.deepEqual(
      labels(
        await post(API_PATHS.leadActivity, as.officer, {
          lead_id: id,
          type: 'NOTE',
          comment: 'x',
          callOutcome: 'BUSY',
        }),
      ),
      ['callOutcome'],
    );
    assert.deepEqual(labels(await post(API_PATHS.leadActivity, as.officer, { lead_id: id, type: 'EMAIL' })), ['type']);
    assert.equal(
      (await post(API_PATHS.leadActivity, as.approver, { lead_id: id, type: 'NOTE', comment: 'x' })).statusCode,
      403,
    );
  });
});

describe('POST /v3/lead/followup', () => {
  it('sets and clears the next contact; refuses a past one and a closed lead', async () => {
    const { lead } = await create(as.officer);
    const at = future(3);
    const set = await post(API_PATHS.leadFollowUp, as.officer, { lead_id: lead.lead_id, followUpAt: at });
    assert.equal(set.statusCode, 200, set.body);
    assert.equal(set.json<LeadDetailAnswer>().lead.followUpAt, at);
    assert.equal(set.json<LeadDetailAnswer>().activities[0]?.followUpAt, at);
    const cleared = await post(API_PATHS.leadFollowUp, as.officer, { lead_id: lead.lead_id, followUpAt: null });
    assert.equal(cleared.json<LeadDetailAnswer>().lead.followUpAt, null);
    const past = await post(API_PATHS.leadFollowUp, as.officer, {
      lead_id: lead.lead_id,
      followUpAt: '2020-01-01T10:00:00.000Z',
    });
    assert.deepEqual(labels(past), ['followUpAt']);
    assert.deepEqual(labels(await post(API_PATHS.leadFollowUp, as.officer, { lead_id: lead.lead_id })), ['followUpAt']);
    await post(API_PATHS.leadStatus, as.officer, { lead_id: lead.lead_id, action: 'lose', lostReason: 'OTHER' });
    assert.equal(
      (await post(API_PATHS.leadFollowUp, as.officer, { lead_id: lead.lead_id, followUpAt: at })).statusCode,
      409,
    );
  });
});

describe('POST /v3/lead/assign', () => {
  it('a member takes an unassigned lead of the team for themselves, without a notification', async () => {
    const before = await s.app.ctx.db.query('SELECT 1 FROM notifications WHERE user_id = $1', ['USR-1001']);
    const res = await post(API_PATHS.leadAssign, as.officer, { lead_id: 'LD-2026-0000004', assignee: 'USR-1001' });
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json<LeadDetailAnswer>();
    assert.equal(body.lead.ownerId, 'USR-1001');
    assert.equal(body.activities[0]?.type, 'ASSIGNED');
    assert.equal(body.activities[0]?.assignee?.id, 'USR-1001');
    const later = await s.app.ctx.db.query('SELECT 1 FROM notifications WHERE user_id = $1', ['USR-1001']);
    assert.equal(later.length, before.length);
  });

  it('the team lead gives a lead to a member, who is notified (AssignedToUser)', async () => {
    const { lead } = await create(as.lead);
    const res = await post(API_PATHS.leadAssign, as.lead, { lead_id: lead.lead_id, assignee: 'USR-1001' });
    assert.equal(res.statusCode, 200, res.body);
    const [n] = await s.app.ctx.db.query<{ kind: string; status_name: string; message: string; actor_id: string }>(
      'SELECT kind, status_name, message, actor_id FROM notifications WHERE user_id = $1 AND message LIKE $2',
      ['USR-1001', `Lead ${lead.lead_id}%`],
    );
    assert.deepEqual(n, {
      kind: 'ASSIGNED',
      status_name: 'AssignedToUser',
      actor_id: 'USR-1002',
      message: `Lead ${lead.lead_id} (Personal Loan, Neha Gupta) has been assigned to you by Priya Sharma`,
    });
  });

  it('403 with the reason: a member reassigning, a target who does not work leads; 400 unknown target; 409 closed', async () => {
    const { lead } = await create(as.officer);
    assert.match(
      refusal(await post(API_PATHS.leadAssign, as.officer, { lead_id: lead.lead_id, assignee: 'USR-1002' }), 403),
      /only a team lead of the lead’s team or an admin may reassign it/,
    );
    assert.match(
      refusal(await post(API_PATHS.leadAssign, as.admin, { lead_id: lead.lead_id, assignee: 'USR-1003' }), 403),
      /USR-1003 does not work leads/,
    );
    assert.deepEqual(
      labels(await post(API_PATHS.leadAssign, as.lead, { lead_id: lead.lead_id, assignee: 'USR-NOBODY' })),
      ['assignee'],
    );
    assert.equal(
      (await post(API_PATHS.leadAssign, as.approver, { lead_id: lead.lead_id, assignee: 'USR-NOBODY' })).statusCode,
      403,
    );
    await post(API_PATHS.leadStatus, as.officer, { lead_id: lead.lead_id, action: 'lose', lostReason: 'OTHER' });
    assert.match(
      refusal(await post(API_PATHS.leadAssign, as.lead, { lead_id: lead.lead_id, assignee: 'USR-1002' }), 409),
      /assign does not apply to a LOST lead/,
    );
  });
});

describe('POST /v3/lead/update', () => {
  it('changes the prospect and the amount, with a history row naming what changed', async () => {
    const { lead } = await create(as.officer);
    const res = await post(API_PATHS.leadUpdate, as.officer, {
      lead_id: lead.lead_id,
      prospect: { firstName: 'Neha', lastName: 'Sharma', mobile: '9811122299', city: 'Thane' },
      loanAmount: 450_000,
    });
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json<LeadDetailAnswer>();
    assert.equal(body.lead.prospect.lastName, 'Sharma');
    assert.equal(body.lead.prospect.email, null);
    assert.equal(body.lead.loanAmount, 450_000);
    assert.equal(body.activities[0]?.comment, 'Changed prospect, loanAmount');
  });

  it('400: nothing to change, PMAY on a product without it, an ineligible form; 403 for others', async () => {
    const { lead } = await create(as.officer);
    assert.deepEqual(labels(await post(API_PATHS.leadUpdate, as.officer, { lead_id: lead.lead_id })), ['body']);
    assert.deepEqual(labels(await post(API_PATHS.leadUpdate, as.officer, { lead_id: lead.lead_id, pmay: pmay() })), [
      'pmay',
    ]);
    const hl = await create(as.officer, { product_code: 'HL' });
    const ineligible = await post(API_PATHS.leadUpdate, as.officer, {
      lead_id: hl.lead.lead_id,
      pmay: pmay({ area: 90 }),
    });
    assert.deepEqual(labels(ineligible), ['pmay.property.carpetAreaSqm']);
    const ok = await post(API_PATHS.leadUpdate, as.officer, { lead_id: hl.lead.lead_id, pmay: pmay() });
    assert.equal(ok.json<LeadDetailAnswer>().lead.pmayCategory, 'LIG');
    assert.equal(
      (await post(API_PATHS.leadUpdate, as.approver, { lead_id: lead.lead_id, loanAmount: 1 })).statusCode,
      403,
    );
  });
});

describe('POST /v3/lead/convert', () => {
  it('refuses a lead that is not QUALIFIED (409) and one the caller may not change (403)', async () => {
    const { lead } = await create(as.officer);
    assert.match(
      refusal(await post(API_PATHS.leadConvert, as.officer, { lead_id: lead.lead_id }), 409),
      /convert does not apply to a NEW lead \(only QUALIFIED\)/,
    );
    assert.equal((await post(API_PATHS.leadConvert, as.approver, { lead_id: 'LD-2026-0000003' })).statusCode, 403);
    assert.deepEqual(labels(await post(API_PATHS.leadConvert, as.officer, { lead_id: 'LD-2026-0000003', to: 'x' })), [
      'to',
    ]);
  });

  it('a QUALIFIED lead becomes a BRANCH application of its product, prefilled, started by the caller and linked both ways', async () => {
    const res = await post(API_PATHS.leadConvert, as.officer, { lead_id: 'LD-2026-0000003' });
    assert.equal(res.statusCode, 200);
    const detail = res.json<LeadDetailAnswer>();
    assert.equal(detail.lead.status, 'CONVERTED');
    const applicationId = detail.lead.application_id;
    assert.match(String(applicationId), /^CL-\d{4}-\d{6}$/);
    assert.deepEqual(detail.application, {
      application_id: applicationId,
      _applicationStatus: 'ACTIVE',
      stage: 'Application Capture',
    });
    assert.equal(detail.activities[0]?.type, 'CONVERTED');
    const app = (
      await call(s.app, 'GET', apiPath('application', { applicationId: String(applicationId) }), as.officer)
    ).json<{
      lead_id?: string;
      source_id?: string;
      initiatedBy?: { username: string };
      mode?: string;
      customFields?: Record<string, unknown>;
    }>();
    assert.equal(app.lead_id, 'LD-2026-0000003');
    assert.equal(app.source_id, 'BRANCH');
    assert.equal(app.initiatedBy?.username, 'officer');
    assert.equal(app.mode, 'DRAFT');
    // Every field the product maps, from what the lead knows (the answer adds its loanAmount summary).
    const { loanAmount: _summary, ...prefilled } = app.customFields ?? {};
    assert.deepEqual(prefilled, {
      cl_full_name: 'Meenal Joshi',
      cl_mobile: '9820011003',
      cl_email: 'meenal.joshi@example.in',
      cl_city: 'Thane',
      cl_loan_amount: '800000',
    });
    // Converted: nothing but a note applies any more.
    assert.match(
      refusal(await post(API_PATHS.leadConvert, as.officer, { lead_id: 'LD-2026-0000003' }), 409),
      /convert does not apply to a CONVERTED lead/,
    );
  });
});

describe('conversion spends the budget of starting applications (STARTS_PER_USER_PER_HOUR)', () => {
  let limited: TestServer;
  before(async () => {
    limited = await startServer({ STARTS_PER_USER_PER_HOUR: '3' });
  });
  after(() => limited.close());

  it('conversions and starts count against one limit; a refused conversion is 429 with Retry-After and leaves the lead as it was', async () => {
    const officer = await login(limited.app, 'officer');
    const send = (path: string, body: object) => call(limited.app, 'POST', path, officer, body);
    const qualified = async () => {
      const created = await send(API_PATHS.createLead, createBody());
      assert.equal(created.statusCode, 200, created.body);
      const leadId = created.json<LeadDetailAnswer>().lead.lead_id;
      for (const action of ['contact', 'qualify']) {
        const res = await send(API_PATHS.leadStatus, { lead_id: leadId, action });
        assert.equal(res.statusCode, 200, res.body);
      }
      return leadId;
    };
    const leads = [await qualified(), await qualified(), await qualified()];
    for (const leadId of leads.slice(0, 2)) {
      const res = await send(API_PATHS.leadConvert, { lead_id: leadId });
      assert.equal(res.statusCode, 200, res.body);
    }
    const started = await send(API_PATHS.startApplication, { product_code: 'PL' });
    assert.equal(started.statusCode, 200, started.body);
    // The third start of the hour was the create: the budget is spent for both routes.
    const before = (await call(limited.app, 'GET', detailUrl(String(leads[2])), officer)).json<LeadDetailAnswer>();
    const refused = await send(API_PATHS.leadConvert, { lead_id: leads[2] });
    assert.equal(refused.statusCode, 429, refused.body);
    assert.equal(refused.json().message, 'You may start at most 3 applications per hour: please try again later.');
    assert.ok(Number(refused.headers['retry-after']) > 0);
    const afterRefusal = (
      await call(limited.app, 'GET', detailUrl(String(leads[2])), officer)
    ).json<LeadDetailAnswer>();
    assert.deepEqual(afterRefusal, before);
    assert.equal(afterRefusal.lead.status, 'QUALIFIED');
    assert.equal(afterRefusal.application, null);
    assert.equal((await send(API_PATHS.startApplication, { product_code: 'PL' })).statusCode, 429);
  });
});

describe('products', () => {
  it('getAllProducts marks the home loan as a PMAY product', async () => {
    const res = await call(s.app, 'GET', API_PATHS.productList);
    const products = res.json<{ product_code: string; pmay?: boolean }[]>();
    assert.equal(products.find((p) => p.product_code === 'HL')?.pmay, true);
    assert.equal(products.find((p) => p.product_code === 'PL')?.pmay, undefined);
  });

  it('an operations admin saving a product: its leadFields must be fields of its flow (400 naming each)', async () => {
    const product = PRODUCTS.find((p) => p.product_code === 'PL');
    const res = await call(s.app, 'PUT', apiPath('productDetails', { productCode: 'PL' }), as.admin, {
      ...product,
      leadFields: { ...product?.leadFields, city: 'pl_hometown' },
    });
    assert.deepEqual(labels(res), ['leadFields.city']);
    const same = await call(s.app, 'PUT', apiPath('productDetails', { productCode: 'PL' }), as.admin, product);
    assert.equal(same.statusCode, 200, same.body);
  });

  it("every product's leadFields name fields of its own flow", () => {
    for (const product of PRODUCTS) {
      const flow = FLOWS.find((f) => f.flowId === product.flowId);
      assert.ok(flow, product.product_code);
      const ids = new Set(flow.sections.flatMap((section) => section.sub_sections.map((sub) => sub.componentId)));
      const keys = new Set(COMPONENTS.filter((c) => ids.has(c.componentId)).flatMap((c) => c.fields.map((f) => f.key)));
      assert.ok(Object.keys(product.leadFields ?? {}).length > 0, product.product_code);
      for (const [source, key] of Object.entries(product.leadFields ?? {})) {
        assert.ok(keys.has(key as string), `${product.product_code} ${source} → ${key} is a field of ${flow.flowId}`);
      }
    }
  });
});

describe('live lead lists (/leads socket)', () => {
  const sockets: Socket[] = [];
  after(() => {
    for (const socket of sockets) socket.close();
  });

  async function open(who: Login | { access_token: string; sessionid: string }) {
    const url = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}${LEADS_NAMESPACE}`;
    const socket = io(url, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      auth: { token: who.access_token, sessionId: who.sessionid },
    });
    sockets.push(socket);
    const heard: string[] = [];
    socket.on(LeadEvents.LEAD_CHANGED, (payload: { lead_id: string; mod_time: string }) => {
      assert.deepEqual(Object.keys(payload).sort(), ['lead_id', 'mod_time']);
      heard.push(payload.lead_id);
    });
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', resolve);
      socket.on('connect_error', reject);
    });
    return heard;
  }

  const until = async (check: () => boolean) => {
    for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  };

  it('a change reaches its team and whoever sees every lead, not staff of other teams; others are refused', async () => {
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    const officer = await open(as.officer);
    const admin = await open(as.admin);
    const approver = await login(s.app, 'approver');
    await assert.rejects(open(approver), /Forbidden/);
    // A Pune Central lead: the admin hears it, the Mumbai West officer does not.
    const pune = await post(API_PATHS.leadActivity, as.admin, {
      lead_id: 'LD-2026-0000007',
      type: 'NOTE',
      comment: 'Pune',
    });
    assert.equal(pune.statusCode, 200, pune.body);
    const { lead } = await create(as.lead);
    await until(() => officer.includes(lead.lead_id) && admin.includes(lead.lead_id));
    assert.deepEqual(admin, ['LD-2026-0000007', lead.lead_id]);
    assert.deepEqual(officer, [lead.lead_id]);
  });
});
