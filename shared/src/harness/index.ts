export * from './DevHarness';
