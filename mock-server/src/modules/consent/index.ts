// The consent module as the rest of the server sees it: other modules and src/ import it only from here (README "Layout").
export { consentRoutes, receiptRoutes } from './routes';
export { recordSubmittedConsents, seedConsents } from './store';
