import { screen } from '@testing-library/react';
import type { RemoteContract, Role } from '../contracts';
import { renderWithProviders, signedInAs } from './index';

/** A route a remote must serve: path, the spec's screen title, and the role when the spec chooses by role. */
export type ExpectedRoute = [path: string, title: string, role: Role | undefined];

/**
 * The tests every remote's contract must pass: it has the remote's name, lists exactly the expected
 * signed-in routes, and each route's screen shows its title (never a blank page).
 */
export function describeContractRoutes(contract: RemoteContract, expected: ExpectedRoute[]): void {
  it(`is named ${contract.name} and lists exactly its signed-in routes, with the role where the spec chooses by role`, () => {
    expect(contract.routes.map((r) => [r.path, r.title, r.role])).toEqual(expected);
    expect(contract.routes.every((r) => !r.public)).toBe(true);
  });

  it.each(expected)('%s shows a page titled "%s" (never a blank)', async (path, title, role) => {
    const route = contract.routes.find((r) => r.path === path && r.role === role)!;
    const { default: Screen } = await route.load();
    renderWithProviders(<Screen />, { session: signedInAs(role ?? 'Customer'), route: path.replace(/\/:[^/]+\?$/, ''), path });
    expect(await screen.findByRole('heading', { name: title, level: 1 })).toBeInTheDocument();
  });
}
