/** The screen tests' shared per-test hooks (shared/src/testing/screenTest.ts). */
export { setupScreenTest } from 'shared/src/testing/screenTest';
