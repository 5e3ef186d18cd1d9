// MUI theme from the server's theme config (spec §3, §9). Deep imports only: the '@mui/material' root
// would pull all of MUI into every bundle.
import { createTheme, darken, lighten, type Theme, type ThemeOptions } from '@mui/material/styles';
import { DEFAULT_THEME_CONFIG, type THEME_SHADES, type ThemeConfig } from '@originate/contract';
import { useSyncExternalStore } from 'react';

type ThemeShade = (typeof THEME_SHADES)[number];
type Shades = Record<ThemeShade, string>;

declare module '@mui/material/styles' {
  interface PaletteColor {
    100: string;
    200: string;
    300: string;
    500: string;
    700: string;
    900: string;
  }
  interface SimplePaletteColorOptions {
    100?: string;
    200?: string;
    300?: string;
    500?: string;
    700?: string;
    900?: string;
  }
}

/** Shades 100..900 around a base colour (500): lighter above, darker below. */
export function shadesOf(color: string): Shades {
  return {
    100: lighten(color, 0.8),
    200: lighten(color, 0.6),
    300: lighten(color, 0.4),
    500: color,
    700: darken(color, 0.2),
    900: darken(color, 0.4),
  };
}

/** The user's system asks for less motion (an accessibility setting of every OS and browser). */
const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

function reducedMotionQuery(): MediaQueryList | null {
  return typeof matchMedia === 'function' ? matchMedia(REDUCED_MOTION_QUERY) : null;
}

/** Follows the setting as it changes; React's own store hook (MUI's would be one more shared module to load eagerly). */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const query = reducedMotionQuery();
      query?.addEventListener('change', changed);
      return () => query?.removeEventListener('change', changed);
    },
    () => reducedMotionQuery()?.matches ?? false,
  );
}

/**
 * What changes for a user who asked for less motion: no transitions or ripples, and spinners and skeletons
 * drawn still (WCAG 2.3.3). Nothing is hidden: what moved appears at once. The ripple was the only mark of
 * keyboard focus MUI draws on text and outlined buttons, check boxes, radios and switches: without it an
 * outline shows where focus is (WCAG 2.4.7).
 */
const REDUCED_MOTION: ThemeOptions = {
  transitions: { create: () => 'none' },
  components: {
    MuiButtonBase: {
      defaultProps: { disableRipple: true },
      styleOverrides: {
        root: ({ theme }) => ({
          '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
        }),
      },
    },
    MuiCssBaseline: {
      styleOverrides: {
        '*, *::before, *::after': {
          animationDuration: '0s !important',
          animationIterationCount: '1 !important',
          transitionDuration: '0s !important',
          scrollBehavior: 'auto !important',
        },
      },
    },
  },
};

export function buildTheme(config: ThemeConfig | null, { reducedMotion = false } = {}): Theme {
  const c = config ?? DEFAULT_THEME_CONFIG;
  const fallbackText = DEFAULT_THEME_CONFIG.typography ?? {};
  const fallbackFont = DEFAULT_THEME_CONFIG.font ?? {};
  return createTheme({
    palette: {
      primary: { main: c.primaryColor, ...shadesOf(c.primaryColor) },
      secondary: { main: c.secondaryColor, ...shadesOf(c.secondaryColor) },
      background: { default: c.backgroundColor, paper: c.surfaceColor },
      text: {
        primary: c.typography?.primaryColor ?? fallbackText.primaryColor,
        secondary: c.typography?.secondaryColor ?? fallbackText.secondaryColor,
      },
    },
    typography: {
      fontFamily: c.font?.family ?? fallbackFont.family,
      fontSize: c.font?.size ?? fallbackFont.size,
    },
    ...(reducedMotion ? REDUCED_MOTION : {}),
  });
}
