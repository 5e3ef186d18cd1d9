import { pageFor } from './pages';

describe('pages', () => {
  it('picks the page from the basename of remote.json', () => {
    expect(pageFor('/dashboard')?.kind).toBe('dashboard');
    expect(pageFor('reports/')?.kind).toBe('reports');
    expect(pageFor('/elsewhere')).toBeNull();
  });
});
