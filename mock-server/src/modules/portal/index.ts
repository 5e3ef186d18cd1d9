export { applicantOwns } from './portal';
export { portalRoutes } from './routes';
