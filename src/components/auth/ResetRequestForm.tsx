import { useState, type FormEvent } from 'react';
import { useAuth } from './AuthProvider.tsx';
import { auth } from './styles.ts';
import { useFocusOnMount } from './useFocusOnMount.ts';

/**
 * 'Passwort zurücksetzen' (SPEC §2, §4, §8): after sending, 'Link gesendet!' appears whatever
 * the server said, so the form never reveals whether an account exists.
 */
export function ResetRequestForm({ initialEmail, onBack }: { initialEmail: string; onBack?: () => void }) {
  const { requestPasswordReset } = useAuth();
  const [email, setEmail] = useState(initialEmail);
  const [loading, setLoading] = useState(false);
  const [sent, setSent] = useState(false);
  const first = useFocusOnMount<HTMLInputElement>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setLoading(true);
    await requestPasswordReset(email.trim());
    setLoading(false);
    setSent(true);
  }

  if (sent) return <ResetLinkSent email={email.trim()} onBack={onBack} />;
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <p>Geben Sie die E-Mail-Adresse Ihres Kontos ein. Wir senden Ihnen einen Link, mit dem Sie ein neues Passwort festlegen.</p>
      <div className={auth.field}>
        <label htmlFor="reset-email" className={auth.label}>
          E-Mail
        </label>
        <input ref={first} id="reset-email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} className={auth.input} />
      </div>
      <button type="submit" disabled={loading || email.trim() === ''} className={auth.primary}>
        {loading ? 'Wird gesendet …' : 'Link senden'}
      </button>
      {onBack && (
        <button type="button" className={auth.link} onClick={onBack}>
          Zurück zum Login
        </button>
      )}
    </form>
  );
}

function ResetLinkSent({ email, onBack }: { email: string; onBack?: (() => void) | undefined }) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <div className="grid gap-4">
      <h3 ref={heading} tabIndex={-1} className="text-xl font-bold text-slate-900 dark:text-white">
        Link gesendet!
      </h3>
      <p>
        Wenn ein Konto mit der Adresse <strong>{email}</strong> existiert, erhalten Sie in wenigen Minuten eine E-Mail mit einem Link. Er ist eine Stunde gültig.
      </p>
      {onBack && (
        <button type="button" className={auth.primary} onClick={onBack}>
          Zurück zum Login
        </button>
      )}
    </div>
  );
}
