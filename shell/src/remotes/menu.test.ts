import type { RemotesManifest } from '@originate/shared';
import { parseManifest, permittedRemotes, slotProvider } from './manifest';
import { composeMenu } from './menu';

const manifest: RemotesManifest = {
  remotes: [
    {
      name: 'mfe_notifications',
      entry: 'http://127.0.0.1:3004/mf-manifest.json',
      version: '1.0.0',
      requiredRoles: ['NOTIFICATION'],
      menu: [
        { id: 'notification', label: 'Notification', path: 'notifications', module: './NotificationsPage', order: 600 },
      ],
      slots: { headerBell: './NotificationBell' },
    },
    {
      name: 'mfe_applications',
      entry: 'http://127.0.0.1:3001/mf-manifest.json',
      version: '1.0.0',
      requiredRoles: [],
      menu: [
        { id: 'all', label: 'All', path: 'applications/all', module: './App', order: 130, group: 'Applications' },
        {
          id: 'mine',
          label: 'My Applications',
          path: 'applications/mine',
          module: './App',
          order: 110,
          group: 'Applications',
        },
        { id: 'dashboard', label: 'Dashboard', path: 'dashboard', module: './Dashboard', order: 100 },
        {
          id: 'rejected',
          label: 'Rejected',
          path: 'applications/rejected',
          module: './App',
          order: 140,
          group: 'Applications',
          requiredRole: 'BH',
        },
      ],
    },
  ],
};

const labels = (roles: string[]) =>
  composeMenu(manifest, roles).map((i) =>
    i.kind === 'group' ? `${i.label}[${i.children.map((c) => c.label).join(',')}]` : i.label,
  );

describe('menu composition', () => {
  it('composes permitted contributions in order, then Profile, Settings, Logoff', () => {
    expect(labels([])).toEqual(['Dashboard', 'Applications[My Applications,All]', 'Profile', 'Settings', 'Logoff']);
  });
  it('adds items whose remote or entry role the user holds', () => {
    expect(labels(['NOTIFICATION', 'BH'])).toEqual([
      'Dashboard',
      'Applications[My Applications,All,Rejected]',
      'Notification',
      'Profile',
      'Settings',
      'Logoff',
    ]);
  });
  it('shows only the shell entries when nothing is deployed', () => {
    expect(labels(['NOTIFICATION'])).toContain('Notification');
    expect(composeMenu({ remotes: [] }, []).map((i) => i.label)).toEqual(['Profile', 'Settings', 'Logoff']);
  });
  it('does not load remotes whose roles the user lacks', () => {
    expect(permittedRemotes(manifest, []).map((r) => r.name)).toEqual(['mfe_applications']);
    expect(slotProvider(manifest, [], 'headerBell')).toBeNull();
    expect(slotProvider(manifest, ['NOTIFICATION'], 'headerBell')?.module).toBe('./NotificationBell');
  });
});

describe('manifest parsing', () => {
  it('accepts a valid manifest', () => {
    expect(parseManifest(manifest)).toEqual(manifest);
  });
  it('names the bad field', () => {
    expect(() => parseManifest({})).toThrow('remotes manifest: remotes must be a list');
    expect(() => parseManifest({ remotes: [{ name: 'mfe-x', entry: 'e' }] })).toThrow(
      'remotes manifest: remotes[0].name must be a federation container name (a JS identifier)',
    );
    expect(() => parseManifest({ remotes: [{ name: 'mfe_x', entry: 'e', menu: [{ id: 'a' }] }] })).toThrow(
      'remotes manifest: remotes[0].menu[0].order must be a number',
    );
    expect(() => parseManifest({ remotes: [{ name: 'mfe_x', entry: 'e', slots: { footer: './F' } }] })).toThrow(
      'remotes manifest: remotes[0].slots.footer is not a known slot (headerBell, customerArea)',
    );
  });
});
