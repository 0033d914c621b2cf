const { createConfig } = require('../tools/webpack/createConfig.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'mfe_auth',
  title: 'mfe_auth (standalone)',
  exposes: { './contract': './src/contract.ts' },
  // Static first frames of /login, /signup, /forgotpassword, /newpassword (issue 12).
  firstFrames: true,
});
