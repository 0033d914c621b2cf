import { jobIdFrom, navIdFrom, pathWithIds } from './addressIds';
import {
  afterLoginPath,
  afterLoginState,
  cameStraightFrom,
  hasAppEntryBehind,
  historyIndex,
  returnAddressFrom,
} from './navigation';

describe('jobIdFrom', () => {
  it('takes the job from navigation state first, else from ?job= (links from e-mails)', () => {
    expect(jobIdFrom({ state: { jobId: 4 }, search: '?job=9' })).toBe(4);
    expect(jobIdFrom({ state: null, search: '?job=9' })).toBe(9);
    expect(jobIdFrom({ state: undefined, search: '' })).toBeNull();
    expect(jobIdFrom({ state: null, search: '?job=abc' })).toBeNull();
    expect(jobIdFrom({ state: null, search: '?job=-2' })).toBeNull();
  });

  it('writes the ids of a navigation state into the address, and reads each back from state first, else from there', () => {
    const to = pathWithIds('/providerprofile', { serviceId: 2, providerId: 31 });
    expect(to).toEqual({ pathname: '/providerprofile', search: '?service=2&provider=31' });
    const opened = { state: null, search: to.search };
    expect(navIdFrom(opened, 'serviceId')).toBe(2);
    expect(navIdFrom(opened, 'providerId')).toBe(31);
    expect(navIdFrom(opened, 'jobId')).toBeNull();
    expect(navIdFrom({ state: { providerId: 5 }, search: to.search }, 'providerId')).toBe(5);
    expect(pathWithIds('/drivebooking', {})).toEqual({ pathname: '/drivebooking', search: '' });
  });

  it('after signing in, opens the page the guard came from, only inside the app', () => {
    expect(afterLoginPath({ from: '/payment?tab=history' })).toBe('/payment?tab=history');
    expect(afterLoginPath(null)).toBe('/');
    expect(afterLoginPath({ from: 'https://evil.example' })).toBe('/');
    expect(afterLoginPath({ from: '//evil.example/x' })).toBe('/');
    expect(afterLoginPath({ from: '/login' })).toBe('/');
    expect(afterLoginPath({ from: 42 })).toBe('/');
  });

  it('takes back there only the user whose session ended there, not the next one to sign in on that device', () => {
    expect(afterLoginPath({ from: '/chatview/2', forUserId: 7 }, 7)).toBe('/chatview/2');
    expect(afterLoginPath({ from: '/chatview/2', forUserId: 7 }, 8)).toBe('/');
    // A link opened while signed out names nobody: whoever signs in goes there.
    expect(afterLoginPath({ from: '/payment' }, 8)).toBe('/payment');
  });

  it('gives the page its own navigation state back, only where it goes back to that page', () => {
    const fromState = { jobId: 4 };
    expect(afterLoginState({ from: '/activebookingdetails', fromState, forUserId: 7 }, 7)).toEqual(fromState);
    expect(afterLoginState({ from: '/activebookingdetails', fromState, forUserId: 7 }, 8)).toBeUndefined();
    expect(afterLoginState({ from: 'https://evil.example', fromState })).toBeUndefined();
    expect(afterLoginState({ from: '/payment' })).toBeUndefined();
    expect(afterLoginState(null)).toBeUndefined();
  });
});

describe('the way back from the card form', () => {
  afterEach(() => window.history.replaceState(null, ''));

  it('keeps the history index of the page left, only a number, and only with a return address inside the app', () => {
    expect(returnAddressFrom({ returnTo: '/providerprofile', returnState: { a: 1 }, returnIndex: 4 })).toEqual({
      returnTo: '/providerprofile',
      returnState: { a: 1 },
      returnIndex: 4,
    });
    expect(returnAddressFrom({ returnTo: '/providerprofile', returnIndex: '4' })).toEqual({
      returnTo: '/providerprofile',
      returnState: undefined,
    });
    expect(returnAddressFrom({ returnTo: '//evil.example', returnIndex: 4 })).toBeNull();
  });

  it('goes back to that page only from the history entry right after it', () => {
    window.history.replaceState({ usr: null, key: 'k', idx: 5 }, '');
    expect(historyIndex()).toBe(5);
    expect(cameStraightFrom({ returnTo: '/providerprofile', returnIndex: 4 })).toBe(true);
    // Reached some other way (a link opened later, the history moved on): a new entry instead.
    expect(cameStraightFrom({ returnTo: '/providerprofile', returnIndex: 2 })).toBe(false);
    expect(cameStraightFrom({ returnTo: '/providerprofile' })).toBe(false);
    window.history.replaceState(null, '');
    expect(historyIndex()).toBeNull();
    expect(cameStraightFrom({ returnTo: '/providerprofile', returnIndex: 4 })).toBe(false);
  });
});

describe('whether going back stays in the app', () => {
  afterEach(() => window.history.replaceState(null, ''));

  it('not from the first entry of the tab, even with a key of its own (the sign-in replaced its way there)', () => {
    window.history.replaceState({ usr: null, key: 'after-login', idx: 0 }, '');
    expect(hasAppEntryBehind({ key: 'after-login' })).toBe(false);
    window.history.replaceState({ usr: null, key: 'k', idx: 3 }, '');
    expect(hasAppEntryBehind({ key: 'k' })).toBe(true);
  });

  it('where the index is not known (a memory router), from any entry but the first', () => {
    expect(hasAppEntryBehind({ key: 'default' })).toBe(false);
    expect(hasAppEntryBehind({ key: 'abc' })).toBe(true);
  });
});
