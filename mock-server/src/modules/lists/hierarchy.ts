// The NSM and geo-limit lists (spec §7 "Lists and search"; README "Routes"): the team hierarchy is the
// HIERARCHY teams and their parents (teams.parent_id: branches under their region). A caller's zone group is
// their own HIERARCHY teams and every team below them; a holder of an ALL_APPLICATIONS_* permission has the
// whole hierarchy.
import { seesAll } from '@originate/contract';
import type { Queryable } from '../../db';
import { forbidden, invalid, notFound } from '../../http/errors';
import { likePrefix } from './shared-query';
import type { ListCaller } from './task-pages';

export interface ZoneTeam {
  id: string;
  name: string;
  parentId: string | null;
  /** Depth in the whole hierarchy: 0 for a team without a parent. */
  level: number;
  lead: { userid: string; displayName: string } | null;
  memberCount: number;
}

/** The caller's zone group, top teams first then by name. */
export async function zoneGroup(db: Queryable, caller: ListCaller): Promise<ZoneTeam[]> {
  const roots = seesAll(caller) ? null : caller.teams.filter((t) => t.type === 'HIERARCHY').map((t) => t.id);
  if (roots !== null && roots.length === 0) return [];
  const rows = await db.query<{
    id: string;
    name: string;
    parent_id: string | null;
    level: number;
    lead_id: string | null;
    lead_name: string | null;
    members: number;
  }>(
    `WITH RECURSIVE depth AS (
       SELECT id, 0 AS level FROM teams WHERE type = 'HIERARCHY' AND parent_id IS NULL
       UNION ALL SELECT t.id, d.level + 1 FROM teams t JOIN depth d ON t.parent_id = d.id WHERE d.level < 20
     ), zone AS (
       SELECT id, 0 AS hop FROM teams WHERE type = 'HIERARCHY' AND ($1::text[] IS NULL OR id = ANY($1::text[]))
       UNION SELECT t.id, z.hop + 1 FROM teams t JOIN zone z ON t.parent_id = z.id WHERE z.hop < 20
     )
     SELECT t.id, t.name, t.parent_id, coalesce(d.level, 0) AS level, t.lead_user_id AS lead_id,
            u.display_name AS lead_name,
            (SELECT count(*)::int FROM user_teams ut WHERE ut.team_id = t.id) AS members
       FROM teams t LEFT JOIN depth d ON d.id = t.id LEFT JOIN users u ON u.userid = t.lead_user_id
      WHERE t.id IN (SELECT id FROM zone)
      ORDER BY coalesce(d.level, 0), t.name`,
    [roots],
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    parentId: r.parent_id,
    level: r.level,
    lead: r.lead_id && r.lead_name ? { userid: r.lead_id, displayName: r.lead_name } : null,
    memberCount: r.members,
  }));
}

/** The team ids asked for, each of the zone group (400 naming the first that is not), or the whole group. */
export async function zoneTeamIds(db: Queryable, caller: ListCaller, asked: readonly string[] | undefined) {
  const zone = await zoneGroup(db, caller);
  const ids = new Set(zone.map((t) => t.id));
  if (asked === undefined) return [...ids];
  asked.forEach((id, i) => {
    if (!ids.has(id)) throw invalid(`teamIds[${i}]`, 'is not a team of your zone group');
  });
  return [...new Set(asked)];
}

/** The staff of those teams, by display name, matching the search (name or user name prefix) when given. */
export async function zoneStaff(db: Queryable, teamIds: readonly string[], search: string | undefined) {
  const rows = await db.query<{
    userid: string;
    username: string;
    display_name: string;
    teams: { id: string; name: string }[];
    is_lead: boolean;
  }>(
    `SELECT u.userid, u.username, u.display_name,
            jsonb_agg(jsonb_build_object('id', t.id, 'name', t.name) ORDER BY t.name) AS teams,
            coalesce(bool_or(t.lead_user_id = u.userid), false) AS is_lead
       FROM users u JOIN user_teams ut ON ut.user_id = u.userid JOIN teams t ON t.id = ut.team_id
      WHERE t.id = ANY($1::text[])
        AND ($2::text IS NULL OR lower(u.display_name) LIKE $2 OR lower(u.username) LIKE $2)
      GROUP BY u.userid, u.username, u.display_name
      ORDER BY u.display_name, u.userid LIMIT 100`,
    [teamIds, search === undefined ? null : likePrefix(search.trim().toLowerCase())],
  );
  return rows.map((r) => ({
    userid: r.userid,
    userName: r.username,
    displayName: r.display_name,
    teams: r.teams,
    isLead: r.is_lead,
  }));
}

/**
 * Whether an application's current task is worked in the caller's zone group, with its team's chain up
 * the hierarchy. 404 unknown; 403 when it is outside the zone and the caller has no other access to it.
 */
export async function geoLimitStatus(
  db: Queryable,
  caller: ListCaller,
  applicationId: string,
  hasAccess: boolean | null,
) {
  if (hasAccess === null) throw notFound('Application not found');
  const [row] = await db.query<{ team_id: string | null }>(
    `SELECT (SELECT e ->> 'id' FROM jsonb_array_elements(t.assigned_team) e WHERE e ->> 'type' = 'HIERARCHY' LIMIT 1)
              AS team_id
       FROM applications a LEFT JOIN tasks t ON t.task_id = a.current_task_id
      WHERE a.application_id = $1`,
    [applicationId],
  );
  const teamId = row?.team_id ?? null;
  const chain = teamId
    ? await db.query<{ id: string; name: string }>(
        `WITH RECURSIVE up AS (
           SELECT id, name, parent_id, 0 AS hop FROM teams WHERE id = $1
           UNION ALL SELECT t.id, t.name, t.parent_id, up.hop + 1 FROM teams t JOIN up ON t.id = up.parent_id WHERE up.hop < 20
         ) SELECT id, name FROM up ORDER BY hop`,
        [teamId],
      )
    : [];
  const zone = new Set((await zoneGroup(db, caller)).map((t) => t.id));
  const withinLimit = teamId !== null && zone.has(teamId);
  if (!withinLimit && !hasAccess) throw forbidden('You do not have access to this application');
  return {
    application_id: applicationId,
    team: chain[0] ?? null,
    chain: chain.map((t) => ({ id: t.id, name: t.name })),
    withinLimit,
  };
}
