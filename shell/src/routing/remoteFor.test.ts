import { remoteFor } from './remoteFor';

describe('remoteFor (the remote a signed-in screen needs first)', () => {
  it('Home: the remote of the role blocks', () => {
    expect(remoteFor('/', 'Customer')).toBe('mfe_customer');
    expect(remoteFor('/', 'Provider')).toBe('mfe_provider');
  });

  it('a route of the table, by role where two remotes serve it, with its parameters', () => {
    expect(remoteFor('/service', 'Customer')).toBe('mfe_customer');
    expect(remoteFor('/service', 'Provider')).toBe('mfe_provider');
    expect(remoteFor('/profile', 'Provider')).toBe('mfe_auth');
    expect(remoteFor('/chatview', 'Customer')).toBe('mfe_chat');
    expect(remoteFor('/chatview/nora', 'Customer')).toBe('mfe_chat');
  });

  it("the shell's own pages and unknown paths: none", () => {
    expect(remoteFor('/notification', 'Customer')).toBeUndefined();
    expect(remoteFor('/nowhere', 'Customer')).toBeUndefined();
  });
});
