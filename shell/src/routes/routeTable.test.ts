import { matchRoutes } from 'react-router-dom';
import { backOfficePaths, isBackOfficePath, TOP_LEVEL_ROUTES } from './routeTable';

const areaOf = (pathname: string) => matchRoutes([...TOP_LEVEL_ROUTES], pathname)?.at(-1)?.route.area;

describe('top-level route table (spec §2)', () => {
  it.each([
    ['/', 'backOffice'],
    ['/newapplication', 'customer'],
    ['/newapplication/step/2', 'customer'],
    ['/omni-embed', 'customer'],
    ['/dynamic-resume', 'customer'],
    // A back-office page (SHELL_PAGES.staffFlow): the catch-all tells it from unknown paths.
    ['/backstage/newapplication', 'notFound'],
    ['/invalidURL', 'invalidUrl'],
    ['/login', 'login'],
    ['/reset-password', 'resetPassword'],
    ['/anything/else', 'notFound'],
    ['/backstage/application', 'notFound'],
  ])('%s → %s', (path, area) => {
    expect(areaOf(path)).toBe(area);
  });

  it('tells back-office pages from unknown paths', () => {
    const paths = backOfficePaths(['notifications', '/reports/']);
    expect(isBackOfficePath('/', paths)).toBe(true);
    expect(isBackOfficePath('/profile', paths)).toBe(true);
    expect(isBackOfficePath('/settings', paths)).toBe(true);
    expect(isBackOfficePath('/backstage/newapplication', paths)).toBe(true);
    expect(isBackOfficePath('/notifications/42', paths)).toBe(true);
    expect(isBackOfficePath('/reports', paths)).toBe(true);
    expect(isBackOfficePath('/notificationsx', paths)).toBe(false);
    expect(isBackOfficePath('/foo', paths)).toBe(false);
  });
});
