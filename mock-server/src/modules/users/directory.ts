// Reads users with their teams and answers the team questions access rules ask.

import type { Team, TeamDirectoryAnswer, TeamMember, User } from '@originate/contract';
import type { Db, Queryable } from '../../db';
import { auditConfig } from '../../platform/config-audit';
import type { UserRecord } from '../../platform/context';

interface UserRow extends Record<string, unknown> {
  userid: string;
  username: string;
  first_name: string;
  last_name: string;
  display_name: string;
  email: string | null;
  roles: string[];
  applications: string[];
  selected_teams: string[] | null;
}

interface TeamRow extends Record<string, unknown> {
  user_id: string;
  id: string;
  name: string;
  type: Team['type'];
  all_teams: boolean;
  is_lead: boolean;
}

const USER_COLUMNS =
  'userid, username, first_name, last_name, display_name, email, roles, applications, selected_teams';

function toUser(row: UserRow, teams: TeamRow[]): UserRecord {
  const teamDetails = teams.map((t) => ({
    type: t.type,
    id: t.id,
    name: t.name,
    allTeams: t.all_teams,
    isLead: t.is_lead,
  }));
  const selectedTeams = row.selected_teams ?? teamDetails.map((t) => t.id);
  return {
    userid: row.userid,
    userName: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    displayName: row.display_name,
    email: row.email,
    roles: row.roles,
    applications: row.applications,
    teams: teamDetails.map(({ type, id, name, allTeams }) => ({ type, id, name, allTeams })),
    teamData: { selectedTeams },
    teamDetails,
    selectedTeams,
  };
}

async function teamsOf(db: Queryable, userIds: string[]): Promise<TeamRow[]> {
  if (userIds.length === 0) return [];
  return db.query<TeamRow>(
    `SELECT ut.user_id, t.id, t.name, t.type, ut.all_teams, COALESCE(t.lead_user_id = ut.user_id, false) AS is_lead
       FROM user_teams ut JOIN teams t ON t.id = ut.team_id
      WHERE ut.user_id = ANY($1::text[])
      ORDER BY t.type, t.name`,
    [userIds],
  );
}

async function hydrate(db: Queryable, rows: UserRow[]): Promise<UserRecord[]> {
  const teams = await teamsOf(
    db,
    rows.map((r) => r.userid),
  );
  return rows.map((row) =>
    toUser(
      row,
      teams.filter((t) => t.user_id === row.userid),
    ),
  );
}

/**
 * A user's columns with their teams as one JSON column, `teams`, from the users row under `alias`: a caller and
 * their teams are read in the statement that reads them (every authenticated request does, and on PGlite each
 * statement costs about as much as a trivial route's own work).
 */
export const userWithTeamsColumns = (alias: string) =>
  `${USER_COLUMNS.split(', ')
    .map((column) => `${alias}.${column}`)
    .join(', ')},
   COALESCE((SELECT json_agg(json_build_object('user_id', ut.user_id, 'id', t.id, 'name', t.name, 'type', t.type,
                                               'all_teams', ut.all_teams,
                                               'is_lead', COALESCE(t.lead_user_id = ut.user_id, false))
                             ORDER BY t.type, t.name)
               FROM user_teams ut JOIN teams t ON t.id = ut.team_id WHERE ut.user_id = ${alias}.userid),
            '[]'::json) AS teams`;

export type UserWithTeamsRow = UserRow & { teams: TeamRow[] };

/** The user of a row read with userWithTeamsColumns. */
export const userOfRow = (row: UserWithTeamsRow): UserRecord => toUser(row, row.teams);

export async function findUserById(db: Queryable, userid: string): Promise<UserRecord | null> {
  const [row] = await db.query<UserWithTeamsRow>(
    `SELECT ${userWithTeamsColumns('u')} FROM users u WHERE u.userid = $1`,
    [userid],
  );
  return row ? userOfRow(row) : null;
}

export async function findUserByName(db: Queryable, username: string): Promise<UserRecord | null> {
  const rows = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE lower(username) = lower($1)`, [
    username,
  ]);
  return (await hydrate(db, rows))[0] ?? null;
}

export async function passwordHashOf(
  db: Queryable,
  username: string,
): Promise<{ userid: string; hash: string } | null> {
  const rows = await db.query<{ userid: string; password_hash: string }>(
    'SELECT userid, password_hash FROM users WHERE lower(username) = lower($1)',
    [username],
  );
  const row = rows[0];
  return row ? { userid: row.userid, hash: row.password_hash } : null;
}

/** Every user, or only the members of the given teams; ordered by display name. */
export async function listUsers(
  db: Queryable,
  opts: { teamIds?: string[]; search?: string; limit: number; offset: number },
): Promise<{ users: UserRecord[]; count: number }> {
  const search = opts.search?.trim() ?? '';
  const filter = `WHERE ($1::text[] IS NULL OR userid IN (SELECT user_id FROM user_teams WHERE team_id = ANY($1::text[])))
      AND ($2 = '' OR display_name ILIKE $3 OR username ILIKE $3)`;
  const params = [opts.teamIds ?? null, search, likePattern(search)];
  const [countRow] = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM users ${filter}`, params);
  const rows = await db.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users ${filter} ORDER BY display_name, userid LIMIT $4 OFFSET $5`,
    [...params, opts.limit, opts.offset],
  );
  return { users: await hydrate(db, rows), count: countRow?.count ?? 0 };
}

/** '50%_off' as an ILIKE pattern matching it anywhere, its wildcards taken literally. */
const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Staff: users with the back office among their applications (spec §6 access); applicants never are. */
export async function findStaff(
  db: Queryable,
  opts: { portalApp: string; search?: string; excludeIds: string[]; teamIds?: string[]; limit: number },
): Promise<UserRecord[]> {
  const search = opts.search?.trim() ?? '';
  const pattern = likePattern(search);
  const rows = await db.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users
      WHERE applications ? $1
        AND NOT userid = ANY($2::text[])
        AND ($3::text[] IS NULL OR userid IN (SELECT user_id FROM user_teams WHERE team_id = ANY($3::text[])))
        AND ($4 = '' OR display_name ILIKE $5 OR username ILIKE $5)
      ORDER BY display_name, userid LIMIT $6`,
    [opts.portalApp, opts.excludeIds, opts.teamIds ?? null, search, pattern, opts.limit],
  );
  return hydrate(db, rows);
}

