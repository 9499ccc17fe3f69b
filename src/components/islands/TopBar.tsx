import { useEffect } from 'react';
import { ensureSessionChecked, logout } from '../../lib/auth/client.ts';
import { openLoginDialog } from '../../stores/ui.ts';
import { CUSTOMER_AREA } from '../account/links.ts';
import { useSession } from '../auth/useSession.ts';

const link = 'rounded px-2 py-1 underline-offset-2 hover:underline';

/** The thin bar above the header: greeting and account links, or the way to log in (SPEC §2). */
export default function TopBar() {
  const { user } = useSession();
  // The top bar is on every page, so it starts the page's one session check (SPEC §4); that asks
  // the server only after a login left its hint, never for a reader (decision 0035).
  useEffect(() => {
    void ensureSessionChecked();
  }, []);
  return (
    <div className="bg-slate-900 text-sm text-slate-100 dark:bg-black">
      <div className="mx-auto flex min-h-9 max-w-6xl flex-wrap items-center justify-end gap-2 px-4 py-1">
        {user ? (
          <>
            <span>
              Willkommen, {user.displayName}! ({user.userType})
            </span>
            {user.userType === 'agent' && (
              <a href="/agent/dashboard" className={link}>
                Dashboard
              </a>
            )}
            {/* The customer area lists what the account ordered; agents order nothing (decision 0030). */}
            {user.userType === 'customer' && (
              <a href={CUSTOMER_AREA} className={link}>
                Kundenbereich
              </a>
            )}
            <a href="/settings" className={link}>
              Einstellungen
            </a>
            <button type="button" className={link} onClick={() => void logout()}>
              Logout
            </button>
          </>
        ) : (
          <button type="button" className={link} onClick={openLoginDialog}>
            Login / Registrieren
          </button>
        )}
      </div>
    </div>
  );
}
