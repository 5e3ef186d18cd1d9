// What Node code (mock-server, tests, deploy) may import: no React, no DOM.

export * from './contracts/answers/applications';
export * from './contracts/answers/documents';
export * from './contracts/answers/errors';
export * from './contracts/answers/lists';
export * from './contracts/answers/queries';
export * from './contracts/answers/tasks';
export * from './contracts/apiPaths';
export * from './contracts/backOffice';
export * from './contracts/backOfficeSchemas';
export * from './contracts/constants';
export * from './contracts/entities';
export * from './contracts/events';
export * from './contracts/flow';
export * from './contracts/graphql';
export * from './contracts/portalSchemas';
export * from './contracts/primitives';
export * from './contracts/remoteManifest';
export * from './contracts/remotes';
export * from './contracts/schemaCheck';
export * from './crypto/envelope';
export * from './errors/catalogue';
export * from './format';
export * from './rules';
