import { useEffect, useState, type ReactNode } from 'react';
import { ACCOUNT_EXPORT_URL, changePassword } from '../../client/account.ts';
import { changeDisplayName, deleteOwnAccount, ensureSessionChecked } from '../../stores/session.ts';
import { ChangePasswordSchema, DeleteAccountSchema, UpdateAccountSchema } from '../../lib/schemas/auth.ts';
import { openLoginDialog } from '../../stores/ui.ts';
import { NewPasswordField } from '../auth/NewPasswordField.tsx';
import { ResendConfirmationLink } from '../auth/ResendConfirmationLink.tsx';
import { auth } from '../auth/styles.ts';
import { useAccountForm } from '../auth/useAccountForm.ts';
import { KitForm } from '../forms/ErrorSummary.tsx';
import { PasswordField, TextField } from '../forms/Fields.tsx';
import { OutcomeStatus, SubmitButton, type Outcome } from '../forms/submission.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { useSession } from '../auth/useSession.ts';

const section = 'rounded-2xl border border-slate-200 p-6 dark:border-slate-700';
const h2 = 'text-xl font-bold text-slate-900 dark:text-white';

/** The button and the outcome of a settings form, side by side. */
function SaveRow({ outcome, children }: { outcome: Outcome | null; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-4">
      {children}
      <OutcomeStatus outcome={outcome} />
    </div>
  );
}

/**
 * Whether the account's address is confirmed (issue 19). Until it is, guest orders of the address
 * stay out of the account and cancellations from it are not identity-confirmed, so a lost or
 * expired link can be requested again here.
 */
function EmailConfirmation({ verified }: { verified: boolean }) {
  return (
    <section aria-labelledby="settings-email" className={section}>
      <h2 id="settings-email" className={h2}>
        E-Mail-Adresse
      </h2>
      {verified ? (
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          <span className={auth.success}>Ihre E-Mail-Adresse ist bestätigt.</span> Bestellungen und Verträge unter dieser Adresse gehören zu Ihrem Konto.
        </p>
      ) : (
        <>
          <p className="mt-2 text-slate-700 dark:text-slate-300">
            <strong className="text-slate-900 dark:text-white">Ihre E-Mail-Adresse ist noch nicht bestätigt.</strong> Bitte öffnen Sie den Link aus unserer E-Mail. Erst danach sehen Sie im Kundenbereich auch Bestellungen und Verträge, die ohne Anmeldung unter Ihrer Adresse aufgegeben wurden, und Kündigungen aus Ihrem Konto gelten als von Ihnen bestätigt.
          </p>
          <ResendConfirmationLink />
        </>
      )}
    </section>
  );
}

function DisplayNameForm({ displayName }: { displayName: string }) {
  const { form, sending, outcome, submit } = useAccountForm(
    'settings',
    UpdateAccountSchema,
    { displayName },
    async ({ displayName: name }) => {
      await changeDisplayName(name);
      return 'Der Anzeigename wurde gespeichert.';
    },
    { ids: { displayName: 'settings-display-name' } },
  );
  return (
    <section aria-labelledby="settings-name" className={section}>
      <h2 id="settings-name" className={h2}>
        Anzeigename
      </h2>
      <KitForm summary={form.summary} onSubmit={submit} className="mt-4 grid gap-4">
        <TextField form={form} field="displayName" label="Anzeigename" autoComplete="nickname" />
        <SaveRow outcome={outcome}>
          <SubmitButton sending={sending} sendingLabel="Speichern" label="Speichern" className={auth.primary} />
        </SaveRow>
      </KitForm>
    </section>
  );
}

function PasswordForm() {
  const { form, sending, outcome, submit } = useAccountForm(
    'settings',
    ChangePasswordSchema,
    { currentPassword: '', newPassword: '' },
    async (values) => {
      await changePassword(values.currentPassword, values.newPassword);
      return 'Ihr Passwort wurde geändert. Auf allen anderen Geräten sind Sie jetzt abgemeldet.';
    },
    { ids: { currentPassword: 'settings-current-password', newPassword: 'settings-new-password' }, clearAfterSave: true },
  );
  return (
    <section aria-labelledby="settings-password" className={section}>
      <h2 id="settings-password" className={h2}>
        Passwort ändern
      </h2>
      <KitForm summary={form.summary} onSubmit={submit} className="mt-4 grid gap-4">
        <PasswordField form={form} field="currentPassword" label="Aktuelles Passwort" autoComplete="current-password" />
        <NewPasswordField form={form} field="newPassword" label="Neues Passwort (min. 8 Zeichen)" />
        <SaveRow outcome={outcome}>
          <SubmitButton sending={sending} sendingLabel="Passwort ändern" label="Passwort ändern" className={auth.primary} />
        </SaveRow>
      </KitForm>
    </section>
  );
}

