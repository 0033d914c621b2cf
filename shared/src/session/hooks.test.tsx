import { act } from '@testing-library/react';
import { renderWithProviders, signedInAs } from '../testing';
import { useSession, useSessionUser, useSignedIn } from './hooks';
import { sessionActions } from './sessionSlice';

describe('session hooks: what makes a component render again', () => {
  it('useSessionUser and useSignedIn ignore notifications and alerts; useSession renders on every change', () => {
    const renders = { session: 0, user: 0, signedIn: 0 };
    function WholeSession() {
      renders.session += 1;
      return <p>{useSession().users?.first_name}</p>;
    }
    function UserOnly() {
      renders.user += 1;
      return <p>{useSessionUser()?.first_name}</p>;
    }
    function SignedInOnly() {
      renders.signedIn += 1;
      return <p>{useSignedIn() ? 'in' : 'out'}</p>;
    }
    const { store, getAllByText } = renderWithProviders(
      <>
        <WholeSession />
        <UserOnly />
        <SignedInOnly />
      </>,
      { session: signedInAs('Customer', { first_name: 'Cora' }) },
    );
    expect(getAllByText('Cora')).toHaveLength(2);
    expect(renders).toEqual({ session: 1, user: 1, signedIn: 1 });

    act(() => {
      store.dispatch(sessionActions.patched({ notifications: [] }));
    });
    act(() => {
      store.dispatch(sessionActions.alertSet({ type: 'danger', message: 'Network Error' }));
    });
    expect(renders).toEqual({ session: 3, user: 1, signedIn: 1 });

    const user = store.getState().session.users;
    act(() => {
      if (user) store.dispatch(sessionActions.userUpdated({ ...user, first_name: 'Carla' }));
    });
    expect(getAllByText('Carla')).toHaveLength(2);
    expect(renders.user).toBe(2);
    expect(renders.signedIn).toBe(1);
  });
});
