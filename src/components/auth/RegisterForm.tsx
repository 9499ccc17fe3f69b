import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { RegisterSchema } from '../../lib/schemas/auth.ts';
import { fieldErrors } from '../../lib/schemas/issues.ts';
import { useAuth } from './AuthProvider.tsx';
import { errorProps, FieldError } from '../ui/FieldError.tsx';
import { NewPasswordInput } from './NewPasswordInput.tsx';
import { auth } from './styles.ts';
import { useFocusOnMount } from './useFocusOnMount.ts';

const EMPTY = { displayName: '', email: '', password: '' };

/** 'Konto erstellen' (SPEC §2, §4, §5, §8): checked with the server's own schema before sending. */
export function RegisterForm({ onRegistered, onLogin }: { onRegistered: () => void; onLogin: () => void }) {
  const { register } = useAuth();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const first = useFocusOnMount<HTMLInputElement>();

  const change = (field: keyof typeof EMPTY, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _, ...rest }) => rest);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError('');
    const parsed = v.safeParse(RegisterSchema, values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.issues));
      return;
    }
    setLoading(true);
    try {
      await register(parsed.output.email, parsed.output.password, parsed.output.displayName);
      setValues(EMPTY);
      setErrors({});
      onRegistered();
    } catch (failure) {
      setError((failure as Error).message);
      setErrors((failure as { errors?: Record<string, string> }).errors ?? {});
    } finally {
      setLoading(false);
    }
  }

  const empty = values.displayName === '' || values.email.trim() === '' || values.password === '';
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <div className={auth.field}>
        <label htmlFor="register-name" className={auth.label}>
          Anzeigename
        </label>
        <input ref={first} id="register-name" autoComplete="nickname" required value={values.displayName} onChange={(e) => change('displayName', e.target.value)} className={auth.input} {...errorProps('register-name-error', errors.displayName)} />
        <FieldError id="register-name-error" message={errors.displayName} />
      </div>
      <div className={auth.field}>
        <label htmlFor="register-email" className={auth.label}>
          E-Mail
        </label>
        <input id="register-email" type="email" autoComplete="email" required value={values.email} onChange={(e) => change('email', e.target.value)} className={auth.input} {...errorProps('register-email-error', errors.email)} />
        <FieldError id="register-email-error" message={errors.email} />
      </div>
      <div>
        <NewPasswordInput id="register-password" label="Passwort (min. 8 Zeichen)" autoComplete="new-password" required minLength={8} value={values.password} onChange={(e) => change('password', e.target.value)} {...errorProps('register-password-error', errors.password)} />
        <FieldError id="register-password-error" message={errors.password} />
      </div>
      <div role="alert" className={auth.error}>
        {error}
      </div>
      <button type="submit" disabled={loading || empty} className={auth.primary}>
        {loading ? 'Registrierung läuft …' : 'Registrieren'}
      </button>
      <p className="text-sm">
        Schon ein Konto?{' '}
        <button type="button" className={auth.link} onClick={onLogin}>
          Zum Login
        </button>
      </p>
    </form>
  );
}
