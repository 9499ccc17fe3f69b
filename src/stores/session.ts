import { atom } from 'nanostores';

/** SPEC §3: userId, displayName, userType ('agent' for support staff); emailVerified (issue 19). */
export interface SessionUser {
  userId: string;
  displayName: string;
  userType: string;
  emailVerified: boolean;
}

/** 'unknown' until the session check answers (SPEC §4); islands treat it like logged out. */
export type SessionStatus = 'unknown' | 'loggedIn' | 'loggedOut';

export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
}

export const $session = atom<SessionState>({ status: 'unknown', user: null });

/** A successful login or session check replaces the user (SPEC §4). */
export function setLoggedIn(user: SessionUser): void {
  $session.set({ status: 'loggedIn', user });
}

/**
 * No user: the session check said so, or the user logged out. SPEC §4 wants logout to clear
 * the user also when the server call fails, so src/lib/auth/client.ts calls this first.
 */
export function setLoggedOut(): void {
  $session.set({ status: 'loggedOut', user: null });
}
