/**
 * A federation runtime plugin of the host (shell): hands its own federation runtime to the remotes, which
 * are built with `experiments.externalRuntime` and read it from `globalThis._FEDERATION_RUNTIME_CORE`,
 * so that no remoteEntry.js carries a copy (issue 12: about 11 KB gzip per remote).
 *
 * The enhanced plugin's own `provideExternalRuntime` does the same, but imports the runtime through
 * another entry point (its CommonJS build), which puts a second copy of it (about 22 KB gzip) into the
 * shell's main.js. This imports the very module the shell's bundler runtime uses.
 */
import * as runtimeCore from '@module-federation/runtime-core';

export default function provideRuntimeCorePlugin() {
  return {
    name: 'provide-runtime-core',
    beforeInit(args) {
      const global = runtimeCore.Global ?? globalThis;
      if (!global._FEDERATION_RUNTIME_CORE) {
        global._FEDERATION_RUNTIME_CORE = runtimeCore;
        global._FEDERATION_RUNTIME_CORE_FROM = { name: args.options.name };
      }
      return args;
    },
  };
}
