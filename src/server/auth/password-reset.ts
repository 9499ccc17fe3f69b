import { site } from '../../config/site.ts';
import type { Db } from '../db/index.ts';
import { enqueueVisitorMail } from '../mail/index.ts';
import { forgetRateLimit } from '../rate-limit.ts';
import { letterText } from '../mail/letter.ts';
import { markAddressVerified } from './email-verification.ts';
import { assertStrongPassword, hashPassword } from './password.ts';
import { revokeUserSessions } from './session.ts';
import { newToken, spendLinkToken, tokenHash } from './tokens.ts';

/** Issue 6: a reset link is valid for one hour. */
const RESET_LINK_SECONDS = 60 * 60;

function resetMail(displayName: string, link: string): { subject: string; text: string } {
  return {
    subject: `Passwort zurücksetzen – ${site.name}`,
    text: letterText(displayName, [
      'Sie haben angefordert, das Passwort Ihres Kontos zurückzusetzen. Über diesen Link legen Sie ein neues Passwort fest:',
      '',
      link,
      '',
      'Der Link ist eine Stunde gültig und kann nur einmal verwendet werden. Nach dem Zurücksetzen werden Sie auf allen Geräten abgemeldet.',
      '',
      'Falls Sie das nicht angefordert haben, ignorieren Sie diese E-Mail einfach; Ihr Passwort bleibt unverändert.',
    ]),
  };
}

/**
 * Queues a reset mail when an account with this address exists, and nothing otherwise; the
 * caller answers the same either way. Known and unknown addresses run the same statement (a token
 * is made for both and stored only for an account); a known one adds its mail to the outbox in
 * the same transaction, and nothing here waits for a mail server. Beyond the daily cap of the
 * address (decision 0063) no mail is queued; the answer is the same. Returns the outbox ids to
 * deliver after the answer.
 */
export async function requestPasswordReset(db: Db, email: string, origin: string, now: Date = new Date()): Promise<number[]> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + RESET_LINK_SECONDS * 1000);
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ display_name: string }>(
      `WITH account AS (SELECT id, display_name FROM users WHERE email = $1),
            reset AS (
              INSERT INTO password_resets (token_hash, user_id, created_at, expires_at)
              SELECT $2, id, $3, $4 FROM account
            )
       SELECT display_name FROM account`,
      [email, tokenHash(token), now, expiresAt],
    );
    const user = rows[0];
    if (!user) return [];
    const link = `${origin}/reset-password/${encodeURIComponent(token)}`;
    // Anyone can ask for it to any address: it counts against the address's daily cap (decision 0063).
    const mailId = await enqueueVisitorMail(tx, { to: email, ...resetMail(user.display_name, link) });
    return mailId === null ? [] : [mailId];
  });
}

/**
 * Sets a new password with a reset token, used up once (`spendLinkToken`). Every session of the
 * user ends and the user's other open links die with it; the address counts as verified from
 * now on. Returns false for an unknown, used or expired token.
 */
export async function resetPassword(db: Db, token: string, password: string, now: Date = new Date()): Promise<boolean> {
  await assertStrongPassword(password, 'password');
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const userId = await spendLinkToken(tx, 'password_resets', token, now);
    if (!userId) return false;
    const { rows } = await tx.query<{ email: string }>('UPDATE users SET password_hash = $2 WHERE id = $1 RETURNING email', [userId, passwordHash]);
    // The owner proved the mailbox: the address's login throttle starts afresh, so the new
    // password gets in even after guesses exhausted its bound (decision 0065).
    for (const rule of ['login-challenge', 'login-account'] as const) await forgetRateLimit(tx, rule, rows[0]!.email);
    await tx.query('UPDATE password_resets SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [userId, now]);
    await revokeUserSessions(tx, userId);
    // The link reached the account's address, which proves it like a confirmation link would:
    // an owner taking back an account someone else registered ends up verified (decision 0029).
    await markAddressVerified(tx, userId, now);
    return true;
  });
}
