// The package root: what the host, remotes and their tests import. Node code uses './node'. The contract
// schemas and their checker are values only in './contracts' (TypeBox stays off the login page).
export type * from './contracts/answers/applications';
export type * from './contracts/answers/documents';
export type * from './contracts/answers/errors';
export type * from './contracts/answers/lists';
export type * from './contracts/answers/queries';
export type * from './contracts/answers/tasks';
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
export * from './http';
export * from './rules';
export * from './session';
export * from './ui';
export * from './ui/slots';
