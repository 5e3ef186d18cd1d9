export { Hub } from './hub';
export {
  insertNotification,
  latestNotifications,
  markAllCounted,
  markAllUnread,
  uncountedCount,
  updateOwn,
} from './notifications';
export { notificationsRoutes } from './routes';
