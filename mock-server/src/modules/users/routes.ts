// Spec §7 "users": the caller's profile, roles and teams; team look-ups guarded by a /tokenApi/getToken token
// (route option shortToken, checked by the auth gate). The candidates of a user picker are the tasks module's.

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_PATHS, OPS_ADMIN_ROLE, PAGE_SIZE_DEFAULT, PAGE_SIZE_OPTIONS } from '@originate/contract';
import {
  closed,
  ERROR_ANSWERS,
  Id,
  NamedUserRolesAnswerSchema,
  SelectedTeamsAnswerSchema,
  TeamByNameAnswerSchema,
  TeamDirectoryAnswerSchema,
  TeamMembersAnswerSchema,
  UserAccessBodySchema,
  UserRolesAnswerSchema,
  UserSchema,
  UsersPageAnswerSchema,
  UserTeamsAnswerSchema,
} from '@originate/contract/schemas';
import Type from 'typebox';
import { forbidden, invalid, notFound, ValidationError } from '../../http/errors';
import { nonEmptyString } from '../../http/schemas';
import type { UserRecord } from '../../platform/context';
import { caller, type PluginOptions } from '../../platform/context';
import {
  findTeam,
  findUserById,
  findUserByName,
  isMemberOf,
  isOpsAdmin,
  ledTeamIds,
  listUsers,
  publicUser,
  saveSelectedTeams,
  saveUserAccess,
  type TeamInfo,
  teamDirectory,
  teamMembers,
} from './directory';

const tokenField = { token: nonEmptyString(512) };
const teamsAnswers = { 200: UserTeamsAnswerSchema, ...ERROR_ANSWERS };

