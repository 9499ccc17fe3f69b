import { useEffect, useState } from 'react';
import type { AccountOverview } from '../../lib/contracts/overview.ts';
import { accountOverview } from '../../features/customer-area/routes.ts';
import { api } from '../../client/api.ts';
import { ensureSessionChecked, type SessionUser } from '../../stores/session.ts';
import { useSession } from '../auth/useSession.ts';
import { failureMessage } from '../forms/submission.tsx';

export type OverviewState =
  | { status: 'checking' }
  | { status: 'loggedOut' }
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; overview: AccountOverview; user: SessionUser };

/**
 * The customer area's data for the logged-in account: loaded once the session is known, again
 * after a login in the dialog or a switch of account, and dropped on logout.
 */
export function useAccountOverview(): OverviewState {
  const session = useSession();
  const userId = session.user?.userId;
  const [loaded, setLoaded] = useState<{ userId: string; overview: AccountOverview } | { userId: string; message: string } | null>(null);

  useEffect(() => {
    void ensureSessionChecked();
  }, []);
  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    api(accountOverview, { signal: controller.signal })
      .then((overview) => setLoaded({ userId, overview }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setLoaded({ userId, message: failureMessage(error) });
      });
    return () => controller.abort();
  }, [userId]);

  if (session.status === 'unknown') return { status: 'checking' };
  if (session.status === 'loggedOut' || !session.user) return { status: 'loggedOut' };
  // What was loaded for another account (before a switch) never shows.
  if (!loaded || loaded.userId !== session.user.userId) return { status: 'loading' };
  if ('message' in loaded) return { status: 'failed', message: `Ihre Verträge konnten nicht geladen werden: ${loaded.message}` };
  return { status: 'ready', overview: loaded.overview, user: session.user };
}
