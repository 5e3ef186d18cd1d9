import { parseRemoteDeclaration, parseRemotesManifest, REMOTE_SLOTS } from './remoteManifest';
import { remoteUnavailableMessage, type SlotProps, type VideoCallSlotProps } from './remotes';

const declaration = {
  displayName: 'Application form',
  unavailableMessage: 'The application form is unavailable right now.',
  requiredRoles: [],
  slots: { customerArea: './CustomerFlow', flowForm: './FlowForm', videoCall: './VideoCall' },
  menu: [],
  pages: {
    framable: ['omni-embed'],
    camera: ['newapplication', 'backstage/newapplication'],
    blob: ['img-src', 'worker-src'],
  },
};

describe('the remote declaration schema (remote.json)', () => {
  it('accepts every slot and the page rules', () => {
    expect(REMOTE_SLOTS).toEqual(['headerBell', 'customerArea', 'flowForm', 'videoCall']);
    expect(parseRemoteDeclaration(declaration, 'mfe-x/remote.json')).toEqual(declaration);
  });

  it('accepts a menu item for users holding one of several roles (requiredRoles)', () => {
    const menu = [
      {
        id: 'video',
        label: 'Video',
        path: 'video',
        module: './VideoPage',
        order: 60,
        requiredRoles: ['AGENT', 'SUPERVISOR'],
      },
    ];
    expect(parseRemoteDeclaration({ ...declaration, menu }, 'mfe-video/remote.json').menu).toEqual(menu);
    expect(() =>
      parseRemoteDeclaration({ ...declaration, menu: [{ ...menu[0], requiredRoles: [''] }] }, 'mfe-video/remote.json'),
    ).toThrow('mfe-video/remote.json: menu[0].requiredRoles[0]: must not have fewer than 1 characters');
  });

  it('accepts pages that are no menu items, and refuses a route without its module', () => {
    const routes = [
      { id: 'detail', path: 'backstage/application', module: './Detail', requiredRole: 'CPA' },
      { id: 'calls', path: 'backstage/calls', module: './Calls', requiredRoles: ['AGENT', 'SUPERVISOR'] },
    ];
    expect(parseRemoteDeclaration({ ...declaration, routes }, 'mfe-x/remote.json').routes).toEqual(routes);
    expect(() =>
      parseRemoteDeclaration({ ...declaration, routes: [{ id: 'detail', path: '/backstage' }] }, 'mfe-x/remote.json'),
    ).toThrow(
      'mfe-x/remote.json: routes[0].module: missing; routes[0].path: must match pattern "^[A-Za-z0-9_-]+(/[A-Za-z0-9_-]+)*$"',
    );
  });

  it('names the file, each field and the reason', () => {
    expect(() =>
      parseRemoteDeclaration(
        { ...declaration, displayName: '', slots: { customerArea: 'CustomerFlow' }, pages: { framable: ['/omni'] } },
        'mfe-x/remote.json',
      ),
    ).toThrow(
      'mfe-x/remote.json: displayName: must not have fewer than 1 characters; slots.customerArea: must match pattern "^\\./[A-Za-z0-9_/-]+$"; pages.framable[0]: must match pattern "^[A-Za-z0-9_-]+(/[A-Za-z0-9_-]+)*$"',
    );
  });
});

describe('the manifest as a host reads it', () => {
  const entry = { name: 'mfe_x', entry: 'http://127.0.0.1:3003/mf-manifest.json', version: '1.0.0', ...declaration };

  it('keeps good entries and reports each refused one by its index', () => {
    const refused: string[] = [];
    const manifest = parseRemotesManifest(
      { remotes: [entry, { ...entry, entry: 'file:///etc/passwd' }] },
      '/remotes.json',
      (error) => refused.push(error.message),
    );
    expect(manifest.remotes).toEqual([entry]);
    expect(refused).toEqual(['/remotes.json: remotes[1].entry: must match pattern "^https?://"']);
  });

  it('says what a fallback shows', () => {
    expect(remoteUnavailableMessage(entry)).toBe('The application form is unavailable right now.');
    expect(remoteUnavailableMessage({ displayName: 'Leads' })).toBe('Leads is unavailable right now.');
  });
});

describe('the videoCall slot', () => {
  it("takes exactly the video remote's './VideoCall' props (checked by the type checker)", () => {
    type Expected = { applicationId: string; joinAs: 'staff' | 'applicant'; phone?: boolean; onClose?: () => void };
    type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
    const same: Same<VideoCallSlotProps, Expected> & Same<SlotProps['videoCall'], Expected> = true;
    expect(same).toBe(true);
  });
});
