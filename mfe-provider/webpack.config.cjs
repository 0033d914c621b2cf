const { createConfig } = require('../tools/webpack/createConfig.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'mfe_provider',
  title: 'mfe_provider (standalone)',
  exposes: { './contract': './src/contract.ts' },
});
