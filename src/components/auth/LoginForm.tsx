import { useState, type FormEvent } from 'react';
import { AuthError } from '../../client/auth.ts';
import { errorCodes } from '../../lib/http/error-codes.ts';
import { LoginSchema } from '../../lib/schemas/auth.ts';
import { Checkbox, PasswordField, TextField } from '../forms/Fields.tsx';
import { KitForm } from '../forms/ErrorSummary.tsx';
import { SubmitButton, useSubmission } from '../forms/submission.tsx';
import { useFormFields } from '../forms/useFormFields.ts';
import { SecurityCheck } from '../security/SecurityCheck.tsx';
import { useSecurityCheck } from '../security/useSecurityCheck.ts';
import { useAuth } from './AuthProvider.tsx';
import { auth } from './styles.ts';
import { SwitchPrompt } from './SwitchPrompt.tsx';
import { useFocusOnMount } from './useFocusOnMount.ts';

interface LoginFormProps {
  onSuccess: () => void;
  onForgotPassword: (email: string) => void;
  onRegister: () => void;
  /** Shown only when Google sign-in is configured on the server. */
  googleHref: string | null;
}

/** What 'Angemeldet bleiben' means (decision 0064), under the box. */
const REMEMBER_ME_HINT = 'Sie bleiben auf diesem Gerät bis zu 12 Stunden angemeldet, auch wenn Sie den Browser schließen. Nur auf eigenen Geräten verwenden.';

/**
 * 'Willkommen zurück' (SPEC §2, §4, §8). While the address is guessed at from many clients, the
 * server asks for the security check (decision 0065): it appears, and every further try sends its code.
 */
export function LoginForm({ onSuccess, onForgotPassword, onRegister, googleHref }: LoginFormProps) {
  const { login } = useAuth();
  const submission = useSubmission();
  // The server judges the credentials; the schema only says what is missing or no address, after sending.
  const form = useFormFields('login', LoginSchema, { email: '', password: '', rememberMe: false }, { reveal: 'submit' });
  const { email, password, rememberMe } = form.values;
  const first = useFocusOnMount<HTMLInputElement>();
  const error = submission.outcome?.message ?? '';
  // Without proof of work of its own; its text alternative is still earned with it (decision 0040).
  const check = useSecurityCheck({ proofOfWork: false, textWithProofOfWork: true });
  const [challenged, setChallenged] = useState(false);
  const captcha = check.captcha.input.trim();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.touchAll()) return;
    try {
      await submission.send(() => login(email, password, rememberMe, challenged ? captcha : undefined));
      onSuccess();
    } catch (failure) {
      submission.setOutcome({ ok: false, message: (failure as Error).message });
      // A code sent is spent or dead; the first request for one shows the check.
      if (challenged) check.reloadAll();
      else if (failure instanceof AuthError && failure.code === errorCodes.challengeRequired) {
        setChallenged(true);
        check.start();
      }
    }
  }

  return (
    <KitForm summary={form.summary} onSubmit={submit} className="grid gap-4" aria-describedby={error ? 'login-error' : undefined}>
      <TextField inputRef={first} form={form} field="email" label="E-Mail" type="email" required autoComplete="email" />
      <PasswordField form={form} field="password" label="Passwort" autoComplete="current-password" />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Checkbox form={form} field="rememberMe" hint={REMEMBER_ME_HINT}>
          Angemeldet bleiben
        </Checkbox>
        <button type="button" className={auth.link} onClick={() => onForgotPassword(email)}>
          Passwort vergessen?
        </button>
      </div>
      {challenged && <SecurityCheck check={check} idPrefix="login" />}
      <div role="alert" id="login-error" className={auth.error}>
        {error}
      </div>
      <SubmitButton sending={submission.sending} disabled={challenged && captcha === ''} label="Anmelden" />
      {googleHref && (
        <a href={googleHref} className={auth.secondary}>
          Mit Google anmelden
        </a>
      )}
      <SwitchPrompt question="Noch kein Konto?" action="Jetzt registrieren" onClick={onRegister} />
    </KitForm>
  );
}
