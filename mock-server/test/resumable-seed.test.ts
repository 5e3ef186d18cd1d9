// The demo home loan in progress (README "Demo seed"): HL-2026-600001, a DRAFT filled through the
// first-save service code, whose CUST_FLOW task is In Progress with the officer, so the back office
// resumes it for them (and only for those the access rules let in).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { API_PATHS, apiPath } from '@originate/contract';
import { FlowApplicationSchema, SaveApplicationBodySchema, schemaIssues } from '@originate/contract/schemas';
import { createFormState, submitCheck } from '@originate/flow-engine';
import { flowFor } from '../src/modules/configs';
import { RESUMABLE_APPLICATION_ID, seedResumableApplication } from '../src/seed/flow-demo';
import { encrypted } from './flow-helpers';
import { call, type Login, login, startServer, type TestServer } from './helpers';

let s: TestServer;
let officer: Login;

before(async () => {
  s = await startServer();
  officer = await login(s.app, 'officer');
});
after(() => s.close());

const read = (who: Login) =>
  call(s.app, 'GET', apiPath('application', { applicationId: RESUMABLE_APPLICATION_ID }), who);

describe('the resumable home loan', () => {
  it('is a DRAFT at the personal details, its task In Progress with the officer in their team', async () => {
    const res = await read(officer);
    assert.equal(res.statusCode, 200, res.body);
    const app = res.json();
    assert.deepEqual(schemaIssues(FlowApplicationSchema, app), []);
    assert.equal(app.mode, 'DRAFT');
    assert.equal(app.flowId, 'home_loan');
    assert.deepEqual([app.section_id, app.sub_section_id], ['hl_personal', 'hl_personal_info']);
    assert.equal(app.initiatedBy.username, 'officer');
    const [task] = await s.app.ctx.db.query<{ progress: string; assigned_to: string; assigned_team: unknown }>(
      "SELECT progress, assigned_to, assigned_team FROM tasks WHERE application_id = $1 AND type = 'CUST_FLOW'",
      [RESUMABLE_APPLICATION_ID],
    );
    assert.deepEqual(task, {
      progress: 'In Progress',
      assigned_to: 'USR-1001',
      assigned_team: [
        { type: 'HIERARCHY', id: 'TEAM-MUM-WEST' },
        { type: 'DEPT', id: 'TEAM-RETAIL-LENDING' },
      ],
    });
  });

  it('has the loan and property sections filled validly by the flow, and the personal details begun', async () => {
    const app = (await read(officer)).json();
    const flowCtx = await flowFor(s.app.ctx.db, 'home_loan', 243);
    // The portal's engine judges each screen as the portal would on Next.
    const check = (componentId: string) => {
      const component = flowCtx.components.get(componentId);
      assert.ok(component, componentId);
      const state = createFormState(component, app.customFields, {
        applicantType: 'primary',
        access: 'WRITE',
        editable: true,
        rules: flowCtx.rules,
        options: flowCtx.options,
        today: s.app.ctx.now(),
      });
      return submitCheck(state, { mandatoryValidations: true, summary: false });
    };
    for (const componentId of ['HL_LOAN_DETAILS', 'HL_PROPERTY']) {
      assert.deepEqual(check(componentId), { ok: true }, componentId);
    }
    assert.equal(check('HL_PERSONAL').ok, false, 'begun, not finished');
    assert.equal(app.customFields.full_name, 'Ananya Kulkarni');
  });

  it('the officer goes on saving it; someone outside its queue may not read it', async () => {
    const app = (await read(officer)).json();
    const body = {
      application_id: RESUMABLE_APPLICATION_ID,
      flowId: app.flowId,
      verNum: app.verNum,
      mode: 'DRAFT',
      section_id: 'hl_personal',
      sub_section_id: 'hl_kyc',
      singleORjoint: app.singleORjoint,
      existing_or_new_customer: app.existing_or_new_customer,
      customFields: { ...app.customFields, dob: '15/08/1990', gender: 'female', marital_status: 'single' },
      jointApplicants: app.jointApplicants,
      progress: app.progress,
      _deviceType: 'DESKTOP',
      mod_time: app.mod_time,
    };
    assert.deepEqual(schemaIssues(SaveApplicationBodySchema, body), []);
    const saved = await encrypted(s.app, 'POST', API_PATHS.userSaveOrUpdate, officer.headers, body);
    assert.equal(saved.statusCode, 200, saved.body);
    assert.equal(saved.json().application.sub_section_id, 'hl_kyc');
    assert.equal((await read(await login(s.app, 'approver'))).statusCode, 403);
  });

  it('is seeded once: a second run changes nothing', async () => {
    const before = await s.app.ctx.db.query('SELECT doc, mod_time FROM applications WHERE application_id = $1', [
      RESUMABLE_APPLICATION_ID,
    ]);
    await seedResumableApplication(s.app.ctx.db);
    const after = await s.app.ctx.db.query('SELECT doc, mod_time FROM applications WHERE application_id = $1', [
      RESUMABLE_APPLICATION_ID,
    ]);
    assert.deepEqual(after, before);
  });
});
