import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/index.ts';

/** 256 random bits, URL-safe: session cookies and the links of mails (reset, confirmation, identity). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as this hash, so a leaked table does not open any account. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The tables of single-use links: a password reset and an address confirmation. */
type LinkTable = 'password_resets' | 'email_verifications';

/**
 * Uses up a single-use link in the statement that checks it, so a link works once even when it
 * is opened twice at the same moment. The account's id, or null for an unknown, used or expired link.
 */
export async function spendLinkToken(tx: Queryable, table: LinkTable, token: string, now: Date): Promise<string | null> {
  const { rows } = await tx.query<{ user_id: string }>(
    `UPDATE ${table} SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING user_id`,
    [tokenHash(token), now],
  );
  return rows[0]?.user_id ?? null;
}
