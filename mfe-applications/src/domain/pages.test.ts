import { APPLICATION_LISTS } from '@originate/contract';
import remote from '../../remote.json';
import { PAGES, pageFor } from './pages';

describe('the pages of the menu entries', () => {
  it('has one page for every menu path of remote.json, and no other', () => {
    expect(Object.keys(PAGES).sort()).toEqual(remote.menu.map((m) => m.path).sort());
  });

  it('shows every list of the contract', () => {
    const lists = Object.values(PAGES).flatMap((p) => (p.kind === 'list' ? [p.list] : []));
    expect(lists.sort()).toEqual([...APPLICATION_LISTS].sort());
  });

  it('reads the basename the host routes to', () => {
    expect(pageFor('/applications/my')).toEqual({ kind: 'list', list: 'MY_APPLICATIONS', title: 'My Applications' });
    expect(pageFor('/search/')).toEqual({ kind: 'search', title: 'Search' });
    expect(pageFor('/nowhere')).toBeNull();
  });
});
