// The last theme the bank's server sent, kept so the login page wears it on the next visit.
import type { ThemeConfig } from '@originate/contract';

const THEME_CACHE_KEY = 'originate.theme';

export function parseThemeConfig(value: unknown): ThemeConfig | null {
  if (typeof value !== 'object' || value === null) return null;
  const t = value as Record<string, unknown>;
  const colours = ['primaryColor', 'secondaryColor', 'backgroundColor', 'surfaceColor'];
  return colours.every((k) => typeof t[k] === 'string' && t[k] !== '') ? (value as ThemeConfig) : null;
}

export function readCachedTheme(storage: Storage): ThemeConfig | null {
  try {
    const raw = storage.getItem(THEME_CACHE_KEY);
    return raw ? parseThemeConfig(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

export function writeCachedTheme(storage: Storage, theme: ThemeConfig): void {
  try {
    storage.setItem(THEME_CACHE_KEY, JSON.stringify(theme));
  } catch {
    // A full or disabled storage only costs the themed login page on the next visit.
  }
}
