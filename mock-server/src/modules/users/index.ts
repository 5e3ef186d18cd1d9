export { usersRoutes } from './routes';
export type { UserRecord } from './users';
export { findUserById, isOpsAdmin, passwordHashOf, publicUser } from './users';
