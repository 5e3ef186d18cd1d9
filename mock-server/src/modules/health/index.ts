// The health module as the rest of the server sees it: other modules and src/ import it only from here (README "Layout").
export { readiness } from './readiness';
export { healthRoutes } from './routes';
