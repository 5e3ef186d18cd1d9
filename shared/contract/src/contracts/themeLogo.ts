// The bank's logo in the theme config (Theme/Default `logo`): a raster image as a data URL, small enough to
// travel inside the config and the portal's branding answer. PNG, JPEG or WebP only, never SVG (an SVG can
// carry script and links); the bytes must be what the data URL says they are. Pure: the server refuses a
// save with this rule, Settings › Theme checks a picked file with it before it goes anywhere.

export const THEME_LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
type ThemeLogoType = (typeof THEME_LOGO_TYPES)[number];

/** The image's own size: a header logo needs far less. */
export const THEME_LOGO_MAX_BYTES = 100 * 1024;
/** The longest data URL such an image makes (base64 is 4 characters per 3 bytes, plus the prefix). */
export const THEME_LOGO_MAX_LENGTH = 'data:image/jpeg;base64,'.length + Math.ceil(THEME_LOGO_MAX_BYTES / 3) * 4;

const DATA_URL = /^data:(image\/(?:png|jpeg|webp));base64,([A-Za-z0-9+/]+={0,2})$/;

/** The bytes each type starts with ('RIFF' then 'WEBP' at 8 for WebP). */
function signatureMatches(type: ThemeLogoType, bytes: string): boolean {
  if (type === 'image/png') return bytes.startsWith('\x89PNG\r\n\x1a\n');
  if (type === 'image/jpeg') return bytes.startsWith('\xff\xd8\xff');
  return bytes.startsWith('RIFF') && bytes.slice(8, 12) === 'WEBP';
}

/** Why `value` is no acceptable logo ('must be …', put after the field's name), or null when it is one. */
export function themeLogoProblem(value: unknown): string | null {
  if (typeof value !== 'string') return 'must be an image as a data URL';
  if (value.length > THEME_LOGO_MAX_LENGTH) return `must be at most ${THEME_LOGO_MAX_BYTES / 1024} KB`;
  const match = DATA_URL.exec(value);
  if (!match) return 'must be a PNG, JPEG or WebP image as a base64 data URL (no SVG)';
  const [, type, data] = match as unknown as [string, ThemeLogoType, string];
  if (data.length % 4 !== 0) return 'must be a PNG, JPEG or WebP image as a base64 data URL (no SVG)';
  const bytes = atob(data);
  if (bytes.length > THEME_LOGO_MAX_BYTES) return `must be at most ${THEME_LOGO_MAX_BYTES / 1024} KB`;
  if (!signatureMatches(type, bytes)) return `must be the ${type.slice(6).toUpperCase()} image its data URL names`;
  return null;
}
