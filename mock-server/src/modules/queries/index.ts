export { queriesRoutes } from './routes';
