import { recordBus, restoreFakeApis } from './fakeApi';

type BusRecorder = ReturnType<typeof recordBus>;

/**
 * Registers the per-test hooks the screen tests share: before each test, record the bus events and
 * silence console.error (expected failures are logged); after it, stop recording, undo any fake API
 * still installed and restore every jest mock. Call it at the top of a `describe`.
 *
 * `bus` always reads the recorder of the test currently running.
 */
export function setupScreenTest() {
  let current: BusRecorder | null = null;
  const recorder = (): BusRecorder => {
    if (!current) throw new Error('setupScreenTest: the bus is only recorded while a test runs');
    return current;
  };
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
  const bus = {
    get events() {
      return recorder().events;
    },
    toasts: () => recorder().toasts(),
    alerts: () => recorder().alerts(),
  };
  return { bus };
}
