// The assignment cases both sides are tested against: the contract's assignRefusal and taskActionsFor in jest,
// mfe-applications' row menu in jest, and the server's POST /v3/application/action/assign|reassign and its
// candidate picker in node:test. The teams are the demo seed's, so the server runs them on seeded users.
import type { TaskAction } from '../contracts/backOffice';
import { Permissions } from '../contracts/constants';
import type { Team } from '../contracts/entities';

export interface AssignCase {
  name: string;
  action: 'assign' | 'reassign';
  /** The caller's permissions. */
  roles: string[];
  callerTeams: Team[];
  /** The task's assigned teams (its queue, or the team it is worked in). */
  taskTeams: Team[];
  /** Whom to: the caller, or another user in these teams. */
  target: 'self' | Team[];
  /** What a list row offers for it: Assign and AssignToSelf on a queued task, Reassign on an assigned one. */
  offered: TaskAction[];
  /** Null when the assignment is made; else the reason of the 403. */
  refused: string | null;
}

const MUM: Team = { type: 'HIERARCHY', id: 'TEAM-MUM-WEST' };
const PUNE: Team = { type: 'HIERARCHY', id: 'TEAM-PUNE-CENTRAL' };
const RETAIL: Team = { type: 'DEPT', id: 'TEAM-RETAIL-LENDING' };
const OPS: Team = { type: 'DEPT', id: 'TEAM-OPERATIONS' };

/** The demo team lead's permissions and teams. */
const LEAD_ROLES = [
  Permissions.TEAM_APPLICATIONS_ASSIGN,
  Permissions.TEAM_APPLICATIONS_REASSIGN,
  Permissions.TEAM_APPLICATIONS_ASSIGN_SELF,
];
const LEAD_TEAMS = [MUM, RETAIL];

