// @ts-check
// The one webpack + module-federation config factory every app uses (host and remotes).
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const CompressionPlugin = require('compression-webpack-plugin');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { RELEASE_BASE_PLACEHOLDER } = require('./release.cjs');

/**
 * Singletons shared by every app. Prefix keys (trailing slash) cover deep imports such as
 * '@mui/material/Button' or 'react-dom/client', which a plain key does not.
 */
const SINGLETONS = [
  'react',
  'react-dom',
  'react-router-dom',
  '@tanstack/react-query',
  'jotai',
  '@mui/material',
  '@mui/system',
  '@emotion/react',
  '@emotion/styled',
  '@originate/contract',
  '@originate/web',
];
const PREFIXES = [
  'react/',
  'react-dom/',
  '@mui/material/',
  '@mui/system/',
  '@mui/icons-material/',
  'jotai/',
  // Their subpaths ('@originate/contract/schemas', '@originate/web/standalone'): one copy each, as for the roots.
  '@originate/contract/',
  '@originate/web/',
];

/**
 * The part of React Router the apps use (routerSurface.mjs), shared under the key 'react-router-dom' in place of
 * the whole package: a shared module keeps every export, and the whole router was 52 KiB br on every screen.
 */
const ROUTER_SURFACE = path.join(__dirname, 'routerSurface.mjs');

/** The names routerSurface.mjs exports (its one `export { … } from` list). */
function routerSurfaceNames() {
  const source = fs.readFileSync(ROUTER_SURFACE, 'utf8');
  const list = /export\s*\{([^}]*)\}/.exec(source)?.[1] ?? '';
  return new Set(
    list
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  );
}

/**
 * The runtime plugin by which a host provides its federation runtime's core to the remotes (createAppConfig's
 * externalRuntime), as its ES module. The plugin's own option, `provideExternalRuntime`, adds the CommonJS file,
 * whose require of the core brought a second copy of the core into the shell (9.1 KiB br) and provided that one.
 */
function provideRuntimeCorePlugin() {
  const commonJs = require.resolve('@module-federation/inject-external-runtime-core-plugin', { paths: [__dirname] });
  const esModule = commonJs.replace(/\.cjs$/, '.js');
  if (esModule === commonJs || !fs.existsSync(esModule)) {
    throw new Error(`inject-external-runtime-core-plugin: no ES module beside ${commonJs} (its layout changed)`);
  }
  return esModule;
}

/** @param {string} pkg */
function installedVersion(pkg) {
  return require(require.resolve(`${pkg}/package.json`, { paths: [__dirname] })).version;
}

/**
 * MUI packages whose files create React contexts. MUI imports its own files relatively ('../List/ListContext.mjs'),
 * which no share key matches, so each build would carry its own copy of every context: a Menu loaded from one build
 * and a MenuItem from another then miss each other ('MUI: MenuListContext is missing'). @mui/utils and
 * @mui/private-theming are reached only through MUI's own imports.
 */
const MUI_CONTEXT_PACKAGES = ['@mui/material', '@mui/system', '@mui/utils', '@mui/private-theming'];

/**
 * MUI files besides the contexts that are one per page: [package, file under it]. The default theme must be; the
 * inputs' building blocks are what the shell's login page builds into main.js, which a remote's TextField or Select
 * reaches relatively ('../InputBase/InputBase.mjs'), so each build carried its own copy beside the shell's (the
 * Dashboard's filter bar: 7 KiB br of its 15.9).
 */
const MUI_SINGLETON_FILES = [
  ['@mui/material', 'styles/defaultTheme.mjs'],
  ...['FormControl', 'FormLabel', 'InputBase', 'InputLabel', 'OutlinedInput', 'SvgIcon'].map((component) => [
    '@mui/material',
    `${component}/${component}.mjs`,
  ]),
];

/**
 * Every ES module file of the installed MUI packages that calls createContext (and MUI_SINGLETON_FILES), as
 * { shareKey: '@mui/material/MenuList/MenuListContext.mjs', file: <absolute path>, pkg }. Found by reading the
 * installed files, so an MUI upgrade that adds or moves a context is covered without a list to keep.
 * @returns {{ shareKey: string, file: string, pkg: string }[]}
 */
