import { atom } from 'nanostores';

/** SPEC §3: userId, displayName, userType ('agent' for support staff). */
export interface SessionUser {
  userId: string;
  displayName: string;
  userType: string;
}

export type SessionState =
  | { status: 'unknown' }
  | { status: 'loggedOut' }
  | { status: 'loggedIn'; user: SessionUser };

export const $session = atom<SessionState>({ status: 'unknown' });

export function setLoggedIn(user: SessionUser): void {
  $session.set({ status: 'loggedIn', user });
}

/** Logging out clears the user at once, also when the server call fails (SPEC §4). */
export function setLoggedOut(): void {
  $session.set({ status: 'loggedOut' });
}
