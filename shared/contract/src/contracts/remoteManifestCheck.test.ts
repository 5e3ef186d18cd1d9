import { parseRemotesManifest } from './remoteManifest';
import { isRemoteEntry, isRemotesManifestInOrder } from './remoteManifestCheck';

const menuItem = {
  id: 'apps',
  label: 'My Applications',
  path: 'backstage/apps',
  module: './AppsPage',
  requiredRole: 'CPA',
  requiredRoles: ['AGENT'],
  order: 10.5,
  group: 'Applications',
};
const route = { id: 'detail', path: 'backstage/application', module: './Detail', label: 'Detail', requiredRoles: [] };
// An entry with every optional field, so each can be broken or left out.
const full = {
  name: 'mfe_x',
  entry: 'https://cdn.example/x/mf-manifest.json',
  version: '1.2.3',
  displayName: 'Applications',
  unavailableMessage: 'Applications are unavailable right now.',
  requiredRoles: ['CPA', 'AGENT'],
  slots: { headerBell: './Bell', customerArea: './Area', flowForm: './Form', videoCall: './Call' },
  menu: [menuItem],
  routes: [route],
  pages: { framable: ['omni-embed'], camera: ['newapplication'], blob: ['img-src', 'media-src'] },
};
type Entry = Record<string, unknown>;

const set = (path: (string | number)[], value: unknown): Entry => {
  const copy = structuredClone(full) as Entry;
  let at = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (value === undefined) delete at[last];
  else at[last] = value;
  return copy;
};
const bare = (): Entry => {
  const { unavailableMessage, slots, routes, pages, ...required } = structuredClone(full);
  const { requiredRole, requiredRoles, group, ...item } = menuItem;
  return { ...required, menu: [item] };
};
const long = (n: number) => 'a'.repeat(n);
// 200 code points in 400 UTF-16 units: lengths count code points, as JSON Schema and TypeBox do.
const emoji200 = '😀'.repeat(200);

