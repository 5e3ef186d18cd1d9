const { createAppConfig } = require('@originate/build/createAppConfig');

module.exports = createAppConfig({
  name: 'mfe_notifications',
  dir: __dirname,
  port: 3004,
  exposes: {
    './NotificationBell': './src/exposed/NotificationBell.tsx',
    './NotificationsPage': './src/exposed/NotificationsPage.tsx',
  },
  title: 'Originate — Notifications',
});
