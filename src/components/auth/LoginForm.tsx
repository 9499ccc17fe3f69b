import { useState, type FormEvent } from 'react';
import { useAuth } from './AuthProvider.tsx';
import { PasswordInput } from './PasswordInput.tsx';
import { auth } from './styles.ts';
import { useFocusOnMount } from './useFocusOnMount.ts';

interface LoginFormProps {
  onSuccess: () => void;
  onForgotPassword: (email: string) => void;
  onRegister: () => void;
  /** Shown only when Google sign-in is configured on the server. */
  googleHref: string | null;
}

/** 'Willkommen zurück' (SPEC §2, §4, §8). */
export function LoginForm({ onSuccess, onForgotPassword, onRegister, googleHref }: LoginFormProps) {
  const { login } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const first = useFocusOnMount<HTMLInputElement>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setLoading(true);
    setError('');
    try {
      await login(email, password, rememberMe);
      onSuccess();
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setLoading(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-describedby={error ? 'login-error' : undefined}>
      <div className={auth.field}>
        <label htmlFor="login-email" className={auth.label}>
          E-Mail
        </label>
        <input ref={first} id="login-email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} className={auth.input} />
      </div>
      <PasswordInput id="login-password" label="Passwort" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)} className="h-5 w-5 accent-brand-600" />
          Angemeldet bleiben
        </label>
        <button type="button" className={auth.link} onClick={() => onForgotPassword(email)}>
          Passwort vergessen?
        </button>
      </div>
      <div role="alert" id="login-error" className={auth.error}>
        {error}
      </div>
      <button type="submit" disabled={loading || email.trim() === '' || password === ''} className={auth.primary}>
        {loading ? 'Anmeldung läuft …' : 'Anmelden'}
      </button>
      {googleHref && (
        <a href={googleHref} className="rounded-lg border border-slate-400 px-5 py-2.5 text-center font-semibold hover:bg-slate-100 dark:border-slate-500 dark:hover:bg-slate-800">
          Mit Google anmelden
        </a>
      )}
      <p className="text-sm">
        Noch kein Konto?{' '}
        <button type="button" className={auth.link} onClick={onRegister}>
          Jetzt registrieren
        </button>
      </p>
    </form>
  );
}
