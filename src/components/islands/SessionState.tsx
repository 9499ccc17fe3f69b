import { logout, type SessionStatus } from '../../stores/session.ts';
import { openLoginDialog } from '../../stores/ui.ts';
import { useSession } from '../auth/useSession.ts';
import { buttonClass, cardClass, text } from '../ui/classes.ts';

const STATUS_TEXT: Readonly<Record<SessionStatus, string>> = {
  unknown: 'Die Sitzung wird noch geprüft.',
  loggedIn: 'Sie sind angemeldet.',
  loggedOut: 'Sie sind nicht angemeldet.',
};

const dt = text.label;
const dd = 'mt-1 font-mono text-slate-800 dark:text-slate-200';

/**
 * Shows the raw state of `$session` (SPEC §4: unknown, then loggedIn or loggedOut) and the
 * user fields, so support and developers can see what the header sees.
 */
export default function SessionState() {
  const { status, user } = useSession();
  return (
    <section aria-labelledby="session-heading" className={cardClass()}>
      <h2 id="session-heading" className={text.h3}>
        Aktueller Sitzungsstatus
      </h2>
      <p role="status" className={`mt-2 ${text.body}`}>
        {STATUS_TEXT[status]}
      </p>
      <dl className="mt-6 grid gap-4 sm:grid-cols-2">
        <div>
          <dt className={dt}>Status</dt>
          <dd className={dd} data-testid="session-status">
            {status}
          </dd>
        </div>
        <div>
          <dt className={dt}>userId</dt>
          <dd className={dd}>{user?.userId ?? '–'}</dd>
        </div>
        <div>
          <dt className={dt}>displayName</dt>
          <dd className={dd}>{user?.displayName ?? '–'}</dd>
        </div>
        <div>
          <dt className={dt}>userType</dt>
          <dd className={dd}>{user?.userType ?? '–'}</dd>
        </div>
      </dl>
      <div className="mt-6">
        {user ? (
          <button type="button" onClick={() => void logout()} className={buttonClass({ variant: 'secondary' })}>
            Abmelden
          </button>
        ) : (
          <button type="button" onClick={openLoginDialog} className={buttonClass()}>
            Login-Dialog öffnen
          </button>
        )}
      </div>
    </section>
  );
}
