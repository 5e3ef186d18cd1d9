export * from './feedback';
export * from './theme';
