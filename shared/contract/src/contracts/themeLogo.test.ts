import { THEME_LOGO_MAX_BYTES, THEME_LOGO_MAX_LENGTH, themeLogoProblem } from './themeLogo';

const dataUrl = (type: string, bytes: number[] | string) =>
  `data:${type};base64,${btoa(typeof bytes === 'string' ? bytes : String.fromCharCode(...bytes))}`;
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0, 16];
const WEBP = 'RIFF\x10\x00\x00\x00WEBPVP8 ';

describe('themeLogoProblem', () => {
  it('takes a PNG, JPEG or WebP whose bytes are what its data URL says', () => {
    expect(themeLogoProblem(dataUrl('image/png', PNG))).toBeNull();
    expect(themeLogoProblem(dataUrl('image/jpeg', JPEG))).toBeNull();
    expect(themeLogoProblem(dataUrl('image/webp', WEBP))).toBeNull();
  });

  it('refuses SVG, other types, URLs and what is not a string', () => {
    const svg = dataUrl('image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(themeLogoProblem(svg)).toMatch(/no SVG/);
    expect(themeLogoProblem(dataUrl('image/gif', 'GIF89a'))).toMatch(/no SVG/);
    expect(themeLogoProblem('https://bank.example/logo.png')).toMatch(/data URL/);
    expect(themeLogoProblem('data:image/png,raw')).toMatch(/base64/);
    expect(themeLogoProblem(42)).toBe('must be an image as a data URL');
  });

  it('refuses bytes that are not the named type (an SVG or HTML called PNG)', () => {
    expect(themeLogoProblem(dataUrl('image/png', '<svg></svg>'))).toBe('must be the PNG image its data URL names');
    expect(themeLogoProblem(dataUrl('image/jpeg', PNG))).toBe('must be the JPEG image its data URL names');
    expect(themeLogoProblem(dataUrl('image/webp', 'RIFF\x10\x00\x00\x00AVI '))).toBe(
      'must be the WEBP image its data URL names',
    );
  });

  it(`refuses an image over ${THEME_LOGO_MAX_BYTES / 1024} KB, and takes one at the cap`, () => {
    const atCap = [...PNG, ...new Array(THEME_LOGO_MAX_BYTES - PNG.length).fill(0)];
    const fits = `data:image/png;base64,${Buffer.from(atCap).toString('base64')}`;
    expect(fits.length).toBeLessThanOrEqual(THEME_LOGO_MAX_LENGTH);
    expect(themeLogoProblem(fits)).toBeNull();
    const over = `data:image/png;base64,${Buffer.from([...atCap, 0, 0, 0]).toString('base64')}`;
    expect(themeLogoProblem(over)).toBe('must be at most 100 KB');
  });
});
