/**
 * One webpack configuration for every app of the monorepo (shell and remotes).
 *
 *   module.exports = createConfig({ dir: __dirname, name: 'mfe_chat', exposes: { './contract': './src/contract.ts' } });
 *
 * Each app builds into its own `dist/` with Module Federation (@module-federation/enhanced): remotes emit
 * `remoteEntry.js` and `mf-manifest.json`; the shell registers remotes at run time from `remotes.json`, so it
 * has no build-time remotes. See docs/architecture.md ('How the page is composed', 'Failure isolation').
 */
const fs = require('fs');
const path = require('path');
const webpack = require('webpack');
const zlib = require('zlib');
const CompressionPlugin = require('compression-webpack-plugin');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { firstFramesConfig } = require('./first-frames/index.cjs');

/** Default dev-server ports; override with the same variables `npm start` reads (e.g. CHAT_PORT=4104) or PORT. */
const DEFAULT_PORTS = { shell: 3000, mfe_auth: 3001, mfe_customer: 3002, mfe_provider: 3003, mfe_chat: 3004 };
const PORT_VARIABLES = {
  shell: 'SHELL_PORT',
  mfe_auth: 'AUTH_PORT',
  mfe_customer: 'CUSTOMER_PORT',
  mfe_provider: 'PROVIDER_PORT',
  mfe_chat: 'CHAT_PORT',
};

const SHARED_DIR = path.resolve(__dirname, '../../shared');

/**
 * Brotli (quality 11) and gzip (level 9) copies of the production files next to them (`x.js.br`, `x.js.gz`),
 * which any static host serves as they are (scripts/stack.mjs with sirv, nginx `gzip_static`/`brotli_static`,
 * a CDN): smaller than compressing on each request at the fast levels a server can afford, and no CPU spent
 * compressing while a phone waits for the first screen. Not for index.html (the server writes the boot data
 * and the first frame into it per request) nor JSON (remotes.json and runtime-config.json are edited in
 * place at deploy time, and a stale compressed copy would be served instead). Small files too: a 1 KB chunk
 * of the first load is half that compressed (minRatio keeps only copies that save a tenth or more).
 */
function precompressed() {
  const files = { test: /\.(js|css|svg)$/, threshold: 0, minRatio: 0.9 };
  return [
    new CompressionPlugin({
      ...files,
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } },
    }),
    new CompressionPlugin({
      ...files,
      filename: '[path][base].gz',
      algorithm: 'gzip',
      compressionOptions: { level: zlib.constants.Z_BEST_COMPRESSION },
    }),
  ];
}

/** Packages that must exist once per page (React is loaded exactly once). */
function singletons(dir) {
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const deps = pkg.dependencies || {};
  const sharedPkg = JSON.parse(fs.readFileSync(path.join(SHARED_DIR, 'package.json'), 'utf8'));
  const routerVersion = require(require.resolve('react-router-dom/package.json', { paths: [dir] })).version;
  // The facades (facadeAliases) are shared under the real packages' versions.
  const versionOf = (name) => require(require.resolve(`${name}/package.json`, { paths: [SHARED_DIR] })).version;
  const single = (requiredVersion) => ({ singleton: true, requiredVersion: requiredVersion || false });
  const workspaceSingleton = { singleton: true, requiredVersion: `^${sharedPkg.version}`, version: sharedPkg.version };
  return {
    react: single(deps.react),
    'react/jsx-runtime': single(deps.react),
    'react/jsx-dev-runtime': single(deps.react),
    'react-dom': single(deps['react-dom']),
    'react-dom/client': single(deps['react-dom']),
    // Both names resolve to one facade over react-router (see react-router-facade.mjs): one router context.
    'react-router-dom': { ...single(deps['react-router-dom']), version: routerVersion },
    'react-router': { ...single(deps['react-router-dom']), version: routerVersion },
    redux: single(deps.redux),
    'react-redux': single(deps['react-redux']),
    '@reduxjs/toolkit': { ...single(deps['@reduxjs/toolkit']), version: versionOf('@reduxjs/toolkit') },
    rxjs: { ...single(deps.rxjs), version: versionOf('rxjs') },
    // The workspace package: one bus, one API client, one config per page.
    shared: workspaceSingleton,
    // Date/price formatting carries the date library (dayjs): its own shared module, out of the /login load.
    'shared/src/format': workspaceSingleton,
    // Provider location (the sharing watcher's one state per page, the hooks, the texts): its own shared
    // module too, loaded where a provider's session or a map needs it, out of the /login load.
    'shared/src/location': workspaceSingleton,
  };
}

