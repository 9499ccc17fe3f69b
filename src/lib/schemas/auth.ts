import * as v from 'valibot';
import { EmailSchema } from './fields.ts';

/** Login, registration and their messages (SPEC §3, §5, §8), shared by the dialog and /api/auth/*. */
export const authMessages = {
  passwordRequired: 'Passwort ist erforderlich',
  passwordTooShort: 'Das Passwort muss mindestens 8 Zeichen lang sein.',
  passwordTooLong: 'Das Passwort darf höchstens 72 Byte lang sein.',
  displayNameRequired: 'Anzeigename ist erforderlich für die Registrierung.',
  emailTaken: 'Für diese E-Mail-Adresse gibt es bereits ein Konto.',
  invalidCredentials: 'E-Mail-Adresse oder Passwort ist falsch.',
  notLoggedIn: 'Nicht angemeldet.',
} as const;

/** bcrypt reads at most 72 bytes: longer passwords are refused, never silently truncated. */
export const PASSWORD_MAX_BYTES = 72;
export const PASSWORD_MIN_CHARS = 8;

export const NewPasswordSchema = v.pipe(
  v.string(authMessages.passwordRequired),
  v.nonEmpty(authMessages.passwordRequired),
  v.minLength(PASSWORD_MIN_CHARS, authMessages.passwordTooShort),
  v.check((password) => new TextEncoder().encode(password).length <= PASSWORD_MAX_BYTES, authMessages.passwordTooLong),
);

const NormalisedEmail = v.pipe(EmailSchema, v.toLowerCase());

export const RegisterSchema = v.object({
  email: NormalisedEmail,
  password: NewPasswordSchema,
  displayName: v.pipe(
    v.string(authMessages.displayNameRequired),
    v.trim(),
    v.nonEmpty(authMessages.displayNameRequired),
    v.maxLength(100, 'Der Anzeigename darf höchstens 100 Zeichen lang sein.'),
  ),
});

export const LoginSchema = v.object({
  email: NormalisedEmail,
  password: v.pipe(v.string(authMessages.passwordRequired), v.nonEmpty(authMessages.passwordRequired), v.maxLength(1024)),
  rememberMe: v.optional(v.boolean(), false),
});

export type RegisterInput = v.InferOutput<typeof RegisterSchema>;
export type LoginInput = v.InferOutput<typeof LoginSchema>;
