export { captchaKey } from './captcha';
export { createFlowApplication, flowFor } from './flow-applications';
export { microflowRoutes } from './microflow-routes';
export { applicationFor, customerRoutes, flowOfApplication, publicCustomerRoutes, sessionAnswer } from './routes';
