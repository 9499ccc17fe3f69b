import { useState, useSyncExternalStore } from 'react';
import { formatReceivedAt } from '../../lib/forms/dates.ts';
import { apiFetch } from '../../client/api.ts';
import { submitClass } from '../forms/submission.tsx';

type State =
  | { step: 'ready'; sending: boolean; error: string | null }
  | { step: 'confirmed'; id: number; contractName: string; receivedAt: string; confirmedAt: string };

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

/**
 * Behind the link of the cancellation receipt: the token arrives in the fragment (never sent to
 * a server by the browser), is removed from the address bar, and is posted only when the person
 * presses the button – a mail scanner that opens links confirms nothing.
 */
export default function CancellationIdentity() {
  // null during the server render and hydration: the fragment exists only in the browser.
  const token = useSyncExternalStore(noSubscription, tokenOfPage, () => null);
  const [state, setState] = useState<State>({ step: 'ready', sending: false, error: null });

  async function confirm(token: string) {
    setState({ step: 'ready', sending: true, error: null });
    try {
      const answer = await apiFetch<{ id: number; contractName: string; receivedAt: string; confirmedAt: string }>('/api/forms/cancellation/identity', {
        method: 'POST',
        json: { token },
      });
      setState({ step: 'confirmed', ...answer });
    } catch (error) {
      setState({ step: 'ready', sending: false, error: error instanceof Error ? error.message : 'Unbekannter Fehler' });
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
  if (state.step === 'confirmed') {
    return (
      <div role="status" className="rounded-2xl border-2 border-green-700 p-6 dark:border-green-400">
        <p className="text-xl font-semibold">Vielen Dank, Ihre Identität ist bestätigt.</p>
        <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
          <dt className="font-semibold">Kündigung</dt>
          <dd>
            Nr. {state.id}: {state.contractName}
          </dd>
          <dt className="font-semibold">Eingegangen am</dt>
          <dd>{formatReceivedAt(state.receivedAt).text}</dd>
          <dt className="font-semibold">Bestätigt am</dt>
          <dd>{formatReceivedAt(state.confirmedAt).text}</dd>
        </dl>
        <p className="mt-4">Sobald wir Ihre Kündigung bearbeitet haben, bestätigen wir Ihnen das Vertragsende per E-Mail.</p>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <p>Bitte bestätigen Sie, dass Sie die Kündigung selbst abgegeben haben.</p>
      <button type="button" className={submitClass} disabled={state.sending} onClick={() => void confirm(token)}>
        {state.sending ? 'Wird bestätigt …' : 'Identität bestätigen'}
      </button>
      <div role="status" aria-live="polite" className="font-medium text-red-700 dark:text-red-300">
        {state.error && <p>{state.error}</p>}
      </div>
    </div>
  );
}
