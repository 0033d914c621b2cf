/**
 * A webpack loader for @firebase/database's browser build: makes its OnlineMonitor and VisibilityMonitor
 * what their `getInstance()` says, one instance per page.
 *
 * The SDK (1.x, firebase 12) answers `new OnlineMonitor()` / `new VisibilityMonitor()` on every
 * `getInstance()`, and each new monitor adds listeners to window ('online', 'offline') or document
 * ('visibilitychange') that nothing ever removes. Every location connection (a customer opening View on
 * Map, each renewal, a provider's sharing) calls it when it starts and on each connection attempt, so a
 * long session piled up window and document listeners, each holding a closed connection in memory
 * (measured: 6 window and 1 document listener more per visit of View on Map and Chat). One monitor per
 * page reports the same thing to every connection.
 *
 * Fails the build if the SDK's code no longer has that shape, so that an upgrade is looked at again.
 */
const PATTERN = /static getInstance\(\)\s*\{\s*return new (OnlineMonitor|VisibilityMonitor)\(\);\s*\}/g;

function patchFirebaseMonitors(source) {
  const found = new Set();
  const patched = source.replace(PATTERN, (_match, name) => {
    found.add(name);
    return `static getInstance() {\n        return ${name}.__instance || (${name}.__instance = new ${name}());\n    }`;
  });
  if (found.size !== 2) {
    throw new Error(
      'firebase-monitors-loader: @firebase/database no longer creates its OnlineMonitor and VisibilityMonitor in getInstance(); ' +
        'check whether it still leaks window/document listeners per connection and update or remove this loader.',
    );
  }
  return patched;
}

module.exports = function firebaseMonitorsLoader(source) {
  return patchFirebaseMonitors(source);
};
module.exports.patchFirebaseMonitors = patchFirebaseMonitors;