function DeleteAccountForm({ onDeleted }: { onDeleted: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const { form, sending, outcome, submit } = useAccountForm(
    'settings',
    DeleteAccountSchema,
    { password: '' },
    async ({ password }) => {
      await deleteOwnAccount(password);
      onDeleted();
      return 'Ihr Konto wurde gelöscht.';
    },
    { ids: { password: 'settings-delete-password' } },
  );
  return (
    <section aria-labelledby="settings-delete" className={`${section} border-red-300 dark:border-red-800`}>
      <h2 id="settings-delete" className={h2}>
        Konto löschen
      </h2>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Wir löschen Ihr Konto und alle Anmeldungen sofort und endgültig. Bestellungen und Rechnungen löschen wir nicht mit: Sie bleiben ohne Verbindung zum Konto so lange gespeichert, wie das Handels- und Steuerrecht es verlangt (Rechnungen acht Jahre), dann löschen wir auch sie.
      </p>
      <KitForm
        summary={form.summary}
        onSubmit={(event) => {
          event.preventDefault();
          // Asked only for a password at all; whether it is the right one the server says after the question.
          if (form.touchAll()) setConfirming(true);
        }}
        className="mt-4 grid gap-4"
      >
        <PasswordField form={form} field="password" label="Zur Bestätigung: Ihr Passwort" autoComplete="current-password" />
        <SaveRow outcome={outcome}>
          <SubmitButton sending={sending} sendingLabel="Konto löschen …" label="Konto löschen …" className={auth.danger} />
        </SaveRow>
      </KitForm>
      <Dialog
        open={confirming}
        title="Konto endgültig löschen?"
        onClose={() => setConfirming(false)}
        footer={
          <>
            <button type="button" onClick={() => setConfirming(false)} className="rounded-lg border border-slate-300 px-4 py-2 font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800">
              Abbrechen
            </button>
            <button
              type="button"
              className={auth.danger}
              onClick={(event) => {
                setConfirming(false);
                void submit(event);
              }}
            >
              Ja, Konto löschen
            </button>
          </>
        }
      >
        <p>Das kann nicht rückgängig gemacht werden.</p>
      </Dialog>
    </section>
  );
}

/** `/settings` (issues 6, 19): address confirmation, display name, password, data export and account deletion. */
export default function AccountSettings() {
  const { status, user } = useSession();
  const [deleted, setDeleted] = useState(false);

  useEffect(() => {
    void ensureSessionChecked();
  }, []);
  // Logged-out visitors get the login dialog; after logging in the settings appear in place.
  useEffect(() => {
    if (status === 'loggedOut' && !deleted) openLoginDialog();
  }, [status, deleted]);

  if (deleted) {
    return (
      <p role="status" className="text-lg font-medium text-slate-900 dark:text-white">
        Ihr Konto wurde gelöscht. Schade, dass Sie gehen – Sie können jederzeit ein neues Konto anlegen.
      </p>
    );
  }
  if (!user) {
    return (
      <div className="grid justify-items-start gap-4">
        <p role="status">{status === 'unknown' ? 'Ihre Anmeldung wird geprüft …' : 'Bitte melden Sie sich an, um Ihre Einstellungen zu sehen.'}</p>
        {status === 'loggedOut' && (
          <button type="button" className={auth.primary} onClick={openLoginDialog}>
            Anmelden
          </button>
        )}
      </div>
    );
  }
  return (
    <div className="grid gap-8">
      <EmailConfirmation verified={user.emailVerified} />
      <DisplayNameForm key={user.userId} displayName={user.displayName} />
      <PasswordForm />
      <section aria-labelledby="settings-export" className={section}>
        <h2 id="settings-export" className={h2}>
          Meine Daten
        </h2>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          Laden Sie alle Daten, die wir zu Ihrem Konto speichern, als JSON-Datei herunter (Art. 20 DSGVO).
        </p>
        <a href={ACCOUNT_EXPORT_URL} download className={`${auth.primary} mt-4 inline-block`}>
          Daten herunterladen (JSON)
        </a>
      </section>
      <DeleteAccountForm onDeleted={() => setDeleted(true)} />
    </div>
  );
}
