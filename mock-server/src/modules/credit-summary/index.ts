// The credit summary module as the rest of the server sees it: other modules and src/ import it only from here (README "Layout").
export { assembleCreditSummary, creditSummaryRoutes } from './routes';
