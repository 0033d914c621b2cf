const preset = require('../tools/jest/jest.preset.cjs')(__dirname);

module.exports = { ...preset, setupFilesAfterEnv: [...preset.setupFilesAfterEnv, '<rootDir>/src/testing/pusherMock.ts'] };
