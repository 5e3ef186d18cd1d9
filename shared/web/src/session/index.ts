export * from './store';
export * from './timers';
