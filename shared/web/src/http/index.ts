export * from './client';
export * from './reportError';
export * from './runtimeEnv';
export * from './saveBlob';
