import * as v from 'valibot';
import { EmailSchema, typableCharacters } from './fields.ts';

/** Login, registration and their messages (SPEC §3, §5, §8), shared by the dialog and /api/auth/*. */
export const authMessages = {
  passwordRequired: 'Passwort ist erforderlich',
  passwordTooShort: 'Das Passwort muss mindestens 8 Zeichen lang sein.',
  passwordTooLong: 'Das Passwort darf höchstens 256 Zeichen lang sein.',
  displayNameRequired: 'Anzeigename ist erforderlich für die Registrierung.',
  emailTaken: 'Für diese E-Mail-Adresse gibt es bereits ein Konto.',
  invalidCredentials: 'E-Mail-Adresse oder Passwort ist falsch.',
  notLoggedIn: 'Nicht angemeldet.',
  agentsOnly: 'Dieser Bereich ist nur für Support-Mitarbeiter zugänglich.',
  currentPasswordWrong: 'Das aktuelle Passwort ist falsch.',
  resetLinkSent: 'Wenn ein Konto mit dieser E-Mail-Adresse existiert, haben wir einen Link zum Zurücksetzen des Passworts gesendet.',
  resetLinkInvalid: 'Dieser Link ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen Link an.',
  /**
   * The answer to every registration, for a new address and for one that has an account already
   * (the owner gets a notice instead), so the answer never tells whether an address is registered.
   */
  registrationReceived: 'Bitte bestätigen Sie Ihre E-Mail-Adresse über den Link, den wir Ihnen gesendet haben.',
  emailConfirmed: 'Ihre E-Mail-Adresse ist bestätigt.',
  confirmationLinkInvalid:
    'Dieser Bestätigungslink ist ungültig, abgelaufen oder wurde bereits verwendet. Melden Sie sich an und fordern Sie in den Einstellungen einen neuen Link an.',
  confirmationLinkSent: 'Wir haben Ihnen einen neuen Bestätigungslink gesendet. Er ist 48 Stunden gültig.',
  alreadyConfirmed: 'Ihre E-Mail-Adresse ist bereits bestätigt.',
} as const;

/**
 * Decision 0038: passphrases of any script up to 256 characters (counted after NFC, so an umlaut
 * is one character however it was typed); the server pre-hashes them, so bcrypt's 72-byte limit
 * no longer applies. The strength rule is in ../password-strength.ts (its dictionaries load lazily).
 */
const PASSWORD_MAX_CHARS = 256;
const PASSWORD_MIN_CHARS = 8;

const charactersAfterNfc = (password: string) => [...password.normalize('NFC')].length;

const NewPasswordSchema = v.pipe(
  v.string(authMessages.passwordRequired),
  v.nonEmpty(authMessages.passwordRequired),
  v.check((password) => charactersAfterNfc(password) >= PASSWORD_MIN_CHARS, authMessages.passwordTooShort),
  v.check((password) => charactersAfterNfc(password) <= PASSWORD_MAX_CHARS, authMessages.passwordTooLong),
);

const NormalisedEmail = v.pipe(EmailSchema, v.toLowerCase());

const DisplayNameSchema = v.pipe(
  v.string(authMessages.displayNameRequired),
  v.trim(),
  v.nonEmpty(authMessages.displayNameRequired),
  v.maxLength(100, 'Der Anzeigename darf höchstens 100 Zeichen lang sein.'),
  typableCharacters(),
);

/** A password the user types to prove it is them (never checked for the new-password rules). */
const CurrentPasswordSchema = v.pipe(v.string(authMessages.passwordRequired), v.nonEmpty(authMessages.passwordRequired), v.maxLength(1024));

export const RegisterSchema = v.object({
  email: NormalisedEmail,
  password: NewPasswordSchema,
  displayName: DisplayNameSchema,
});

export const LoginSchema = v.object({
  email: NormalisedEmail,
  password: CurrentPasswordSchema,
  rememberMe: v.optional(v.boolean(), false),
});

export const ForgotPasswordSchema = v.object({ email: NormalisedEmail });

/** The token of a link from a mail: only its shape is checked here, the server looks it up. */
const linkToken = (message: string) => v.pipe(v.string(message), v.nonEmpty(message), v.maxLength(200, message));

export const ResetPasswordSchema = v.object({
  token: linkToken(authMessages.resetLinkInvalid),
  password: NewPasswordSchema,
});

export const ConfirmEmailSchema = v.object({ token: linkToken(authMessages.confirmationLinkInvalid) });

export const UpdateAccountSchema = v.object({ displayName: DisplayNameSchema });

export const ChangePasswordSchema = v.object({
  currentPassword: CurrentPasswordSchema,
  newPassword: NewPasswordSchema,
});

export const DeleteAccountSchema = v.object({ password: CurrentPasswordSchema });

export type RegisterInput = v.InferOutput<typeof RegisterSchema>;
export type LoginInput = v.InferOutput<typeof LoginSchema>;
export type ChangePasswordInput = v.InferOutput<typeof ChangePasswordSchema>;
