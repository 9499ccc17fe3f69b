import { createContext, useContext, useMemo, type ReactNode } from 'react';
import * as client from '../../client/auth.ts';
import type { SessionState } from '../../stores/session.ts';
import { useSession } from './useSession.ts';

export interface AuthContextValue extends SessionState {
  login: typeof client.login;
  register: typeof client.register;
  requestPasswordReset: typeof client.requestPasswordReset;
  logout: typeof client.logout;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * The session and the account actions for the components of one island. The state lives in
 * `$session`, so every island on the page sees the same user.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const value = useMemo<AuthContextValue>(
    () => ({
      ...session,
      login: client.login,
      register: client.register,
      requestPasswordReset: client.requestPasswordReset,
      logout: client.logout,
    }),
    [session],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** SPEC §8: using the auth context outside its provider is an error, never a silent logout. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth darf nur innerhalb von <AuthProvider> verwendet werden.');
  return value;
}
