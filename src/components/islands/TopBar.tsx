import { useStore } from '@nanostores/react';
import { $session, logout } from '../../stores/session.ts';
import { openLoginDialog } from '../../stores/ui.ts';

const link = 'rounded px-2 py-1 underline-offset-2 hover:underline';

/** The thin bar above the header: greeting and account links, or the way to log in (SPEC §2). */
export default function TopBar() {
  const { user } = useStore($session);
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
            <a href="/settings" className={link}>
              Einstellungen
            </a>
            <button type="button" className={link} onClick={logout}>
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
