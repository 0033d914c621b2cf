require('@testing-library/jest-dom');
const { TextEncoder, TextDecoder } = require('util');
// react-router needs these in jsdom.
if (!global.TextEncoder) global.TextEncoder = TextEncoder;
if (!global.TextDecoder) global.TextDecoder = TextDecoder;
// jsdom draws nothing, so it cannot scroll: window.scrollTo (a new page starting at its top) does nothing
// instead of logging "Not implemented". Tests that care spy on it.
if (typeof globalThis.window !== 'undefined') globalThis.window.scrollTo = () => undefined;
