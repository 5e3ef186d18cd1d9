export { operationalLevelAgreement } from './lists';
export { listRoutes, listSetupRoutes } from './routes';