/** Copies `<app>/public/*` (except index.html, the HTML template) into the output. */
class CopyPublicPlugin {
  constructor(publicDir) {
    this.publicDir = publicDir;
  }

  apply(compiler) {
    const { publicDir } = this;
    compiler.hooks.thisCompilation.tap('CopyPublicPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'CopyPublicPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          if (!fs.existsSync(publicDir)) return;
          compilation.contextDependencies.add(publicDir);
          const walk = (dir) =>
            fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
              const full = path.join(dir, entry.name);
              return entry.isDirectory() ? walk(full) : [full];
            });
          for (const file of walk(publicDir)) {
            const rel = path.relative(publicDir, file).split(path.sep).join('/');
            if (rel === 'index.html') continue;
            compilation.fileDependencies.add(file);
            compilation.emitAsset(rel, new webpack.sources.RawSource(fs.readFileSync(file)));
          }
        },
      );
    });
  }
}

/** The host's own copy of a shared module (`_name`: its share key), as ProvideSharedPlugin adds it. */
const isProvidedShared = (module) => module.constructor.name === 'ProvideSharedModule';

/**
 * The chunks the entry's `import('./bootstrap')` needs before the app can start: the bootstrap's own
 * chunks and, following the shared modules they consume (React, the router, the store, `shared`, ...),
 * the chunks of the copies the host provides (the ones loaded: the host is loaded first). Preloaded from
 * index.html, they download in parallel with main.js instead of after it has run (issue 12).
 */
function firstLoadChunks(compilation, entryName = 'main') {
  const { chunkGraph } = compilation;
  const entry = compilation.entrypoints.get(entryName);
  if (!entry) return [];
  const provided = new Map();
  for (const chunk of entry.chunks) {
    for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
      if (isProvidedShared(module)) provided.set(module._name, module);
    }
  }
  const files = new Set();
  const seen = new Set();
  const visitGroupOf = (block) => {
    const group = chunkGraph.getBlockChunkGroup(block);
    for (const chunk of group ? group.chunks : []) visitChunk(chunk);
  };
  const visitChunk = (chunk) => {
    if (seen.has(chunk)) return;
    seen.add(chunk);
    for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
    for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
      if (module.constructor.name !== 'ConsumeSharedModule') continue;
      const provider = provided.get(module.options.shareKey);
      (provider || module).blocks.forEach(visitGroupOf);
    }
  };
  for (const chunk of entry.chunks) {
    for (const module of chunkGraph.getChunkEntryModulesIterable(chunk)) module.blocks.forEach(visitGroupOf);
  }
  return [...files];
}

/** The JavaScript files of the chunk groups named by a webpackChunkName comment on their import(). */
function namedChunkFiles(compilation, names) {
  const files = new Set();
  const addGroup = (group) => {
    for (const chunk of group.chunks) for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
  };
  for (const name of names) {
    // 'shared:<key>': the chunks of the host's own copy of a shared module (its provided copy is the one a
    // page loads: the host is loaded first).
    if (name.startsWith('shared:')) {
      const key = name.slice('shared:'.length);
      const provided = [...compilation.modules].find((module) => isProvidedShared(module) && module._name === key);
      if (!provided) throw new Error(`HostHeadPlugin: the host provides no shared module "${key}"`);
      for (const block of provided.blocks) {
        const group = compilation.chunkGraph.getBlockChunkGroup(block);
        if (group) addGroup(group);
      }
      continue;
    }
    const group = compilation.namedChunkGroups.get(name);
    if (!group) throw new Error(`HostHeadPlugin: no chunk named "${name}" (a webpackChunkName comment missing?)`);
    addGroup(group);
  }
  return [...files];
}

