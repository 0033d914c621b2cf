const { createConfig } = require('../tools/webpack/createConfig.cjs');

// The host: no build-time remotes; they are registered at run time from /remotes.json.
// The stylesheets of shared's UI primitives and its own are inlined into index.html, so the page (and a
// remote's static first frame) is styled before any script runs.
module.exports = createConfig({
  dir: __dirname,
  name: 'shell',
  title: 'Marketplace',
  inlineCss: ['../shared/src/ui/ui.css', 'src/styles.css'],
  // Signed in, the layout and the API client's axios are needed at once, on / the Home page, and for a
  // provider the location module (sharing starts before the first render): index.html preloads them then.
  signedInChunks: { '*': ['layout', 'axios'], '/': ['home'], 'role:Provider': ['shared:shared/src/location'] },
});
