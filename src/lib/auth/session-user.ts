/**
 * SPEC §3: the logged-in user as the browser knows it; userType 'agent' for support staff,
 * emailVerified (issue 19), and the account's address, which the checkout fills in (issue 36).
 */
export interface SessionUser {
  userId: string;
  displayName: string;
  userType: string;
  email: string;
  emailVerified: boolean;
}
