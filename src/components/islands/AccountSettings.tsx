import { useEffect, useState, type ReactNode } from 'react';
import { ACCOUNT_EXPORT_URL, changePassword } from '../../client/account.ts';
import { changeDisplayName, deleteOwnAccount, ensureSessionChecked } from '../../stores/session.ts';
import { ChangePasswordSchema, DeleteAccountSchema, UpdateAccountSchema } from '../../lib/schemas/auth.ts';
import { openLoginDialog } from '../../stores/ui.ts';
import { NewPasswordField } from '../auth/NewPasswordField.tsx';
import { ResendConfirmationLink } from '../auth/ResendConfirmationLink.tsx';
import { LoginPrompt } from '../auth/LoginPrompt.tsx';
import { useAccountForm } from '../auth/useAccountForm.ts';
import { KitForm } from '../forms/ErrorSummary.tsx';
import { PasswordField, TextField } from '../forms/Fields.tsx';
import { OutcomeStatus, SubmitButton, type Outcome } from '../forms/submission.tsx';
import { Button } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { text } from '../ui/classes.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { useSession } from '../auth/useSession.ts';

// Each setting is a card; its title is the page's h2, in the card-title size.
const h2 = text.h3;

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
    <Card as="section" aria-labelledby="settings-email">
      <h2 id="settings-email" className={h2}>
        E-Mail-Adresse
      </h2>
      {verified ? (
        <p className={`mt-2 ${text.body}`}>
          <span className={text.success}>Ihre E-Mail-Adresse ist bestätigt.</span> Bestellungen und Verträge unter dieser Adresse gehören zu Ihrem Konto.
        </p>
      ) : (
        <>
          <p className={`mt-2 ${text.body}`}>
            <strong className="text-slate-900 dark:text-white">Ihre E-Mail-Adresse ist noch nicht bestätigt.</strong> Bitte öffnen Sie den Link aus unserer E-Mail. Erst danach sehen Sie im Kundenbereich auch Bestellungen und Verträge, die ohne Anmeldung unter Ihrer Adresse aufgegeben wurden, und Kündigungen aus Ihrem Konto gelten als von Ihnen bestätigt.
          </p>
          <ResendConfirmationLink />
        </>
      )}
    </Card>
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
    <Card as="section" aria-labelledby="settings-name">
      <h2 id="settings-name" className={h2}>
        Anzeigename
      </h2>
      <KitForm summary={form.summary} onSubmit={submit} className="mt-4 grid gap-4">
        <TextField form={form} field="displayName" label="Anzeigename" autoComplete="nickname" />
        <SaveRow outcome={outcome}>
          <SubmitButton sending={sending} label="Speichern" />
        </SaveRow>
      </KitForm>
    </Card>
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
    <Card as="section" aria-labelledby="settings-password">
      <h2 id="settings-password" className={h2}>
        Passwort ändern
      </h2>
      <KitForm summary={form.summary} onSubmit={submit} className="mt-4 grid gap-4">
        <PasswordField form={form} field="currentPassword" label="Aktuelles Passwort" autoComplete="current-password" />
        <NewPasswordField form={form} field="newPassword" label="Neues Passwort (min. 8 Zeichen)" />
        <SaveRow outcome={outcome}>
          <SubmitButton sending={sending} label="Passwort ändern" />
        </SaveRow>
      </KitForm>
    </Card>
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
    <Card as="section" tone="danger" aria-labelledby="settings-delete">
      <h2 id="settings-delete" className={h2}>
        Konto löschen
      </h2>
      <p className={`mt-2 ${text.body}`}>
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
          <SubmitButton sending={sending} label="Konto löschen …" variant="danger" />
        </SaveRow>
      </KitForm>
      <Dialog
        open={confirming}
        title="Konto endgültig löschen?"
        onClose={() => setConfirming(false)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Abbrechen
            </Button>
            <Button
              variant="danger"
              onClick={(event) => {
                setConfirming(false);
                void submit(event);
              }}
            >
              Ja, Konto löschen
            </Button>
          </>
        }
      >
        <p>Das kann nicht rückgängig gemacht werden.</p>
      </Dialog>
    </Card>
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
  if (!user) return <LoginPrompt checking={status === 'unknown'} loginText="Bitte melden Sie sich an, um Ihre Einstellungen zu sehen." />;
  return (
    <div className="grid gap-8">
      <EmailConfirmation verified={user.emailVerified} />
      <DisplayNameForm key={user.userId} displayName={user.displayName} />
      <PasswordForm />
      <Card as="section" aria-labelledby="settings-export">
        <h2 id="settings-export" className={h2}>
          Meine Daten
        </h2>
        <p className={`mt-2 ${text.body}`}>
          Laden Sie alle Daten, die wir zu Ihrem Konto speichern, als JSON-Datei herunter (Art. 20 DSGVO).
        </p>
        <Button href={ACCOUNT_EXPORT_URL} download className="mt-4">
          Daten herunterladen (JSON)
        </Button>
      </Card>
      <DeleteAccountForm onDeleted={() => setDeleted(true)} />
    </div>
  );
}
