const { createAppConfig } = require('@originate/build/createAppConfig');

// What the bell needs in the header (its live connection, badge and icon), in one chunk instead of about 20:
// measured with `npm run bench -- --only first-screens`. Its panel (ui/NotificationPanel: the popover, its modal and
// the list) is a chunk of its own, fetched when the bell is pointed at. Neither holds what the shell provides on its
// login page (MUI's styles, colours, transitions, SvgIcon, Paper): a group's file is fetched whole, so a copy kept
// only as a share's fallback would come with the Dashboard although the shell's is the one used.
const BELL = [
  'socket.io-client/',
  'socket.io-parser/',
  'engine.io-client/',
  'engine.io-parser/',
  '@socket.io/',
  '@mui/material/Badge/',
  '@mui/icons-material/NotificationsOutlined.mjs',
];
const MUI_PANEL = [
  'Popover',
  'Grow',
  'Modal',
  'Backdrop',
  'Fade',
  'Unstable_TrapFocus',
  'Portal',
  'Avatar',
  'Divider',
  'List',
  'ListItem',
];
const PANEL = [
  'react-transition-group/',
  ...MUI_PANEL.map((component) => `@mui/material/${component}/`),
  ...['NotificationsNoneOutlined', 'DeleteOutlined', 'DoneOutlined'].map((icon) => `@mui/icons-material/${icon}.mjs`),
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
  groups: { bell: BELL, 'bell-panel': PANEL },
});
