import { type AdminFeatures, type RemotesManifest, remoteUnavailableMessage } from '@originate/contract';
import { parseManifest, permittedRemotes, slotProvider } from '@originate/web/remotes';
import { FEATURES_OFF } from '../api/configs';
import { composeMenu, landingPath } from './menu';

const manifest: RemotesManifest = {
  remotes: [
    {
      name: 'mfe_notifications',
      entry: 'http://127.0.0.1:3004/mf-manifest.json',
      version: '1.0.0',
      displayName: 'Notifications',
      unavailableMessage: 'Notifications are unavailable right now.',
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
      displayName: 'The applications list',
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

const labels = (roles: string[], features: AdminFeatures = FEATURES_OFF) =>
  composeMenu(manifest, roles, features).map((i) =>
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
  it('shows an item naming requiredRoles to users holding one of them (a remote applicants load too)', () => {
    const video: RemotesManifest = {
      remotes: [
        {
          name: 'mfe_video',
          entry: 'http://127.0.0.1:3005/mf-manifest.json',
          version: '1.0.0',
          displayName: 'Video',
          requiredRoles: [],
          menu: [
            {
              id: 'video',
              label: 'Video',
              path: 'video',
              module: './VideoPage',
              order: 60,
              requiredRoles: ['AGENT', 'SUPERVISOR'],
            },
          ],
          slots: { videoCall: './VideoCall' },
        },
      ],
    };
    const menuOf = (roles: string[]) => composeMenu(video, roles, FEATURES_OFF).map((i) => i.label);
    expect(menuOf(['SUPERVISOR'])).toContain('Video');
    expect(menuOf(['AGENT'])).toContain('Video');
    expect(menuOf(['CPA'])).not.toContain('Video');
    // Applicants (no roles) may still fill their videoCall slot from it.
    expect(slotProvider(video, [], 'videoCall')?.module).toBe('./VideoCall');
  });
  it('shows only the shell entries when nothing is deployed', () => {
    expect(labels(['NOTIFICATION'])).toContain('Notification');
    expect(composeMenu({ remotes: [] }, [], FEATURES_OFF).map((i) => i.label)).toEqual([
      'Profile',
      'Settings',
      'Logoff',
    ]);
  });
  it('offers Form preview, before Profile, only while Admin/Features.ApplicationFormPreview is on', () => {
    const on: AdminFeatures = { MultiLingual: false, ApplicationFormPreview: true };
    expect(labels([], on)).toEqual([
      'Dashboard',
      'Applications[My Applications,All]',
      'Form preview',
      'Profile',
      'Settings',
      'Logoff',
    ]);
    expect(labels([], { ...on, ApplicationFormPreview: false })).not.toContain('Form preview');
    // MultiLingual alone adds no entry (it adds the header's language switcher).
    expect(labels([], { MultiLingual: true, ApplicationFormPreview: false })).toEqual(labels([]));
    const preview = composeMenu({ remotes: [] }, [], on).find((i) => i.id === 'form-preview');
    expect(preview).toMatchObject({ kind: 'link', path: 'form-preview', feature: 'ApplicationFormPreview' });
  });
  it('does not load remotes whose roles the user lacks', () => {
    expect(permittedRemotes(manifest, []).map((r) => r.name)).toEqual(['mfe_applications']);
    expect(slotProvider(manifest, [], 'headerBell')).toBeNull();
    expect(slotProvider(manifest, ['NOTIFICATION'], 'headerBell')?.module).toBe('./NotificationBell');
  });
});

describe('manifest parsing', () => {
  const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  afterEach(() => logged.mockClear());
  afterAll(() => logged.mockRestore());

  it('accepts a valid manifest', async () => {
    expect(await parseManifest(manifest)).toEqual(manifest);
    expect(logged).not.toHaveBeenCalled();
  });

  it('refuses a body that is not a manifest, naming the field', async () => {
    await expect(parseManifest({})).rejects.toThrow('remotes manifest: remotes: missing');
  });

  it('leaves out a remote of the wrong shape, logging the field and the reason, and keeps the others', async () => {
    const [notifications] = manifest.remotes;
    const parsed = await parseManifest({
      remotes: [{ ...notifications, name: 'mfe-x' }, notifications, { ...notifications, slots: { footer: './F' } }],
    });
    expect(parsed.remotes).toEqual([notifications]);
    expect(logged.mock.calls.map(([message]) => message)).toEqual([
      expect.stringMatching(/^\[remotes\] left out: remotes manifest: remotes\[0\]\.name: must match pattern/),
      '[remotes] left out: remotes manifest: remotes[2].slots.footer: is not allowed',
    ]);
  });
});

describe('the fallback names the remote from its own declaration', () => {
  it('uses unavailableMessage, else "<displayName> is unavailable right now."', () => {
    const [notifications, applications] = manifest.remotes;
    expect(notifications && remoteUnavailableMessage(notifications)).toBe('Notifications are unavailable right now.');
    expect(applications && remoteUnavailableMessage(applications)).toBe(
      'The applications list is unavailable right now.',
    );
  });
  it('lands on the Dashboard while the menu has it, else on the shortcuts page', () => {
    expect(landingPath(composeMenu(manifest, [], FEATURES_OFF))).toBe('/dashboard');
    expect(landingPath(composeMenu({ remotes: [] }, [], FEATURES_OFF))).toBeNull();
  });
});
