import type { RemoteContract } from 'shared';
import type { RemoteLoader, RemoteName } from '../federation/types';
import { preloadFirstScreen, screenLoadOf } from './firstScreen';

/** A screen module's loader, for identity checks (what it draws does not matter here). */
const load = (label: string) => jest.fn(() => Promise.resolve({ default: () => label }));

function contractOf(name: RemoteName, parts: Partial<RemoteContract>): RemoteContract {
  return { name, routes: [], widgets: [], ...parts };
}

function loaderWith(contracts: Partial<Record<RemoteName, RemoteContract>>) {
  const loadContract = jest.fn((name: RemoteName) => {
    const contract = contracts[name];
    return contract ? Promise.resolve(contract) : Promise.reject(new Error(`${name} is down`));
  });
  const loader: RemoteLoader = { loadContract, retryContract: loadContract };
  return { loader, loadContract };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("screenLoadOf (the module that draws a path's screen)", () => {
  const customerBlocks = load('customer blocks');
  const providerBlocks = load('provider blocks');
  const services = load('services');
  const details = load('details');
  const contract = contractOf('mfe_customer', {
    routes: [
      { path: '/service', title: 'All Services', role: 'Customer', load: services },
      { path: '/chatview/:id', title: 'Chat', load: details },
    ],
    widgets: [
      { name: 'BookingAssignHost', role: 'Customer', load: load('host') },
      { name: 'HomeBlocks', role: 'Provider', load: providerBlocks },
      { name: 'HomeBlocks', role: 'Customer', load: customerBlocks },
    ],
  });

  it("Home: the role's blocks, not another widget", () => {
    expect(screenLoadOf(contract, '/', 'Customer')).toBe(customerBlocks);
    expect(screenLoadOf(contract, '/', 'Provider')).toBe(providerBlocks);
  });

  it('a route: its screen, with parameters, for the role', () => {
    expect(screenLoadOf(contract, '/service', 'Customer')).toBe(services);
    expect(screenLoadOf(contract, '/chatview/7', 'Provider')).toBe(details);
    expect(screenLoadOf(contract, '/nowhere', 'Customer')).toBeUndefined();
  });
});

describe('preloadFirstScreen', () => {
  it("signed in on Home: the role's remote's contract, then at once its blocks' module", async () => {
    const blocks = load('blocks');
    const { loader, loadContract } = loaderWith({
      mfe_provider: contractOf('mfe_provider', { widgets: [{ name: 'HomeBlocks', load: blocks }] }),
    });
    preloadFirstScreen(loader, '/', { signedIn: true, role: 'Provider' });
    await flush();
    expect(loadContract).toHaveBeenCalledWith('mfe_provider');
    expect(blocks).toHaveBeenCalledTimes(1);
  });

  it("signed out on a guarded path: mfe_auth's login screen (where the guard sends the visitor)", async () => {
    const login = load('login');
    const signup = load('signup');
    const { loader } = loaderWith({
      mfe_auth: contractOf('mfe_auth', {
        routes: [
          { path: '/login', title: 'Login', public: true, load: login },
          { path: '/signup', title: 'Sign up', public: true, load: signup },
        ],
      }),
    });
    preloadFirstScreen(loader, '/activebooking', { signedIn: false });
    await flush();
    expect(login).toHaveBeenCalledTimes(1);
    expect(signup).not.toHaveBeenCalled();
  });

  it("a shell page loads nothing; a remote that is down is left to the screen's own message", async () => {
    const { loader, loadContract } = loaderWith({});
    preloadFirstScreen(loader, '/notification', { signedIn: true, role: 'Customer' });
    expect(loadContract).not.toHaveBeenCalled();
    preloadFirstScreen(loader, '/service', { signedIn: true, role: 'Customer' });
    await flush();
    expect(loadContract).toHaveBeenCalledWith('mfe_customer');
  });
});
