// The team-access cases both sides are tested against (the contract's inTaskTeam and isAssignedToUser in jest,
// the server's access checks in node:test), so the browser and the server cannot drift apart again.
import type { Team } from '../contracts/entities';

export interface TeamAccessCase {
  name: string;
  userTeams: Team[];
  taskTeams: Team[];
  inTeam: boolean;
}

const MUM: Team = { type: 'HIERARCHY', id: 'MUM' };
const PUNE: Team = { type: 'HIERARCHY', id: 'PUNE' };
const RETAIL: Team = { type: 'DEPT', id: 'RETAIL' };
const OPS: Team = { type: 'DEPT', id: 'OPS' };

export const TEAM_ACCESS_CASES: readonly TeamAccessCase[] = [
  { name: 'same hierarchy and department', userTeams: [MUM, RETAIL], taskTeams: [MUM, RETAIL], inTeam: true },
  { name: 'the department alone matches', userTeams: [MUM, RETAIL], taskTeams: [PUNE, RETAIL], inTeam: true },
  { name: 'the hierarchy alone matches', userTeams: [MUM, RETAIL], taskTeams: [MUM, OPS], inTeam: true },
  { name: 'neither matches', userTeams: [MUM, RETAIL], taskTeams: [PUNE, OPS], inTeam: false },
  { name: 'a task with no team', userTeams: [MUM, RETAIL], taskTeams: [], inTeam: false },
  { name: 'a user with no team', userTeams: [], taskTeams: [MUM], inTeam: false },
  {
    name: 'same id, other type',
    userTeams: [{ type: 'DEPT', id: 'MUM' }],
    taskTeams: [MUM],
    inTeam: false,
  },
  {
    name: 'allTeams covers every team of its type',
    userTeams: [{ type: 'HIERARCHY', id: 'WEST', allTeams: true }],
    taskTeams: [PUNE, OPS],
    inTeam: true,
  },
  {
    name: 'allTeams does not cover the other type',
    userTeams: [{ type: 'HIERARCHY', id: 'WEST', allTeams: true }],
    taskTeams: [OPS],
    inTeam: false,
  },
];
