import type { RemotesManifest } from '@originate/contract';
import { startPageHost } from '@originate/web/page-host';
import { portalSlotHost } from './portalSlots';

jest.mock('@originate/web/page-host', () => ({ startPageHost: jest.fn() }));

const video = {
  name: 'mfe_video',
  entry: 'http://127.0.0.1:3005/mf-manifest.json',
  version: '1.0.0',
  displayName: 'Video',
  menu: [],
  slots: { videoCall: './VideoCall' },
};
const form = {
  name: 'mfe_customer_flow',
  entry: 'http://127.0.0.1:3003/mf-manifest.json',
  version: '1.0.0',
  displayName: 'The application form',
  requiredRoles: [],
  menu: [],
  slots: { customerArea: './CustomerFlow', flowForm: './FlowForm' },
};

afterEach(() => jest.clearAllMocks());

describe("the standalone portal's slot host (from /remotes.json)", () => {
  it('fills videoCall from a remote open to applicants, starting the runtime of this page', async () => {
    const manifest: RemotesManifest = { remotes: [form, { ...video, requiredRoles: [] }] };
    const host = await portalSlotHost(manifest, []);
    expect(startPageHost).toHaveBeenCalledWith('mfe_customer_flow_page');
    expect(host?.provides('videoCall')).toBe(true);
    // Only the slots the portal places.
    expect(host?.provides('flowForm')).toBe(false);
    expect(host?.provides('customerArea')).toBe(false);
  });

  it('is null, and starts nothing, when no remote an applicant may load fills a portal slot', async () => {
    const staffOnly: RemotesManifest = { remotes: [form, { ...video, requiredRoles: ['AGENT', 'SUPERVISOR'] }] };
    expect(await portalSlotHost(staffOnly, [])).toBeNull();
    expect(await portalSlotHost({ remotes: [form] }, [])).toBeNull();
    expect(startPageHost).not.toHaveBeenCalled();
  });
});
