import type { RemotesManifest } from '@originate/contract';
import { isValidElement, type ReactElement } from 'react';
import { RemoteModule } from './RemoteModule';
import { slotHostFor } from './SlotHost';

jest.mock('./RemoteModule', () => ({ RemoteModule: () => null }));

const manifest: RemotesManifest = {
  remotes: [
    {
      name: 'mfe_customer_flow',
      entry: 'http://127.0.0.1:3003/mf-manifest.json',
      version: '1.0.0',
      displayName: 'The application form',
      requiredRoles: [],
      menu: [],
      slots: { customerArea: './CustomerFlow', flowForm: './FlowForm' },
    },
    {
      name: 'mfe_video',
      entry: 'http://127.0.0.1:3005/mf-manifest.json',
      version: '1.0.0',
      displayName: 'Video',
      requiredRoles: [],
      menu: [],
      slots: { videoCall: './VideoCall' },
    },
    {
      name: 'mfe_notifications',
      entry: 'http://127.0.0.1:3004/mf-manifest.json',
      version: '1.0.0',
      displayName: 'Notifications',
      requiredRoles: ['NOTIFICATION'],
      menu: [],
      slots: { headerBell: './NotificationBell' },
    },
  ],
};

describe('slotHostFor', () => {
  it('renders the permitted provider of a slot through RemoteModule with the page props', () => {
    const host = slotHostFor(manifest, []);
    expect(host.provides('flowForm')).toBe(true);
    const props = { applicationId: 'APP-1', applicantType: 'primary' as const, access: 'WRITE' as const };
    const element = host.render('flowForm', props) as ReactElement<Record<string, unknown>>;
    expect(isValidElement(element)).toBe(true);
    expect(element.type).toBe(RemoteModule);
    expect(element.props.module).toBe('./FlowForm');
    expect((element.props.remote as { name: string }).name).toBe('mfe_customer_flow');
    expect(element.props.props).toBe(props);
  });

  it('provides nothing for a slot whose remote the user may not load', () => {
    const host = slotHostFor(manifest, ['SOMETHING_ELSE']);
    expect(host.provides('headerBell')).toBe(false);
    expect(host.render('headerBell', {})).toBeNull();
    expect(slotHostFor(manifest, ['NOTIFICATION']).provides('headerBell')).toBe(true);
  });

  it('fills only the slots it is given, with the fallback and loading it is given (the portal: videoCall, nothing shown)', () => {
    const host = slotHostFor(manifest, [], { slots: ['videoCall'], fallback: 'none' });
    expect(host.provides('flowForm')).toBe(false);
    expect(host.render('flowForm', { applicationId: 'APP-1', applicantType: 'primary', access: 'READ' })).toBeNull();
    expect(host.provides('videoCall')).toBe(true);
    const props = { applicationId: 'APP-1', joinAs: 'applicant' as const, phone: true };
    const element = host.render('videoCall', props) as ReactElement<Record<string, unknown>>;
    expect(element.type).toBe(RemoteModule);
    expect(element.props).toMatchObject({ module: './VideoCall', props, fallback: 'none' });
    expect((element.props.remote as { name: string }).name).toBe('mfe_video');
  });

  it('fills every slot with the card fallback by default (the shell)', () => {
    const element = slotHostFor(manifest, [], { loading: 'loading' }).render('videoCall', {
      applicationId: 'APP-1',
      joinAs: 'staff',
    }) as ReactElement<Record<string, unknown>>;
    expect(element.props).toMatchObject({ fallback: undefined, loading: 'loading' });
  });
});
