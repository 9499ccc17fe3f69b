import { describe, expect, it } from 'vitest';
import { $session, setLoggedOut, setLoggedIn } from '../../../src/stores/session.ts';

describe('session', () => {
  it('is unknown with no user until the session check answers', () => {
    expect($session.get()).toEqual({ status: 'unknown', user: null });
  });

  it('login replaces the user and logout clears it', () => {
    setLoggedIn({ userId: 'u1', displayName: 'Anna Berger', userType: 'customer', emailVerified: false });
    setLoggedIn({ userId: 'u2', displayName: 'Support-Team', userType: 'agent', emailVerified: true });
    expect($session.get()).toEqual({ status: 'loggedIn', user: { userId: 'u2', displayName: 'Support-Team', userType: 'agent', emailVerified: true } });
    setLoggedOut();
    expect($session.get()).toEqual({ status: 'loggedOut', user: null });
  });
});
