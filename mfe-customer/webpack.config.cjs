const { createConfig } = require('../tools/webpack/createConfig.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'mfe_customer',
  title: 'mfe_customer (standalone)',
  exposes: { './contract': './src/contract.ts' },
});
