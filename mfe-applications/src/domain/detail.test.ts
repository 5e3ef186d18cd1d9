import { ApiError, formatBankDateTime, type User } from '@originate/contract';
import { taskConfigs as configs, approval as pendingApproval } from '../test/fixtures';
import {
  approvalLevelText,
  approvalOffer,
  approvalWaitText,
  canManageDocuments,
  canRebook,
  completionProblem,
  decisionLine,
  detailTabs,
  formAccess,
  futureTimeInput,
  headerModel,
  historyRows,
  offeredActions,
  queryButtons,
  queryRecipient,
  uploadProblem,
  worklogLine,
} from './detail';

const NOW = new Date('2026-03-10T10:00:00Z');
const team = { type: 'HIERARCHY' as const, id: 'T-1' };

const officer: Pick<User, 'userid' | 'roles' | 'teams'> = {
  userid: 'USR-1',
  roles: ['APPLICATIONS_ACTIONS', 'TASK_REVIEW_DATE', 'MANAGE_DOCUMENT'],
  teams: [team],
};

describe('detailTabs (shared visibleTabs on the task)', () => {
  it('gives the assignee of a task In Progress every tab', () => {
    expect(detailTabs(configs(), officer, NOW)).toEqual([
      'Snooze',
      'Worklogs',
      'Queries',
      'Docs',
      'Notes',
      'Approvals',
      'Tasks',
      'Save',
      'Actions',
      'Close',
    ]);
  });

  it('hides Save and Actions (and Close) when unassigned, Save when editing is disabled', () => {
    const unassigned = detailTabs(configs({ assigned: false }), officer, NOW);
    expect(unassigned).not.toContain('Save');
    expect(unassigned).not.toContain('Actions');
    expect(unassigned).not.toContain('Close');
    const disabled = detailTabs(configs({ editingDisabled: true }), officer, NOW);
    expect(disabled).not.toContain('Save');
    expect(disabled).toContain('Actions');
  });

  it('has no Actions tab without APPLICATIONS_ACTIONS, no Snooze without TASK_REVIEW_DATE', () => {
    const tabs = detailTabs(configs(), { ...officer, roles: ['MANAGE_DOCUMENT'] }, NOW);
    expect(tabs).not.toContain('Actions');
    expect(tabs).not.toContain('Snooze');
  });

  it('computes the sub-status from the task: a future review date snoozes it (no Close), a past one does not', () => {
    const snoozed = detailTabs(configs({}, { reviewDate: '2026-03-11T10:00:00Z' }), officer, NOW);
    expect(snoozed).toContain('Snooze');
    expect(snoozed).not.toContain('Close');
    expect(detailTabs(configs({}, { reviewDate: '2026-03-09T10:00:00Z' }), officer, NOW)).toContain('Close');
  });

  it('keeps Approvals readable on a rejected task, and only the always-tabs on a cancelled one', () => {
    const rejected = detailTabs(
      configs({ status: 'REJECTED', assigned: false }, { progress: 'Rejected' }),
      officer,
      NOW,
    );
    expect(rejected).toEqual(['Worklogs', 'Docs', 'Notes', 'Approvals', 'Tasks']);
    const cancelled = detailTabs(
      configs({ status: 'CANCELLED', assigned: false }, { progress: 'Cancelled' }),
      officer,
      NOW,
    );
    expect(cancelled).toEqual(['Worklogs', 'Docs', 'Notes', 'Tasks']);
  });

  it('opens the form for writing exactly when the Save tab shows', () => {
    expect(formAccess(detailTabs(configs(), officer, NOW))).toBe('WRITE');
    expect(formAccess(detailTabs(configs({ editingDisabled: true }), officer, NOW))).toBe('READ');
    expect(formAccess(detailTabs(configs({ assigned: false }), officer, NOW))).toBe('READ');
  });
});

