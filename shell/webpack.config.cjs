const { createConfig } = require('../tools/webpack/createConfig.cjs');

// The host: no build-time remotes; they are registered at run time from /remotes.json.
// The stylesheets of shared's UI primitives and its own are inlined into index.html, so the page (and a
// remote's static first frame) is styled before any script runs.
module.exports = createConfig({
  dir: __dirname,
  name: 'shell',
  title: 'Marketplace',
  inlineCss: ['../shared/src/ui/ui.css', 'src/styles.css'],
  // Signed in, the layout and the API client's axios are needed at once, and on / the Home page:
  // index.html preloads them then.
  signedInChunks: { '*': ['layout', 'axios'], '/': ['home'] },
});
