// Server answers the tests fake, each built as the contract's answer type: a change of an answer schema
// fails these at typecheck, not in the browser.
import type {
  ActionAnswer,
  Application,
  Approval,
  ListTask,
  ReplacedDocumentAnswer,
  SlaPart,
  TableColumn,
  TaskConfigs,
  User,
} from '@originate/contract';

const part = (over: Partial<SlaPart> = {}): SlaPart => ({
  status: 'RUNNING',
  startTS: '2026-11-20T09:00:00.000Z',
  endTS: null,
  timeLimit: { enabled: true, valueInMins: 2880, expectedEndTS: '2026-11-22T09:00:00.000Z' },
  ...over,
});

const MUMBAI = { type: 'HIERARCHY' as const, id: 'TEAM-MUM-WEST' };
const RETAIL = { type: 'DEPT' as const, id: 'TEAM-RETAIL-LENDING' };

export function task(over: Partial<ListTask> = {}): ListTask {
  return {
    taskId: 'TSK-1',
    name: 'Credit review',
    stepName: 'Underwriting',
    stepNumber: 2,
    type: 'APPVD',
    progress: 'In Progress',
    subStatus: 'In Progress',
    assignedTo: 'USR-1001',
    assignedToName: 'Rahul Verma',
    assignedTeam: [MUMBAI, RETAIL],
    allowedUsers: [],
    reviewDate: null,
    due_time: null,
    start_time: '2026-11-20T09:00:00.000Z',
    end_time: null,
    operationalLevelAgreement: {
      overall: part(),
      queued: part({ status: 'MET', endTS: '2026-11-20T10:00:00.000Z' }),
      assigned: part({ timeLimit: { enabled: false, valueInMins: 0, expectedEndTS: null } }),
    },
    blocking: true,
    flowInfo: { product_code: 'HL', flowName: 'Home Loan lifecycle', verNum: 1 },
    stepInfo: { stepType: 'APPVD', stepName: 'Underwriting', stepNumber: 2 },
    actions: [{ type: 'APPLICATION_ACTION', value: 'complete_step/user' }],
    activeOn: '2026-11-20T09:00:00.000Z',
    application_id: 'APP-0001',
    product_code: 'HL',
    product_name: 'Home loan',
    _applicationStatus: 'ACTIVE',
    stage: 'Underwriting',
    verNum: 243,
    loanAmount: 2500000,
    applicantName: 'Asha Rao',
    initiatedBy: null,
    cre_time: '2026-11-20T09:00:00.000Z',
    mod_time: '2026-11-21T09:00:00.000Z',
    ...over,
  };
}

export function staff(userid: string, roles: string[], over: Partial<User> = {}): User {
  return {
    userid,
    userName: userid.toLowerCase(),
    firstName: 'Test',
    lastName: userid,
    displayName: `Test ${userid}`,
    roles,
    applications: ['originate-backoffice'],
    teams: [MUMBAI, RETAIL],
    ...over,
  };
}

export const OFFICER_ROLES = ['NOTIFICATION', 'CPA', 'TASK_REVIEW_DATE', 'MANAGE_DOCUMENT', 'APPLICATIONS_ACTIONS'];
export const LEAD_ROLES = [
  ...OFFICER_ROLES,
  'TEAM_APPLICATIONS_ASSIGN',
  'TEAM_APPLICATIONS_REASSIGN',
  'TEAM_APPLICATIONS_ASSIGN_SELF',
];

export const COLUMNS: TableColumn[] = [
  { field: 'application_id', headerName: 'Application ID', kind: 'text', sortable: true, filterable: true },
  { field: 'loanAmount', headerName: 'Loan amount', kind: 'amount', sortable: true, filterable: true },
  { field: 'verNum', headerName: 'Version', kind: 'amount', sortable: true, filterable: true },
  {
    field: 'stage',
    headerName: 'Stage',
    kind: 'dropdown',
    options: ['Sourcing', 'Underwriting'],
    sortable: true,
    filterable: true,
  },
  { field: 'cre_time', headerName: 'Created', kind: 'date', sortable: true, filterable: true },
  { field: 'note', headerName: 'Note', kind: 'text', sortable: false, filterable: false },
];

