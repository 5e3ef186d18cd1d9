// The two axe findings of the open panel, held here too: initials readable at AA on every avatar tone
// (whatever theme the bank sets), and a list whose children are all list items.

import { getContrastRatio } from '@mui/material/styles';
import { DEFAULT_THEME_CONFIG } from '@originate/contract';
import { buildTheme } from '@originate/web';
import { render } from '@testing-library/react';
import type { NotificationsService } from '../api/notificationsService';
import { NotificationsServiceContext } from '../api/useNotifications';
import { notification } from '../test/fixtures';
import { avatarColours } from './NotificationItem';
import { NotificationList } from './NotificationList';

const TONES = ['primary', 'secondary', 'info', 'success', 'warning'] as const;

describe('avatar initials', () => {
  const themes = {
    default: buildTheme(DEFAULT_THEME_CONFIG),
    // A bank that picks pale brand colours: the initials still read.
    pale: buildTheme({ ...DEFAULT_THEME_CONFIG, primaryColor: '#ffd54f', secondaryColor: '#80deea' }),
  };
  for (const [name, theme] of Object.entries(themes)) {
    it.each(TONES)(`reach 4.5:1 on the %s tint (${name} theme)`, (tone) => {
      const { color, bgcolor } = avatarColours(theme, tone);
      expect(getContrastRatio(color, bgcolor)).toBeGreaterThanOrEqual(4.5);
    });
  }

  it('keep the tone’s own dark shade where it already reads', () => {
    const theme = themes.default;
    expect(avatarColours(theme, 'success').color).toBe(theme.palette.success.dark);
  });
});

describe('NotificationList', () => {
  it('holds list items only, each but the last with its rule', () => {
    const service = { markViewed: jest.fn(), remove: jest.fn() } as unknown as NotificationsService;
    const { getByRole } = render(
      <NotificationsServiceContext.Provider value={service}>
        <NotificationList notifications={[notification('a'), notification('b'), notification('c')]} />
      </NotificationsServiceContext.Provider>,
    );
    const list = getByRole('list', { name: 'Notifications' });
    const children = [...list.children];
    expect(children.map((c) => c.tagName)).toEqual(['LI', 'LI', 'LI']);
    expect(children.map((c) => c.getAttribute('role'))).toEqual([null, null, null]);
    expect(children.map((c) => c.classList.contains('MuiListItem-divider'))).toEqual([true, true, false]);
  });
});
