// The follows module as the rest of the server sees it: other modules and src/ import it only from here (README "Layout").
export { notifyFollowers } from './follows';
export { followRoutes } from './routes';