/**
 * The host's <head> additions (issue 12), for a template that places its scripts itself: its stylesheet
 * as a <style> element instead of JavaScript (the page is styled before any script runs, which the static
 * first frame needs, and the bytes leave the JS), and, for the template, the list of the chunks its first
 * load needs (firstLoadChunks: `htmlWebpackPlugin.options.firstLoadChunks`) and the chunks a signed-in
 * start needs at once (`signedInChunks`: the files of the named chunks the app lists, by path or '*').
 */
class HostHeadPlugin {
  constructor({ inlineCss = [], signedInChunks = {} }) {
    this.inlineCss = inlineCss;
    this.signedInChunks = signedInChunks;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('HostHeadPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('HostHeadPlugin', (data) => {
        const tags = [];
        for (const file of this.inlineCss) {
          compilation.fileDependencies.add(file);
          tags.push({ tagName: 'style', voidTag: false, attributes: {}, innerHTML: fs.readFileSync(file, 'utf8') });
        }
        // For the template's loader, which preloads them after the first paint (shell/public/index.html).
        const publicFile = (file) => (data.publicPath || '') + file;
        data.plugin.options.firstLoadChunks = firstLoadChunks(compilation).map(publicFile);
        data.plugin.options.signedInChunks = Object.fromEntries(
          Object.entries(this.signedInChunks).map(([where, names]) => [
            where,
            namedChunkFiles(compilation, names).map(publicFile),
          ]),
        );
        data.headTags.unshift(...tags.map((tag) => ({ ...tag, meta: { plugin: 'HostHeadPlugin' } })));
        return data;
      });
    });
  }
}

/**
 * Puts a remote's exposed `./contract` module into its remoteEntry.js instead of a chunk of its own (issue
 * 12): the shell reads a remote's contract before any of its screens, so a separate chunk is one more round
 * trip on the way to every first screen. The contract is small (routes and widgets with lazy imports).
 */
class ContractInEntryPlugin {
  constructor({ containerName, contractFile }) {
    this.containerName = containerName;
    this.contractFile = contractFile;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('ContractInEntryPlugin', (compilation) => {
      compilation.hooks.optimizeChunks.tap('ContractInEntryPlugin', (chunks) => {
        const { chunkGraph } = compilation;
        const entry = [...chunks].find((chunk) => chunk.name === this.containerName);
        const contractChunks = [...chunks].filter(
          (chunk) => chunk !== entry && chunkGraph.getChunkModules(chunk).some((module) => module.resource === this.contractFile),
        );
        for (const chunk of contractChunks) {
          if (!entry || !chunkGraph.canChunksBeIntegrated(entry, chunk)) {
            const error = new webpack.WebpackError(`ContractInEntryPlugin: ${chunk.name || chunk.id} cannot join remoteEntry.js`);
            compilation.errors.push(error);
            continue;
          }
          chunkGraph.integrateChunks(entry, chunk);
          chunks.delete(chunk);
        }
      });
    });
  }
}

const REACT_ROUTER_FACADE = path.join(__dirname, 'react-router-facade.mjs');

/** 'react-router' and 'react-router-dom' → the facade; the facade → react-router's own build for the mode. */
function reactRouterAliases(production) {
  const root = path.dirname(require.resolve('react-router/package.json', { paths: [SHARED_DIR] }));
  // react-router 7 exports only its development build; use the production one in production.
  const build = path.join(root, 'dist', production ? 'production' : 'development', 'index.mjs');
  return {
    'react-router-dom$': REACT_ROUTER_FACADE,
    'react-router$': REACT_ROUTER_FACADE,
    __react_router_implementation__$: fs.existsSync(build) ? build : path.join(root, 'dist', 'development', 'index.mjs'),
  };
}