export const ASSIGN_CASES: readonly AssignCase[] = [
  {
    name: "a team lead assigns another branch's queued task to his officer (PL-2026-000116)",
    action: 'assign',
    roles: LEAD_ROLES,
    callerTeams: LEAD_TEAMS,
    taskTeams: [PUNE],
    target: LEAD_TEAMS,
    offered: [],
    refused:
      "the task's team (TEAM-PUNE-CENTRAL) is not one of yours; TEAM_APPLICATIONS_ASSIGN reaches only tasks of your teams",
  },
  {
    name: "a team lead takes another branch's queued task himself",
    action: 'assign',
    roles: LEAD_ROLES,
    callerTeams: LEAD_TEAMS,
    taskTeams: [PUNE],
    target: 'self',
    offered: [],
    refused:
      "the task's team (TEAM-PUNE-CENTRAL) is not one of yours; TEAM_APPLICATIONS_ASSIGN reaches only tasks of your teams",
  },
  {
    name: "a team lead reassigns another branch's task",
    action: 'reassign',
    roles: LEAD_ROLES,
    callerTeams: LEAD_TEAMS,
    taskTeams: [PUNE, OPS],
    target: LEAD_TEAMS,
    offered: [],
    refused:
      "none of the task's teams (TEAM-PUNE-CENTRAL, TEAM-OPERATIONS) is yours; TEAM_APPLICATIONS_REASSIGN reaches only tasks of your teams",
  },
  {
    name: "a team lead assigns his team's queued task to his officer",
    action: 'assign',
    roles: LEAD_ROLES,
    callerTeams: LEAD_TEAMS,
    taskTeams: [MUM, RETAIL],
    target: LEAD_TEAMS,
    offered: ['AssignToSelf', 'Assign'],
    refused: null,
  },
  {
    name: "a team lead reassigns his team's task to his officer",
    action: 'reassign',
    roles: LEAD_ROLES,
    callerTeams: LEAD_TEAMS,
    taskTeams: [MUM, RETAIL],
    target: LEAD_TEAMS,
    offered: ['Reassign'],
    refused: null,
  },
  {
    name: 'one of the task’s teams is the lead’s department: his task',
    action: 'assign',
    roles: LEAD_ROLES,
    callerTeams: LEAD_TEAMS,
    taskTeams: [PUNE, RETAIL],
    target: [RETAIL],
    offered: ['AssignToSelf', 'Assign'],
    refused: null,
  },
  {
    name: "a team lead assigns his team's task to someone of none of his teams",
    action: 'assign',
    roles: LEAD_ROLES,
    callerTeams: LEAD_TEAMS,
    taskTeams: [MUM, RETAIL],
    target: [OPS],
    offered: ['AssignToSelf', 'Assign'],
    refused: 'they are in none of your teams',
  },
  {
    name: 'a task with no team is no team lead’s',
    action: 'assign',
    roles: LEAD_ROLES,
    callerTeams: LEAD_TEAMS,
    taskTeams: [],
    target: LEAD_TEAMS,
    offered: [],
    refused: 'the task has no team; TEAM_APPLICATIONS_ASSIGN reaches only tasks of your teams',
  },
  {
    name: 'a lead whose branch team covers every branch (allTeams) assigns a Pune task to a Mumbai officer',
    action: 'assign',
    roles: [Permissions.TEAM_APPLICATIONS_ASSIGN],
    callerTeams: [{ ...MUM, allTeams: true }],
    taskTeams: [PUNE],
    target: [MUM],
    offered: ['Assign'],
    refused: null,
  },
  {
    name: 'ALL_APPLICATIONS_ASSIGN assigns any task to anyone',
    action: 'assign',
    roles: [Permissions.ALL_APPLICATIONS_ASSIGN],
    callerTeams: [OPS],
    taskTeams: [PUNE],
    target: LEAD_TEAMS,
    offered: ['Assign'],
    refused: null,
  },
  {
    name: 'ALL_APPLICATIONS_REASSIGN reassigns any task to anyone',
    action: 'reassign',
    roles: [Permissions.ALL_APPLICATIONS_REASSIGN],
    callerTeams: [MUM],
    taskTeams: [PUNE],
    target: [OPS],
    offered: ['Reassign'],
    refused: null,
  },
  {
    name: 'TEAM_APPLICATIONS_ASSIGN_SELF takes a task of the caller’s team',
    action: 'assign',
    roles: [Permissions.TEAM_APPLICATIONS_ASSIGN_SELF],
    callerTeams: LEAD_TEAMS,
    taskTeams: [MUM],
    target: 'self',
    offered: ['AssignToSelf'],
    refused: null,
  },
  {
    name: 'TEAM_APPLICATIONS_ASSIGN_SELF assigns nobody else',
    action: 'assign',
    roles: [Permissions.TEAM_APPLICATIONS_ASSIGN_SELF],
    callerTeams: LEAD_TEAMS,
    taskTeams: [MUM],
    target: LEAD_TEAMS,
    offered: ['AssignToSelf'],
    refused: 'you may assign the task only to yourself',
  },
  {
    name: 'TEAM_APPLICATIONS_ASSIGN_SELF takes no task of another branch',
    action: 'assign',
    roles: [Permissions.TEAM_APPLICATIONS_ASSIGN_SELF],
    callerTeams: LEAD_TEAMS,
    taskTeams: [PUNE],
    target: 'self',
    offered: [],
    refused:
      "the task's team (TEAM-PUNE-CENTRAL) is not one of yours; TEAM_APPLICATIONS_ASSIGN_SELF reaches only tasks of your teams",
  },
  {
    name: 'ALL_APPLICATIONS_ASSIGN_SELF takes any task',
    action: 'assign',
    roles: [Permissions.ALL_APPLICATIONS_ASSIGN_SELF],
    callerTeams: LEAD_TEAMS,
    taskTeams: [PUNE],
    target: 'self',
    offered: ['AssignToSelf'],
    refused: null,
  },
  {
    name: 'an officer holds no assign permission',
    action: 'assign',
    roles: [Permissions.APPLICATIONS_ACTIONS],
    callerTeams: LEAD_TEAMS,
    taskTeams: [MUM, RETAIL],
    target: LEAD_TEAMS,
    offered: [],
    refused: 'assigning needs TEAM_APPLICATIONS_ASSIGN or ALL_APPLICATIONS_ASSIGN',
  },
  {
    name: 'the self permissions do not reassign',
    action: 'reassign',
    roles: [Permissions.ALL_APPLICATIONS_ASSIGN_SELF, Permissions.TEAM_APPLICATIONS_ASSIGN_SELF],
    callerTeams: LEAD_TEAMS,
    taskTeams: [MUM],
    target: 'self',
    offered: [],
    refused: 'reassigning needs TEAM_APPLICATIONS_REASSIGN or ALL_APPLICATIONS_REASSIGN',
  },
];
