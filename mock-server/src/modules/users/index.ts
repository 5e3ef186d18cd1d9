// The users module as the rest of the server sees it: other modules and src/ import it only from here (README "Layout").
export { usersRoutes } from './routes';
export type { UserRecord } from './users';
export { findUserById, isOpsAdmin, passwordHashOf, publicUser } from './users';
