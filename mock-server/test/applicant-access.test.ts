// Applicant sessions (README "Applicant sessions"): a session scoped to one application reaches only
// the routes listed here, each for its own application; every other route answers 403; another
// application answers 403. Walks app.registeredRoutes, so a route added later is covered.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { API_PATHS, apiPath } from '@originate/contract';
import type { RegisteredRoute } from '../src/app';
import { type Applicant, encrypted, newPersonalLoan, personalLoanBody } from './flow-helpers';
import { answerProblem } from './harness/envelope';
import { apiRoutes, fillPath, hasBody, routeKey } from './harness/routes';
import { call, startServer, type TestServer } from './helpers';

/** What an applicant session may call (besides the public routes). A reviewer signs this list off. */
export const APPLICANT_ROUTES: readonly string[] = [
  'GET /v3/application/:applicationId',
  'HEAD /v3/application/:applicationId',
  'POST /validations/addMandatoryValidations',
  'POST /validations/updateMandatoryValidations',
  'POST /v3/microflow/execute/:microflowId',
  'POST /v3/otp/send',
  'POST /v3/otp/verify',
  // 'Send me this link' (README "Resume links").
  'POST /v3/application/resume-link/send',
  // The applicant's consents and the receipt pass taken before submitting (README "Consents and the receipt").
  'GET /v3/application/:applicationId/consents',
  'HEAD /v3/application/:applicationId/consents',
  'POST /v3/application/:applicationId/consents',
  'POST /v3/application/:applicationId/receipt-pass',
  'POST /api/uploadLocalFiletoS3',
  'POST /api/uploadSignaturetoS3',
  'GET /v3/document/:fileId',
  'HEAD /v3/document/:fileId',
  'DELETE /v3/remove/',
  'POST /upload/removeDocument',
  'POST /v3/auth/end-session',
  'GET /api/getCustomeStyle',
  'HEAD /api/getCustomeStyle',
  'GET /setup/configs/Admin/Features',
  'HEAD /setup/configs/Admin/Features',
  // The applicant portal (README "Applicant portal"): its list, requests for information and answers.
  'POST /v3/graphql',
  'GET /v3/queries/:applicationId',
  'HEAD /v3/queries/:applicationId',
  'POST /v3/queries/updateAndResolveQuery',
  'GET /v3/queries/fetchFieldsForReqInfo/:requestForInfoId',
  'HEAD /v3/queries/fetchFieldsForReqInfo/:requestForInfoId',
  // The flow's record of what the applicant did (a download, a button); the workflow's stays the back office's.
  'POST /v3/captureAction',
  'POST /v3/portal/openApplication',
  // Video calls (README "Video calls"): the waiting call of their application, and joining it.
  'GET /v3/portal/video/invitation',
  'HEAD /v3/portal/video/invitation',
  'POST /v3/portal/video/join',
  // The loan calculator (README "Calculations, decisions and utilities"): the EMI while choosing amount and tenure.
  'POST /calculations/calculate',
  'POST /net_per_fin_config/net_financing_calculation',
];

let s: TestServer;
let mine: Applicant;
let theirs: Applicant;
let routes: RegisteredRoute[];

before(async () => {
  s = await startServer();
  mine = await newPersonalLoan(s.app);
  theirs = await newPersonalLoan(s.app);
  routes = apiRoutes(s.app);
});
after(() => s.close());

