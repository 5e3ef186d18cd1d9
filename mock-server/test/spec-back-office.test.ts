// The rest of spec §7's back-office calls (README "Routes"): the older queries calls on the queries service,
// the request-for-information helpers, the application service's status update and batch fetch,
// captureAction and the NIC upload.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { API_PATHS, apiPath } from '@originate/contract';
import { type Applicant, newHomeLoan } from './flow-helpers';
import { call, type Login, labels, login, multipart, startServer, type TestServer } from './helpers';

let s: TestServer;
let officer: Login;
let lead: Login;
let home: Applicant;
let taskId: string;

before(async () => {
  s = await startServer();
  officer = await login(s.app, 'officer');
  lead = await login(s.app, 'teamlead');
  home = await newHomeLoan(s.app, { customFields: { loan_purpose: 'purchase', loan_amount: '2500000' } });
  const configs = await call(s.app, 'GET', `${API_PATHS.taskConfigs}?application_id=${home.applicationId}`, lead);
  assert.equal(configs.statusCode, 200, configs.body);
  taskId = configs.json().task.taskId as string;
  const assigned = await call(s.app, 'POST', apiPath('applicationAction', { action: 'assign' }), lead, {
    application_id: home.applicationId,
    taskId,
    assignTo: 'USR-1001',
  });
  assert.equal(assigned.statusCode, 200, assigned.body);
});
after(() => s.close());

const post = (who: Login, url: string, body: unknown) => call(s.app, 'POST', url, who, body as object);

describe('older queries calls', () => {
  it('createOrUpdateQuery raises a query, then changes it; updateQuery is the same update', async () => {
    const created = await post(officer, API_PATHS.createOrUpdateQuery, {
      application_id: home.applicationId,
      taskId,
      title: 'Salary slips',
      description: 'Which months are missing?',
      assignTo: 'USR-1002',
    });
    assert.equal(created.statusCode, 200, created.body);
    const { subTaskId, status } = created.json();
    assert.equal(status, 'OPEN');
    const updated = await post(officer, API_PATHS.createOrUpdateQuery, { subTaskId, title: 'Salary slips (3)' });
    assert.equal(updated.statusCode, 200, updated.body);
    const again = await post(officer, API_PATHS.updateQuery, { subTaskId, description: 'March to May' });
    assert.equal(again.statusCode, 200, again.body);
    const details = await call(s.app, 'GET', apiPath('subTaskDetails', { subTaskId }), officer);
    assert.equal(details.json().title, 'Salary slips (3)');
    assert.equal(details.json().description, 'March to May');
    // Only who raised it changes it.
    assert.equal((await post(lead, API_PATHS.updateQuery, { subTaskId, title: 'x' })).statusCode, 403);
    assert.equal((await post(officer, API_PATHS.createOrUpdateQuery, { subTaskId, extra: 1 })).statusCode, 400);
  });

  it('unresolved counts: the queries to answer and those raised; another user only for their lead', async () => {
    const mine = (await post(officer, API_PATHS.queriesUnresolvedCount, {})).json();
    assert.equal(mine.userId, 'USR-1001');
    assert.ok(mine.raised >= 1);
    const leads = (await post(lead, API_PATHS.queriesUnresolvedCount, {})).json();
    assert.ok(leads.count >= 1);
    // The team lead reads the officer's; the officer may not read the lead's, nor anyone unknown.
    assert.equal(
      (await post(lead, API_PATHS.queriesUnresolvedCount, { userId: 'USR-1001' })).json().raised,
      mine.raised,
    );
    assert.equal((await post(officer, API_PATHS.queriesUnresolvedCount, { userId: 'USR-1002' })).statusCode, 403);
    assert.equal((await post(officer, API_PATHS.queriesUnresolvedCount, { userId: 'USR-9999' })).statusCode, 403);
  });

  it("getFields offers the flow's applicant fields; a request's fields and a reminder to the applicant", async () => {
    const fields = await post(officer, API_PATHS.queryFields, { application_id: home.applicationId });
    assert.equal(fields.statusCode, 200, fields.body);
    const offered = fields.json<{ data: { key: string; kind: string }[] }>().data;
    assert.ok(offered.some((f) => f.key === 'id_document' && f.kind === 'document'));
    assert.ok(!offered.some((f) => f.key === 'kyc_risk_score' || f.key === 'loan_heading'));

    const asked = await post(officer, API_PATHS.requestUserInfo, {
      application_id: home.applicationId,
      taskId,
      title: 'ID document',
      description: 'A clearer copy, please.',
      fields: ['id_document', 'full_name'],
    });
    assert.equal(asked.statusCode, 200, asked.body);
    const subTaskId = asked.json().subTaskId as string;
    const read = await call(s.app, 'GET', apiPath('fetchFieldsForReqInfo', { requestForInfoId: subTaskId }), officer);
    assert.equal(read.statusCode, 200, read.body);
    assert.deepEqual(
      read.json().fields.map((f: { key: string }) => f.key),
      ['id_document', 'full_name'],
    );
    assert.equal(read.json().status, 'OPEN');

    const reminded = await post(officer, API_PATHS.sendRequestForInfoNotifications, {
      application_id: home.applicationId,
      subTaskId,
    });
    assert.equal(reminded.statusCode, 200, reminded.body);
    const log = await call(
      s.app,
      'GET',
      apiPath('applicationWorklogs', { applicationId: home.applicationId }),
      officer,
    );
    assert.ok(log.json().data.some((w: { action: string }) => w.action === 'remind_request_info'));
    // Someone else with access (the lead, not the assignee, did not ask) may not remind.
    const refused = await post(lead, API_PATHS.sendRequestForInfoNotifications, {
      application_id: home.applicationId,
      subTaskId,
    });
    assert.equal(refused.statusCode, 403, refused.body);
    assert.deepEqual(labels(await post(officer, API_PATHS.queryFields, {})), ['application_id']);
  });
});

