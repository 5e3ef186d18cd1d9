import type { ListTask, SlaPart, TableColumn, User } from '@originate/contract';

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
