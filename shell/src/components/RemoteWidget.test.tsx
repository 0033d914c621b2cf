import { act, screen } from '@testing-library/react';
import { afterFirstScreen } from '../session/firstScreenShown';
import { fakeApi, fakeContracts, fakeLoader, renderShell } from '../testing/renderShell';

let firstScreenOnScreen: () => void = () => undefined;
jest.mock('../session/firstScreenShown', () => ({
  ...jest.requireActual<object>('../session/firstScreenShown'),
  firstScreenShown: jest.fn(),
  afterFirstScreen: jest.fn(),
}));

beforeEach(() => {
  localStorage.clear();
  fakeApi();
  const shown = new Promise<void>((resolve) => {
    firstScreenOnScreen = resolve;
  });
  jest.mocked(afterFirstScreen).mockImplementation(() => shown);
});

describe('RemoteWidget: a background widget (the booking dialog host) waits for the first screen', () => {
  it('its code is not loaded until the first screen is on screen, then it is', async () => {
    const contracts = fakeContracts();
    const host = jest.fn(() => Promise.resolve({ default: () => <p>booking dialog host</p> }));
    contracts.mfe_customer.widgets.push({ name: 'BookingAssignHost', role: 'Customer', load: host });
    renderShell({ route: '/activebooking', role: 'Customer', loader: fakeLoader(contracts).loader });
    expect(await screen.findByRole('heading', { name: 'Active Bookings' })).toBeInTheDocument();
    expect(host).not.toHaveBeenCalled();

    await act(async () => firstScreenOnScreen());
    expect(await screen.findByText('booking dialog host')).toBeInTheDocument();
    expect(host).toHaveBeenCalled();
  });
});
