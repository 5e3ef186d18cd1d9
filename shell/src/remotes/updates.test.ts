import type { RemoteEntry } from '@originate/contract';
import { updatedRemotes, updateMessage } from './updates';

const entry = (name: string, release: string, displayName = name): RemoteEntry => ({
  name,
  entry: `http://127.0.0.1:3004/releases/${release}/mf-manifest.json`,
  version: '0.1.0',
  displayName,
  requiredRoles: [],
  menu: [],
});

describe('updatedRemotes', () => {
  const loaded = [
    entry('mfe_notifications', '0.1.0-aaaaaaaaaaaa', 'Notifications'),
    entry('mfe_x', '1.0.0-bbbbbbbbbbbb'),
  ];

  it('names the loaded remotes whose release changed', () => {
    const latest = {
      remotes: [entry('mfe_notifications', '0.1.0-cccccccccccc', 'Notifications'), loaded[1] as RemoteEntry],
    };
    expect(updatedRemotes(loaded, latest).map((r) => r.name)).toEqual(['mfe_notifications']);
  });

  it('is empty when nothing changed, and ignores remotes the page never loaded or that were removed', () => {
    expect(updatedRemotes(loaded, { remotes: loaded })).toEqual([]);
    expect(updatedRemotes(loaded, { remotes: [entry('mfe_new', '0.1.0-dddddddddddd')] })).toEqual([]);
  });
});

describe('updateMessage', () => {
  it('says which remote has a new version', () => {
    expect(updateMessage([{ displayName: 'Notifications' }])).toBe('A new version of Notifications is available');
  });

  it('names several together', () => {
    expect(updateMessage([{ displayName: 'Notifications' }, { displayName: 'Applications' }])).toBe(
      'New versions of Notifications and Applications are available',
    );
    expect(updateMessage([{ displayName: 'A' }, { displayName: 'B' }, { displayName: 'C' }])).toBe(
      'New versions of A, B and C are available',
    );
  });
});