/**
 * Shared singletons that are big and mostly unused: each resolves to a facade in this folder that
 * re-exports only what the apps use (like react-router-facade.mjs), and the facade to the real build.
 */
function facadeAliases() {
  const rxjs = path.dirname(require.resolve('rxjs/package.json', { paths: [SHARED_DIR] }));
  const toolkit = path.dirname(require.resolve('@reduxjs/toolkit/package.json', { paths: [SHARED_DIR] }));
  return {
    rxjs$: path.join(__dirname, 'rxjs-facade.mjs'),
    __rxjs_implementation__$: path.join(rxjs, 'dist', 'esm', 'index.js'),
    '@reduxjs/toolkit$': path.join(__dirname, 'redux-toolkit-facade.mjs'),
    __redux_toolkit_implementation__$: path.join(toolkit, 'dist', 'redux-toolkit.modern.mjs'),
  };
}

/**
 * The dev server's (`npm run dev`, `npm start -w <app>`) remotes.json (the shell only) and
 * runtime-config.json (also a remote's, for its standalone harness): built per request from the
 * environment by the same functions as `npm start`'s server (scripts/stack.mjs), over the shell's
 * shell/public/runtime-config.json as `npm start` does over its built copy, so the ports, REMOTE_MFE_*,
 * API_URL and keys a developer sets reach the browser.
 */
function runtimeJsonMiddleware({ isHost }) {
  const stackModule = require('url').pathToFileURL(path.join(__dirname, '../../scripts/stack.mjs')).href;
  const builtDefault = () => {
    try {
      return JSON.parse(fs.readFileSync(path.join(__dirname, '../../shell/public/runtime-config.json'), 'utf8'));
    } catch {
      return {};
    }
  };
  return async (req, res, next) => {
    const pathname = new URL(req.url, 'http://x').pathname;
    if (pathname !== '/runtime-config.json' && !(isHost && pathname === '/remotes.json')) return next();
    try {
      const { remotesFor, runtimeConfigFor, stackConfig } = await import(stackModule);
      const config = stackConfig();
      const body = pathname === '/remotes.json' ? remotesFor(config) : runtimeConfigFor(config, builtDefault());
      res.setHeader('Content-Type', 'application/json');
      res.setHeader('Cache-Control', 'no-store');
      res.end(JSON.stringify(body));
    } catch (error) {
      next(error);
    }
  };
}

/** TypeScript through ts-loader, types left to `tsc --noEmit` (npm run lint). */
function typescriptRule(configFile, { sourceMap }) {
  return {
    test: /\.tsx?$/,
    exclude: /node_modules/,
    use: {
      loader: require.resolve('ts-loader'),
      options: { transpileOnly: true, configFile, compilerOptions: { noEmit: false, sourceMap } },
    },
  };
}

/** A webpack configuration with some of its output options replaced. */
const withOutput = (config, output) => ({ ...config, output: { ...config.output, ...output } });

/** '[name].[contenthash:8].js' once the chunk's hash exists, '[name].js' while it is still being computed. */
function hashedWhenKnown(pathData) {
  const hash = pathData.chunk && pathData.chunk.contentHash && pathData.chunk.contentHash.javascript;
  return hash ? '[name].[contenthash:8].js' : '[name].js';
}

