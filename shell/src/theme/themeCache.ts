// The last theme and time zone the bank's server sent, kept so the next visit's first screens wear them before
// any call returns.
import { isTimeZone, setBankTimeZone, type ThemeConfig } from '@originate/contract';

const THEME_CACHE_KEY = 'originate.theme';
const TIME_ZONE_CACHE_KEY = 'originate.bankTimeZone';

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

/**
 * The bank's time zone for every time shown (the contract's bank formatters): the server's answer, kept for the
 * next visit, and the kept one at start. Screens drawn before a changed zone arrives show it from their next draw.
 */
export function keepBankTimeZone(zone: string, storage: Storage): void {
  if (!isTimeZone(zone)) return;
  setBankTimeZone(zone);
  try {
    storage.setItem(TIME_ZONE_CACHE_KEY, zone);
  } catch {
    // A full or disabled storage only means the default zone until the answer on the next visit.
  }
}

export function applyCachedTimeZone(storage: Storage): void {
  try {
    const zone = storage.getItem(TIME_ZONE_CACHE_KEY);
    if (zone && isTimeZone(zone)) setBankTimeZone(zone);
  } catch {
    // As above: the default zone until the server answers.
  }
}
