import { useState, type FormEvent } from 'react';
import { ForgotPasswordSchema } from '../../lib/schemas/auth.ts';
import { TextField } from '../forms/Fields.tsx';
import { KitForm } from '../forms/ErrorSummary.tsx';
import { SubmitButton, useSubmission } from '../forms/submission.tsx';
import { useFormFields } from '../forms/useFormFields.ts';
import { useAuth } from './AuthProvider.tsx';
import { auth } from './styles.ts';
import { useFocusOnMount } from './useFocusOnMount.ts';

/**
 * 'Passwort zurücksetzen' (SPEC §2, §4, §8): after sending, 'Link gesendet!' appears whatever
 * the server said, so the form never reveals whether an account exists.
 */
export function ResetRequestForm({ initialEmail, onBack }: { initialEmail: string; onBack?: () => void }) {
  const { requestResetLink } = useAuth();
  const submission = useSubmission();
  // The server answers alike for every address; the schema only asks for one that is an address at all.
  const form = useFormFields('reset', ForgotPasswordSchema, { email: initialEmail }, { reveal: 'submit' });
  const email = form.values.email;
  const [sent, setSent] = useState(false);
  const first = useFocusOnMount<HTMLInputElement>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.touchAll()) return;
    await submission.send(() => requestResetLink(email.trim()));
    setSent(true);
  }

  if (sent) return <ResetLinkSent email={email.trim()} onBack={onBack} />;
  return (
    <KitForm summary={form.summary} onSubmit={submit} className="grid gap-4">
      <p>Geben Sie die E-Mail-Adresse Ihres Kontos ein. Wir senden Ihnen einen Link, mit dem Sie ein neues Passwort festlegen.</p>
      <TextField inputRef={first} form={form} field="email" label="E-Mail" type="email" required autoComplete="email" />
      <SubmitButton sending={submission.sending} label="Link senden" />
      {onBack && (
        <button type="button" className={auth.link} onClick={onBack}>
          Zurück zum Login
        </button>
      )}
    </KitForm>
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
