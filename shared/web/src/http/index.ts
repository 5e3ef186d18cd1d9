export * from './client';
export * from './reportError';
export * from './runtimeEnv';
