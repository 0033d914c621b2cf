import { failedChunkAddress, RELOAD_PAUSE_MS, reloadForNewBuild } from './newBuild';

/** webpack's error for a chunk that did not load. */
function chunkLoadError(address = 'http://remote.test/519.67c70ddd.js'): Error {
  const error = new Error(`Loading chunk 519 failed. (error: ${address})`) as Error & { request: string; type: string };
  error.name = 'ChunkLoadError';
  error.request = address;
  error.type = 'error';
  return error;
}

const realFetch = global.fetch;
let fetchMock: jest.Mock;
beforeEach(() => {
  sessionStorage.clear();
  fetchMock = jest.fn();
  global.fetch = fetchMock;
});
afterEach(() => {
  global.fetch = realFetch;
});

describe('reloading for a remote redeployed since the tab loaded it', () => {
  it('knows a chunk that failed to load, and nothing else', () => {
    expect(failedChunkAddress(chunkLoadError())).toBe('http://remote.test/519.67c70ddd.js');
    expect(failedChunkAddress(new Error('Loading chunk 519 failed.'))).toBeNull();
    expect(failedChunkAddress('ChunkLoadError')).toBeNull();
  });

  it('reloads when the chunk is gone from a server that answers, asking it past every cache', async () => {
    fetchMock.mockResolvedValue({ status: 0, type: 'opaque' });
    const reload = jest.fn();
    expect(await reloadForNewBuild(chunkLoadError(), { reload, now: 1_000 })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('http://remote.test/519.67c70ddd.js', { mode: 'no-cors', cache: 'no-store' });
  });

  it('does not reload when the server or the network is down: the page stays', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const reload = jest.fn();
    expect(await reloadForNewBuild(chunkLoadError(), { reload })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('does not reload for other failures', async () => {
    const reload = jest.fn();
    expect(await reloadForNewBuild(new Error('render failed'), { reload })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('by itself, not again within the pause after a reload (no loop); when asked (Retry), at once', async () => {
    fetchMock.mockResolvedValue({ status: 0, type: 'opaque' });
    const reload = jest.fn();
    await reloadForNewBuild(chunkLoadError(), { reload, now: 1_000 });
    expect(await reloadForNewBuild(chunkLoadError(), { reload, now: 1_000 + RELOAD_PAUSE_MS - 1 })).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(await reloadForNewBuild(chunkLoadError(), { reload, now: 1_000 + RELOAD_PAUSE_MS - 1, asked: true })).toBe(true);
    expect(await reloadForNewBuild(chunkLoadError(), { reload, now: 1_000 + 3 * RELOAD_PAUSE_MS })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(3);
  });
});
