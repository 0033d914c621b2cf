import { createSlice } from '@reduxjs/toolkit';
import { SESSION_STORAGE_KEY } from '../contracts';
import { makeUser } from '../testing';
import { sessionActions } from './sessionSlice';
import { createAppStore, persistSession } from './store';

describe('createAppStore', () => {
  beforeEach(() => localStorage.clear());

  it('starts logged out, or from a preloaded session', () => {
    expect(createAppStore().getState().session).toMatchObject({ isLogin: false, users: null, alert: null });
    const store = createAppStore({ isLogin: true, token: 't', users: makeUser({ first_name: 'Ada' }) });
    expect(store.getState().session).toMatchObject({ isLogin: true, token: 't', users: { first_name: 'Ada' }, jobs: [] });
  });

  it('lets a remote inject its own reducer next to the session', () => {
    const store = createAppStore();
    const counter = createSlice({ name: 'counter', initialState: 0, reducers: { inc: (n) => n + 1 } });
    store.injectReducer('counter', counter.reducer);
    store.dispatch(counter.actions.inc());
    expect(store.getState().counter).toBe(1);
    expect(store.getState().session.isLogin).toBe(false);
  });

  it('persists the session under authType on every change (without the alert)', () => {
    const store = createAppStore();
    persistSession(store);
    store.dispatch(sessionActions.loggedIn({ user: makeUser(), token: 'abc' }));
    store.dispatch(sessionActions.alertSet({ type: 'success', message: 'hi' }));
    const stored = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY)!) as unknown;
    expect(stored).toMatchObject({ isLogin: true, token: 'abc', users: { email: 'cora@example.com' } });
    expect(stored).not.toHaveProperty('alert');
    store.dispatch(sessionActions.loggedOut());
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY)!)).toMatchObject({ isLogin: false, token: null });
  });

  it("takes a profile update for the signed-in user only: not one answered after a sign-out, nor another account's", () => {
    const store = createAppStore();
    persistSession(store);
    const cara = makeUser({ id: 10, first_name: 'Cara' });
    store.dispatch(sessionActions.loggedIn({ user: cara, token: 'abc' }));
    store.dispatch(sessionActions.userUpdated({ ...cara, first_name: 'Carla' }));
    expect(store.getState().session.users).toMatchObject({ id: 10, first_name: 'Carla' });

    store.dispatch(sessionActions.loggedIn({ user: makeUser({ id: 11, first_name: 'Dan' }), token: 'def' }));
    store.dispatch(sessionActions.userUpdated({ ...cara, first_name: 'Carlotta' }));
    expect(store.getState().session.users).toMatchObject({ id: 11, first_name: 'Dan' });

    store.dispatch(sessionActions.loggedOut());
    store.dispatch(sessionActions.userUpdated({ ...cara, first_name: 'Carlotta' }));
    expect(store.getState().session).toMatchObject({ isLogin: false, users: null });
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY)!)).toMatchObject({ isLogin: false, users: null });
  });

  it('keeps no list answered after a sign-out, and starts the next sign-in from empty lists', () => {
    const store = createAppStore();
    persistSession(store);
    const card = { id: 1, card_brand: 'visa', card_last4: '4242' };
    store.dispatch(sessionActions.loggedIn({ user: makeUser({ id: 10 }), token: 'abc' }));
    store.dispatch(sessionActions.patched({ paymentMethod: [card] }));
    store.dispatch(sessionActions.loggedOut());
    store.dispatch(sessionActions.patched({ paymentMethod: [card] }));
    expect(store.getState().session.paymentMethod).toEqual([]);
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY)!)).toMatchObject({ isLogin: false, paymentMethod: [] });

    // Another tab's session taken on while signed out still applies.
    store.dispatch(sessionActions.patched({ isLogin: true, token: 'def', users: makeUser({ id: 11 }) }));
    expect(store.getState().session).toMatchObject({ isLogin: true, token: 'def' });

    store.dispatch(sessionActions.patched({ paymentMethod: [card] }));
    store.dispatch(sessionActions.loggedIn({ user: makeUser({ id: 12 }), token: 'ghi' }));
    expect(store.getState().session).toMatchObject({ isLogin: true, token: 'ghi', paymentMethod: [], jobs: [] });
  });

  it("stores a list read for a user only while that user is signed in: not into the next account's session", () => {
    const store = createAppStore();
    const card = { id: 1, card_brand: 'visa', card_last4: '4242' };
    store.dispatch(sessionActions.loggedIn({ user: makeUser({ id: 10 }), token: 'abc' }));
    store.dispatch(sessionActions.answeredFor({ userId: 10, lists: { paymentMethod: [card] } }));
    expect(store.getState().session.paymentMethod).toEqual([card]);
    store.dispatch(sessionActions.loggedOut());
    store.dispatch(sessionActions.loggedIn({ user: makeUser({ id: 11 }), token: 'def' }));
    // User 10's cards, answered late: not user 11's.
    store.dispatch(sessionActions.answeredFor({ userId: 10, lists: { paymentMethod: [card] } }));
    expect(store.getState().session.paymentMethod).toEqual([]);
  });
});