describe('offeredActions (shared applyAction and actionPermission)', () => {
  it('offers the assignee of an open task what the state machine allows', () => {
    expect(offeredActions(configs(), officer)).toEqual([
      'reject',
      'cancel',
      'inactivate',
      'revert_stage',
      'release',
      'delete',
      'request_for_callback',
    ]);
  });

  it('swaps request_for_callback for complete_callback while a callback is open, and drops revert at the first step', () => {
    const actions = offeredActions(configs({ hasPreviousStep: false }, { callbackRequested: true }), officer);
    expect(actions).toContain('complete_callback');
    expect(actions).not.toContain('request_for_callback');
    expect(actions).not.toContain('revert_stage');
  });

  it('rebooks an open callback for whoever may complete it (shared rebookRefusal)', () => {
    expect(canRebook(configs({}, { callbackRequested: true }), officer)).toBe(true);
    expect(canRebook(configs(), officer)).toBe(false);
    expect(canRebook(configs({ assigned: false }, { callbackRequested: true }), officer)).toBe(false);
    expect(canRebook(configs({}, { callbackRequested: true }), { ...officer, roles: [] })).toBe(false);
  });

  it('offers nothing but release to the assignee without APPLICATIONS_ACTIONS, nothing to a stranger', () => {
    expect(offeredActions(configs(), { ...officer, roles: [] })).toEqual(['release']);
    expect(offeredActions(configs({ assigned: false }, { assignedTo: 'USR-9' }), { ...officer, roles: [] })).toEqual(
      [],
    );
  });

  it('offers activate and delete on an inactive application to a holder of APPLICATIONS_ACTIONS', () => {
    expect(offeredActions(configs({ status: 'INACTIVE', assigned: false }), officer)).toEqual([
      'cancel',
      'activate',
      'delete',
    ]);
  });
});

describe('approvals and queries', () => {
  const approval = pendingApproval();

  it('offers every decision to an approver of the level whom four eyes lets decide, while pending', () => {
    expect(approvalOffer(approval, 'USR-3')).toEqual({
      actions: ['approve', 'reject', 'forward', 'send_back'],
      refusal: null,
    });
    expect(approvalOffer({ ...approval, status: 'APPROVED' }, 'USR-3')).toEqual({ actions: [], refusal: null });
    // The final level forwards nowhere.
    expect(approvalOffer({ ...approval, level: 3 }, 'USR-3').actions).toEqual(['approve', 'reject', 'send_back']);
  });

  it('offers nothing to whom the four-eyes rule refuses, and says why in words', () => {
    // USR-1 captured it: even a server that let them act would refuse the decision.
    expect(approvalOffer(approval, 'USR-1')).toEqual({
      actions: [],
      refusal: 'You cannot decide this approval: you captured this application; someone who did not must decide it.',
    });
    const approvedBelow = { ...approval, fourEyes: { ...approval.fourEyes, approvedAtEarlierLevelsBy: ['USR-3'] } };
    expect(approvalOffer(approvedBelow, 'USR-3').refusal).toBe(
      'You cannot decide this approval: you already approved this application at an earlier level.',
    );
  });

  it("offers nothing to whom the server would not let act, with the server's reason", () => {
    const notHis = { ...approval, canAct: false, cannotActReason: 'You are not an approver of level 1' };
    expect(approvalOffer(notHis, 'USR-9')).toEqual({ actions: [], refusal: 'You are not an approver of level 1' });
  });

  it('says the level, its limit, who decides and what approving a loan above the limit does', () => {
    expect(approvalLevelText(approval)).toBe('Level 1 of 3, Branch Credit Manager: decides up to ₹5,00,000 (5 lakh)');
    expect(approvalLevelText({ ...approval, level: 3, levelName: 'Credit Committee', maxAmount: null })).toBe(
      'Level 3 of 3, Credit Committee: decides any amount',
    );
    expect(approvalWaitText(approval)).toBe(
      "Waiting for Arun Approver. The loan of ₹20,00,000 (20 lakh) is above this level's limit: approving forwards it to level 2.",
    );
    const queued = {
      ...approval,
      approver: null,
      approverTeams: [{ id: 'TEAM-CREDIT', name: 'Credit Approvals' }],
      requiredApprovers: 2,
      maxAmount: 5_000_000,
      fourEyes: { ...approval.fourEyes, approvedAtThisLevelBy: ['USR-7'] },
    };
    expect(approvalWaitText(queued)).toBe(
      'Waiting for any approver of Credit Approvals (1 of 2 distinct approvers still needed).',
    );
    expect(approvalWaitText({ ...approval, status: 'REJECTED' })).toBeNull();
  });

  it('tells each decision as a history line', () => {
    expect(
      decisionLine({
        level: 1,
        action: 'approve',
        by: { userid: 'USR-3', displayName: 'Arun Approver' },
        at: '2026-03-10T09:00:00Z',
        comment: 'income verified',
        toLevel: 2,
        to: null,
      }),
    ).toBe(
      `${formatBankDateTime('2026-03-10T09:00:00Z')} · level 1 · Arun Approver approved → level 2: income verified`,
    );
  });

  it('offers per query status: open ones are updated, commented, closed; closed ones reopened', () => {
    expect(queryButtons('OPEN')).toEqual(['update', 'comment', 'close']);
    expect(queryButtons('RESOLVED')).toEqual(['comment', 'close', 'reopen']);
    expect(queryButtons('CLOSED')).toEqual(['reopen']);
  });
});

