// Whose figures a caller sees (contract reports.ts REPORT_SCOPES), decided from the caller alone:
// ALL for an operations admin or an ALL_APPLICATIONS_* holder, TEAM for the lead of a team (the members
// of the teams they lead, themselves included), OWN otherwise. A filter may only narrow it. Whose targets
// the caller sets is narrower: only users below them (targetRefusal).
import { type ReportScope, seesAll } from '@originate/contract';
import type { Queryable } from '../../db';
import { forbidden } from '../../http/errors';
import type { UserRecord } from '../../platform/context';
import { isOpsAdmin } from '../users';

export interface ScopeOf {
  scope: ReportScope;
  caller: UserRecord;
  /** The users whose figures the caller sees; null: everyone's (the portal's applications too). */
  users: string[] | null;
  /** The teams the caller leads (TEAM), which are the only teams a non-ALL caller may filter on. */
  ledTeams: string[];
  /**
   * Whose targets the caller sets: null for an operations admin (anyone's but their own); else the users
   * below them: the named members of the teams they lead, neither themselves, nor an operations admin,
   * nor the lead of a team the caller is in (who is above them). Empty for everyone else.
   */
  below: string[] | null;
  /** Someone's target is the caller's to set. */
  canSetTargets: boolean;
}

export async function scopeOf(db: Queryable, caller: UserRecord): Promise<ScopeOf> {
  const led = (
    await db.query<{ id: string }>('SELECT id FROM teams WHERE lead_user_id = $1 ORDER BY id', [caller.userid])
  ).map((r) => r.id);
  const members =
    led.length === 0
      ? []
      : await db.query<{ user_id: string; roles: string[]; all_teams: boolean; leads_caller: boolean }>(
          `SELECT ut.user_id, u.roles, bool_or(ut.all_teams) AS all_teams,
                  EXISTS (SELECT 1 FROM teams t JOIN user_teams mine ON mine.team_id = t.id AND mine.user_id = $2
                           WHERE t.lead_user_id = ut.user_id) AS leads_caller
             FROM user_teams ut JOIN users u ON u.userid = ut.user_id
            WHERE ut.team_id = ANY($1::text[]) GROUP BY ut.user_id, u.roles`,
          [led, caller.userid],
        );
  const below = isOpsAdmin(caller)
    ? null
    : members
        .filter((m) => m.user_id !== caller.userid && !m.all_teams && !m.leads_caller && !isOpsAdmin(m))
        .map((m) => m.user_id)
        .sort();
  const common = { caller, ledTeams: led, below, canSetTargets: below === null || below.length > 0 };
  if (isOpsAdmin(caller) || seesAll(caller)) return { scope: 'ALL', users: null, ...common };
  if (led.length === 0) return { scope: 'OWN', users: [caller.userid], ...common };
  const team = [...new Set([caller.userid, ...members.map((m) => m.user_id)])].sort();
  return { scope: 'TEAM', users: team, ...common };
}

/** Why the caller may not set `userId`'s target (403), or null: the one rule of whose targets are whose. */
export function targetRefusal(scope: ScopeOf, userId: string): string | null {
  if (userId === scope.caller.userid) return 'Nobody sets their own target';
  if (scope.below === null || scope.below.includes(userId)) return null;
  return 'Only an operations admin, or a team lead for the members of the teams they lead below them, sets targets';
}

/** Whether a user's figures are within the scope. */
export const inScope = (scope: ScopeOf, userId: string) => scope.users === null || scope.users.includes(userId);

/**
 * The users a report counts: the scope narrowed by a team and/or a user filter, each of which must be
 * within the scope (403 otherwise). Null: everyone's.
 */
export async function reportUsers(
  db: Queryable,
  scope: ScopeOf,
  filter: { teamId?: string; userId?: string },
): Promise<string[] | null> {
  let users = scope.users;
  if (filter.teamId !== undefined) {
    if (scope.scope !== 'ALL' && !scope.ledTeams.includes(filter.teamId)) {
      throw forbidden('That team is not within your reports (you may filter on the teams you lead)');
    }
    const members = (
      await db.query<{ user_id: string }>('SELECT user_id FROM user_teams WHERE team_id = $1', [filter.teamId])
    ).map((m) => m.user_id);
    users = users === null ? members : users.filter((u) => members.includes(u));
  }
  if (filter.userId !== undefined) {
    if (!inScope(scope, filter.userId)) throw forbidden("That user's figures are not within your reports");
    users = users === null || users.includes(filter.userId) ? [filter.userId] : [];
  }
  return users;
}
