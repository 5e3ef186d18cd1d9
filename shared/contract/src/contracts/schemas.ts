// The contract schemas (TypeBox) and their checker: a subpath of its own ('@originate/contract/schemas'),
// shared between host and remotes like the root, so the shell loads TypeBox only when it first checks
// something (the remotes manifest), never on the login page. The root re-exports their types only.
export * from './answers/applications';
export * from './answers/auth';
export * from './answers/configs';
export * from './answers/customerFlow';
export * from './answers/documents';
export * from './answers/errors';
export * from './answers/health';
export * from './answers/lists';
export * from './answers/notifications';
export * from './answers/otp';
export * from './answers/portal';
export * from './answers/queries';
export * from './answers/reports';
export * from './answers/tasks';
export * from './answers/templates';
export * from './answers/users';
export * from './answers/video';
export * from './approvalMatrix';
export * from './backOfficeSchemas';
export * from './creditSummarySchemas';
export * from './decisionSchemas';
export * from './flow';
export * from './followSchemas';
export * from './integrationSchemas';
export * from './leadSchemas';
export * from './lifecycle';
export * from './messageSchemas';
export * from './portalSchemas';
export * from './primitives';
export * from './remoteManifest';
export * from './reportSchemas';
export * from './schemaCheck';
export * from './specCallSchemas';
export * from './templateSchemas';
export * from './videoSchemas';