describe('documents', () => {
  it('needs MANAGE_DOCUMENT for writes', () => {
    expect(canManageDocuments({ roles: ['MANAGE_DOCUMENT'] })).toBe(true);
    expect(canManageDocuments({ roles: ['APPLICATIONS_ACTIONS'] })).toBe(false);
  });

  it('refuses a file over 30 MB or of another type before upload, naming it', () => {
    expect(uploadProblem({ name: 'payslip.pdf', size: 31457280, type: 'application/pdf' })).toBeNull();
    expect(uploadProblem({ name: 'scan.pdf', size: 31457281, type: 'application/pdf' })).toBe(
      'scan.pdf: The file is larger than 30 MB',
    );
    expect(uploadProblem({ name: 'tool.exe', size: 10, type: 'application/x-msdownload' })).toMatch(
      /^tool\.exe: Only these file types are allowed: Photo \(JPG, PNG, HEIC\), .* ZIP archive .*, up to 30 MB$/,
    );
  });
});

describe('completionProblem', () => {
  it('reads the completion error of a refused complete_step/user', () => {
    const error = new ApiError(409, {
      code: 409,
      message: 'QUERIES_PENDING',
      errors: [{ label: 'QUERIES_PENDING', reason: '1 query(ies) are still open' }],
    });
    expect(completionProblem(error)).toEqual({
      error: 'QUERIES_PENDING',
      detail: '1 query(ies) are still open',
      advice: expect.stringContaining('Queries tab'),
    });
    for (const name of ['EXCEPTIONS_RAISED_PENDING_FOR_APPROVAL', 'APPROVALS_PENDING'] as const) {
      expect(completionProblem(new ApiError(409, { code: 409, message: name }))).toMatchObject({
        error: name,
        detail: null,
        advice: expect.stringContaining('Approvals tab'),
      });
    }
  });

  it('is null for any other failure (those go the catalogue path)', () => {
    expect(completionProblem(new ApiError(403, { code: 403, message: 'the task is not assigned to you' }))).toBeNull();
    expect(completionProblem(new Error('network'))).toBeNull();
  });
});