function muiContextModules() {
  /** @type {{ shareKey: string, file: string, pkg: string }[]} */
  const found = [];
  for (const pkg of MUI_CONTEXT_PACKAGES) {
    const root = path.dirname(require.resolve(`${pkg}/package.json`, { paths: [__dirname] }));
    for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.mjs') || entry.name.endsWith('.d.mjs')) continue;
      const file = path.join(entry.parentPath, entry.name);
      if (!fs.readFileSync(file, 'utf8').includes('createContext(')) continue;
      found.push({ shareKey: `${pkg}/${path.relative(root, file).split(path.sep).join('/')}`, file, pkg });
    }
  }
  // MUI's default theme, which every component reaches relatively ('../styles/defaultTheme.mjs') for props without a
  // ThemeProvider: one copy too, or each build's first MUI component brings all of createTheme (8.3 KiB br, the
  // Dashboard loaded it from mfe-reports beside the shell's).
  for (const [pkg, file] of MUI_SINGLETON_FILES) {
    const root = path.dirname(require.resolve(`${pkg}/package.json`, { paths: [__dirname] }));
    found.push({ shareKey: `${pkg}/${file}`, file: path.join(root, ...file.split('/')), pkg });
  }
  return found.sort((a, b) => a.shareKey.localeCompare(b.shareKey));
}

/**
 * Major-compatible range of what is installed, so host and remotes agree on one copy.
 * @param {readonly string[]} eager share keys (exact, or covered by a prefix key) built into the entry chunk
 */
function sharedConfig(eager = []) {
  /** @type {Record<string, object>} */
  const shared = {};
  /** @param {string} key @param {string} pkg */
  const add = (key, pkg) => {
    const version = installedVersion(pkg);
    shared[key] = {
      singleton: pkg !== '@mui/icons-material',
      requiredVersion: `^${version}`,
      version,
      ...(key === 'react-router-dom' && { import: ROUTER_SURFACE }),
      ...(eager.includes(key) && { eager: true }),
    };
  };
  for (const pkg of SINGLETONS) add(pkg, pkg);
  for (const prefix of PREFIXES) add(prefix, prefix.slice(0, -1));
  // One copy of each MUI context at run time, whichever build's component uses it. The absolute path as
  // 'request' makes webpack match the file however it is imported (relative inside MUI, or bare); the share
  // key stays machine independent. Eager where the app builds MUI into its entry chunk (the shell's login
  // page), whose components consume these synchronously; they are a few hundred bytes each.
  const eagerMui = eager.some((key) => key.startsWith('@mui/'));
  for (const { shareKey, file, pkg } of muiContextModules()) {
    const version = installedVersion(pkg);
    shared[shareKey] = {
      singleton: true,
      requiredVersion: `^${version}`,
      version,
      request: file,
      import: file,
      ...(eagerMui && { eager: true }),
    };
  }
  // A deep import listed as eager gets its own key, which webpack matches before the prefix key.
  for (const key of eager) {
    if (shared[key]) continue;
    const prefix = PREFIXES.find((p) => key.startsWith(p));
    if (!prefix) throw new Error(`eager share '${key}' is not covered by SINGLETONS or PREFIXES`);
    add(key, prefix.slice(0, -1));
  }
  return shared;
}

/**
 * Fails the build when code in the entry chunk consumes a share that is not eager: the federation runtime
 * would throw RUNTIME-006 (loadShareSync) at start, a blank page. Catches an eager module that gains an
 * import of a lazy share.
 * @param {import('webpack').Compiler} compiler
 */
function checkEagerConsumes(compiler) {
  compiler.hooks.afterCompile.tap('OriginateEagerConsumes', (compilation) => {
    const lazy = new Set();
    for (const chunk of compilation.chunks) {
      if (!chunk.canBeInitial()) continue;
      for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk)) {
        const options = /** @type {{ options?: { shareKey?: string, eager?: boolean } }} */ (module).options;
        if (module.type === 'consume-shared-module' && options && !options.eager) lazy.add(options.shareKey);
      }
    }
    if (lazy.size > 0) {
      compilation.errors.push(
        new compiler.webpack.WebpackError(
          `The entry chunk consumes shares that are not eager (add them to the app's eager list): ${[...lazy].join(', ')}`,
        ),
      );
    }
  });
}

