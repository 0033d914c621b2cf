import { bookingTiming } from 'shared';
import { recordBus, restoreFakeApis } from './fakeApi';

type BusRecorder = ReturnType<typeof recordBus>;

/**
 * The per-test hooks every screen test shares. Before each test: record the bus, silence
 * console.error (expected failures are logged) and drop the list loader's 800 ms hold. After it:
 * stop recording, undo any fake API still installed and restore every jest mock.
 * `bus` always reads the recorder of the test currently running.
 */
export function setupScreenTest() {
  let current: BusRecorder | null = null;
  const recorder = (): BusRecorder => {
    if (!current) throw new Error('setupScreenTest: the bus is only recorded while a test runs');
    return current;
  };
  const loaderMs = bookingTiming.listLoaderMs;
  beforeEach(() => {
    bookingTiming.listLoaderMs = 0;
    current = recordBus();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    current?.stop();
    current = null;
    restoreFakeApis();
    jest.restoreAllMocks();
    bookingTiming.listLoaderMs = loaderMs;
  });
  const bus = {
    get events() {
      return recorder().events;
    },
    alerts: () => recorder().alerts(),
  };
  return { bus };
}