/**
 * @param {object} options
 * @param {string} options.dir            the app's directory (__dirname of its webpack.config.cjs)
 * @param {string} options.name           federation name: 'shell' | 'mfe_auth' | 'mfe_customer' | 'mfe_provider' | 'mfe_chat'
 * @param {Record<string,string>} [options.exposes]  modules a remote exposes (e.g. { './contract': './src/contract.ts' })
 * @param {string} [options.title]        <title> of the HTML page (shell, or a remote's standalone harness)
 * @param {string|string[]} [options.inlineCss] the host's stylesheets, inlined into index.html (not imported by the code)
 * @param {Record<string,string[]>} [options.signedInChunks] the host: names of lazy chunks (webpackChunkName,
 *                                        or 'shared:<key>' for the host's copy of a shared module) a
 *                                        signed-in start needs at once, on any path ('*'), on one path ('/')
 *                                        or for one role ('role:Provider'); index.html preloads them
 * @param {boolean} [options.firstFrames] a remote with public routes: render them to static first frames
 *                                        (`dist/first-frames.json`, see first-frames/index.cjs)
 */
function createConfig({ dir, name, exposes, title, inlineCss, signedInChunks = {}, firstFrames = false }) {
  const isRemote = Boolean(exposes && Object.keys(exposes).length);
  const envPort = process.env[PORT_VARIABLES[name]] || process.env.PORT;
  const port = Number(envPort || DEFAULT_PORTS[name] || 3000);
  const publicDir = path.join(dir, 'public');
  const template = fs.existsSync(path.join(publicDir, 'index.html'))
    ? path.join(publicDir, 'index.html')
    : path.join(__dirname, 'index.html');

  return (_env, argv = {}) => {
    const mode = argv.mode || process.env.NODE_ENV || 'production';
    const production = mode === 'production';
    /** What every build of the app has in common; `uniqueName` keeps two builds' chunk loaders apart. */
    const base = (uniqueName, clean) => ({
      mode,
      context: dir,
      devtool: production ? false : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        publicPath: 'auto',
        // A function: the federation runtime asks for this name before hashes exist (only to know the
        // directory depth), where a plain '[contenthash]' template would fail the build.
        filename: production ? hashedWhenKnown : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        uniqueName,
        clean,
        // Always write every file: `npm start` reads the last build's time from the output's mtime.
        compareBeforeEmit: false,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
        alias: { ...reactRouterAliases(production), ...facadeAliases() },
      },
      module: {
        rules: [
          typescriptRule(path.join(dir, 'tsconfig.json'), { sourceMap: !production }),
          {
            test: /\.css$/,
            use: [
              require.resolve('style-loader'),
              require.resolve('css-loader'),
              // The stylesheets travel inside the JavaScript (style-loader): without this they went with
              // their comments and indentation.
              ...(production ? [{ loader: require.resolve('esbuild-loader'), options: { minify: true } }] : []),
            ],
          },
          { test: /\.(png|jpe?g|gif|svg|webp)$/i, type: 'asset' },
          // One online and one visibility monitor per page instead of one per location connection (a leak).
          {
            test: /[\\/]@firebase[\\/]database[\\/]dist[\\/]index\.esm\.js$/,
            use: [require.resolve('./firebase-monitors-loader.cjs')],
          },
        ],
      },
      optimization: {
        // Module Federation needs the runtime inside each entry.
        runtimeChunk: false,
        // The API client's handling (shared/src/api/axiosClient.ts, loaded on the first call) and axios,
        // which only it imports, in one file: one request on the first call, not two.
        splitChunks: {
          cacheGroups: {
            axios: {
              test: /[\\/]node_modules[\\/]axios[\\/]|[\\/]shared[\\/]src[\\/]api[\\/]axiosClient\.ts$/,
              name: 'axios-client',
              chunks: 'async',
              enforce: true,
            },
          },
        },
      },
      performance: { hints: false },
      stats: 'errors-warnings',
    });
    // The host's template places its scripts itself (shell/public/index.html: they start after the first paint).
    const html = ({ inject = true } = {}) =>
      new HtmlWebpackPlugin({
        template,
        inject,
        title: title || name,
        // Absolute: the shell is served with an SPA fallback, so deep links must still find the scripts.
        publicPath: '/',
        chunks: ['main'],
        minify: production
          ? {
              collapseWhitespace: true,
              keepClosingSlash: true,
              removeComments: true,
              removeRedundantAttributes: true,
              removeScriptTypeAttributes: true,
              removeStyleLinkTypeAttributes: true,
              useShortDoctype: true,
              minifyCSS: true,
              minifyJS: true,
            }
          : false,
      });
    const devServer = {
      port,
      historyApiFallback: true,
      hot: false,
      liveReload: true,
      headers: isRemote
        ? { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': '*' }
        : { 'Access-Control-Allow-Origin': '*' },
      static: false,
      client: { overlay: { errors: true, warnings: false } },
      setupMiddlewares(middlewares) {
        middlewares.unshift({ name: 'runtime-json', middleware: runtimeJsonMiddleware({ isHost: !isRemote }) });
        return middlewares;
      },
    };

    if (!isRemote) {
      // The host: it registers the remotes at run time and provides its federation runtime to them
      // (provide-runtime-core.mjs), so that no remoteEntry.js carries its own copy (issue 12).
      return {
        ...base(name, true),
        entry: { main: './src/index.ts' },
        plugins: [
          new ModuleFederationPlugin({
            name,
            remotes: {},
            shared: singletons(dir),
            shareStrategy: 'loaded-first',
            dts: false,
            runtimePlugins: [path.join(__dirname, 'provide-runtime-core.mjs')],
            experiments: { optimization: { target: 'web' } },
          }),
          html({ inject: false }),
          new HostHeadPlugin({
            inlineCss: [].concat(inlineCss || []).map((file) => path.resolve(dir, file)),
            signedInChunks,
          }),
          new CopyPublicPlugin(publicDir),
          ...(production ? precompressed() : []),
        ],
        devServer,
      };
    }

    // A remote is two builds into one dist/: the container (remoteEntry.js, mf-manifest.json and the
    // exposed modules) and the standalone dev harness (index.html, main.js), which imports the remote's
    // own source and so needs no federation. The container uses the federation runtime its host provides
    // (`externalRuntime`): about 11 KB gzip less in each remoteEntry.js.
    return [
      {
        ...base(name, true),
        name: 'container',
        entry: {},
        plugins: [
          new ModuleFederationPlugin({
            name,
            filename: 'remoteEntry.js',
            exposes,
            manifest: true,
            shared: singletons(dir),
            shareStrategy: 'loaded-first',
            dts: false,
            experiments: {
              externalRuntime: true,
              // Remotes never load other remotes: leave the remote-loading and manifest code out of their runtime.
              optimization: { disableSnapshot: true, disableRemote: true, target: 'web' },
            },
          }),
          ...(exposes['./contract']
            ? [new ContractInEntryPlugin({ containerName: name, contractFile: path.resolve(dir, exposes['./contract']) })]
            : []),
          new CopyPublicPlugin(publicDir),
          ...(production ? precompressed() : []),
        ],
        devServer,
      },
      {
        ...withOutput(base(`${name}_harness`, false), {
          // Not the container's names: unhashed in development, a chunk both builds split out alike
          // (src_components_TextField_tsx.js) was one file in the dev server's memory, the harness's copy,
          // which the container could not load (ChunkLoadError under `npm run dev`).
          chunkFilename: production ? '[name].[contenthash:8].js' : 'harness.[name].js',
        }),
        name: 'harness',
        // After the container, whose build cleans dist/.
        dependencies: ['container'],
        entry: { main: './src/index.ts' },
        plugins: [html()],
      },
      ...(firstFrames && production
        ? [
            firstFramesConfig({
              dir,
              contract: exposes['./contract'],
              resolve: base(name, false).resolve,
              typescript: typescriptRule(path.join(dir, 'tsconfig.json'), { sourceMap: false }),
            }),
          ]
        : []),
    ];
  };
}

module.exports = { createConfig, DEFAULT_PORTS };
