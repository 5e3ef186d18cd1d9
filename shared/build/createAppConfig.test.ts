/**
 * @jest-environment node
 */
// The config factory's shares (createAppConfig.cjs): MUI's context modules are shared one copy each.
import { readFileSync } from 'node:fs';

interface ShareOptions {
  singleton?: boolean;
  eager?: boolean;
  request?: string;
  import?: string;
  version?: string;
}
type Factory = (options: {
  name: string;
  dir: string;
  port: number;
  eager?: string[];
  groups?: Record<string, string[]>;
}) => (
  env: Record<string, unknown>,
  argv: { mode?: string },
) => {
  plugins: { _options?: { shared?: Record<string, ShareOptions> } }[];
  optimization: { splitChunks: { cacheGroups: Record<string, CacheGroup> } };
};

interface CacheGroup {
  name: string;
  chunks: string;
  enforce: boolean;
  test: (module: { resource?: string }) => boolean;
}

const { createAppConfig } = require('./createAppConfig.cjs') as { createAppConfig: Factory };

function sharesOf(eager: string[] = []): Record<string, ShareOptions> {
  const config = createAppConfig({ name: 'app', dir: __dirname, port: 1, eager })({}, { mode: 'production' });
  const federation = config.plugins.find((p) => p._options?.shared);
  if (!federation?._options?.shared) throw new Error('no ModuleFederationPlugin with shares');
  return federation._options.shared;
}

const contextKeys = (shared: Record<string, ShareOptions>) => Object.keys(shared).filter((k) => k.endsWith('.mjs'));

