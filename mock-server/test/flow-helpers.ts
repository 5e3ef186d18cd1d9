// Helpers of the customer-flow tests: a solved captcha, first saves that create applications, encrypted
// calls with an applicant session, and the seeded flows and their admin path.
import assert from 'node:assert/strict';
import {
  API_PATHS,
  apiPath,
  type ConsentSetAnswer,
  encryptPayload,
  type FlowConfig,
  type FormValues,
  type SaveApplicationBody,
  type SessionData,
} from '@originate/contract';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { FLOWS } from '../src/seed/flows';
import { call, type Login } from './helpers';

export async function solvedCaptcha(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: 'GET', url: API_PATHS.captchaChallenge });
  assert.equal(res.statusCode, 200, res.body);
  const challenge = res.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  assert.ok(solution, 'the captcha is solvable');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

export function homeLoanBody(extra: Partial<SaveApplicationBody> = {}): SaveApplicationBody {
  return {
    flowId: 'home_loan',
    verNum: 243,
    mode: 'DRAFT',
    section_id: 'hl_loan',
    sub_section_id: 'hl_loan_details',
    singleORjoint: 'single',
    existing_or_new_customer: 'new',
    customFields: { loan_purpose: 'purchase', loan_amount: '2500000' },
    jointApplicants: [],
    progress: [],
    _deviceType: 'DESKTOP',
    ...extra,
  };
}

export function personalLoanBody(extra: Partial<SaveApplicationBody> = {}): SaveApplicationBody {
  return {
    flowId: 'personal_loan',
    verNum: 243,
    mode: 'DRAFT',
    section_id: 'pl_customer',
    sub_section_id: 'pl_customer_type',
    singleORjoint: 'single',
    existing_or_new_customer: 'new',
    customFields: { customer_type: 'new', pl_full_name: 'Asha Rao', pl_mobile: '9876543210' },
    jointApplicants: [],
    progress: [],
    _deviceType: 'MOBILE',
    ...extra,
  };
}

/** The personal loan's values, valid and complete for a submit, with the ID proof uploaded as `fileId`. */
export function completePersonalLoan(fileId: string): FormValues {
  return {
    customer_type: 'new',
    pl_full_name: 'Asha Rao',
    pl_mobile: '9876543210',
    pl_pan: 'ABCDE1234F',
    pl_dob: '01/01/1990',
    pl_id_proof: { uploadedDocuments: [{ fileId, fileName: 'id.png', size: 68, mimeType: 'image/png' }] },
    pl_address_line1: 'Flat 12, Sai Krupa, 14th Road',
    pl_address_line2: 'Khar West',
    pl_city: 'Mumbai',
    pl_state: 'Maharashtra',
    pl_pincode: '400052',
    pl_years_at_address: 4,
    pl_loan_amount: '500000',
    pl_tenure_months: 36,
    pl_purpose: 'travel',
    pl_monthly_income: '90000',
    pl_vkyc_consent: true,
  };
}

export interface Applicant {
  applicationId: string;
  session: SessionData;
  resumeToken: string;
  headers: Record<string, string>;
  /** The device that made it: its device cookie (README "Resume links"). */
  device: Record<string, string>;
  modTime: string;
}

export function applicantOf(res: LightMyRequestResponse): Applicant {
  assert.equal(res.statusCode, 200, res.body);
  const body = res.json();
  return {
    applicationId: body.application.application_id,
    session: body.session,
    resumeToken: body.resumeToken,
    headers: { access_token: body.session.access_token, sessionid: body.session.sessionid },
    device: { cookie: `originate-device=${res.cookies.find((c) => c.name === 'originate-device')?.value ?? ''}` },
    modTime: body.application.mod_time,
  };
}

/** A personal loan application made by its first save (no captcha on PL). */
export async function newPersonalLoan(app: FastifyInstance, extra: Partial<SaveApplicationBody> = {}) {
  return applicantOf(
    await app.inject({ method: 'POST', url: API_PATHS.consumerSaveOrUpdate, payload: personalLoanBody(extra) }),
  );
}

export async function newHomeLoan(app: FastifyInstance, extra: Partial<SaveApplicationBody> = {}) {
  const captchaResponse = await solvedCaptcha(app);
  return applicantOf(
    await app.inject({
      method: 'POST',
      url: API_PATHS.consumerSaveOrUpdate,
      payload: homeLoanBody({ captchaResponse, ...extra }),
    }),
  );
}

/**
 * Gives the application's current task to `username`, In Progress, in that user's teams: spec §4
 * 'assigned', which a staff save needs (as the back office's assign action would).
 */
export async function assignCurrentTask(app: FastifyInstance, applicationId: string, username: string): Promise<void> {
  const rows = await app.ctx.db.query(
    `UPDATE tasks t SET assigned_to = u.userid, progress = 'In Progress', assigned_at = now(),
            assigned_team = (SELECT coalesce(jsonb_agg(jsonb_build_object('type', tm.type, 'id', tm.id)), '[]'::jsonb)
                               FROM user_teams ut JOIN teams tm ON tm.id = ut.team_id WHERE ut.user_id = u.userid)
       FROM users u
      WHERE lower(u.username) = lower($2) AND t.application_id = $1 AND t.is_current
      RETURNING t.task_id`,
    [applicationId, username],
  );
  assert.equal(rows.length, 1, `${applicationId} has one current task for ${username}`);
}

