// The customer-flow module as the rest of the server sees it: other modules and src/ import it only from here (README "Layout").
export { captchaKey, checkCaptcha } from './captcha';
export { createFlowApplication } from './flow-applications';
export { type StartBudget, startBudget } from './hourly-budgets';
export { microflowRoutes } from './microflow-routes';
export { customerRoutes, publicCustomerRoutes, sessionAnswer } from './routes';
export { startStaffApplication } from './staff-start';
