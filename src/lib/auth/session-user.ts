/** SPEC §3: the logged-in user as the browser knows it; userType 'agent' for support staff, emailVerified (issue 19). */
export interface SessionUser {
  userId: string;
  displayName: string;
  userType: string;
  emailVerified: boolean;
}
