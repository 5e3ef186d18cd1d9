// The one team rule, in a module of its own so every rule that matches teams (assignment, field access)
// imports it without a cycle through the rules' index.
import type { Team } from '../contracts/entities';

/** A user's team matches an assigned team of the same type (HIERARCHY or DEPT) by id; `allTeams` covers every team of its type. */
function teamMatches(userTeam: Team, assigned: Team): boolean {
  return userTeam.type === assigned.type && (userTeam.allTeams === true || userTeam.id === assigned.id);
}

/**
 * The one team rule (spec §4 'the user's team matches one of the task's assigned teams (hierarchy and
 * department)'): one of the user's teams matches ANY one of the task's teams. The server's access check
 * and the browser's 'assigned' both use it; the package README "Team access" gives the reasoning.
 */
export function inTaskTeam(userTeams: readonly Team[], taskTeams: readonly Team[]): boolean {
  return userTeams.some((mine) => taskTeams.some((theirs) => teamMatches(mine, theirs)));
}
