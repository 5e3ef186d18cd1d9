import { DEFAULT_THEME_CONFIG } from '@originate/contract';
import { sharedStore } from '../session/store';
import {
  closeModal,
  dismissToast,
  hideSpinner,
  modalAtom,
  openModal,
  showSpinner,
  showToast,
  spinnerAtom,
  toastsAtom,
} from './feedback';
import { buildTheme, shadesOf } from './theme';

describe('modal', () => {
  it('opens with the default size md and a fresh id, and closes', () => {
    openModal({ title: 'We encountered following errors', entries: [{ type: 'error', description: 'x' }] });
    const first = sharedStore.get(modalAtom);
    expect(first).toMatchObject({ title: 'We encountered following errors', size: 'md' });
    openModal({ message: 'again', size: 'lg' });
    const second = sharedStore.get(modalAtom);
    expect(second?.size).toBe('lg');
    expect(second?.id).not.toBe(first?.id);
    closeModal();
    expect(sharedStore.get(modalAtom)).toBeNull();
  });
});

describe('toasts', () => {
  it('queue with a default severity of info and dismiss by id', () => {
    showToast('Saved', 'success');
    showToast('Heads up');
    const toasts = sharedStore.get(toastsAtom);
    expect(toasts.map((t) => [t.message, t.severity])).toEqual([
      ['Saved', 'success'],
      ['Heads up', 'info'],
    ]);
    dismissToast(toasts[0]?.id ?? -1);
    expect(sharedStore.get(toastsAtom).map((t) => t.message)).toEqual(['Heads up']);
  });
});

describe('spinner', () => {
  afterEach(() => jest.useRealTimers());

  it('stays up until the outermost hide', () => {
    showSpinner();
    showSpinner();
    hideSpinner();
    expect(sharedStore.get(spinnerAtom)).toBe(true);
    hideSpinner();
    expect(sharedStore.get(spinnerAtom)).toBe(false);
    hideSpinner();
    expect(sharedStore.get(spinnerAtom)).toBe(false);
    showSpinner();
    expect(sharedStore.get(spinnerAtom)).toBe(true);
    hideSpinner();
  });

  it('hides itself after SPINNER_TIMEOUT_MS (60000)', () => {
    jest.useFakeTimers();
    showSpinner();
    showSpinner();
    jest.advanceTimersByTime(59999);
    expect(sharedStore.get(spinnerAtom)).toBe(true);
    jest.advanceTimersByTime(1);
    expect(sharedStore.get(spinnerAtom)).toBe(false);
  });
});

describe('buildTheme', () => {
  const config = {
    primaryColor: '#ff5722',
    secondaryColor: '#3f51b5',
    backgroundColor: '#fafafa',
    surfaceColor: '#f0f0f0',
    typography: { primaryColor: '#111111', secondaryColor: '#555555' },
    font: { family: 'Lato, sans-serif', size: 15 },
  };

  it('applies the configured colours and font', () => {
    const theme = buildTheme(config);
    expect(theme.palette.primary.main).toBe('#ff5722');
    expect(theme.palette.secondary.main).toBe('#3f51b5');
    expect(theme.palette.background.default).toBe('#fafafa');
    expect(theme.palette.background.paper).toBe('#f0f0f0');
    expect(theme.palette.text.primary).toBe('#111111');
    expect(theme.palette.text.secondary).toBe('#555555');
    expect(theme.typography.fontFamily).toBe('Lato, sans-serif');
    expect(theme.typography.fontSize).toBe(15);
  });

  it('draws no transitions or ripples for a user who asked for less motion (an outline marks focus), and keeps them for others', () => {
    const still = buildTheme(config, { reducedMotion: true });
    expect(still.transitions.create('opacity')).toBe('none');
    expect(still.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(true);
    // The ripple marked keyboard focus: an outline does instead.
    const root = still.components?.MuiButtonBase?.styleOverrides?.root;
    expect(typeof root === 'function' ? root({ theme: still } as never) : root).toEqual({
      '&.Mui-focusVisible': { outline: '2px solid #ff5722', outlineOffset: 2 },
    });
    const moving = buildTheme(config);
    expect(moving.transitions.create('opacity')).toMatch(/^opacity \d+ms/);
    expect(moving.components?.MuiButtonBase).toBeUndefined();
  });

  it('exposes shades 100, 200, 300, 500, 700, 900 from light to dark', () => {
    const { primary, secondary } = buildTheme(config).palette;
    for (const color of [primary, secondary]) {
      for (const shade of [100, 200, 300, 500, 700, 900] as const) expect(color[shade]).toMatch(/^rgb|^#/);
    }
    expect(primary[500]).toBe('#ff5722');
    expect(primary[100]).toBe(shadesOf('#ff5722')[100]);
    expect(primary[100]).toBe('rgb(255, 221, 210)');
    expect(primary[900]).toBe('rgb(153, 52, 20)');
    // MUI derives light and dark from shades 300 and 700.
    expect(primary.light).toBe(primary[300]);
    expect(primary.dark).toBe(primary[700]);
  });

  it('falls back to the default back-office theme without a config', () => {
    const theme = buildTheme(null);
    expect(theme.palette.primary.main).toBe(DEFAULT_THEME_CONFIG.primaryColor);
    expect(theme.palette.background.default).toBe(DEFAULT_THEME_CONFIG.backgroundColor);
    expect(theme.palette.primary[700]).toBeDefined();
  });
});
