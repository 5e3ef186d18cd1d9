// The integrations module as the rest of the server sees it: other modules and src/ import it only from here (README "Layout").
export { type IntegrationResult, latestIntegrationResults } from './results';
export { integrationRoutes } from './routes';
export { integrationsOf, startIntegrations } from './runtime';
export { fetchBureauReport, loanFormValues, proposedEmi, verifyIdentity } from './service';
