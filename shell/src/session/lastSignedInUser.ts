/**
 * Who was last signed in in this tab. When their session ends on a page (Logout, expiry, a sign-out in
 * another tab), the guard's way to /login names them, so that only they are taken back to that page
 * after signing in, not the next person to use the device.
 */
let lastUserId: number | null = null;

export const noteSignedInUser = (userId: number) => {
  lastUserId = userId;
};

export const lastSignedInUserId = (): number | null => lastUserId;