/** GET /v3/application/{id}: the stored application (what the header reads). */
export function application(over: Partial<Application> = {}): Application {
  return {
    application_id: 'APP-1',
    product_code: 'HL',
    product_name: 'Home loan',
    _applicationStatus: 'ACTIVE',
    ...over,
  };
}

const T1 = { type: 'HIERARCHY' as const, id: 'T-1' };
const NO_LIMIT = part({ timeLimit: { enabled: false, valueInMins: 0, expectedEndTS: null } });

/** GET /v3/taskconfigs/getConfigs: an ACTIVE application's task In Progress, assigned to USR-1 of team T-1. */
export function taskConfigs(over: Partial<TaskConfigs> = {}, task: Partial<TaskConfigs['task']> = {}): TaskConfigs {
  return {
    application_id: 'APP-1',
    status: 'ACTIVE',
    stage: 'Credit review',
    subStatus: 'In Progress',
    editingDisabled: false,
    hasPreviousStep: true,
    assigned: true,
    tabs: [],
    taskActions: [],
    actions: [],
    steps: [],
    ...over,
    task: {
      taskId: 'TSK-1',
      name: 'Credit review',
      stepName: 'Credit review',
      stepNumber: 2,
      type: 'APPVD',
      progress: 'In Progress',
      assignedTo: 'USR-1',
      assignedToName: 'Olive Officer',
      assignedTeam: [T1],
      allowedUsers: [],
      reviewDate: null,
      due_time: null,
      start_time: '2026-03-10T09:00:00.000Z',
      end_time: null,
      operationalLevelAgreement: { overall: NO_LIMIT, queued: NO_LIMIT, assigned: NO_LIMIT },
      blocking: true,
      flowInfo: { product_code: 'PL', flowName: 'Personal Loan lifecycle', verNum: 1 },
      stepInfo: { stepType: 'APPVD', stepName: 'Credit review', stepNumber: 2 },
      actions: [],
      activeOn: '2026-03-10T09:00:00.000Z',
      callbackRequested: false,
      callbackAt: null,
      ...task,
    },
  };
}

/** An approval USR-1 (who captured the application) asked USR-3 for: a 20-lakh loan pending at level 1 of 3. */
export function approval(over: Partial<Approval> = {}): Approval {
  return {
    approvalId: 'APR-1',
    application_id: 'APP-1',
    taskId: 'TSK-1',
    kind: 'APPROVAL',
    status: 'PENDING',
    reason: 'Amount above limit',
    requestedBy: { userid: 'USR-1', displayName: 'Olive Officer' },
    level: 1,
    levelName: 'Branch Credit Manager',
    maxAmount: 500_000,
    levelCount: 3,
    requiredApprovers: 1,
    loanAmount: 2_000_000,
    approver: { userid: 'USR-3', displayName: 'Arun Approver' },
    approverTeams: [],
    decisions: [],
    fourEyes: {
      capturedBy: ['USR-1'],
      editedAfterSubmitBy: [],
      approvedAtEarlierLevelsBy: [],
      approvedAtThisLevelBy: [],
    },
    decidedBy: null,
    decisionComment: null,
    createdAt: '2026-03-10T09:00:00Z',
    decidedAt: null,
    canAct: true,
    cannotActReason: null,
    ...over,
  };
}

/** What an application action answers: where it left the task. */
export function actionAnswer(over: Partial<ActionAnswer> = {}): ActionAnswer {
  return {
    message: 'done',
    application_id: 'APP-1',
    taskId: 'TSK-1',
    status: 'ACTIVE',
    stage: 'Credit review',
    progress: 'In Progress',
    nextTaskId: null,
    assignedTo: 'USR-1',
    notificationId: null,
    ...over,
  };
}

/** POST /v3/updateDocument: the document's new file. */
export function replacedDocument(over: Partial<ReplacedDocumentAnswer> = {}): ReplacedDocumentAnswer {
  return {
    fileId: 'f-1',
    fileName: 'pan-v3.pdf',
    size: 2048,
    mimeType: 'application/pdf',
    version: 3,
    ...over,
  };
}
