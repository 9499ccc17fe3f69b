import type { LoginInput, RegisterInput } from '../../lib/schemas/auth.ts';
import { authMessages, PASSWORD_MAX_BYTES } from '../../lib/schemas/auth.ts';
import type { Db } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';
import { decoyHash, hashPassword, verifyPassword } from './password.ts';

/** Creates a customer account; a taken e-mail address is a 409 with a German message. */
export async function registerUser(db: Db, input: RegisterInput): Promise<string> {
  const passwordHash = await hashPassword(input.password);
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO users (email, display_name, password_hash) VALUES ($1, $2, $3)
     ON CONFLICT (email) DO NOTHING RETURNING id`,
    [input.email, input.displayName, passwordHash],
  );
  if (!rows[0]) throw new HttpError(409, authMessages.emailTaken, { email: authMessages.emailTaken });
  return rows[0].id;
}

/**
 * The user id for valid credentials, else null. Unknown addresses are checked against a
 * decoy hash, so both failures take about as long and look the same to the caller.
 */
export async function checkCredentials(db: Db, input: LoginInput): Promise<string | null> {
  const { rows } = await db.query<{ id: string; password_hash: string | null }>('SELECT id, password_hash FROM users WHERE email = $1', [
    input.email,
  ]);
  const user = rows[0];
  // bcrypt would compare only the first 72 bytes: a longer password can never be the right one.
  const tooLong = new TextEncoder().encode(input.password).length > PASSWORD_MAX_BYTES;
  const valid = await verifyPassword(input.password, user?.password_hash ?? (await decoyHash()));
  return user?.password_hash && valid && !tooLong ? user.id : null;
}
