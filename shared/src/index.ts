// The package root: what the host, remotes and their tests import. Node code uses './node'.
export * from './contracts/apiPaths';
export * from './contracts/constants';
export * from './contracts/entities';
export * from './contracts/events';
export * from './contracts/flow';
export * from './contracts/remoteManifest';
export type * from './contracts/remotes';
export * from './contracts/schemaCheck';
export * from './crypto/envelope';
export * from './errors/catalogue';
export * from './format';
export * from './http';
export * from './rules';
export * from './session';
export * from './ui';
