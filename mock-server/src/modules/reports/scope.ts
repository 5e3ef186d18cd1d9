// Whose figures a caller sees (contract reports.ts REPORT_SCOPES), decided from the caller alone:
// ALL for an operations admin or an ALL_APPLICATIONS_* holder, TEAM for the lead of a team (the members
// of the teams they lead, themselves included), OWN otherwise. A filter may only narrow it.
import type { ReportScope } from '@originate/contract';
import type { Queryable } from '../../db';
import { forbidden } from '../../errors';
import { seesAll } from '../lists';
import { isOpsAdmin, type UserRecord } from '../users';

export interface ScopeOf {
  scope: ReportScope;
  caller: UserRecord;
  /** The users whose figures the caller sees; null: everyone's (the portal's applications too). */
  users: string[] | null;
  /** The teams the caller leads (TEAM), which are the only teams a non-ALL caller may filter on. */
  ledTeams: string[];
  /** The members of the teams the caller leads, the caller included (empty when they lead none). */
  reportees: string[];
  /** An operations admin sets anyone's target, a team lead their reportees'. */
  canSetTargets: boolean;
}

export async function scopeOf(db: Queryable, caller: UserRecord): Promise<ScopeOf> {
  const led = (
    await db.query<{ id: string }>('SELECT id FROM teams WHERE lead_user_id = $1 ORDER BY id', [caller.userid])
  ).map((r) => r.id);
  const canSetTargets = isOpsAdmin(caller) || led.length > 0;
  const members =
    led.length === 0
      ? []
      : await db.query<{ user_id: string }>('SELECT DISTINCT user_id FROM user_teams WHERE team_id = ANY($1::text[])', [
          led,
        ]);
  const reportees = led.length === 0 ? [] : [...new Set([caller.userid, ...members.map((m) => m.user_id)])].sort();
  const common = { caller, ledTeams: led, reportees, canSetTargets };
  if (isOpsAdmin(caller) || seesAll(caller)) return { scope: 'ALL', users: null, ...common };
  if (led.length === 0) return { scope: 'OWN', users: [caller.userid], ...common };
  return { scope: 'TEAM', users: reportees, ...common };
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
