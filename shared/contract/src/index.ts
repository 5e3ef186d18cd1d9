// The package root: what browser and Node code import. The contract schemas and their checker are values
// only in './schemas' (TypeBox stays off the login page); the root re-exports their types.
export type * from './contracts/answers/applications';
export type * from './contracts/answers/auth';
export type * from './contracts/answers/configs';
export type * from './contracts/answers/documents';
export type * from './contracts/answers/errors';
export type * from './contracts/answers/lists';
export type * from './contracts/answers/notifications';
export type * from './contracts/answers/otp';
export type * from './contracts/answers/queries';
export type * from './contracts/answers/tasks';
export type * from './contracts/answers/users';
export * from './contracts/apiPaths';
export * from './contracts/backOffice';
export type * from './contracts/backOfficeSchemas';
export * from './contracts/constants';
export * from './contracts/entities';
export * from './contracts/events';
export type * from './contracts/flow';
export * from './contracts/graphql';
export type * from './contracts/portalSchemas';
export type * from './contracts/remoteManifest';
export * from './contracts/remotes';
export type * from './contracts/schemaCheck';
export * from './crypto/envelope';
export * from './errors/catalogue';
export * from './format';
export * from './rules';
