import { bookingTiming } from '../bookings/timing';
import { recordBus, restoreFakeApis } from './fakeApi';

type BusRecorder = ReturnType<typeof recordBus>;

/**
 * Registers the per-test hooks every remote's screen tests share. Before each test: record the bus,
 * silence console.error (expected failures are logged) and drop the list loader's 800 ms hold (so
 * lists show at once; a test of the hold itself sets `bookingTiming.listLoaderMs`). After it: stop
 * recording, undo any fake API still installed, restore every jest mock and the loader's hold, and
 * empty sessionStorage (a tab's drafts do not reach the next test).
 * Call it at the top of a `describe`; `bus` always reads the recorder of the test currently running.
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
    sessionStorage.clear();
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
