// POST /api/requestforcallback (public; README "Leads: callback requests"): the stored WEB_CALLBACK
// lead, the team's notifications and LEAD_CHANGED, the captcha where the product has one, the time
// window, bad input, and the limits per client address and per phone number.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  API_PATHS,
  CALLBACK_REQUESTS_PER_ADDRESS_PER_HOUR,
  CALLBACK_REQUESTS_PER_PHONE_PER_DAY,
  type CallbackRequestBody,
  type LeadDetailAnswer,
} from '@originate/contract';
import type { LeadChange } from '../src/platform/hub';
import { solvedCaptcha } from './flow-helpers';
import { call, labels, loginStaff, startServer, type TestServer } from './helpers';

let s: TestServer;
let as: Awaited<ReturnType<typeof loginStaff>>;
before(async () => {
  s = await startServer();
  as = await loginStaff(s.app);
});
after(() => s.close());

const HOUR = 3_600_000;
let nextAddress = 1;
/** Each test asks from its own client address, so the per-address budget is its own. */
const address = () => `10.9.0.${nextAddress++}`;
const body = (extra: Partial<CallbackRequestBody> = {}): CallbackRequestBody => ({
  product_code: 'PL',
  name: 'Asha Patil',
  mobile: '9876500001',
  email: 'asha@example.in',
  preferredTime: new Date(s.app.ctx.now().getTime() + 5 * HOUR).toISOString(),
  consent: true,
  ...extra,
});
const ask = (payload: unknown, remoteAddress = address()) =>
  s.app.inject({ method: 'POST', url: API_PATHS.requestForCallback, payload: payload as object, remoteAddress });

describe('a call back request', () => {
  it('stores a NEW, unassigned WEB_CALLBACK lead in the product team, due at the chosen time', async () => {
    const changes: LeadChange[] = [];
    const listener = (change: LeadChange) => changes.push(change);
    s.app.ctx.hub.on('leadChanged', listener);
    const preferredTime = new Date(s.app.ctx.now().getTime() + 26 * HOUR).toISOString();
    const res = await ask(body({ preferredTime }));
    s.app.ctx.hub.off('leadChanged', listener);
    assert.equal(res.statusCode, 200, res.body);
    const answer = res.json<{ reference: string; message: string }>();
    assert.deepEqual(Object.keys(answer).sort(), ['message', 'reference']);
    assert.equal(answer.message, 'Thank you. We will call you at the time you chose.');
    assert.deepEqual(
      changes.map((c) => [c.leadId, c.teamId, c.ownerIds]),
      [[answer.reference, 'TEAM-MUM-WEST', []]],
    );
    const detail = (await call(s.app, 'GET', `/v3/lead/${answer.reference}`, as.officer)).json<LeadDetailAnswer>();
    assert.equal(detail.lead.source, 'WEB_CALLBACK');
    assert.equal(detail.lead.status, 'NEW');
    assert.equal(detail.lead.ownerId, null);
    assert.equal(detail.lead.createdBy, null);
    assert.equal(detail.lead.followUpAt, preferredTime);
    assert.deepEqual(detail.lead.prospect, {
      firstName: 'Asha',
      lastName: 'Patil',
      mobile: '9876500001',
      email: 'asha@example.in',
      city: null,
    });
    assert.deepEqual(
      detail.activities.map((a) => [a.type, a.by]),
      [['CREATED', null]],
    );
  });

  it('notifies every lead worker of the team (AssignedToTeam), nobody else', async () => {
    const res = await ask(body({ mobile: '9876500002', name: 'Lakshmi' }));
    assert.equal(res.statusCode, 200, res.body);
    const { reference } = res.json<{ reference: string }>();
    const rows = await s.app.ctx.db.query<{ user_id: string; kind: string; status_name: string; message: string }>(
      `SELECT user_id, kind, status_name, message FROM notifications WHERE message LIKE $1 ORDER BY user_id`,
      [`Call back request ${reference} %`],
    );
    assert.deepEqual(
      rows.map((r) => [r.user_id, r.kind, r.status_name]),
      [
        ['USR-1001', 'TEAM', 'AssignedToTeam'],
        ['USR-1002', 'TEAM', 'AssignedToTeam'],
      ],
    );
    assert.match(
      rows[0]?.message ?? '',
      new RegExp(`^Call back request ${reference} \\(Personal Loan\\) from Lakshmi for `),
    );
  });

  it('a product with a captcha needs a solved, unused one', async () => {
    assert.deepEqual(labels(await ask(body({ product_code: 'HL', mobile: '9876500003' }))), ['captchaResponse']);
    const captchaResponse = await solvedCaptcha(s.app);
    const ok = await ask(body({ product_code: 'HL', mobile: '9876500003', captchaResponse }));
    assert.equal(ok.statusCode, 200, ok.body);
    const replay = await ask(body({ product_code: 'HL', mobile: '9876500004', captchaResponse }));
    assert.deepEqual(labels(replay), ['captchaResponse']);
    assert.deepEqual(labels(await ask(body({ product_code: 'HL', captchaResponse: 'bm9wZQ==' }))), ['captchaResponse']);
  });

  it('400 naming the field: a past or too distant time, no consent, unknown product, bad or extra input', async () => {
    const past = await ask(body({ preferredTime: new Date(s.app.ctx.now().getTime() - HOUR).toISOString() }));
    assert.deepEqual(past.json<{ errors: unknown }>().errors, [
      { label: 'preferredTime', reason: 'must be in the future' },
    ]);
    const far = await ask(body({ preferredTime: new Date(s.app.ctx.now().getTime() + 31 * 24 * HOUR).toISOString() }));
    assert.deepEqual(far.json<{ errors: unknown }>().errors, [
      { label: 'preferredTime', reason: 'must be within 30 days' },
    ]);
    assert.deepEqual(labels(await ask(body({ consent: false as true }))), ['consent']);
    assert.deepEqual(labels(await ask(body({ product_code: 'XX' }))), ['product_code']);
    assert.deepEqual([...new Set(labels(await ask(body({ mobile: '12345' }))))], ['mobile']);
    assert.deepEqual(labels(await ask({ ...body(), source: 'PHONE' })), ['source']);
    const { consent: _consent, ...noConsent } = body();
    assert.deepEqual(labels(await ask(noConsent)), ['consent']);
  });
});