const variants: [string, Entry][] = [
  ['every field', full],
  ['no optional field', bare()],
  ...['unavailableMessage', 'slots', 'routes', 'pages'].map((key): [string, Entry] => [
    `no ${key}`,
    set([key], undefined),
  ]),
  ...['name', 'entry', 'version', 'displayName', 'requiredRoles', 'menu'].map((key): [string, Entry] => [
    `no ${key}`,
    set([key], undefined),
  ]),
  ...['id', 'label', 'path', 'module', 'order', 'requiredRole', 'requiredRoles', 'group'].map(
    (key): [string, Entry] => [`menu item without ${key}`, set(['menu', 0, key], undefined)],
  ),
  ...['id', 'path', 'module', 'label', 'requiredRoles'].map((key): [string, Entry] => [
    `route without ${key}`,
    set(['routes', 0, key], undefined),
  ]),
  ['an unknown key', set(['extra'], 1)],
  ["a key named as Object's own", set(['toString'], 'x')],
  ["a menu key named as Object's own", set(['menu', 0, 'constructor'], {})],
  ['an unknown menu key', set(['menu', 0, 'icon'], 'x')],
  ['an unknown route key', set(['routes', 0, 'order'], 1)],
  ['an unknown slot', set(['slots', 'footer'], './Footer')],
  ['an unknown page rule', set(['pages', 'script'], ['x'])],
  ['empty slots', set(['slots'], {})],
  ['pages as an array', set(['pages'], [])],
  ['slots as null', set(['slots'], null)],
  ['the entry as a number', set(['entry'], 3)],
  ['a file: entry', set(['entry'], 'file:///etc/passwd')],
  ['an http entry', set(['entry'], 'http://127.0.0.1:3003/mf-manifest.json')],
  ['an entry of 2000', set(['entry'], `https://${long(1992)}`)],
  ['an entry of 2001', set(['entry'], `https://${long(1993)}`)],
  ['an empty name', set(['name'], '')],
  ['a name starting with a digit', set(['name'], '1x')],
  ['a name with a dollar', set(['name'], '$x_1')],
  ['a name of 101', set(['name'], long(101))],
  ['an empty version', set(['version'], '')],
  ['a version of 101', set(['version'], long(101))],
  ['an empty displayName', set(['displayName'], '')],
  ['a displayName of 200', set(['displayName'], long(200))],
  ['a displayName of 201', set(['displayName'], long(201))],
  ['a displayName of 200 emoji', set(['displayName'], emoji200)],
  ['a displayName of 201 emoji', set(['displayName'], `${emoji200}a`)],
  ['a role that is empty', set(['requiredRoles'], [''])],
  ['a role that is a number', set(['requiredRoles'], [1])],
  [
    '50 roles',
    set(
      ['requiredRoles'],
      Array.from({ length: 50 }, (_, i) => `R${i}`),
    ),
  ],
  [
    '51 roles',
    set(
      ['requiredRoles'],
      Array.from({ length: 51 }, (_, i) => `R${i}`),
    ),
  ],
  ['roles as a string', set(['requiredRoles'], 'CPA')],
  ['a module without ./', set(['menu', 0, 'module'], 'AppsPage')],
  ['a module with a dot inside', set(['menu', 0, 'module'], './a.b')],
  ['a module of 100', set(['menu', 0, 'module'], `./${long(98)}`)],
  ['a module of 101', set(['menu', 0, 'module'], `./${long(99)}`)],
  ['a path with a leading slash', set(['menu', 0, 'path'], '/apps')],
  ['a path with a trailing slash', set(['routes', 0, 'path'], 'apps/')],
  ['an empty path', set(['routes', 0, 'path'], '')],
  ['an order as a string', set(['menu', 0, 'order'], '10')],
  ['an order that is not finite', set(['menu', 0, 'order'], Number.POSITIVE_INFINITY)],
  ['an order that is NaN', set(['menu', 0, 'order'], Number.NaN)],
  ['a negative order', set(['menu', 0, 'order'], -3)],
  ['a menu item that is null', set(['menu', 0], null)],
  [
    '51 menu items',
    set(
      ['menu'],
      Array.from({ length: 51 }, () => menuItem),
    ),
  ],
  [
    '51 routes',
    set(
      ['routes'],
      Array.from({ length: 51 }, () => route),
    ),
  ],
  ['a slot module without ./', set(['slots', 'videoCall'], 'Call')],
  ['a blob directive not allowed', set(['pages', 'blob'], ['script-src'])],
  ['five blob directives', set(['pages', 'blob'], ['img-src', 'img-src', 'img-src', 'img-src', 'img-src'])],
  [
    '21 framable pages',
    set(
      ['pages', 'framable'],
      Array.from({ length: 21 }, () => 'a'),
    ),
  ],
  [
    '20 camera pages',
    set(
      ['pages', 'camera'],
      Array.from({ length: 20 }, () => 'a'),
    ),
  ],
  ['a framable page that is a number', set(['pages', 'framable'], [1])],
];

describe("the host's manifest check (remoteManifestCheck.ts)", () => {
  // The schema's answer, through the one function that applies it to a host's manifest.
  const schemaKeeps = (value: unknown) =>
    parseRemotesManifest({ remotes: [value] }, 'test', () => undefined).remotes.length === 1;

  it.each(variants)('answers as the schema does: %s', (_, entry) => {
    expect(isRemoteEntry(entry)).toBe(schemaKeeps(entry));
  });

  it('tells good entries from bad ones (the variants are not all one answer)', () => {
    const answers = variants.map(([, entry]) => isRemoteEntry(entry));
    expect(answers.filter(Boolean).length).toBeGreaterThan(10);
    expect(answers.filter((ok) => !ok).length).toBeGreaterThan(30);
  });

  it('passes a manifest only when its body and every entry are in order', () => {
    expect(isRemotesManifestInOrder({ remotes: [full, full] })).toBe(true);
    expect(isRemotesManifestInOrder({ remotes: [] })).toBe(true);
    expect(isRemotesManifestInOrder({ remotes: [full, set(['entry'], 'ftp://x')] })).toBe(false);
    expect(isRemotesManifestInOrder({ remotes: [full], extra: true })).toBe(false);
    expect(isRemotesManifestInOrder({ remotes: {} })).toBe(false);
    expect(isRemotesManifestInOrder([full])).toBe(false);
    expect(isRemotesManifestInOrder(null)).toBe(false);
  });
});
