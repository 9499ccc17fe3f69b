import { useState } from 'react';
import { ResetPasswordSchema } from '../../lib/schemas/auth.ts';
import { setNewPassword } from '../../stores/session.ts';
import { openLoginDialog } from '../../stores/ui.ts';
import { AuthProvider } from '../auth/AuthProvider.tsx';
import { NewPasswordField } from '../auth/NewPasswordField.tsx';
import { KitForm } from '../forms/ErrorSummary.tsx';
import { SubmitButton } from '../forms/submission.tsx';
import { ResetRequestForm } from '../auth/ResetRequestForm.tsx';
import { auth } from '../auth/styles.ts';
import { useAccountForm } from '../auth/useAccountForm.ts';

/** The token of `/reset-password/{token}` (the page answers every such address), or ''. */
function tokenFromPath(pathname: string): string {
  const match = /^\/reset-password\/([^/]+)\/?$/.exec(pathname);
  return match ? decodeURIComponent(match[1]!) : '';
}

const NEW_LINK_ID = 'reset-new-link';

function NewPasswordForm({ token }: { token: string }) {
  const [done, setDone] = useState(false);
  const { form, sending, outcome, submit } = useAccountForm(
    'reset',
    ResetPasswordSchema,
    { token, password: '' },
    async (values) => {
      await setNewPassword(values);
      setDone(true);
      return '';
    },
    // A refused token is no field to fix: the error summary leads to the link for a new one.
    { ids: { password: 'reset-new-password', token: NEW_LINK_ID } },
  );
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
  const linkBroken = form.shown('token');
  return (
    <KitForm summary={form.summary} onSubmit={submit} className="grid max-w-md gap-4">
      <NewPasswordField form={form} field="password" label="Neues Passwort (min. 8 Zeichen)" />
      <SubmitButton sending={sending} label="Passwort speichern" />
      <div role="alert" className={auth.error}>
        {outcome?.ok === false && outcome.message}
        {linkBroken && (
          <>
            {' '}
            <a id={NEW_LINK_ID} href="/reset-password" className={auth.link}>
              Neuen Link anfordern
            </a>
          </>
        )}
      </div>
    </KitForm>
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
