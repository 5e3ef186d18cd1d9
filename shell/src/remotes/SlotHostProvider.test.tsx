import type { RemotesManifest } from '@originate/contract';
import { isValidElement, type ReactElement } from 'react';
import { RemoteModule } from './RemoteModule';
import { slotHostFor } from './SlotHostProvider';

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
});
