import type { RemoteEntry } from '@originate/contract';
import { permittedRoutes, settingsLinks } from './manifest';

const remote = (over: Partial<RemoteEntry>): RemoteEntry => ({
  name: 'mfe_applications',
  entry: 'http://127.0.0.1:3001/mf-manifest.json',
  version: '1.0.0',
  displayName: 'Applications',
  requiredRoles: ['CPA'],
  menu: [],
  ...over,
});

describe('pages that are no menu items (remote.json routes)', () => {
  const detail = { id: 'detail', path: 'backstage/application', module: './ApplicationDetail' };
  const audit = { id: 'audit', path: 'backstage/audit', module: './Audit', requiredRole: 'ADMIN' };
  const manifest = { remotes: [remote({ routes: [detail, audit] }), remote({ name: 'mfe_x', requiredRoles: ['BH'] })] };

  it('routes the permitted remote pages the user may open', () => {
    expect(permittedRoutes(manifest, ['CPA']).map((r) => [r.remote.name, r.route.id])).toEqual([
      ['mfe_applications', 'detail'],
    ]);
    expect(permittedRoutes(manifest, ['CPA', 'ADMIN']).map((r) => r.route.id)).toEqual(['detail', 'audit']);
  });

  it('routes nothing of a remote the user may not load, nor of one without routes', () => {
    expect(permittedRoutes(manifest, ['BH'])).toEqual([]);
  });
});

describe("Settings' links to remote pages", () => {
  const lifecycles = { id: 'lifecycles', path: 'settings/lifecycles', module: './LifecyclesPage', label: 'Lifecycles' };
  const unlabelled = { id: 'x', path: 'settings/x', module: './X' };
  const elsewhere = { id: 'detail', path: 'backstage/application', module: './ApplicationDetail', label: 'Detail' };
  const adminOnly = { ...lifecycles, id: 'audit', path: 'settings/audit', label: 'Audit', requiredRole: 'ADMIN' };
  const manifest = { remotes: [remote({ routes: [lifecycles, unlabelled, elsewhere, adminOnly] })] };

  it('links the labelled pages under settings/ the user may open', () => {
    expect(settingsLinks(manifest, ['CPA'])).toEqual([{ path: '/settings/lifecycles', label: 'Lifecycles' }]);
    expect(settingsLinks(manifest, ['CPA', 'ADMIN']).map((l) => l.label)).toEqual(['Lifecycles', 'Audit']);
    expect(settingsLinks(manifest, ['BH'])).toEqual([]);
  });
});
