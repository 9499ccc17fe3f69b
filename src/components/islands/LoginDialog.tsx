import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { googleOffered as askGoogleOffered, googleSignInHref } from '../../client/auth.ts';
import { $ui, closeLoginDialog } from '../../stores/ui.ts';
import { AuthProvider } from '../auth/AuthProvider.tsx';
import { LoginForm } from '../auth/LoginForm.tsx';
import { RegisterForm } from '../auth/RegisterForm.tsx';
import { ResetRequestForm } from '../auth/ResetRequestForm.tsx';
import { Dialog } from '../ui/Dialog.tsx';

type Mode = 'login' | 'register' | 'reset';

const TITLES: Readonly<Record<Mode, string>> = {
  login: 'Willkommen zurück',
  register: 'Konto erstellen',
  reset: 'Passwort zurücksetzen',
};

let googleOffered: Promise<boolean> | undefined;

/** How long the first opening waits for that answer; after it the dialog opens without the button. */
const GOOGLE_ANSWER_WAIT_MS = 1000;

/**
 * Whether the server offers Google sign-in: asked once per page, when the dialog first opens, and
 * undefined until the answer (or the wait) is there. The dialog opens with the answer: a button
 * added to the open dialog grows it and moves the centred form up under the visitor's eyes (a
 * layout shift of 0.07 on a phone where the dialog opens by itself, /settings and /agent/dashboard).
 */
function useGoogleSignIn(open: boolean): boolean | undefined {
  const [offered, setOffered] = useState<boolean>();
  useEffect(() => {
    if (!open) return;
    googleOffered ??= askGoogleOffered().catch(() => false);
    void googleOffered.then(setOffered);
    const waited = setTimeout(() => setOffered((known) => known ?? false), GOOGLE_ANSWER_WAIT_MS);
    return () => clearTimeout(waited);
  }, [open]);
  return offered;
}

/**
 * The login dialog of SPEC §2/§4 with its three modes. Every 'Login / Registrieren' button
 * opens it through `$ui.showLoginDialog`; closing or logging in resets it to the login mode.
 */
export default function LoginDialog() {
  const open = useStore($ui).showLoginDialog;
  const [mode, setMode] = useState<Mode>('login');
  const [resetEmail, setResetEmail] = useState('');
  const [registered, setRegistered] = useState(false);
  const google = useGoogleSignIn(open);

  const close = () => {
    closeLoginDialog();
    setMode('login');
  };
  const returnTo = typeof window === 'undefined' ? '/' : window.location.pathname + window.location.search;

  return (
    <AuthProvider>
      <Dialog open={open && google !== undefined && !registered} title={TITLES[mode]} onClose={close} cancelLabel="Schließen">
        {mode === 'login' && (
          <LoginForm
            onSuccess={close}
            onForgotPassword={(email) => {
              setResetEmail(email);
              setMode('reset');
            }}
            onRegister={() => setMode('register')}
            googleHref={google ? googleSignInHref(returnTo) : null}
          />
        )}
        {mode === 'register' && (
          <RegisterForm
            onRegistered={() => {
              setRegistered(true);
              setMode('login');
            }}
            onLogin={() => setMode('login')}
          />
        )}
        {mode === 'reset' && <ResetRequestForm key={resetEmail} initialEmail={resetEmail} onBack={() => setMode('login')} />}
      </Dialog>
      <Dialog open={open && registered} title="Konto erstellt" onClose={() => setRegistered(false)} onConfirm={() => setRegistered(false)} hideCancel>
        <p>Registrierung erfolgreich! Sie können sich jetzt anmelden.</p>
        {/* The same words for a new and a taken address: the mail, not the dialog, tells them apart (issue 19). */}
        <p className="mt-2">Bitte bestätigen Sie Ihre E-Mail-Adresse über den Link, den wir Ihnen gerade gesendet haben.</p>
      </Dialog>
    </AuthProvider>
  );
}
