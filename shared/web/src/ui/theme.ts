// MUI theme from the server's theme config (spec §3, §9). Deep imports only: the '@mui/material' root
// would pull all of MUI into every bundle.
import { createTheme, darken, lighten, type Theme } from '@mui/material/styles';
import { DEFAULT_THEME_CONFIG, type THEME_SHADES, type ThemeConfig } from '@originate/contract';

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

export function buildTheme(config: ThemeConfig | null): Theme {
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
  });
}
