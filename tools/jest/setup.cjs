require('@testing-library/jest-dom');
const { TextEncoder, TextDecoder } = require('util');
// react-router needs these in jsdom.
if (!global.TextEncoder) global.TextEncoder = TextEncoder;
if (!global.TextDecoder) global.TextDecoder = TextDecoder;
// jsdom draws nothing, so it cannot scroll: window.scrollTo (a new page starting at its top) does nothing
// instead of logging "Not implemented". Tests that care spy on it.
if (typeof globalThis.window !== 'undefined') globalThis.window.scrollTo = () => undefined;
// findBy… and waitFor give up after this long. The default second is shorter than a first render of a
// shell with its lazy pages takes on a busy two-core machine with a cold transform cache (seen failing
// there, never on a wrong screen); what a test expects is unchanged, only how long it may take to come.
require('@testing-library/react').configure({ asyncUtilTimeout: 3000 });