/** The teams the user works with now (update_selected_teams); the caller checks they are the user's own. */
export async function saveSelectedTeams(db: Queryable, userid: string, teams: string[]): Promise<void> {
  await db.query('UPDATE users SET selected_teams = $2::jsonb WHERE userid = $1', [userid, JSON.stringify(teams)]);
}

/** Replaces a user's roles and teams (Settings › Users); the caller has checked each team exists. */
/** An operations admin sets a user's roles and teams: written with its audit row (what it was, what it became). */
export function saveUserAccess(
  db: Db,
  target: UserRecord,
  access: { roles: readonly string[]; teams: readonly { id: string; allTeams: boolean }[] },
  by: { by: string; at: Date },
): Promise<void> {
  const userid = target.userid;
  return db.transaction(async (tx) => {
    await tx.query('UPDATE users SET roles = $2::jsonb WHERE userid = $1', [userid, JSON.stringify(access.roles)]);
    await tx.query('DELETE FROM user_teams WHERE user_id = $1', [userid]);
    for (const team of access.teams) {
      await tx.query('INSERT INTO user_teams (user_id, team_id, all_teams) VALUES ($1, $2, $3)', [
        userid,
        team.id,
        team.allTeams,
      ]);
    }
    // Teams the user no longer has leave their selection (none left: all of theirs, as before choosing).
    await tx.query(
      `UPDATE users SET selected_teams = (SELECT jsonb_agg(t) FROM jsonb_array_elements_text(selected_teams) t
                                            WHERE t = ANY($2::text[]))
        WHERE userid = $1 AND selected_teams IS NOT NULL`,
      [userid, access.teams.map((t) => t.id)],
    );
    await auditConfig(tx, {
      kind: 'USER_ACCESS',
      key: userid,
      old: { roles: target.roles, teams: target.teams.map((t) => ({ id: t.id, allTeams: t.allTeams })) },
      value: access,
      userId: by.by,
      at: by.at,
    });
  });
}

export interface TeamInfo {
  id: string;
  name: string;
  type: Team['type'];
  leadUserId: string | null;
}

export async function findTeam(db: Queryable, by: { id?: string; name?: string }): Promise<TeamInfo | null> {
  const rows = await db.query<{ id: string; name: string; type: Team['type']; lead_user_id: string | null }>(
    by.id !== undefined
      ? 'SELECT id, name, type, lead_user_id FROM teams WHERE id = $1'
      : 'SELECT id, name, type, lead_user_id FROM teams WHERE lower(name) = lower($1)',
    [by.id ?? by.name],
  );
  const row = rows[0];
  return row ? { id: row.id, name: row.name, type: row.type, leadUserId: row.lead_user_id } : null;
}

/** Every team by name with its parent and how many are in it: what the lifecycle editor picks from. */
export async function teamDirectory(db: Queryable): Promise<TeamDirectoryAnswer['teams']> {
  const rows = await db.query<{
    id: string;
    name: string;
    type: Team['type'];
    parent_id: string | null;
    members: number;
  }>(
    `SELECT t.id, t.name, t.type, t.parent_id, (SELECT count(*)::int FROM user_teams ut WHERE ut.team_id = t.id) AS members
       FROM teams t ORDER BY t.name`,
  );
  return rows.map((r) => ({ id: r.id, name: r.name, type: r.type, parentId: r.parent_id, memberCount: r.members }));
}

export async function teamMembers(db: Queryable, teamId: string): Promise<TeamMember[]> {
  const rows = await db.query<{ userid: string; username: string; display_name: string; is_lead: boolean }>(
    `SELECT u.userid, u.username, u.display_name, COALESCE(t.lead_user_id = u.userid, false) AS is_lead
       FROM user_teams ut JOIN users u ON u.userid = ut.user_id JOIN teams t ON t.id = ut.team_id
      WHERE ut.team_id = $1 ORDER BY u.display_name`,
    [teamId],
  );
  return rows.map((r) => ({ userid: r.userid, userName: r.username, displayName: r.display_name, isLead: r.is_lead }));
}

export const isOpsAdmin = (user: Pick<User, 'roles'>) => user.roles.includes('ADMIN');
export const ledTeamIds = (user: UserRecord) => user.teamDetails.filter((t) => t.isLead).map((t) => t.id);
export const isMemberOf = (user: UserRecord, teamId: string) => user.teamDetails.some((t) => t.id === teamId);

/** The wire User (spec §3): no internal fields. */
export function publicUser(user: UserRecord): User {
  const { userid, userName, firstName, lastName, displayName, roles, applications, teams, teamData } = user;
  return { userid, userName, firstName, lastName, displayName, roles, applications, teams, teamData };
}
