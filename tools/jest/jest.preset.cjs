/** Jest preset shared by every frontend app and the shared package: SWC transform, jsdom, Testing Library. */
const path = require('path');

// Date output depends on the time zone, and a suite must not pass or fail by the machine's zone: every
// suite runs in UTC, unless a test file names another zone (timezoneEnvironment.cjs).
process.env.TZ = 'UTC';

module.exports = (dir) => ({
  rootDir: dir,
  testEnvironment: path.join(__dirname, 'timezoneEnvironment.cjs'),
  testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  // `shared` is a workspace package whose source is TypeScript; transform it too.
  transformIgnorePatterns: ['/node_modules/(?!shared/)'],
  moduleNameMapper: {
    '\\.(css)$': 'identity-obj-proxy',
    '\\.(png|jpe?g|gif|svg|webp)$': path.join(__dirname, 'fileStub.cjs'),
  },
  setupFilesAfterEnv: [path.join(__dirname, 'setup.cjs')],
});
