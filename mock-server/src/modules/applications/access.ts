// Pure access rules the server enforces (spec §4, §6); who may assign whom is the contract's assignRefusal.
import { inTaskTeam, Permissions, type Team } from '@originate/contract';

export interface Actor {
  userid: string;
  userName: string;
  roles: readonly string[];
  teams: readonly Team[];
}

export interface TaskAccess {
  assignedTo: string | null;
  assignedTeam: readonly Team[];
  allowedUsers: readonly string[];
}

const ALL_APPLICATION_PERMISSIONS: readonly string[] = [
  Permissions.ALL_APPLICATIONS_ASSIGN,
  Permissions.ALL_APPLICATIONS_REASSIGN,
  Permissions.ALL_APPLICATIONS_ASSIGN_SELF,
];

/** Who may open an application: an assignee, a member of an assigned team, an allowed user, or an ALL_APPLICATIONS_* holder. */
export function canAccessApplication(actor: Actor, tasks: readonly TaskAccess[]): boolean {
  if (actor.roles.some((r) => ALL_APPLICATION_PERMISSIONS.includes(r))) return true;
  return tasks.some(
    (t) =>
      t.assignedTo === actor.userid ||
      t.allowedUsers.includes(actor.userid) ||
      t.allowedUsers.includes(actor.userName) ||
      inTaskTeam(actor.teams, t.assignedTeam),
  );
}

/** The caller as the access rules see them. */
export const toActor = (u: {
  userid: string;
  userName: string;
  roles: readonly string[];
  teams: readonly Team[];
}): Actor => ({
  userid: u.userid,
  userName: u.userName,
  roles: u.roles,
  teams: u.teams,
});

/** A task row as the access rules see it. */
export const toTaskAccess = (t: {
  assigned_to: string | null;
  assigned_team: readonly Team[];
  allowed_users: readonly string[];
}): TaskAccess => ({
  assignedTo: t.assigned_to,
  assignedTeam: t.assigned_team,
  allowedUsers: t.allowed_users,
});
