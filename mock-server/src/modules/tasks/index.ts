export { stateOf } from './actions';
export { approvalsRoutes } from './approval-routes';
export { pendingApprovalFor } from './approvals';
export { actionsRoutes } from './routes';
export { actorOn, loadApplication, loadTaskContext, NO_ACCESS } from './task-context';
export { WORKFLOW_STEPS } from './workflow';
