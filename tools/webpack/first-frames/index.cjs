/**
 * The first frames of a remote's public routes (issue 12): a third build of the remote, for Node, that
 * renders each public route of its contract to static HTML and writes `dist/first-frames.json`:
 *
 *   { "remote": "mfe_auth", "frames": { "/login": "<main class=\"auth-page\">…" }, "css": "…" }
 *
 * The shell's server (scripts/stack.mjs) reads it from the remote's origin and puts the frame of the
 * requested route into the page, so the screen is painted before any script has arrived; the app takes
 * its place once it has rendered the same screen (shell/src/bootstrap.tsx). The remote owns its frames:
 * redeploying it redeploys them, with no shell rebuild.
 */
const fs = require('fs');
const path = require('path');
const webpack = require('webpack');

const OUT = '.first-frames';

/** Renders the frames with the bundle just emitted, writes first-frames.json and removes the bundle. */
class RenderFirstFramesPlugin {
  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('RenderFirstFramesPlugin', async (compilation) => {
      const outDir = compiler.options.output.path;
      const dist = path.dirname(outDir);
      const bundle = path.join(outDir, 'first-frames.cjs');
      try {
        if (compilation.getErrors().length) return;
        delete require.cache[bundle];
        const { renderFirstFrames } = require(bundle);
        const result = await renderFirstFrames();
        fs.writeFileSync(path.join(dist, 'first-frames.json'), JSON.stringify(result));
      } catch (error) {
        compilation.errors.push(new webpack.WebpackError(`first frames: ${error.stack || error}`));
      } finally {
        fs.rmSync(outDir, { recursive: true, force: true });
      }
    });
  }
}

/** Bare imports other than `shared` come from node_modules at render time (React, formik, ...). */
function externals({ request }, callback) {
  const bare = request && !request.startsWith('.') && !path.isAbsolute(request) && !request.startsWith('__');
  if (bare && request !== 'shared' && !request.startsWith('shared/')) return callback(null, `commonjs ${request}`);
  return callback();
}

/**
 * @param {object} options
 * @param {string} options.dir       the remote's directory
 * @param {string} options.contract  the remote's contract module (its exposes['./contract'])
 * @param {object} options.resolve   the remote's resolve options (aliases)
 * @param {object} options.typescript the remote's TypeScript rule (createConfig's, without source maps)
 */
function firstFramesConfig({ dir, contract, resolve, typescript }) {
  return {
    name: 'first-frames',
    mode: 'production',
    target: 'node',
    context: dir,
    // After the container, whose build cleans dist/.
    dependencies: ['container'],
    entry: { 'first-frames': path.join(__dirname, 'entry.mjs') },
    output: {
      path: path.join(dir, 'dist', OUT),
      filename: '[name].cjs',
      library: { type: 'commonjs2' },
      clean: false,
    },
    externals: [externals],
    resolve: {
      ...resolve,
      alias: { ...resolve.alias, __first_frames_contract__$: path.resolve(dir, contract) },
    },
    module: {
      rules: [
        typescript,
        { test: /\.css$/, use: [path.join(__dirname, 'css-loader.cjs')] },
        { test: /\.(png|jpe?g|gif|svg|webp)$/i, type: 'asset/inline' },
      ],
    },
    plugins: [
      // One file: the screens' lazy chunks are rendered in the same Node process.
      new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
      new RenderFirstFramesPlugin(),
    ],
    optimization: { minimize: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

module.exports = { firstFramesConfig };
