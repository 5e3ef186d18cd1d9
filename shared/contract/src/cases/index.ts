// Cases a rule of the contract is tested against on every side that runs it (the contract's jest, the
// browser's jest, the server's node:test), so the sides cannot drift apart. Test code only imports them.
export * from './approvals';
export * from './assign';
export * from './lifecycle';
export * from './teamAccess';