describe('an applicant session', () => {
  it('the applicant list names registered routes only', () => {
    const keys = new Set(routes.map(routeKey));
    for (const key of APPLICANT_ROUTES) assert.ok(keys.has(key), `${key} is not registered`);
  });

  it('gets 403 on every route that is neither public nor in the applicant list (debug copies included)', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      if (route.public || APPLICANT_ROUTES.includes(routeKey(route))) continue;
      // Theme/Default, not Admin/Features: that pair matches the static (applicant-readable) route instead.
      const url = fillPath(route.url, (p) => ({ type: 'Theme', name: 'Default' })[p]);
      const res = await s.app.inject({ method: route.method as 'GET', url, headers: mine.headers });
      const problem = answerProblem(res, hasBody(route.method));
      if (res.statusCode !== 403 || problem)
        wrong.push(`${routeKey(route)} → ${res.statusCode} ${res.body.slice(0, 100)}`);
    }
    assert.deepEqual(wrong, []);
  });

  it('gets 403 for another application on every application route', async () => {
    const other = theirs.applicationId;
    const answers = {
      read: await call(s.app, 'GET', apiPath('application', { applicationId: other }), mine.headers),
      add: await call(s.app, 'POST', API_PATHS.addMandatoryValidations, mine.headers, { application_id: other }),
      update: await call(s.app, 'POST', API_PATHS.updateMandatoryValidations, mine.headers, {
        application_id: other,
        fields: ['pl_mobile'],
      }),
      microflow: await encrypted(
        s.app,
        'POST',
        `${apiPath('microflowExecute', { microflowId: 'pan_verify' })}?componentid=PL_KYC&application_id=${other}`,
        mine.headers,
        { customFields: {} },
      ),
      send: await call(s.app, 'POST', API_PATHS.sendOtp, mine.headers, {
        application_id: other,
        fieldKey: 'registered_mobile_otp',
        type: 'SMS',
        recipient: '9876543210',
        action: 'SEND_OTP',
      }),
      verify: await call(s.app, 'POST', API_PATHS.verifyOtp, mine.headers, {
        application_id: other,
        fieldKey: 'registered_mobile_otp',
        code: '123456',
        action: 'VERIFY_OTP',
      }),
      signature: await call(s.app, 'POST', API_PATHS.uploadSignature, mine.headers, {
        dataURI: 'data:image/png;base64,iVBORw0KGgoAAAAN',
        app_id: other,
      }),
      remove: await call(
        s.app,
        'DELETE',
        `${API_PATHS.removeDocument}?fileId=00000000-0000-4000-8000-000000000000&application_id=${other}`,
        mine.headers,
      ),
      removeBody: await call(s.app, 'POST', API_PATHS.removeUploadedDocument, mine.headers, {
        application_id: other,
        fileId: '00000000-0000-4000-8000-000000000000',
      }),
      save: await encrypted(
        s.app,
        'POST',
        API_PATHS.consumerSaveOrUpdate,
        mine.headers,
        personalLoanBody({ application_id: other }),
      ),
      consentsRead: await call(s.app, 'GET', apiPath('applicationConsents', { applicationId: other }), mine.headers),
      consentsTick: await call(s.app, 'POST', apiPath('applicationConsents', { applicationId: other }), mine.headers, {
        consents: [{ consentId: 'declaration', version: 1, accepted: true }],
      }),
      receiptPass: await call(s.app, 'POST', apiPath('receiptPass', { applicationId: other }), mine.headers),
    };
    for (const [what, res] of Object.entries(answers)) assert.equal(res.statusCode, 403, `${what}: ${res.body}`);
    // And a demo application made by staff is just as foreign.
    assert.equal(
      (await call(s.app, 'GET', apiPath('application', { applicationId: 'PL-2026-000101' }), mine.headers)).statusCode,
      403,
    );
  });

  it('refreshes and ends its own session; then it is dead', async () => {
    const fresh = await newPersonalLoan(s.app);
    const refreshed = await call(s.app, 'POST', API_PATHS.refreshToken, undefined, {
      refresh_token: fresh.session.refresh_token,
    });
    assert.equal(refreshed.statusCode, 200, refreshed.body);
    const headers = { access_token: refreshed.json().access_token };
    assert.equal(
      (await call(s.app, 'GET', apiPath('application', { applicationId: fresh.applicationId }), headers)).statusCode,
      200,
    );
    const end = await call(s.app, 'POST', API_PATHS.endSession, headers, {
      refresh_token: refreshed.json().refresh_token,
    });
    assert.equal(end.statusCode, 200, end.body);
    assert.equal(
      (await call(s.app, 'GET', apiPath('application', { applicationId: fresh.applicationId }), headers)).statusCode,
      401,
    );
  });
});
