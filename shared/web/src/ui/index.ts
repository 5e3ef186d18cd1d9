export * from './AppProviders';
export { ChromeHosts } from './chrome/ChromeHosts';
export * from './feedback';
export * from './ToastHost';
export * from './theme';
export { WaysForward } from './WaysForward';
