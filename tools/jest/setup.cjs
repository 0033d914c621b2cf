require('@testing-library/jest-dom');
const { TextEncoder, TextDecoder } = require('util');
// react-router needs these in jsdom.
if (!global.TextEncoder) global.TextEncoder = TextEncoder;
if (!global.TextDecoder) global.TextDecoder = TextDecoder;
