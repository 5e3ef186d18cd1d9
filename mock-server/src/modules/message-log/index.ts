// The message-log module as the rest of the server sees it: other modules and src/ import it only from here (README "Layout").
// Apart from modules/messages because it needs the application access check, which comes after auth (who sends mail).
export { messageLogRoutes } from './routes';
