// The lifecycle module as the rest of the server sees it: other modules and src/ import it only from here (README "Layout").

export { lifecycleRoutes } from './routes';
export { latestLifecycle, lifecycleOf } from './store';
