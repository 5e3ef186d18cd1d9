// The users module as the rest of the server sees it: other modules and src/ import it only from here (README "Layout").

export {
  findStaff,
  findUserById,
  isOpsAdmin,
  passwordHashOf,
  publicUser,
  type UserWithTeamsRow,
  userOfRow,
  userWithTeamsColumns,
} from './directory';
export { usersRoutes } from './routes';
