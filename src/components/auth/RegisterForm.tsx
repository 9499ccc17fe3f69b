import { RegisterSchema } from '../../lib/schemas/auth.ts';
import { TextField } from '../forms/Fields.tsx';
import { SubmitButton } from '../forms/submission.tsx';
import { useAuth } from './AuthProvider.tsx';
import { NewPasswordField } from './NewPasswordField.tsx';
import { auth } from './styles.ts';
import { SwitchPrompt } from './SwitchPrompt.tsx';
import { useAccountForm } from './useAccountForm.ts';
import { useFocusOnMount } from './useFocusOnMount.ts';

const EMPTY = { displayName: '', email: '', password: '' };

/** 'Konto erstellen' (SPEC §2, §4, §5, §8): checked with the server's own schema before sending. */
export function RegisterForm({ onRegistered, onLogin }: { onRegistered: () => void; onLogin: () => void }) {
  const { register } = useAuth();
  const { form, sending, outcome, submit } = useAccountForm(
    'register',
    RegisterSchema,
    EMPTY,
    async ({ email, password, displayName }) => {
      await register(email, password, displayName);
      onRegistered();
      return '';
    },
    { ids: { displayName: 'register-name' }, clearAfterSave: true },
  );
  const { values } = form;
  const first = useFocusOnMount<HTMLInputElement>();

  const empty = values.displayName === '' || values.email.trim() === '' || values.password === '';
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <TextField inputRef={first} form={form} field="displayName" label="Anzeigename" required autoComplete="nickname" />
      <TextField form={form} field="email" label="E-Mail" type="email" required autoComplete="email" />
      <NewPasswordField form={form} field="password" label="Passwort (min. 8 Zeichen)" required />
      <div role="alert" className={auth.error}>
        {outcome?.ok === false && outcome.message}
      </div>
      <SubmitButton sending={sending} disabled={empty} label="Registrieren" sendingLabel="Registrierung läuft …" className={auth.primary} />
      <SwitchPrompt question="Schon ein Konto?" action="Zum Login" onClick={onLogin} />
    </form>
  );
}