/**
 * Fails the build when code imports from 'react-router-dom' a name the shared router does not carry
 * (routerSurface.mjs): a consumed share has no known exports, so the name would be undefined at run time.
 * @param {import('webpack').Compiler} compiler
 */
function checkRouterImports(compiler) {
  const surface = routerSurfaceNames();
  compiler.hooks.compilation.tap('OriginateRouterImports', (compilation) => {
    compilation.hooks.finishModules.tap('OriginateRouterImports', (modules) => {
      const missing = new Set();
      for (const module of modules) {
        for (const dependency of module.dependencies) {
          const dep = /** @type {{ request?: string, getIds?: (graph: unknown) => string[] }} */ (dependency);
          if (dep.request !== 'react-router-dom' || typeof dep.getIds !== 'function') continue;
          const [name] = dep.getIds(compilation.moduleGraph);
          if (name === undefined || !surface.has(name)) {
            missing.add(`${name ?? 'the whole module'} (${module.readableIdentifier(compilation.requestShortener)})`);
          }
        }
      }
      if (missing.size > 0) {
        compilation.errors.push(
          new compiler.webpack.WebpackError(
            `Imports from 'react-router-dom' that the shared router does not carry (add them to shared/build/routerSurface.mjs and rebuild every app): ${[...missing].join(', ')}`,
          ),
        );
      }
    });
  });
}

/**
 * Dev-server only: serve the runtime configuration every app reads at start (/env.json and, for
 * the shell, /remotes.json) from the environment, so no URL is ever baked into a build.
 *   RUNTIME_ENV_FILE        a RuntimeEnv JSON file served as /env.json; otherwise it is made from
 *   API_BASE_URL            (default http://127.0.0.1:4000), REMOTES_MANIFEST_URL (default
 *                           <this origin>/remotes.json), LOGIN_KEY, PORTAL_APP_NAME
 *   REMOTES_MANIFEST_FILE   a RemotesManifest JSON file served as /remotes.json (default: no remotes)
 * @param {import('webpack-dev-server').Middleware[]} middlewares
 * @param {import('webpack-dev-server')} devServer
 */
function runtimeConfigMiddlewares(middlewares, devServer) {
  /** @param {string} file */
  const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));
  const app = devServer.app;
  if (!app) return middlewares;
  app.get('/env.json', (req, res) => {
    const origin = `${req.protocol}://${req.headers.host}`;
    res.set('Cache-Control', 'no-cache');
    res.json(
      process.env.RUNTIME_ENV_FILE
        ? readJson(process.env.RUNTIME_ENV_FILE)
        : {
            apiBaseUrl: process.env.API_BASE_URL || 'http://127.0.0.1:4000',
            remotesManifestUrl: process.env.REMOTES_MANIFEST_URL || `${origin}/remotes.json`,
            loginKey: process.env.LOGIN_KEY || 'originate-login-key-0123456789ab',
            portalAppName: process.env.PORTAL_APP_NAME || 'originate-backoffice',
          },
    );
  });
  app.get('/remotes.json', (_req, res) => {
    res.set('Cache-Control', 'no-cache');
    res.json(process.env.REMOTES_MANIFEST_FILE ? readJson(process.env.REMOTES_MANIFEST_FILE) : { remotes: [] });
  });
  return middlewares;
}

/**
 * Production only: a .gz and a .br beside every text asset worth compressing, so the static
 * server sends them by Accept-Encoding without compressing on each request.
 */
function precompress() {
  const common = { test: /\.(js|css|html|json|svg)$/, threshold: 1024 };
  return [
    new CompressionPlugin({
      ...common,
      algorithm: 'gzip',
      compressionOptions: { level: 9 },
      filename: '[path][base].gz',
    }),
    new CompressionPlugin({
      ...common,
      algorithm: 'brotliCompress',
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } },
      filename: '[path][base].br',
    }),
  ];
}

