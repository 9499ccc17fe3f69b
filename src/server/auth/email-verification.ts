import type { Db, Queryable } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';
import { enqueueVisitorMail } from '../mail/index.ts';
import { attachOrdersOfVerifiedAddress } from '../orders/attach-to-account.ts';
import { authMessages } from '../../lib/schemas/auth.ts';
import { newToken, spendLinkToken, tokenHash } from './tokens.ts';
import { confirmationMail } from './verification-mails.ts';

/** Migration 0015: a confirmation link works for 48 hours, long enough for a weekend away from the inbox. */
const CONFIRMATION_LINK_SECONDS = 48 * 60 * 60;
/** The page the link opens (src/pages/konto-bestaetigen.astro); the token follows as the last segment. */
const CONFIRMATION_PAGE = '/konto-bestaetigen';

export interface LinkRecipient {
  userId: string;
  email: string;
  displayName: string;
}

/**
 * Queues the mail that carries a new confirmation link and stores the link (only its hash), in the
 * caller's transaction. The address was typed by whoever registered it, so the mail counts against
 * its daily cap (decision 0063); beyond it neither mail nor link is stored (null). Returns the
 * outbox id to deliver after the commit.
 */
export async function queueConfirmationLink(tx: Queryable, user: LinkRecipient, origin: string, now: Date = new Date()): Promise<number | null> {
  const token = newToken();
  const link = `${origin}${CONFIRMATION_PAGE}/${encodeURIComponent(token)}`;
  const mailId = await enqueueVisitorMail(tx, { to: user.email, ...confirmationMail(user.displayName, link, origin) });
  if (mailId === null) return null;
  await tx.query('INSERT INTO email_verifications (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
    tokenHash(token),
    user.userId,
    now,
    new Date(now.getTime() + CONFIRMATION_LINK_SECONDS * 1000),
  ]);
  return mailId;
}

/**
 * Records that the account's owner has shown control of its address (a confirmation link, a
 * password-reset link, Google's verified claim): sets the flag once, closes the account's other
 * confirmation links and gives the account the guest orders of its address.
 */
export async function markAddressVerified(tx: Queryable, userId: string, now: Date = new Date()): Promise<void> {
  await tx.query('UPDATE users SET email_verified_at = coalesce(email_verified_at, $2) WHERE id = $1', [userId, now]);
  await tx.query('UPDATE email_verifications SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [userId, now]);
  await attachOrdersOfVerifiedAddress(tx, userId);
}

/** Confirms the address with a link from the mail: the account's id, or null for an unknown, used or expired link. */
export async function confirmEmail(db: Db, token: string, now: Date = new Date()): Promise<string | null> {
  return db.transaction(async (tx) => {
    const userId = await spendLinkToken(tx, 'email_verifications', token, now);
    if (!userId) return null;
    await markAddressVerified(tx, userId, now);
    return userId;
  });
}

/** What a request for a new link came to: nothing to confirm, the mail to deliver, or held back by the daily cap (null). */
export type LinkRequest = { confirmed: true } | { confirmed: false; mailId: number | null };

/**
 * A new link for a logged-in user whose address is not confirmed yet (the first mail got lost or
 * its link expired). Earlier links stay valid until one of them is used.
 */
export async function requestConfirmationLink(db: Db, userId: string, origin: string, now: Date = new Date()): Promise<LinkRequest> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ email: string; display_name: string; verified: boolean }>(
      'SELECT email, display_name, email_verified_at IS NOT NULL AS verified FROM users WHERE id = $1',
      [userId],
    );
    const user = rows[0];
    if (!user) throw new HttpError(401, authMessages.notLoggedIn);
    if (user.verified) return { confirmed: true };
    return { confirmed: false, mailId: await queueConfirmationLink(tx, { userId, email: user.email, displayName: user.display_name }, origin, now) };
  });
}
