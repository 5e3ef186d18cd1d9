export * from './AppProviders';
export * from './feedback';
export * from './ToastHost';
export * from './theme';
