let tokenProvider: () => string | null = () => null;

/** The shell tells the client where the session token lives. */
export function setTokenProvider(provider: () => string | null): void {
  tokenProvider = provider;
}

/** The signed-in session's token now (null when signed out). */
export const currentToken = (): string | null => tokenProvider();
