// Answers of the users module (mock-server modules/users): the caller's profile, roles and teams, the
// users a lead or an admin may list, a picker's candidates and the team look-ups. The user schema is the
// source of the User type entities.ts exports (login answers it too).
import Type, { type Static } from 'typebox';
import { ASSIGNABLE_ROLES } from '../constants';
import { closed, Id, Nullable } from '../primitives';
import { TeamSchema } from './applications';

const Text = Type.String();
const Count = Type.Integer({ minimum: 0 });
const Roles = Type.Array(Text);

/** Spec §3 User (GET /v3/users/{userid}, and the login answer's user). */
export const UserSchema = Type.Object(
  {
    userid: Id,
    userName: Text,
    firstName: Text,
    lastName: Text,
    displayName: Text,
    roles: Roles,
    /** Must include the portal app name (see PORTAL_APP_NAME) for back-office access. */
    applications: Type.Array(Text),
    teams: Type.Array(TeamSchema),
    /** The teams the user works with now (update_selected_teams); all of theirs until they choose. */
    teamData: Type.Optional(Type.Object({ selectedTeams: Type.Array(Id) }, closed)),
  },
  closed,
);

/** GET /v3/users: one page of the users an operations admin (all) or a team lead (their teams' members) may see. */
export const UsersPageAnswerSchema = Type.Object(
  {
    users: Type.Array(UserSchema),
    count: Count,
    page: Type.Integer({ minimum: 1 }),
    size: Type.Integer({ minimum: 1 }),
  },
  closed,
);
export type UsersPageAnswer = Static<typeof UsersPageAnswerSchema>;

/** GET /v3/users/roles: the caller's roles. */
export const UserRolesAnswerSchema = Type.Object({ userid: Id, roles: Roles }, closed);
/** POST /v3/users/roles: the roles of a user named in the body. */
export const NamedUserRolesAnswerSchema = Type.Object({ userName: Text, roles: Roles }, closed);

/** A team of the caller with its name, whether it covers all teams of its type and whether the caller leads it. */
const TeamDetailSchema = Type.Object(
  { type: TeamSchema.properties.type, id: Id, name: Text, allTeams: Type.Boolean(), isLead: Type.Boolean() },
  closed,
);
export type TeamDetail = Static<typeof TeamDetailSchema>;
/** GET /v3/users/groupsByUserId and POST /v3/users/getGroup: the caller's teams and those selected. */
export const UserTeamsAnswerSchema = Type.Object(
  { teams: Type.Array(TeamDetailSchema), selectedTeams: Type.Array(Id) },
  closed,
);
/** POST /v3/users/update_selected_teams: the selection as saved. */
export const SelectedTeamsAnswerSchema = Type.Object({ selectedTeams: Type.Array(Id) }, closed);
export type SelectedTeamsAnswer = Static<typeof SelectedTeamsAnswerSchema>;

/** A user as a picker shows them: nothing more than a name, a username and teams. */
const UserCandidateSchema = Type.Object(
  {
    userid: Id,
    userName: Text,
    displayName: Text,
    teams: Type.Array(Type.Object({ id: Id, name: Text }, closed)),
  },
  closed,
);
export type UserCandidate = Static<typeof UserCandidateSchema>;
/** GET /v3/users/candidates. */
export const UserCandidatesAnswerSchema = Type.Object({ users: Type.Array(UserCandidateSchema) }, closed);
export type UserCandidatesAnswer = Static<typeof UserCandidatesAnswerSchema>;

const PersonSchema = Type.Object({ userid: Id, userName: Text, displayName: Text }, closed);
const TeamMemberSchema = Type.Object({ ...PersonSchema.properties, isLead: Type.Boolean() }, closed);
export type TeamMember = Static<typeof TeamMemberSchema>;
/** POST /v3/users/getGroupMembers: a team the caller may see, with its members. */
export const TeamMembersAnswerSchema = Type.Object(
  { groupid: Id, name: Text, type: TeamSchema.properties.type, members: Type.Array(TeamMemberSchema) },
  closed,
);
export type TeamMembersAnswer = Static<typeof TeamMembersAnswerSchema>;
/** GET /v3/users/teams: every team, the ones nobody is in yet included; parentId is the next level up (null: top). */
export const TeamDirectoryAnswerSchema = Type.Object(
  {
    teams: Type.Array(
      Type.Object(
        { id: Id, name: Text, type: TeamSchema.properties.type, parentId: Nullable(Id), memberCount: Count },
        closed,
      ),
    ),
  },
  closed,
);
export type TeamDirectoryAnswer = Static<typeof TeamDirectoryAnswerSchema>;
/** POST /v3/users/getGroupDetailByGroupName: a team the caller may see, its lead (null: none) and size. */
export const TeamByNameAnswerSchema = Type.Object(
  { id: Id, name: Text, type: TeamSchema.properties.type, lead: Nullable(PersonSchema), memberCount: Count },
  closed,
);

/**
 * PUT /v3/users/{userid}/access (operations admin, Settings › Users): the user's roles and teams, each
 * replacing what was there; answers the user as saved.
 */
export const UserAccessBodySchema = Type.Object(
  {
    roles: Type.Array(Type.Enum([...ASSIGNABLE_ROLES]), {
      maxItems: ASSIGNABLE_ROLES.length,
      uniqueItems: true,
    }),
    teams: Type.Array(Type.Object({ id: Id, allTeams: Type.Boolean() }, closed), { maxItems: 50 }),
  },
  closed,
);
export type UserAccessBody = Static<typeof UserAccessBodySchema>;
