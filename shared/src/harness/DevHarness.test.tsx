import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RemoteContract } from '../contracts';
import { createAppStore } from '../session/store';
import { DevHarness } from './DevHarness';

const page = (title: string) => () => Promise.resolve({ default: () => <h1>{title}</h1> });

const contract: RemoteContract = {
  name: 'mfe_provider',
  routes: [
    { path: '/jobrequest', title: 'Job Requests', load: page('Job Requests') },
    { path: '/service', title: 'All Services', role: 'Provider', load: page('Provider services') },
    { path: '/drive', title: 'Customer only', role: 'Customer', load: page('Customer only') },
  ],
  widgets: [{ name: 'HomeBlocks', role: 'Provider', load: page('Blocks') }],
};

describe('the standalone dev harness of a remote', () => {
  it("lists the contract's routes for the chosen role and opens them", async () => {
    window.history.pushState({}, '', '/');
    render(<DevHarness contract={contract} store={createAppStore()} />);
    expect(screen.getByText('mfe_provider')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Harness' });
    expect(nav).toHaveTextContent('Job Requests');
    expect(nav).toHaveTextContent('Customer only');
    expect(nav).not.toHaveTextContent('All Services');

    await userEvent.selectOptions(screen.getByRole('combobox'), 'Provider');
    expect(nav).toHaveTextContent('All Services');
    expect(nav).not.toHaveTextContent('Customer only');
    await userEvent.click(screen.getByRole('link', { name: 'All Services' }));
    expect(await screen.findByRole('heading', { name: 'Provider services' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Widgets' }));
    expect(await screen.findByRole('heading', { name: 'Blocks' })).toBeInTheDocument();
  });
});
