// The tasks module as the rest of the server sees it: other modules and src/ import it only from here (README "Layout").
export { stateOf } from './actions';
export { approvalsRoutes } from './approval-routes';
export { actionsRoutes } from './routes';
export { taskConfigs } from './task-configs';
export { loadTaskContext } from './task-context';
export { WORKFLOW_STEPS } from './workflow';