describe('the application service', () => {
  it('status_update takes the action that leads to the status asked for, with its rules', async () => {
    const body = { application_id: home.applicationId, taskId, comment: 'Applicant travelling' };
    const paused = await post(officer, API_PATHS.statusUpdate, { ...body, status: 'INACTIVE' });
    assert.equal(paused.statusCode, 200, paused.body);
    const read = await call(s.app, 'GET', apiPath('application', { applicationId: home.applicationId }), officer);
    assert.equal(read.json()._applicationStatus, 'INACTIVE');
    assert.deepEqual(labels(await post(officer, API_PATHS.statusUpdate, { ...body, status: 'INACTIVE' })), ['status']);
    assert.deepEqual(labels(await post(officer, API_PATHS.statusUpdate, { ...body, status: 'COMPLETED' })), ['status']);
    const back = await post(officer, API_PATHS.statusUpdate, { ...body, status: 'ACTIVE' });
    assert.equal(back.statusCode, 200, back.body);
    const log = await call(
      s.app,
      'GET',
      apiPath('applicationWorklogs', { applicationId: home.applicationId }),
      officer,
    );
    const actions = log.json().data.map((w: { action: string }) => w.action);
    assert.ok(actions.includes('inactivate') && actions.includes('activate'), actions.join());
    assert.deepEqual(labels(await post(officer, API_PATHS.statusUpdate, { ...body, status: 'PAUSED' })), ['status']);
  });

  it('fetch_applications answers the ones the caller may open, and names the others alike', async () => {
    const res = await post(officer, API_PATHS.fetchApplications, {
      application_ids: [home.applicationId, 'HL-2099-999999', home.applicationId],
    });
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    assert.deepEqual(
      body.data.map((a: { application_id: string }) => a.application_id),
      [home.applicationId],
    );
    assert.equal(body.data[0].product_code, 'HL');
    assert.deepEqual(body.unavailable, ['HL-2099-999999']);
    const outsider = await login(s.app, 'developer');
    const theirs = (
      await post(outsider, API_PATHS.fetchApplications, { application_ids: [home.applicationId] })
    ).json();
    assert.deepEqual(theirs, { data: [], unavailable: [home.applicationId] });
    assert.deepEqual(labels(await post(officer, API_PATHS.fetchApplications, { application_ids: [] })), [
      'application_ids',
    ]);
  });

  it('captureAction keeps what the user did in the worklog, under capture.', async () => {
    for (const path of [API_PATHS.captureAction, API_PATHS.workflowCaptureAction]) {
      const res = await post(officer, path, {
        application_id: home.applicationId,
        taskId,
        action: 'download_sanction_letter',
        detail: { fileName: 'sanction.pdf' },
      });
      assert.equal(res.statusCode, 200, res.body);
    }
    const log = await call(
      s.app,
      'GET',
      apiPath('applicationWorklogs', { applicationId: home.applicationId }),
      officer,
    );
    const captured = log.json().data.filter((w: { action: string }) => w.action === 'capture.download_sanction_letter');
    assert.equal(captured.length, 2);
    const other = await login(s.app, 'developer');
    const refused = await post(other, API_PATHS.captureAction, { application_id: home.applicationId, action: 'x' });
    assert.equal(refused.statusCode, 403);
    assert.deepEqual(
      labels(
        await post(officer, API_PATHS.captureAction, { application_id: home.applicationId, action: 'reject now' }),
      ),
      ['action'],
    );
  });
});

