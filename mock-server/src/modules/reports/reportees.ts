// POST /backstage/getReporteeDetails: who the caller's figures cover, which are the choices of the
// reports' team and user filters.
import type { ReporteeDetails } from '@originate/contract';
import type { Queryable } from '../../db';
import { type ScopeOf, targetRefusal } from './scope';

export async function reporteeDetails(db: Queryable, scope: ScopeOf): Promise<ReporteeDetails> {
  // Everyone's: every team and every staff user; a lead's: the teams they lead and their members; else oneself.
  const teams =
    scope.scope === 'OWN'
      ? []
      : await db.query<{ id: string; name: string; type: 'HIERARCHY' | 'DEPT' }>(
          `SELECT id, name, type FROM teams ${scope.scope === 'ALL' ? '' : 'WHERE id = ANY($1::text[])'} ORDER BY name, id`,
          scope.scope === 'ALL' ? [] : [scope.ledTeams],
        );
  const users = await db.query<{ userid: string; display_name: string; team_ids: string[] }>(
    `SELECT u.userid, u.display_name,
            coalesce((SELECT jsonb_agg(ut.team_id ORDER BY ut.team_id) FROM user_teams ut WHERE ut.user_id = u.userid), '[]') AS team_ids
       FROM users u ${scope.users === null ? '' : 'WHERE u.userid = ANY($1::text[])'}
      ORDER BY u.display_name, u.userid`,
    scope.users === null ? [] : [scope.users],
  );
  return {
    scope: scope.scope,
    teams: teams.map((t) => ({ id: t.id, name: t.name, type: t.type })),
    users: users.map((u) => ({
      userid: u.userid,
      displayName: u.display_name,
      teamIds: u.team_ids,
      canSetTarget: targetRefusal(scope, u.userid) === null,
    })),
    canSetTargets: scope.canSetTargets,
  };
}

/** A user's name for a spreadsheet's title rows (their id when they have none, or are no user). */
export async function displayNameOf(db: Queryable, userId: string): Promise<string> {
  const [row] = await db.query<{ display_name: string | null }>('SELECT display_name FROM users WHERE userid = $1', [
    userId,
  ]);
  return row?.display_name ?? userId;
}
