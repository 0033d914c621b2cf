import { screen } from '@testing-library/react';
import { renderWithProviders, signedInAs } from 'shared/src/testing';
import contract from './contract';

/** What mfe_chat serves (DESIGN.md section 2), with the spec's screen titles. */
const EXPECTED: [string, string, 'Customer' | 'Provider' | undefined][] = [
    ['/chatview/:username?', 'Chat', undefined],
];

describe('the mfe_chat contract', () => {
  it('is named mfe_chat and lists exactly its signed-in routes, with the role where the spec chooses by role', () => {
    expect(contract.name).toBe('mfe_chat');
    expect(contract.routes.map((r) => [r.path, r.title, r.role])).toEqual(EXPECTED);
    expect(contract.routes.every((r) => !r.public)).toBe(true);
  });

  it.each(EXPECTED)('%s shows a page titled "%s" (never a blank)', async (path, title, role) => {
    const route = contract.routes.find((r) => r.path === path && r.role === role)!;
    const { default: Screen } = await route.load();
    renderWithProviders(<Screen />, { session: signedInAs(role ?? 'Customer'), route: path.replace(/\/:[^/]+\?$/, ''), path });
    expect(await screen.findByRole('heading', { name: title, level: 1 })).toBeInTheDocument();
  });

  it('offers no widgets', () => {
    expect(contract.widgets).toEqual([]);
  });
});
