const { createAppConfig } = require('@originate/build/createAppConfig');

// What the login page needs, built into main.js: one file compresses far better than the ~50 small
// shared-module chunks it would otherwise load (login JS 220 -> 187 KiB gzip). Everything else stays an
// async shared chunk. An eager module may only import shares that are eager too, or the page fails at
// start with RUNTIME-006 (loadShareSync): a login-page component added later stays async, which is safe.
const LOGIN_SHARES = [
  'react',
  'react/jsx-runtime',
  'react/jsx-dev-runtime', // what swc's development transform imports instead (npm run dev)
  'react-dom',
  'react-dom/client',
  'jotai',
  'jotai/react',
  'jotai/vanilla',
  'jotai/vanilla/internals',
  'jotai/vanilla/utils',
  '@emotion/react',
  '@emotion/styled',
  '@originate/contract',
  '@originate/web',
  '@mui/system',
  '@mui/system/DefaultPropsProvider',
  '@mui/system/InitColorSchemeScript',
  '@mui/system/RtlProvider',
  '@mui/system/colorManipulator',
  '@mui/system/createBreakpoints',
  '@mui/system/createStyled',
  '@mui/system/createTheme',
  '@mui/system/cssVars',
  '@mui/system/spacing',
  '@mui/system/style',
  '@mui/system/styleFunctionSx',
  '@mui/system/useThemeProps',
  '@mui/material/styles',
  '@mui/material/CssBaseline',
  '@mui/material/Box',
  '@mui/material/Paper',
  '@mui/material/Stack',
  '@mui/material/Typography',
  '@mui/material/Button',
  '@mui/material/IconButton',
  '@mui/material/InputAdornment',
  '@mui/material/Link',
  '@mui/material/FormControl',
  '@mui/material/InputLabel',
  '@mui/material/OutlinedInput',
  '@mui/material/SvgIcon',
  '@mui/icons-material/Visibility',
  '@mui/icons-material/VisibilityOff',
];

// What the back office's frame needs on its first screen (router, queries, the app bar, menu
// drawer), in one chunk instead of about 35: measured with `npm run bench -- --only first-screens`.
// Nothing the login page loads may be in it (the alert, the loading bar, MUI's internal icons), or the login page
// fetches the whole frame; a component only a later page uses stays a chunk of its own, and so do the dialogs and
// snackbars (the session's warning, a remote's new release and a question load theirs when due).
const MUI_FRAME = [
  'AppBar',
  'Toolbar',
  'Drawer',
  'Slide',
  'List',
  'ListItem',
  'ListItemButton',
  'ListItemIcon',
  'ListItemText',
  'ListItemSecondaryAction',
  'ListSubheader',
  'Portal',
  'Grow',
  'Fade',
  'Backdrop',
  'Modal',
  'Unstable_TrapFocus',
  'Skeleton',
  'useMediaQuery',
  'Card',
  'CardContent',
  'MenuItem',
  'utils',
];
const FRAME = [
  'react-router/',
  'react-router-dom/',
  '@tanstack/',
  'react-transition-group/',
  '@mui/utils/',
  // A shared MUI context module: each place that imports it had its own copy of one chunk (4 requests).
  '@mui/material/internal/Transition.mjs',
  ...MUI_FRAME.map((component) => `@mui/material/${component}/`),
  ...['Refresh', 'Logout', 'WarningAmber', 'Menu'].map((icon) => `@mui/icons-material/${icon}.mjs`),
];

module.exports = createAppConfig({
  name: 'shell',
  dir: __dirname,
  port: 3000,
  title: 'Originate',
  eager: LOGIN_SHARES,
  groups: { frame: FRAME },
});
