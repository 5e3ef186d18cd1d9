// The demo bank's staff and teams. Passwords are the documented demo ones (README); never seeded in production.
import { PORTAL_APP_NAME, type TeamType } from '@originate/contract';

export interface SeedTeam {
  id: string;
  name: string;
  type: TeamType;
  lead?: string;
}

export interface SeedUser {
  userid: string;
  username: string;
  password: string;
  firstName: string;
  lastName: string;
  roles: string[];
  applications: string[];
  teams: { id: string; allTeams?: boolean }[];
}

export const TEAMS: SeedTeam[] = [
  { id: 'TEAM-MUM-WEST', name: 'Mumbai West Branch', type: 'HIERARCHY', lead: 'USR-1002' },
  { id: 'TEAM-PUNE-CENTRAL', name: 'Pune Central Branch', type: 'HIERARCHY' },
  { id: 'TEAM-WEST-REGION', name: 'West Region', type: 'HIERARCHY', lead: 'USR-1003' },
  { id: 'TEAM-RETAIL-LENDING', name: 'Retail Lending', type: 'DEPT', lead: 'USR-1002' },
  { id: 'TEAM-CREDIT-APPROVALS', name: 'Credit Approvals', type: 'DEPT', lead: 'USR-1003' },
  { id: 'TEAM-OPERATIONS', name: 'Loan Operations', type: 'DEPT', lead: 'USR-1004' },
  { id: 'TEAM-PLATFORM', name: 'Platform Engineering', type: 'DEPT' },
  // Decides home loans above 25 lakh, two members together (seed/approval-matrices.ts).
  { id: 'TEAM-CREDIT-COMMITTEE', name: 'Credit Committee', type: 'DEPT', lead: 'USR-1008' },
];

const PORTAL = [PORTAL_APP_NAME];
const OFFICER_ROLES = ['NOTIFICATION', 'CPA', 'TASK_REVIEW_DATE', 'MANAGE_DOCUMENT', 'APPLICATIONS_ACTIONS'];

export const USERS: SeedUser[] = [
  {
    userid: 'USR-1001',
    username: 'officer',
    password: 'Officer@123',
    firstName: 'Rahul',
    lastName: 'Verma',
    // AGENT: starts one-to-one video calls with applicants (README "Video calls").
    roles: [...OFFICER_ROLES, 'AGENT'],
    applications: PORTAL,
    teams: [{ id: 'TEAM-MUM-WEST' }, { id: 'TEAM-RETAIL-LENDING' }],
  },
  {
    userid: 'USR-1002',
    username: 'teamlead',
    password: 'Lead@123',
    firstName: 'Priya',
    lastName: 'Sharma',
    roles: [
      ...OFFICER_ROLES,
      'TEAM_APPLICATIONS_ASSIGN',
      'TEAM_APPLICATIONS_REASSIGN',
      'TEAM_APPLICATIONS_ASSIGN_SELF',
      'BCM',
      // SUPERVISOR: watches the team's video calls (README "Video calls").
      'SUPERVISOR',
    ],
    applications: PORTAL,
    teams: [{ id: 'TEAM-MUM-WEST' }, { id: 'TEAM-RETAIL-LENDING' }],
  },
  {
    userid: 'USR-1003',
    username: 'approver',
    password: 'Approver@123',
    firstName: 'Vikram',
    lastName: 'Nair',
    roles: ['NOTIFICATION', 'BH'],
    applications: PORTAL,
    teams: [{ id: 'TEAM-WEST-REGION' }, { id: 'TEAM-CREDIT-APPROVALS' }],
  },
  {
    userid: 'USR-1004',
    username: 'opsadmin',
    password: 'Admin@123',
    firstName: 'Meera',
    lastName: 'Krishnan',
    roles: [
      'ADMIN',
      'NOTIFICATION',
      'ALL_APPLICATIONS_ASSIGN',
      'ALL_APPLICATIONS_REASSIGN',
      'ALL_APPLICATIONS_ASSIGN_SELF',
      'APPLICATIONS_ACTIONS',
      'MANAGE_DOCUMENT',
    ],
    applications: PORTAL,
    teams: [{ id: 'TEAM-WEST-REGION', allTeams: true }, { id: 'TEAM-OPERATIONS' }],
  },
  {
    userid: 'USR-1005',
    username: 'developer',
    password: 'Developer@123',
    firstName: 'Arjun',
    lastName: 'Mehta',
    roles: ['DEVELOPER', 'DEBUGGER', 'NOTIFICATION'],
    applications: PORTAL,
    teams: [{ id: 'TEAM-PLATFORM' }],
  },
  {
    userid: 'USR-1006',
    username: 'debugger',
    password: 'Debugger@123',
    firstName: 'Sneha',
    lastName: 'Kulkarni',
    roles: ['DEBUGGER', 'NOTIFICATION'],
    applications: PORTAL,
    teams: [{ id: 'TEAM-PLATFORM' }],
  },
  {
    userid: 'USR-1007',
    username: 'outsider',
    password: 'Outsider@123',
    firstName: 'Karan',
    lastName: 'Malhotra',
    roles: ['NOTIFICATION'],
    applications: ['originate-customer-portal'],
    teams: [{ id: 'TEAM-PUNE-CENTRAL' }],
  },
  {
    userid: 'USR-1008',
    username: 'creditchief',
    password: 'Chief@123',
    firstName: 'Anita',
    lastName: 'Desai',
    roles: ['NOTIFICATION'],
    applications: PORTAL,
    teams: [{ id: 'TEAM-CREDIT-COMMITTEE' }],
  },
  {
    userid: 'USR-1009',
    username: 'riskhead',
    password: 'Risk@123',
    firstName: 'Rajesh',
    lastName: 'Gupta',
    roles: ['NOTIFICATION'],
    applications: PORTAL,
    teams: [{ id: 'TEAM-CREDIT-COMMITTEE' }],
  },
];

export const userById = (userid: string) => {
  const user = USERS.find((u) => u.userid === userid);
  if (!user) throw new Error(`seed user ${userid} is not defined`);
  return user;
};

export const seedDisplayName = (userid: string) => {
  const user = userById(userid);
  return `${user.firstName} ${user.lastName}`;
};

/**
 * The conference roles of spec §6 the demo gives (README "Video calls"): the officer is an AGENT, the team
 * lead a SUPERVISOR. A database seeded before they existed gets them too (seedConferenceRoles).
 */
export const CONFERENCE_ROLES: readonly { userid: string; role: string }[] = [
  { userid: 'USR-1001', role: 'AGENT' },
  { userid: 'USR-1002', role: 'SUPERVISOR' },
];