/** A call whose body travels as the {data} envelope keyed by the caller's access token. */
export async function encrypted(
  app: FastifyInstance,
  method: 'POST' | 'PUT',
  url: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<LightMyRequestResponse> {
  const token = headers.access_token;
  assert.ok(token, 'an encrypted call needs an access token');
  const options: InjectOptions = { method, url, headers, payload: { data: await encryptPayload(body, token) } };
  return app.inject(options);
}

/** The {label, reason} list of a 400/1101. */
export function issues(res: LightMyRequestResponse): { label: string; reason: string }[] {
  assert.equal(res.statusCode, 400, res.body);
  const body = res.json();
  assert.equal(body.code, 1101);
  assert.equal(body.message, 'Validation Failed');
  return body.errors;
}

export const copy = <T>(value: T): T => structuredClone(value);

/** A seeded flow, copied so a test may change it. */
export const seededFlow = (flowId: string): FlowConfig => copy(FLOWS.find((f) => f.flowId === flowId) as FlowConfig);

/** The admin save (PUT) and read path of one flow version. */
export const flowUrl = (flow: Pick<FlowConfig, 'flowId' | 'verNum'>, mode = 'SAVED') =>
  `${apiPath('flowConfigById', { verNum: flow.verNum, flowId: flow.flowId })}?mode=${mode}`;

/** A 1×1 PNG: the smallest signature or document an applicant can upload. */
export const PNG_1PX =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** The applicant's signature uploaded (answered 200); its file id. */
export async function uploadedSignature(app: FastifyInstance, a: Applicant): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: API_PATHS.uploadSignature,
    headers: a.headers,
    payload: { dataURI: `data:image/png;base64,${PNG_1PX}`, app_id: a.applicationId },
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().fileId;
}

/**
 * The product's mandatory consents accepted at their current version, by `who` (the applicant's session, or staff
 * with access): a submit without them is refused (README "Consents and the receipt").
 */
export async function acceptConsents(
  app: FastifyInstance,
  applicationId: string,
  productCode: string,
  who: Record<string, string>,
): Promise<void> {
  const set = await call(app, 'GET', apiPath('consentSet', { productCode }), {});
  assert.equal(set.statusCode, 200, set.body);
  const consents = (set.json() as ConsentSetAnswer).consents
    .filter((c) => c.mandatory)
    .map((c) => ({
      consentId: c.consentId,
      version: c.version,
      accepted: true,
    }));
  const res = await call(app, 'POST', apiPath('applicationConsents', { applicationId }), who, { consents });
  assert.equal(res.statusCode, 200, res.body);
}

/** The personal loan submitted from its summary with `customFields` (the server's submit check answers). */
export function submitPersonalLoanValues(app: FastifyInstance, a: Applicant, customFields: FormValues) {
  return encrypted(
    app,
    'POST',
    API_PATHS.consumerSaveOrUpdate,
    a.headers,
    personalLoanBody({
      application_id: a.applicationId,
      mode: 'SAVED',
      section_id: 'pl_review',
      sub_section_id: 'pl_summary',
      customFields,
    }),
  );
}

/** The personal loan's mandatory consents accepted, then submitted from its summary with complete values, `fileId` as its ID proof. */
export async function submitPersonalLoan(app: FastifyInstance, a: Applicant, fileId: string) {
  await acceptConsents(app, a.applicationId, 'PL', a.headers);
  return submitPersonalLoanValues(app, a, completePersonalLoan(fileId));
}

/**
 * Two seeded applications staff tests start from: a home loan of the demo officer's (USR-1001) whose form holds
 * every custom field named, and an application the officer may not open (another branch's: its GET answers 403).
 */
export async function officersHomeLoanAndForeign(
  app: FastifyInstance,
  officer: Login,
  customFields: readonly string[],
): Promise<{ homeLoan: string; foreign: string }> {
  const db = app.ctx.db;
  const params: string[] = [...customFields];
  const holds = customFields.map((_, i) => `AND a.doc -> 'customFields' ? $${i + 1}`).join(' ');
  const [hl] = await db.query<{ application_id: string }>(
    `SELECT DISTINCT a.application_id FROM applications a JOIN tasks t USING (application_id)
      WHERE t.assigned_to = 'USR-1001' AND a.product_code = 'HL' ${holds} ORDER BY 1 LIMIT 1`,
    params,
  );
  let foreign = '';
  for (const { application_id } of await db.query<{ application_id: string }>(
    'SELECT application_id FROM applications ORDER BY 1',
  )) {
    const res = await call(app, 'GET', apiPath('application', { applicationId: application_id }), officer);
    if (res.statusCode === 403) {
      foreign = application_id;
      break;
    }
  }
  const homeLoan = hl?.application_id ?? '';
  assert.ok(homeLoan && foreign, 'the seed has the applications these tests need');
  return { homeLoan, foreign };
}
