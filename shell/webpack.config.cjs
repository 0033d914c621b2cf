const { createConfig } = require('../tools/webpack/createConfig.cjs');

// The host: no build-time remotes; they are registered at run time from /remotes.json.
module.exports = createConfig({ dir: __dirname, name: 'shell', title: 'Marketplace' });
