import { recordBus, restoreFakeApis } from './fakeApi';

type BusRecorder = ReturnType<typeof recordBus>;

/**
 * Per-test hooks of the screen tests: record the bus and silence console.error (expected failures
 * are logged) before each test; afterwards stop recording, undo the fake API and restore mocks.
 */
export function setupScreenTest() {
  let current: BusRecorder | null = null;
  beforeEach(() => {
    current = recordBus();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    current?.stop();
    current = null;
    restoreFakeApis();
    jest.restoreAllMocks();
  });
  return {
    get events() {
      if (!current) throw new Error('the bus is only recorded while a test runs');
      return current.events;
    },
  };
}
