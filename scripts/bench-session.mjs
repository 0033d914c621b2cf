// Signed-in sessions for the benchmarks (`npm run bench:bundle`, `npm run bench:lighthouse`): a fresh
// account of a role, registered and signed in through the API, stored as the browser stores it (the
// persisted `authType` object; see e2e/support/app.ts signInDirectly).

/** Calls the API at `apiUrl`; throws on any answer of 300 or more. */
export async function apiCall(apiUrl, method, path, body) {
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${path} failed (${response.status}): ${text}`);
  return text ? JSON.parse(text) : null;
}

/**
 * A fresh account of the role ('Customer' | 'Provider'), signed in through the API. Answers the string
 * the browser keeps under localStorage `authType`.
 */
export async function sessionFor(apiUrl, role, { prefix = 'bench' } = {}) {
  const email = `${prefix}-${role.toLowerCase()}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'secret123';
  const names = { first_name: role === 'Customer' ? 'Cora' : 'Paul', last_name: 'Bench' };
  await apiCall(apiUrl, 'POST', '/api/auth/register', { email, password, password_confirmation: password, role, ...names });
  const { data } = await apiCall(apiUrl, 'POST', '/api/auth/login', { email, password, role, device_id: prefix });
  return JSON.stringify({
    isLogin: true,
    users: data.user,
    token: data.token,
    jobs: [],
    paymentMethod: [],
    notifications: [],
    UserMessages: [],
    ChatUserData: null,
    providerServiceData: [],
  });
}
