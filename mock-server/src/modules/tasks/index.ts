// The tasks module as the rest of the server sees it: other modules and src/ import it only from here (README "Layout").
export { approvalsRoutes } from './approval-routes';
export { taskConfigs } from './detail-view';
export { actionsRoutes } from './routes';
export { branchOf, openStep } from './workflow';
export { loadTaskContext } from './write-context';
