const { createConfig } = require('../tools/webpack/createConfig.cjs');

// The host: no build-time remotes; they are registered at run time from /remotes.json.
// Its stylesheet is inlined into index.html, so the page (and a remote's static first frame) is styled
// before any script runs.
module.exports = createConfig({ dir: __dirname, name: 'shell', title: 'Marketplace', inlineCss: 'src/styles.css' });
