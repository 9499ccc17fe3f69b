import { createContext, useContext, useMemo, type ReactNode } from 'react';
import * as session from '../../stores/session.ts';
import { useSession } from './useSession.ts';

export interface AuthContextValue extends session.SessionState {
  login: typeof session.login;
  register: typeof session.register;
  requestResetLink: typeof session.requestResetLink;
  logout: typeof session.logout;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * The session and the account actions for the components of one island. The state lives in
 * `$session`, so every island on the page sees the same user.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const state = useSession();
  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      login: session.login,
      register: session.register,
      requestResetLink: session.requestResetLink,
      logout: session.logout,
    }),
    [state],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** SPEC §8: using the auth context outside its provider is an error, never a silent logout. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth darf nur innerhalb von <AuthProvider> verwendet werden.');
  return value;
}
