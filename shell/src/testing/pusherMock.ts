/**
 * The shell's suites run with no realtime server: pusher-js is a stand-in whose channels never deliver
 * (a suite that checks the connection mocks it itself). Loaded by jest.config.cjs before every suite.
 */
jest.mock('pusher-js', () => ({
  __esModule: true,
  default: jest.fn(() => ({
    subscribe: () => ({ bind: jest.fn(), unbind_all: jest.fn() }),
    connection: { bind: jest.fn() },
    unsubscribe: jest.fn(),
    disconnect: jest.fn(),
  })),
}));