describe('limits', () => {
  it(`at most ${CALLBACK_REQUESTS_PER_PHONE_PER_DAY} requests per phone number a day: then 429 with Retry-After`, async () => {
    const mobile = '9876500100';
    for (let i = 0; i < CALLBACK_REQUESTS_PER_PHONE_PER_DAY; i++) {
      assert.equal((await ask(body({ mobile }))).statusCode, 200);
    }
    const refused = await ask(body({ mobile }));
    assert.equal(refused.statusCode, 429);
    assert.equal(refused.json<{ code: number }>().code, 429);
    assert.match(
      refused.json<{ message: string }>().message,
      /This number has asked for 3 call backs in the last 24 hours/,
    );
    const retry = Number(refused.headers['retry-after']);
    assert.ok(retry > 23 * 3600 && retry <= 24 * 3600, String(retry));
    assert.equal((await ask(body({ mobile: '9876500101' }))).statusCode, 200);
    // A day later the number may ask again.
    s.advance(24 * 3600 + 1);
    assert.equal(
      (await ask(body({ mobile, preferredTime: new Date(s.app.ctx.now().getTime() + 30 * HOUR).toISOString() })))
        .statusCode,
      200,
    );
  });

  it(`at most ${CALLBACK_REQUESTS_PER_ADDRESS_PER_HOUR} requests per client address an hour`, async () => {
    const from = address();
    for (let i = 0; i < CALLBACK_REQUESTS_PER_ADDRESS_PER_HOUR; i++) {
      const res = await ask(body({ mobile: `98765002${String(i).padStart(2, '0')}` }), from);
      assert.equal(res.statusCode, 200, res.body);
    }
    const refused = await ask(body({ mobile: '9876500299' }), from);
    assert.equal(refused.statusCode, 429);
    assert.ok(Number(refused.headers['retry-after']) > 0);
    assert.equal((await ask(body({ mobile: '9876500299' }))).statusCode, 200);
  });
});
