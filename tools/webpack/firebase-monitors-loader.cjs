/**
 * A webpack loader for @firebase/database's browser build, for long sessions: a closed location
 * connection leaves nothing behind.
 *
 * 1. OnlineMonitor and VisibilityMonitor become what their `getInstance()` says, one instance per page.
 *    The SDK (1.x, firebase 12) answers `new OnlineMonitor()` / `new VisibilityMonitor()` on every
 *    `getInstance()`, and each new monitor adds listeners to window ('online', 'offline') or document
 *    ('visibilitychange') that nothing ever removes. Every location connection (a customer opening View
 *    on Map, each renewal, a provider's sharing) calls it when it starts and on each connection attempt,
 *    so a long session piled up listeners (measured: 6 window and 1 document listener more per round
 *    through the customer's screens).
 * 2. A connection that is interrupted (goOffline, deleteApp: how the app closes one) stops listening to
 *    the two monitors, and listens again if it resumes. Otherwise the monitors (now one per page) kept
 *    every closed connection in memory, its token included (measured: 10 visits of View on Map, 10 tokens
 *    still in the heap).
 *
 * Fails the build if the SDK's code no longer has that shape, so that an upgrade is looked at again.
 */
const PATCHES = [
  {
    what: 'OnlineMonitor/VisibilityMonitor.getInstance() creating a new monitor',
    pattern: /static getInstance\(\)\s*\{\s*return new (OnlineMonitor|VisibilityMonitor)\(\);\s*\}/g,
    times: 2,
    replace: (_match, name) =>
      `static getInstance() {\n        return ${name}.__instance || (${name}.__instance = new ${name}());\n    }`,
  },
  {
    what: 'PersistentConnection.interrupt()',
    pattern:
      /(\binterrupt\(reason\)\s*\{\s*log\('Interrupting connection for reason: ' \+ reason\);\s*this\.interruptReasons_\[reason\] = true;)/g,
    times: 1,
    replace: (_match, head) =>
      `${head}\n        VisibilityMonitor.getInstance().off('visible', this.onVisible_, this);\n` +
      `        OnlineMonitor.getInstance().off('online', this.onOnline_, this);\n        this.monitorsLeft_ = true;`,
  },
  {
    what: 'PersistentConnection.resume()',
    pattern:
      /(\bresume\(reason\)\s*\{\s*log\('Resuming connection for reason: ' \+ reason\);\s*delete this\.interruptReasons_\[reason\];\s*if \(isEmpty\(this\.interruptReasons_\)\) \{)/g,
    times: 1,
    replace: (_match, head) =>
      `${head}\n            if (this.monitorsLeft_) {\n                this.monitorsLeft_ = false;\n` +
      `                VisibilityMonitor.getInstance().on('visible', this.onVisible_, this);\n` +
      `                if (this.repoInfo_.host.indexOf('fblocal') === -1) {\n` +
      `                    OnlineMonitor.getInstance().on('online', this.onOnline_, this);\n                }\n            }`,
  },
];

function patchFirebaseMonitors(source) {
  let patched = source;
  for (const patch of PATCHES) {
    let count = 0;
    patched = patched.replace(patch.pattern, (...args) => {
      count += 1;
      return patch.replace(...args);
    });
    if (count !== patch.times) {
      throw new Error(
        `firebase-monitors-loader: @firebase/database no longer has ${patch.what} as expected (found ${count}, expected ${patch.times}); ` +
          'check whether closed connections still leave listeners behind and update or remove this loader.',
      );
    }
  }
  return patched;
}

module.exports = function firebaseMonitorsLoader(source) {
  return patchFirebaseMonitors(source);
};
module.exports.patchFirebaseMonitors = patchFirebaseMonitors;
