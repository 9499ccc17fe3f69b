import { useState } from 'react';
import { requestConfirmationLink } from '../../stores/session.ts';
import { auth } from './styles.ts';

/**
 * 'Bestätigungslink erneut senden' (decision 0029) with the server's answer next to it, for every
 * page that tells an unconfirmed account why something is missing (settings, customer area).
 */
export function ResendConfirmationLink() {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  async function resend() {
    setBusy(true);
    setResult(null);
    try {
      setResult({ ok: true, message: await requestConfirmationLink() });
    } catch (error) {
      setResult({ ok: false, message: error instanceof Error ? error.message : 'Ein unbekannter Fehler ist aufgetreten.' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-4 flex flex-wrap items-center gap-4">
      <button type="button" onClick={() => void resend()} disabled={busy} className={auth.primary}>
        {busy ? 'Wird gesendet …' : 'Bestätigungslink erneut senden'}
      </button>
      <p role="status" className={result?.ok ? auth.success : auth.error}>
        {result?.message}
      </p>
    </div>
  );
}
