// The notifications module as the rest of the server sees it: other modules and src/ import it only from here (README "Layout").
export {
  insertNotification,
  latestNotifications,
  markAllCounted,
  markAllUnread,
  uncountedCount,
  updateOwn,
} from './inbox';
export { notificationsRoutes } from './routes';