/** swc for TypeScript and React: the one module rule set of every build. @param {boolean} production */
function moduleRules(production) {
  return [
    {
      test: /\.[cm]?[jt]sx?$/,
      exclude: /node_modules/,
      use: {
        loader: 'swc-loader',
        options: {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic', development: !production, refresh: false } },
            target: 'es2020',
          },
        },
      },
    },
    { test: /\.m?js$/, resolve: { fullySpecified: false } },
    { test: /\.(png|svg|jpe?g|gif|mp3|wav|woff2?)$/i, type: 'asset/resource' },
  ];
}

/**
 * Absolute script URLs (in production, below the release's folder: shared/build/release.cjs): the page is served for deep links (history fallback) such as /backstage/newapplication,
 * where a relative 'main.js' would resolve under /backstage/. @param {string} title @param {boolean} production
 */
function htmlPage(title, production) {
  return new HtmlWebpackPlugin({
    title,
    chunks: ['main'],
    template: path.join(__dirname, 'index.ejs'),
    scriptLoading: 'defer',
    publicPath: production ? RELEASE_BASE_PLACEHOLDER : '/',
  });
}

/** What every build shares: mode, maps, file names, loaders, minifier. @param {string} dir @param {boolean} production */
function baseConfig(dir, production) {
  return {
    mode: production ? 'production' : 'development',
    context: dir,
    // Production maps are hidden (no sourceMappingURL) and written beside dist/, never served:
    // <app>/sourcemaps/ keeps them for decoding stack traces.
    devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'] },
    module: { rules: moduleRules(production) },
    performance: { hints: false },
    optimization: {
      moduleIds: 'deterministic',
      chunkIds: production ? 'deterministic' : 'named',
      // swc's minifier instead of webpack's default terser: the same two compress passes in under half the
      // CPU time, and the output is no larger (README "Dependencies and why").
      minimizer: [
        new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, minimizerOptions: { compress: { passes: 2 } } }),
      ],
    },
  };
}

/**
 * Named async chunks of node_modules code a screen loads together. Every shared module is a chunk of its own (the
 * federation plugin gives each fallback its own async block, and splitChunks' request limits do not apply to
 * them): the Dashboard took 73 script requests, most of them an MUI component of 0.2-2 KiB. A group puts the
 * packages a screen needs into one chunk, fetched once by whichever of them is needed first; keep a group to what
 * its screen loads anyway, or the screen gets heavier.
 * @param {Record<string, readonly string[]>} groups chunk name -> paths under node_modules ('react-router/',
 *   '@mui/material/Badge/', '@mui/icons-material/Menu.mjs')
 */
function groupCacheGroups(groups) {
  /** @type {Record<string, object>} */
  const cacheGroups = {};
  for (const [name, paths] of Object.entries(groups)) {
    cacheGroups[`group-${name}`] = {
      name,
      chunks: 'async',
      enforce: true,
      priority: 20,
      /** @param {{ resource?: string }} module */
      test: (module) => {
        // The shared router's file is the router's package as far as a group is concerned.
        if (module.resource === ROUTER_SURFACE) return paths.includes('react-router-dom/');
        const resource = module.resource?.split(path.sep).join('/');
        const at = resource?.lastIndexOf('/node_modules/') ?? -1;
        if (!resource || at < 0) return false;
        const inPackage = resource.slice(at + '/node_modules/'.length);
        return paths.some((p) => inPackage.startsWith(p));
      },
    };
  }
  return cacheGroups;
}

/** The standalone page's chunks: a prefix of their own, so the two builds of one app never clean each other's files. */
const STANDALONE_PREFIX = 'chunks/page-';
/** @param {string} file a path relative to dist/ */
const isStandaloneFile = (file) =>
  file.startsWith(STANDALONE_PREFIX) || /^(index\.html|main\.js)(\.gz|\.br)?$/.test(file);

