const { createConfig } = require('../tools/webpack/createConfig.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'mfe_chat',
  title: 'mfe_chat (standalone)',
  exposes: { './contract': './src/contract.ts' },
});
