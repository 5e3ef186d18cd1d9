// The decisions module as the rest of the server sees it: other modules and src/ import it only from here (README "Layout").
export { decisionConfigRoutes } from './config-routes';
export { decisionsOf } from './execute';
export { decisionRoutes } from './routes';
export { DEFAULT_DECISION, decisionVersion, seedDecisionTables } from './tables';