describe('documents', () => {
  it('uploadNICtos3 files a file the application holds as an identity document, under its new name', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
    const form = multipart([
      { name: 'application_id', value: home.applicationId },
      { name: 'fieldKey', value: 'id_document' },
      { name: 'file', file: { name: 'scan.pdf', data: pdf, type: 'application/pdf' } },
    ]);
    const uploaded = await s.app.inject({
      method: 'POST',
      url: API_PATHS.uploadDocument,
      headers: { ...officer.headers, 'content-type': form.type },
      payload: form.payload,
    });
    assert.equal(uploaded.statusCode, 200, uploaded.body);
    const source = uploaded.json().fileId as string;
    const body = {
      app_id: home.applicationId,
      filename: 'voter-id.pdf',
      filePath: apiPath('downloadDocument', { fileId: source }),
      docType: 'VOTER_ID',
    };
    const filed = await post(officer, API_PATHS.uploadNic, body);
    assert.equal(filed.statusCode, 200, filed.body);
    const docs = await call(
      s.app,
      'GET',
      apiPath('applicationDocuments', { applicationId: home.applicationId }),
      officer,
    );
    const nic = docs.json().data.find((d: { fileId: string }) => d.fileId === filed.json().fileId);
    assert.equal(nic.fileName, 'voter-id.pdf');
    assert.equal(nic.fieldKey, 'nic_document');
    assert.equal(nic.metadata.docType, 'VOTER_ID');
    const bytes = await call(s.app, 'GET', apiPath('downloadDocument', { fileId: nic.fileId }), officer);
    assert.deepEqual(bytes.rawPayload, pdf);

    assert.deepEqual(labels(await post(officer, API_PATHS.uploadNic, { ...body, filename: 'voter-id.png' })), [
      'filename',
    ]);
    assert.deepEqual(labels(await post(officer, API_PATHS.uploadNic, { ...body, filePath: '/etc/passwd' })), [
      'filePath',
    ]);
    const unknown = {
      ...body,
      filePath: apiPath('downloadDocument', { fileId: '00000000-0000-4000-8000-000000000000' }),
    };
    assert.deepEqual(labels(await post(officer, API_PATHS.uploadNic, unknown)), ['filePath']);
    // Writing documents needs MANAGE_DOCUMENT (the approver has access through no task here: 403 either way).
    const approver = await login(s.app, 'approver');
    assert.equal((await post(approver, API_PATHS.uploadNic, body)).statusCode, 403);
  });
});
