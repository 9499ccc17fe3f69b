import { useState } from 'react';
import { confirmEmail } from '../../stores/session.ts';
import { Button } from '../ui/Button.tsx';
import { text } from '../ui/classes.ts';
import { useFocusOnMount } from '../auth/useFocusOnMount.ts';
import { useSubmission, type Outcome } from '../forms/submission.tsx';

/** The token of `/konto-bestaetigen/{token}` (the page answers every such address), or ''. */
function tokenFromPath(pathname: string): string {
  const match = /^\/konto-bestaetigen\/([^/]+)\/?$/.exec(pathname);
  return match ? decodeURIComponent(match[1]!) : '';
}

/** The outcome gets the focus: the button that was pressed is gone, and a screen reader hears the result. */
function Result({ outcome }: { outcome: Outcome }) {
  const focus = useFocusOnMount<HTMLDivElement>();
  return (
    <div ref={focus} tabIndex={-1} role={outcome.ok ? 'status' : 'alert'} className="grid justify-items-start gap-4">
      <p className={outcome.ok ? text.success : text.error}>{outcome.message}</p>
      {outcome.ok ? (
        <p>Bestellungen und Verträge, die ohne Anmeldung unter dieser Adresse aufgegeben wurden, gehören jetzt zu Ihrem Konto.</p>
      ) : null}
      <a href="/settings" className={text.link}>
        Zu den Einstellungen
      </a>
    </div>
  );
}

/**
 * The page without a token. The page renders it on the server too, as the island's fallback: the
 * text is there with the first paint, not only once React ran.
 */
export function ConfirmationLinkMissing() {
  return (
    <p>
      Öffnen Sie diese Seite mit dem Link aus unserer E-Mail. Ist der Link abgelaufen, melden Sie sich an und fordern Sie in den{' '}
      <a href="/settings" className={text.link}>
        Einstellungen
      </a>{' '}
      einen neuen an.
    </p>
  );
}

/**
 * `/konto-bestaetigen/{token}`: confirms the address of the link from the mail. Only a click
 * sends the token: mail scanners and link previews open links (some run scripts), and none of
 * them may confirm an address on the owner's behalf.
 */
export default function ConfirmEmail() {
  const [token] = useState(() => tokenFromPath(window.location.pathname));
  const { sending, outcome, report } = useSubmission();

  if (!token) return <ConfirmationLinkMissing />;
  if (outcome) return <Result outcome={outcome} />;

  return (
    <div className="grid justify-items-start gap-4">
      <p>Bitte bestätigen Sie mit einem Klick, dass diese E-Mail-Adresse Ihnen gehört.</p>
      <Button onClick={() => void report(() => confirmEmail(token))} pending={sending}>
        {sending ? 'Wird bestätigt …' : 'E-Mail-Adresse bestätigen'}
      </Button>
    </div>
  );
}