export const usersRoutes: FastifyPluginAsyncTypebox<PluginOptions> = async (app, { ctx }) => {
  const { db } = ctx;

  const canSeeTeam = (user: UserRecord, team: TeamInfo) => isOpsAdmin(user) || isMemberOf(user, team.id);

  function teamAnswer(user: UserRecord) {
    return { teams: user.teamDetails, selectedTeams: user.selectedTeams };
  }

  app.get(
    API_PATHS.userRoles,
    { schema: { response: { 200: UserRolesAnswerSchema, ...ERROR_ANSWERS } } },
    async (request) => {
      const { user } = caller(request);
      return { userid: user.userid, roles: user.roles };
    },
  );

  app.get(
    API_PATHS.teamDirectory,
    { schema: { response: { 200: TeamDirectoryAnswerSchema, ...ERROR_ANSWERS } } },
    async () => ({ teams: await teamDirectory(db) }),
  );

  app.get(API_PATHS.groupsByUserId, { schema: { response: teamsAnswers } }, async (request) =>
    teamAnswer(caller(request).user),
  );

  app.get(
    API_PATHS.users,
    {
      schema: {
        querystring: Type.Object(
          {
            // Query values are strings; without coercion they are matched as text and converted here.
            page: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,5}$' })),
            size: Type.Optional(Type.Enum(PAGE_SIZE_OPTIONS.map(String))),
            /** Part of a name or user name (Settings › Users' search); text that was not UTF-8 is refused before (http/input-guard.ts). */
            search: Type.Optional(Type.String({ maxLength: 100 })),
          },
          closed,
        ),
        response: { 200: UsersPageAnswerSchema, ...ERROR_ANSWERS },
      },
    },
    async (request) => {
      const { user } = caller(request);
      const page = Number(request.query.page ?? 1);
      const size = Number(request.query.size ?? PAGE_SIZE_DEFAULT);
      const led = ledTeamIds(user);
      if (!isOpsAdmin(user) && led.length === 0)
        throw forbidden('Only an operations admin or a team lead may list users');
      const result = await listUsers(db, {
        teamIds: isOpsAdmin(user) ? undefined : led,
        ...(request.query.search ? { search: request.query.search } : {}),
        limit: size,
        offset: (page - 1) * size,
      });
      return { users: result.users.map(publicUser), count: result.count, page, size };
    },
  );

  app.get(
    API_PATHS.user,
    { schema: { params: Type.Object({ userid: Id }, closed), response: { 200: UserSchema, ...ERROR_ANSWERS } } },
    async (request) => {
      const { user } = caller(request);
      const { userid } = request.params;
      if (userid !== user.userid && !isOpsAdmin(user)) throw forbidden('You may only read your own profile');
      const found = userid === user.userid ? user : await findUserById(db, userid);
      if (!found) throw notFound();
      return publicUser(found);
    },
  );

  // Settings › Users: an operations admin sets a user's roles and teams; audited (config_audits).
  app.put(
    API_PATHS.userAccess,
    {
      onRequest: async (request) => {
        if (!isOpsAdmin(caller(request).user)) throw forbidden('Only an operations admin may change users');
      },
      schema: {
        params: Type.Object({ userid: Id }, closed),
        body: UserAccessBodySchema,
        response: { 200: UserSchema, ...ERROR_ANSWERS },
      },
    },
    async (request) => {
      const { user: admin } = caller(request);
      const { roles, teams } = request.body;
      const target = await findUserById(db, request.params.userid);
      if (!target) throw notFound('User not found');
      const problems: { label: string; reason: string }[] = [];
      if (target.userid === admin.userid && !roles.includes(OPS_ADMIN_ROLE)) {
        problems.push({ label: 'roles', reason: `must keep ${OPS_ADMIN_ROLE}: an admin cannot remove their own` });
      }
      const known = new Set((await teamDirectory(db)).map((t) => t.id));
      const seen = new Set<string>();
      teams.forEach((team, i) => {
        if (!known.has(team.id))
          problems.push({ label: `teams[${i}].id`, reason: `is not a team of the bank ('${team.id}')` });
        if (seen.has(team.id)) problems.push({ label: `teams[${i}].id`, reason: `duplicate '${team.id}'` });
        seen.add(team.id);
      });
      if (problems.length > 0) throw new ValidationError(problems);
      await saveUserAccess(db, target, { roles, teams }, { by: admin.userid, at: ctx.now() });
      return publicUser((await findUserById(db, target.userid)) as UserRecord);
    },
  );

  app.post(
    API_PATHS.updateSelectedTeams,
    {
      schema: {
        body: Type.Object({ teams: Type.Array(Id, { minItems: 1, maxItems: 100, uniqueItems: true }) }, closed),
        response: { 200: SelectedTeamsAnswerSchema, ...ERROR_ANSWERS },
      },
    },
    async (request) => {
      const { user } = caller(request);
      const own = new Set(user.teamDetails.map((t) => t.id));
      const foreign = request.body.teams.filter((t) => !own.has(t));
      if (foreign.length > 0)
        throw invalid('teams', `includes teams the user does not belong to: ${foreign.join(', ')}`);
      await saveSelectedTeams(db, user.userid, request.body.teams);
      return { selectedTeams: request.body.teams };
    },
  );

  app.post(
    API_PATHS.getGroup,
    { config: { shortToken: true }, schema: { body: Type.Object(tokenField, closed), response: teamsAnswers } },
    async (request) => {
      const auth = caller(request);
      return teamAnswer(auth.user);
    },
  );

  app.post(
    API_PATHS.getGroupMembers,
    {
      config: { shortToken: true },
      schema: {
        body: Type.Object({ groupid: Id, ...tokenField }, closed),
        response: { 200: TeamMembersAnswerSchema, ...ERROR_ANSWERS },
      },
    },
    async (request) => {
      const auth = caller(request);
      const team = await findTeam(db, { id: request.body.groupid });
      if (!team) throw notFound('Team not found');
      if (!canSeeTeam(auth.user, team)) throw forbidden('You are not a member of this team');
      return { groupid: team.id, name: team.name, type: team.type, members: await teamMembers(db, team.id) };
    },
  );

  app.post(
    API_PATHS.userRoles,
    {
      config: { shortToken: true },
      schema: {
        body: Type.Object({ userName: nonEmptyString(128), ...tokenField }, closed),
        response: { 200: NamedUserRolesAnswerSchema, ...ERROR_ANSWERS },
      },
    },
    async (request) => {
      const auth = caller(request);
      const target = await findUserByName(db, request.body.userName);
      const led = new Set(ledTeamIds(auth.user));
      const allowed =
        target !== null &&
        (target.userid === auth.user.userid || isOpsAdmin(auth.user) || target.teamDetails.some((t) => led.has(t.id)));
      // Unknown and not-allowed answer alike, so user names cannot be probed.
      if (!allowed) throw forbidden('You may only read the roles of yourself or of your team members');
      return { userName: target.userName, roles: target.roles };
    },
  );

  app.post(
    API_PATHS.groupDetailByName,
    {
      config: { shortToken: true },
      schema: {
        body: Type.Object({ team: nonEmptyString(128), ...tokenField }, closed),
        response: { 200: TeamByNameAnswerSchema, ...ERROR_ANSWERS },
      },
    },
    async (request) => {
      const auth = caller(request);
      const team = await findTeam(db, { name: request.body.team });
      if (!team) throw notFound('Team not found');
      if (!canSeeTeam(auth.user, team)) throw forbidden('You are not a member of this team');
      const members = await teamMembers(db, team.id);
      const lead = members.find((m) => m.isLead) ?? null;
      return {
        id: team.id,
        name: team.name,
        type: team.type,
        lead: lead && { userid: lead.userid, userName: lead.userName, displayName: lead.displayName },
        memberCount: members.length,
      };
    },
  );
};