/**
 * @param {{
 *   name: string,              // federation container name, a JS identifier (e.g. 'mfe_notifications')
 *   dir: string,               // the app's folder (__dirname of its webpack.config.cjs)
 *   port: number,              // default dev-server port (overridable by the PORT env)
 *   exposes?: Record<string, string>,
 *   title?: string,            // html page title for the app's own (standalone) page
 *   eager?: string[],          // share keys built into the entry chunk (see sharedConfig)
 *   standalone?: string,       // a remote's own page's entry (default ./src/index.ts), built without federation (see below)
 *   groups?: Record<string, readonly string[]>, // node_modules code a screen loads together (groupCacheGroups)
 * }} options
 */
function createAppConfig({ name, dir, port, exposes = {}, title = 'Originate', eager = [], standalone, groups = {} }) {
  // A remote's own page is always the second build: its federated build is the container alone, which expects the
  // host's federation runtime (experiments below), so a page of that build would have none to run on.
  const remote = Object.keys(exposes).length > 0;
  const page = remote ? (standalone ?? './src/index.ts') : undefined;
  /** @param {Record<string, unknown>} _env @param {{ mode?: string }} argv */
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    const base = baseConfig(dir, production);
    const output = {
      path: path.join(dir, 'dist'),
      sourceMapFilename: '../sourcemaps/[file].map',
      publicPath: 'auto',
      // Images, sounds and fonts the code imports: content-hashed like chunks, in a folder of their own.
      assetModuleFilename: production ? 'assets/[name].[contenthash:12][ext]' : 'assets/[name][ext]',
    };
    const federated = {
      ...base,
      optimization: { ...base.optimization, splitChunks: { cacheGroups: groupCacheGroups(groups) } },
      // A remote builds only its container here (its page is the second build).
      entry: remote ? {} : { main: './src/index.ts' },
      output: {
        ...output,
        uniqueName: name,
        // The entry and remoteEntry are the mutable files (served no-cache); a content hash in
        // 'filename' breaks the federation runtime, so only chunks carry it (cached for a year).
        filename: '[name].js',
        chunkFilename: production ? 'chunks/[name].[contenthash:12].js' : 'chunks/[name].js',
        clean: remote ? { keep: isStandaloneFile } : true,
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          shared: sharedConfig(eager),
          // One offline remote must not hang start-up of the others.
          shareStrategy: 'loaded-first',
          dts: false,
          manifest: true,
          experiments: {
            // Every app runs in the browser only: the runtime drops its Node script loader.
            optimization: { target: 'web' },
            // One federation runtime per page, the host's: each remoteEntry.js carried its own copy of the runtime's
            // core (about 15 KiB br, two remotes on the Dashboard) and now reads the host's from a global, which the
            // shell sets (the runtime plugin below) and so does a page built without federation that hosts a remote
            // (@originate/web/page-host). A remote's runtime must then be the host's version, as its shares are.
            ...(remote && { externalRuntime: true }),
          },
          ...(!remote && { runtimePlugins: [provideRuntimeCorePlugin()] }),
        }),
        ...(remote ? [] : [htmlPage(title, production)]),
        checkEagerConsumes,
        checkRouterImports,
        ...(production ? precompress() : []),
      ],
      devServer: {
        port: Number(process.env.PORT) || port,
        host: '127.0.0.1',
        historyApiFallback: true,
        hot: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        client: { overlay: { warnings: false, errors: true } },
        setupMiddlewares: runtimeConfigMiddlewares,
      },
    };
    if (!page) return federated;
    // A remote's own page (the team's page; the applicants' portal) shares nothing: built without federation, its
    // modules are tree-shaken and concatenated into a few chunks (the federated build loads each shared package as
    // a chunk of its own: 140 requests before the portal's first step). One that hosts a remote starts a runtime
    // itself (@originate/web/page-host).
    const pageBuild = {
      ...base,
      name: `${name}-page`,
      entry: { main: page },
      output: {
        ...output,
        uniqueName: `${name}_page`,
        filename: '[name].js',
        chunkFilename: production ? `${STANDALONE_PREFIX}[name].[contenthash:12].js` : `${STANDALONE_PREFIX}[name].js`,
        clean: { keep: (/** @type {string} */ file) => !isStandaloneFile(file) },
      },
      plugins: [htmlPage(title, production), ...(production ? precompress() : [])],
    };
    return [federated, pageBuild];
  };
}

module.exports = { createAppConfig, SINGLETONS };
