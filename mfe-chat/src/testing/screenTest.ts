import { setupScreenTest as setupSharedScreenTest } from 'shared/src/testing/screenTest';
import { forgetLastShown } from '../lib/lastShown';
import { forgetConversations } from '../lib/conversationMemory';

/**
 * The screen tests' shared per-test hooks (shared/src/testing/screenTest.ts), and after each test the
 * chat's kept drafts, unsent messages and what Chat last showed are forgotten, as at a sign-out.
 */
export function setupScreenTest() {
  const setup = setupSharedScreenTest();
  afterEach(() => {
    forgetConversations();
    forgetLastShown();
  });
  return setup;
}
