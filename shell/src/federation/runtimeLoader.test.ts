import { init, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { isRemoteFallback, offlineRemotePlugin } from './offlinePlugin';
import { createFederationLoader, DEFAULT_REMOTES, normalizeRemotes } from './runtimeLoader';
import { RemoteUnavailableError } from './types';

jest.mock('@module-federation/enhanced/runtime', () => ({
  init: jest.fn(),
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));

const mockedLoadRemote = loadRemote as jest.Mock;
const contract = { name: 'mfe_chat', routes: [], widgets: [] };
const remotes = { ...DEFAULT_REMOTES, mfe_chat: 'http://chat.example:8080/mf-manifest.json' };

beforeEach(() => jest.clearAllMocks());

describe('remotes.json', () => {
  it('keeps the known remotes, with defaults for missing or invalid entries', () => {
    expect(normalizeRemotes({ mfe_chat: 'http://x/mf-manifest.json', mfe_auth: 3, other: 'http://y' })).toEqual({
      ...DEFAULT_REMOTES,
      mfe_chat: 'http://x/mf-manifest.json',
    });
    expect(normalizeRemotes(null)).toEqual(DEFAULT_REMOTES);
  });
});

describe('the federation loader', () => {
  it('registers the four remotes at run time with the offline plugin and loaded-first sharing', () => {
    createFederationLoader(remotes);
    expect(init).toHaveBeenCalledTimes(1);
    const [options] = jest.mocked(init).mock.calls[0];
    expect(options).toMatchObject({ name: 'shell', shareStrategy: 'loaded-first' });
    expect(options.remotes).toContainEqual({ name: 'mfe_chat', entry: 'http://chat.example:8080/mf-manifest.json' });
    expect(options.remotes).toHaveLength(4);
    expect(options.plugins?.[0].name).toBe('shell-offline-remote');
  });

  it("loads a remote's ./contract", async () => {
    mockedLoadRemote.mockResolvedValueOnce({ default: contract });
    await expect(createFederationLoader(remotes).loadContract('mfe_chat')).resolves.toBe(contract);
    expect(loadRemote).toHaveBeenCalledWith('mfe_chat/contract');
  });

  it('turns the offline fallback, an exception or a wrong module into RemoteUnavailableError', async () => {
    const loader = createFederationLoader(remotes);
    mockedLoadRemote.mockResolvedValueOnce({ __remoteFallback: true, id: 'mfe_chat/contract', error: 'Failed to fetch' });
    await expect(loader.loadContract('mfe_chat')).rejects.toBeInstanceOf(RemoteUnavailableError);
    mockedLoadRemote.mockRejectedValueOnce(new Error('boom'));
    await expect(loader.loadContract('mfe_chat')).rejects.toBeInstanceOf(RemoteUnavailableError);
    mockedLoadRemote.mockResolvedValueOnce({ default: { name: 'mfe_auth', routes: [], widgets: [] } });
    await expect(loader.loadContract('mfe_chat')).rejects.toBeInstanceOf(RemoteUnavailableError);
  });

  it('retry re-registers the remote with force (forgetting the failed load) before loading again', async () => {
    const loader = createFederationLoader(remotes);
    mockedLoadRemote.mockResolvedValueOnce({ default: contract });
    await expect(loader.retryContract('mfe_chat')).resolves.toBe(contract);
    expect(registerRemotes).toHaveBeenCalledWith([{ name: 'mfe_chat', entry: 'http://chat.example:8080/mf-manifest.json' }], {
      force: true,
    });
    expect((registerRemotes as jest.Mock).mock.invocationCallOrder[0]).toBeLessThan(mockedLoadRemote.mock.invocationCallOrder[0]);
  });
});

describe('the errorLoadRemote plugin', () => {
  const plugin = offlineRemotePlugin();
  const hook = plugin.errorLoadRemote as unknown as (args: Record<string, unknown>) => unknown;

  it('answers a fallback module only at lifecycle onLoad', () => {
    const fallback = hook({ id: 'mfe_chat/contract', error: new Error('Failed to fetch'), lifecycle: 'onLoad', from: 'runtime' });
    expect(isRemoteFallback(fallback)).toBe(true);
    expect(fallback).toMatchObject({ id: 'mfe_chat/contract', error: 'Failed to fetch' });
    for (const lifecycle of ['beforeRequest', 'afterResolve', 'beforeLoadShare']) {
      expect(hook({ id: 'x', error: new Error('e'), lifecycle, from: 'runtime' })).toBeUndefined();
    }
  });
});