test("MUI's context modules, reached by relative imports inside MUI, are singletons keyed by their file", () => {
  const shared = sharesOf();
  const keys = contextKeys(shared);
  // The two whose copies per build broke Menu + MenuItem across builds, and the roving focus of MenuList.
  expect(keys).toEqual(
    expect.arrayContaining([
      '@mui/material/MenuList/MenuListContext.mjs',
      '@mui/material/List/ListContext.mjs',
      '@mui/material/FormControl/FormControlContext.mjs',
      '@mui/utils/useRovingTabIndex/RovingTabIndexContext.mjs',
      // Not a context: MUI's default theme, so a remote's MUI components do not each bring createTheme.
      '@mui/material/styles/defaultTheme.mjs',
      // Nor these: the inputs' building blocks, so a remote's TextField uses the shell's.
      '@mui/material/InputBase/InputBase.mjs',
      '@mui/material/OutlinedInput/OutlinedInput.mjs',
    ]),
  );
  const notContexts = /^@mui\/material\/(styles\/defaultTheme|(\w+)\/\2)\.mjs$/;
  for (const key of keys) {
    const options = shared[key] ?? {};
    // The absolute file as request: webpack matches the module however it is imported.
    expect(options.request).toMatch(/^\//);
    expect(options.request?.endsWith(key.replace(/^@mui\/[^/]+\//, ''))).toBe(true);
    expect(options.import).toBe(options.request);
    if (!notContexts.test(key)) expect(readFileSync(options.request ?? '', 'utf8')).toMatch(/createContext\(/);
    expect(options.singleton).toBe(true);
    expect(options.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(options.eager).toBeUndefined();
  }
});

test('the contexts are eager only in an app that builds MUI into its entry chunk', () => {
  const withMui = sharesOf(['react', '@mui/material/Button']);
  for (const key of contextKeys(withMui)) expect(withMui[key]?.eager).toBe(true);
  const withoutMui = sharesOf(['react']);
  for (const key of contextKeys(withoutMui)) expect(withoutMui[key]?.eager).toBeUndefined();
});

type Built = {
  entry: Record<string, string>;
  output: { chunkFilename: string; clean: { keep: (file: string) => boolean } };
  plugins: {
    constructor: { name: string };
    _options?: { experiments?: Record<string, unknown>; runtimePlugins?: string[] };
  }[];
};
const EXPOSES = { './Page': './src/exposed/Page.tsx' };
const make = createAppConfig as unknown as (o: Record<string, unknown>) => (e: object, a: object) => Built | Built[];
const federationOptions = (build: Built) =>
  build.plugins.find((p) => p.constructor.name === 'ModuleFederationPlugin')?._options;

test("a remote's standalone page is a second build without federation, and neither build cleans the other's files", () => {
  const builds = make({ name: 'app', dir: __dirname, port: 1, exposes: EXPOSES, standalone: './src/page.tsx' })(
    {},
    { mode: 'production' },
  );
  const [federated, page] = Array.isArray(builds) ? builds : [];
  if (!federated || !page) throw new Error('two builds expected');
  expect(federated.entry).toEqual({});
  expect(federated.plugins.some((p) => p.constructor.name === 'ModuleFederationPlugin')).toBe(true);
  expect(page.entry).toEqual({ main: './src/page.tsx' });
  expect(page.plugins.some((p) => p.constructor.name === 'ModuleFederationPlugin')).toBe(false);
  expect(page.output.chunkFilename.startsWith('chunks/page-')).toBe(true);
  const pageFiles = ['index.html', 'index.html.br', 'main.js', 'main.js.gz', 'chunks/page-12.abc.js'];
  const containerFiles = ['remoteEntry.js', 'mf-manifest.json', 'chunks/12.abc.js', 'chunks/12.abc.js.br'];
  for (const file of pageFiles)
    expect([file, federated.output.clean.keep(file), page.output.clean.keep(file)]).toEqual([file, true, false]);
  for (const file of containerFiles)
    expect([file, federated.output.clean.keep(file), page.output.clean.keep(file)]).toEqual([file, false, true]);
});

test("one federation runtime per page: remotes read the host's, whose page is the second build by default", () => {
  const builds = make({ name: 'app', dir: __dirname, port: 1, exposes: EXPOSES })({}, { mode: 'production' });
  const [federated, page] = Array.isArray(builds) ? builds : [];
  if (!federated || !page) throw new Error('two builds expected');
  expect(federationOptions(federated)?.experiments).toMatchObject({ externalRuntime: true });
  expect(federationOptions(federated)?.runtimePlugins).toBeUndefined();
  expect(page.entry).toEqual({ main: './src/index.ts' });
  const host = make({ name: 'host', dir: __dirname, port: 1 })({}, { mode: 'production' });
  if (Array.isArray(host)) throw new Error('one build expected');
  expect(host.entry).toEqual({ main: './src/index.ts' });
  expect(federationOptions(host)?.experiments?.externalRuntime).toBeUndefined();
  // The plugin's ES module, which imports the very core the host's runtime runs (not the CommonJS copy).
  const [provider] = federationOptions(host)?.runtimePlugins ?? [];
  expect(provider).toMatch(/inject-external-runtime-core-plugin[\\/]dist[\\/]index\.js$/);
});

test('a group puts the node_modules paths it names into one async chunk of that name, and nothing else', () => {
  const config = createAppConfig({
    name: 'app',
    dir: __dirname,
    port: 1,
    groups: { frame: ['react-router/', '@mui/material/AppBar/', '@mui/icons-material/Menu.mjs'] },
  })({}, { mode: 'production' });
  const group = config.optimization.splitChunks.cacheGroups['group-frame'];
  expect(group).toMatchObject({ name: 'frame', chunks: 'async', enforce: true });
  const at = (file: string) => ({ resource: `/repo/node_modules/${file}` });
  expect(group?.test(at('react-router/dist/development/index.mjs'))).toBe(true);
  expect(group?.test(at('@mui/material/AppBar/AppBar.mjs'))).toBe(true);
  expect(group?.test(at('@mui/icons-material/Menu.mjs'))).toBe(true);
  // A sibling whose name starts the same, a component not named, the app's own code, a module with no file.
  expect(group?.test(at('@mui/icons-material/MenuBook.mjs'))).toBe(false);
  expect(group?.test(at('@mui/material/AppBarX/AppBarX.mjs'))).toBe(false);
  expect(group?.test(at('@mui/material/Alert/Alert.mjs'))).toBe(false);
  expect(group?.test({ resource: '/repo/shell/src/react-router/x.ts' })).toBe(false);
  expect(group?.test({})).toBe(false);
});

test("the shared router is the part of React Router the apps use (routerSurface.mjs), and a group that names the router's package holds it", () => {
  const surface = require.resolve('./routerSurface.mjs');
  expect(sharesOf()['react-router-dom']).toMatchObject({ import: surface, singleton: true });
  // Its re-exports come from 'react-router': from 'react-router-dom' they would consume the share the file provides.
  expect(readFileSync(surface, 'utf8')).toMatch(/^\} from 'react-router';$/m);
  const config = createAppConfig({ name: 'app', dir: __dirname, port: 1, groups: { frame: ['react-router-dom/'] } })(
    {},
    { mode: 'production' },
  );
  expect(config.optimization.splitChunks.cacheGroups['group-frame']?.test({ resource: surface })).toBe(true);
});
