import { useState } from 'react';
import { ResetPasswordSchema } from '../../lib/schemas/auth.ts';
import { apiFetch } from '../../client/api.ts';
import { openLoginDialog } from '../../stores/ui.ts';
import { AuthProvider } from '../auth/AuthProvider.tsx';
import { errorProps, FieldError } from '../ui/FieldError.tsx';
import { NewPasswordInput } from '../auth/NewPasswordInput.tsx';
import { ResetRequestForm } from '../auth/ResetRequestForm.tsx';
import { auth } from '../auth/styles.ts';
import { useAccountForm } from '../auth/useAccountForm.ts';

/** The token of `/reset-password/{token}` (the page answers every such address), or ''. */
function tokenFromPath(pathname: string): string {
  const match = /^\/reset-password\/([^/]+)\/?$/.exec(pathname);
  return match ? decodeURIComponent(match[1]!) : '';
}

function NewPasswordForm({ token }: { token: string }) {
  const [done, setDone] = useState(false);
  const form = useAccountForm(ResetPasswordSchema, { token, password: '' }, async (values) => {
    await apiFetch('/api/auth/reset-password', { method: 'POST', json: values });
    setDone(true);
    return '';
  });
  if (done) {
    return (
      <div className="grid justify-items-start gap-4">
        <p role="status" className={auth.success}>
          Ihr neues Passwort ist gespeichert. Aus Sicherheitsgründen wurden Sie auf allen Geräten abgemeldet.
        </p>
        <button type="button" className={auth.primary} onClick={openLoginDialog}>
          Jetzt anmelden
        </button>
      </div>
    );
  }
  const linkBroken = form.errors.token;
  return (
    <form onSubmit={form.submit} noValidate className="grid max-w-md gap-4">
      <div>
        <NewPasswordInput id="reset-new-password" label="Neues Passwort (min. 8 Zeichen)" autoComplete="new-password" value={form.values.password} onChange={(e) => form.change('password', e.target.value)} {...errorProps('reset-new-password-error', form.errors.password)} />
        <FieldError id="reset-new-password-error" message={form.errors.password} />
      </div>
      <button type="submit" disabled={form.busy || form.values.password === ''} className={auth.primary}>
        Passwort speichern
      </button>
      <div role="alert" className={auth.error}>
        {form.result && !form.result.ok && form.result.message}
        {linkBroken && (
          <>
            {' '}
            <a href="/reset-password" className={auth.link}>
              Neuen Link anfordern
            </a>
          </>
        )}
      </div>
    </form>
  );
}

/**
 * `/reset-password/{token}`: sets a new password with the link from the mail;
 * `/reset-password`: asks for such a link.
 */
export default function ResetPassword() {
  const [token] = useState(() => tokenFromPath(window.location.pathname));
  return (
    <AuthProvider>
      {token ? (
        <NewPasswordForm token={token} />
      ) : (
        <div className="max-w-md">
          <ResetRequestForm initialEmail="" />
        </div>
      )}
    </AuthProvider>
  );
}
