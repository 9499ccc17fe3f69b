import { useState, useSyncExternalStore, type ReactNode } from 'react';
import { formatReceivedAt } from '../../lib/forms/dates.ts';
import { Button } from '../ui/Button.tsx';
import { text } from '../ui/classes.ts';

let fragmentToken: string | undefined;

/** The token of the fragment, read once; the address bar then loses it (no copy in history or bookmarks). */
function tokenOfPage(): string {
  if (fragmentToken === undefined) {
    fragmentToken = decodeURIComponent(window.location.hash.slice(1));
    if (fragmentToken) history.replaceState(null, '', window.location.pathname);
  }
  return fragmentToken;
}

const noSubscription = () => () => {};

/** What every confirmation answers besides its own details. */
interface Confirmed {
  id: number;
  receivedAt: string;
  confirmedAt: string;
}

interface Props<A extends Confirmed> {
  /** Posts the token to the declaration's identity route (src/features/legal-forms/routes.ts). */
  confirm: (token: string) => Promise<A>;
  /** 'Kündigung', 'Widerruf': what the person declared. */
  declaration: string;
  /** The question above the button. */
  question: string;
  /** The declaration's own line (e.g. 'Nr. 12: Webapp Basis') and what its confirmation changed. */
  subject: (answer: A) => string;
  outcome: (answer: A) => ReactNode;
}

/**
 * Behind the identity link of a declaration's receipt mail (decisions 0014, 0054): the token
 * arrives in the fragment (never sent to a server by the browser), is removed from the address
 * bar, and is posted only when the person presses the button – a mail scanner that opens links
 * confirms nothing. The answer tells what the confirmation changed.
 */
export function IdentityConfirmation<A extends Confirmed>({ confirm: post, declaration, question, subject, outcome }: Props<A>) {
  // null during the server render and hydration: the fragment exists only in the browser.
  const token = useSyncExternalStore(noSubscription, tokenOfPage, () => null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<A | null>(null);

  async function confirm(token: string) {
    setSending(true);
    setError(null);
    try {
      setAnswer(await post(token));
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Unbekannter Fehler');
    } finally {
      setSending(false);
    }
  }

  if (token === null) return <p>Bestätigungslink wird gelesen …</p>;
  if (token === '') {
    return (
      <p role="alert" className="font-medium text-red-700 dark:text-red-300">
        Dieser Seite fehlt der Bestätigungscode. Bitte öffnen Sie den vollständigen Link aus Ihrer Eingangsbestätigung.
      </p>
    );
  }
  if (answer) {
    return (
      <div role="status" className="rounded-2xl border-2 border-green-700 p-6 dark:border-green-400">
        <p className="text-xl font-semibold">Vielen Dank, Ihre Identität ist bestätigt.</p>
        <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
          <dt className="font-semibold">{declaration}</dt>
          <dd className={text.typed}>{subject(answer)}</dd>
          <dt className="font-semibold">Eingegangen am</dt>
          <dd>{formatReceivedAt(answer.receivedAt).text}</dd>
          <dt className="font-semibold">Bestätigt am</dt>
          <dd>{formatReceivedAt(answer.confirmedAt).text}</dd>
        </dl>
        <div className="mt-4 space-y-2">{outcome(answer)}</div>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <p>{question}</p>
      <Button pending={sending} onClick={() => void confirm(token)}>
        Identität bestätigen
      </Button>
      <div role="status" aria-live="polite" className="font-medium text-red-700 dark:text-red-300">
        {error && <p>{error}</p>}
      </div>
    </div>
  );
}