describe('view models', () => {
  it('builds the header from the task (its SLA shows as the SlaChip)', () => {
    const sla = { status: 'RUNNING' as const, startTS: null, endTS: null };
    const part = { ...sla, timeLimit: { enabled: false, valueInMins: 0, expectedEndTS: null } };
    const record = {
      product_name: 'Personal loan',
      product_code: 'PL',
      applicant: { primary: { fullName: 'Asha Rao' } },
    };
    const model = headerModel(
      configs(
        {},
        {
          operationalLevelAgreement: {
            overall: {
              ...sla,
              timeLimit: { enabled: true, valueInMins: 60, expectedEndTS: '2026-03-10T11:05:09+05:30' },
            },
            queued: part,
            assigned: part,
          },
        },
      ),
      record,
    );
    expect(model).toEqual({
      applicationId: 'APP-1',
      product: 'Personal loan (PL)',
      applicant: 'Asha Rao',
      status: 'Active',
      stage: 'Credit review',
      task: 'Credit review · In Progress',
      assignee: 'Olive Officer',
      callback: null,
    });
    expect(
      headerModel(configs({}, { callbackRequested: true, callbackAt: '2026-03-12T09:30:00+05:30' })).callback,
    ).toBe('12/03/2026 09:30:00 IST');
    expect(headerModel(configs({}, { callbackRequested: true })).callback).toBe('Requested, no time set');
    const bare = headerModel(configs({}, { assignedTo: null, assignedToName: null }));
    expect([bare.assignee, bare.product, bare.applicant]).toEqual(['Unassigned', '—', '—']);
    const named = { ...record, applicant: { primary: { firstName: 'Asha', lastName: 'Rao' } } };
    expect(headerModel(configs(), named).applicant).toBe('Asha Rao');
    expect(headerModel(configs(), record, { userid: 'USR-1', displayName: 'Rahul Verma' }).assignee).toBe(
      'Rahul Verma (you)',
    );
  });

  it('lists a field change old → new, who, when (DD/MM/YYYY hh:mm:ss)', () => {
    expect(
      historyRows([
        {
          id: '1',
          fieldKey: 'loan_amount',
          oldValue: 500000,
          newValue: 750000,
          userId: 'USR-1',
          userName: 'Olive Officer',
          source: 'staff',
          createdAt: '2026-03-10T09:08:07+05:30',
        },
        {
          id: '2',
          fieldKey: 'city',
          oldValue: null,
          newValue: 'Pune',
          userId: null,
          userName: null,
          source: 'applicant',
          createdAt: '2026-03-09T18:00:00+05:30',
        },
      ]),
    ).toEqual([
      {
        id: '1',
        field: 'loan_amount',
        change: '500000 → 750000',
        who: 'Olive Officer',
        when: '10/03/2026 09:08:07 IST',
      },
      { id: '2', field: 'city', change: '— → Pune', who: 'applicant', when: '09/03/2026 18:00:00 IST' },
    ]);
  });

  it('writes a worklog line with what the action carried', () => {
    expect(
      worklogLine({
        id: '1',
        taskId: 'TSK-1',
        userId: 'USR-1',
        userName: null,
        action: 'reject',
        detail: { comment: 'Income not proven', outcome: 'REJECTED', empty: '' },
        createdAt: '2026-03-10T09:00:00+05:30',
      }),
    ).toEqual({
      action: 'reject',
      detail: 'comment: Income not proven, outcome: REJECTED',
      who: 'USR-1',
      when: '10/03/2026 09:00:00 IST',
    });
  });

  it('reads a logged change: nested states as key value pairs, instants as DD/MM/YYYY hh:mm:ss', () => {
    const line = worklogLine({
      id: '3',
      taskId: 'TSK-1',
      userId: 'USR-1',
      userName: 'Rahul Verma',
      action: 'rebook',
      detail: {
        from: { callbackAt: '2026-03-11T09:30:00+05:30' },
        to: { callbackAt: '2026-03-12T11:30:00+05:30', status: 'ACTIVE' },
        fields: ['pan', 'income'],
      },
      createdAt: '2026-03-10T09:00:00+05:30',
    });
    expect(line.detail).toBe(
      'from: callbackAt 11/03/2026 09:30:00 IST, to: callbackAt 12/03/2026 11:30:00 IST · status ACTIVE, fields: pan, income',
    );
  });

  it('names the applicant on a worklog line no user wrote (their answer to a request)', () => {
    const line = worklogLine({
      id: '2',
      taskId: 'TSK-1',
      userId: null,
      userName: null,
      action: 'answer_request',
      detail: {},
      createdAt: '2026-03-10T09:00:00+05:30',
    });
    expect(line.who).toBe('Applicant');
  });

  it('says who a query is to: the applicant, the user it names, or the task team', () => {
    expect(queryRecipient({ recipient: 'APPLICANT', assignedTo: null })).toBe('the applicant');
    expect(queryRecipient({ recipient: 'STAFF', assignedTo: { userid: 'USR-2', displayName: 'Priya Sharma' } })).toBe(
      'Priya Sharma',
    );
    expect(queryRecipient({ recipient: 'STAFF', assignedTo: null })).toBe('the task team');
  });

  it('takes a callback time only in the future (shared futureTimeProblem)', () => {
    expect(futureTimeInput('callback', '', NOW)).toEqual({ ok: false, reason: 'Pick a callback date and time' });
    expect(futureTimeInput('callback', '2020-01-01T10:00', NOW)).toEqual({
      ok: false,
      reason: 'The callback time must be in the future',
    });
    expect(futureTimeInput('callback', '2030-01-01T10:00', NOW)).toEqual({
      ok: true,
      iso: new Date('2030-01-01T10:00').toISOString(),
    });
  });

  it('takes a review date only in the future', () => {
    expect(futureTimeInput('review', '', NOW)).toEqual({ ok: false, reason: 'Pick a review date and time' });
    expect(futureTimeInput('review', '2020-01-01T10:00', NOW)).toEqual({
      ok: false,
      reason: 'The review date must be in the future',
    });
    expect(futureTimeInput('review', '2030-01-01T10:00', NOW)).toEqual({
      ok: true,
      iso: new Date('2030-01-01T10:00').toISOString(),
    });
  });
});
