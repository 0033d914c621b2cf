import { bus, sessionActions, type AppStore } from 'shared';

/**
 * The bus → store contract (docs/architecture.md, 'What is shared, and how': `bus.ts`): remotes announce
 * session changes on the bus, the shell's store applies them. Returns the unsubscribe function.
 */
export function wireBusToStore(store: AppStore): () => void {
  const subscriptions = [
    bus.on('auth/loggedIn').subscribe(({ user, token }) => store.dispatch(sessionActions.loggedIn({ user, token }))),
    bus.on('auth/userUpdated').subscribe(({ user }) => store.dispatch(sessionActions.userUpdated(user))),
    bus.on('session/patch').subscribe(({ patch }) => store.dispatch(sessionActions.patched(patch))),
    bus.on('alert/show').subscribe(({ alert }) => store.dispatch(sessionActions.alertSet(alert))),
    bus.on('alert/clear').subscribe(() => store.dispatch(sessionActions.alertCleared())),
    bus.on('job/changed').subscribe(({ jobs }) => store.dispatch(sessionActions.patched({ jobs }))),
    bus.on('auth/loggedOut').subscribe(() => {
      if (store.getState().session.isLogin) store.dispatch(sessionActions.loggedOut());
    }),
  ];
  return () => subscriptions.forEach((s) => s.unsubscribe());
}
