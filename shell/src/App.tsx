import { useEffect } from 'react';
import { Provider } from 'react-redux';
import type { AppStore } from 'shared';
import { AlertArea } from './components/AlertArea';
import { RemotesProvider } from './federation/RemotesContext';
import type { RemoteLoader } from './federation/types';
import { AppRoutes } from './routing/AppRoutes';
import { wireBusToStore } from './session/busWiring';
import { SessionEffects } from './session/SessionEffects';

/** The shell without its router (the browser uses GuardedBrowserRouter, tests a MemoryRouter). Its styles.css is inlined into index.html. */
export function ShellApp({ store, loader }: { store: AppStore; loader: RemoteLoader }) {
  useEffect(() => wireBusToStore(store), [store]);
  return (
    <Provider store={store}>
      <RemotesProvider loader={loader}>
        <SessionEffects />
        <AlertArea />
        <AppRoutes />
      </RemotesProvider>
    </Provider>
  );
}
