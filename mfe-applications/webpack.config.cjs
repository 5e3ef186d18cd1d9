const { createAppConfig } = require('@originate/build/createAppConfig');

// What an application list fetches from this remote's node_modules, in two chunks instead of about 45 (`npm run
// bench -- --only list-page` counts them): MUI's data grid with its own packages, which only the lists use, and the
// MUI files the grid's toolbar, filter panel, menus and pagination bring (MUI imports them relatively, so no share
// key matches them and each shared component's chunk carried its own). Components the host already provides (Box,
// Button, Alert, Chip…) are not fetched from here and stay out. Every page of this remote uses some of
// MUI's utilities, so it may fetch the second chunk whole; the grid stays out of it.
const DATA_GRID = [
  '@mui/x-data-grid/',
  '@mui/x-internals/',
  '@mui/x-virtualizer/',
  '@mui/x-internal-gestures/',
  '@base-ui/',
  'reselect/',
  'use-sync-external-store/',
];
const LIST_MUI_COMPONENTS = [
  'Backdrop',
  'ButtonBase',
  'CircularProgress',
  'ClickAwayListener',
  'DefaultPropsProvider',
  'DialogContentText',
  'Divider',
  'Fade',
  'FilledInput',
  'FormControl',
  'GlobalStyles',
  'Grow',
  'IconButton',
  'Input',
  'InputAdornment',
  'InputBase',
  'InputLabel',
  'List',
  'ListItemIcon',
  'ListItemText',
  'Menu',
  'MenuItem',
  'MenuList',
  'Modal',
  'NativeSelect',
  'OutlinedInput',
  'Paper',
  'Popover',
  'Popper',
  'Portal',
  'Select',
  'SvgIcon',
  'TableCell',
  'TablePagination',
  'TablePaginationActions',
  'TextareaAutosize',
  'Toolbar',
  'Tooltip',
  'Typography',
  'Unstable_TrapFocus',
  'internal',
  'locale',
  'styles',
  'transitions',
  'useLazyRipple',
  'utils',
  'zero-styled',
];
const LIST_MUI = [
  '@mui/utils/',
  '@mui/system/RtlProvider/',
  '@popperjs/',
  'react-transition-group/',
  ...LIST_MUI_COMPONENTS.map((component) => `@mui/material/${component}/`),
  ...['ViewListOutlined', 'GridViewOutlined', 'MoreVert', 'BookmarkBorder', 'FileDownloadOutlined'].map(
    (icon) => `@mui/icons-material/${icon}.mjs`,
  ),
];

module.exports = createAppConfig({
  name: 'mfe_applications',
  dir: __dirname,
  port: 3001,
  exposes: {
    './ApplicationsPage': './src/exposed/ApplicationsPage.tsx',
    './ApplicationDetail': './src/exposed/ApplicationDetail.tsx',
    './LifecyclesPage': './src/exposed/LifecyclesPage.tsx',
    './TemplatesPage': './src/exposed/TemplatesPage.tsx',
    './DecisionTablesPage': './src/exposed/DecisionTablesPage.tsx',
  },
  title: 'Originate — Applications',
  groups: { 'data-grid': DATA_GRID, 'list-mui': LIST_MUI },
});
