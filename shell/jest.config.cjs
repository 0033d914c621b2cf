module.exports = require('../tools/jest/jest.preset.cjs')(__dirname);
