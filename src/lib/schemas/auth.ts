import * as v from 'valibot';
import { EmailSchema, typableCharacters } from './fields.ts';
import { CaptchaInputSchema, HashcashSolutionsSchema } from './security.ts';

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
  /** The daily cap per recipient (decision 0063) held the link back; the account holder may know that of their own address. */
  confirmationLinkHeldBack:
    'An Ihre Adresse haben wir heute schon mehrere E-Mails gesendet. Zum Schutz dieser Adresse vor Missbrauch senden wir den Link erst nach 24 Stunden – bitte fordern Sie ihn dann erneut an.',
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

/** A new account's own data, as the registration form and `npm run user:create` take it. */
export const NewAccountSchema = v.object({
  email: NormalisedEmail,
  password: NewPasswordSchema,
  displayName: DisplayNameSchema,
});

/**
 * The login throttle's answers (decision 0065). They speak of the address as typed and are the
 * same whether it has an account, so they tell nobody which addresses are registered.
 */
export const throttleMessages = {
  challengeRequired:
    'Für diese E-Mail-Adresse gab es zuletzt viele fehlgeschlagene Anmeldungen. Bitte lösen Sie die Sicherheitsprüfung und melden Sie sich dann erneut an.',
  passwordChecksExhausted:
    'Für diese E-Mail-Adresse gab es in der letzten Stunde zu viele fehlgeschlagene Anmeldungen, deshalb prüfen wir vorerst kein Passwort. Über „Passwort vergessen?“ erhalten Sie einen Link, mit dem Sie ein neues Passwort setzen und sich gleich wieder anmelden können.',
} as const;

/**
 * A registration mails the address typed into it, so it costs the site's proof of work like the
 * public forms (decision 0063): the form's fields and the solutions the form adds when sending.
 * Missing, they are the empty set, which is refused in German.
 */
export const RegisterSchema = v.object({
  ...NewAccountSchema.entries,
  hashcash_solutions: v.optional(HashcashSolutionsSchema, []),
});

export const LoginSchema = v.object({
  email: NormalisedEmail,
  password: CurrentPasswordSchema,
  rememberMe: v.optional(v.boolean(), false),
  /** Only while the address is guessed at (decision 0065): the code of the browser's captcha. */
  captcha: v.optional(CaptchaInputSchema),
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
export type NewAccount = v.InferOutput<typeof NewAccountSchema>;
export type LoginInput = v.InferOutput<typeof LoginSchema>;
export type ChangePasswordInput = v.InferOutput<typeof ChangePasswordSchema>;
