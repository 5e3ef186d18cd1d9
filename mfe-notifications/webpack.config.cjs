const { createAppConfig } = require('@originate/build/createAppConfig');

// What the bell needs in the header (its live connection, badge, popover and list), in one chunk instead of about
// 20: measured with `npm run bench -- --only first-screens`. The notifications page's own components stay apart.
const MUI_BELL = [
  'Badge',
  'Popover',
  'Grow',
  'Modal',
  'Backdrop',
  'Fade',
  'Unstable_TrapFocus',
  'Paper',
  'Portal',
  'Avatar',
  'SvgIcon',
  'Divider',
  'DefaultPropsProvider',
  'styles',
  'colors',
  'transitions',
  'internal',
  'utils',
];
const BELL = [
  'socket.io-client/',
  'socket.io-parser/',
  'engine.io-client/',
  'engine.io-parser/',
  '@socket.io/',
  'react-transition-group/',
  'react-is/',
  'clsx/',
  '@mui/utils/',
  ...MUI_BELL.map((component) => `@mui/material/${component}/`),
  ...['NotificationsNoneOutlined', 'NotificationsOutlined', 'DeleteOutlined', 'DoneOutlined'].map(
    (icon) => `@mui/icons-material/${icon}.mjs`,
  ),
];

module.exports = createAppConfig({
  name: 'mfe_notifications',
  dir: __dirname,
  port: 3004,
  exposes: {
    './NotificationBell': './src/exposed/NotificationBell.tsx',
    './NotificationsPage': './src/exposed/NotificationsPage.tsx',
  },
  title: 'Originate — Notifications',
  groups: { bell: BELL },
});
