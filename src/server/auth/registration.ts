import type { RegisterInput } from '../../lib/schemas/auth.ts';
import type { Db } from '../db/index.ts';
import { enqueueMail } from '../mail/index.ts';
import { hitRateLimit } from '../rate-limit.ts';
import { queueConfirmationLink } from './email-verification.ts';
import { assertStrongPassword, hashPassword } from './password.ts';
import { ownerNoticeMail } from './verification-mails.ts';

/**
 * A self-registration (issue 19, decision 0029). A new address gets a customer account and a
 * confirmation link; an address that has an account already gets nothing new, only a notice to
 * its owner. Both cost one bcrypt hash, one transaction and one mail, and the caller answers
 * both alike, so the answer does not tell whether an address is registered.
 * Returns the outbox ids to deliver after the commit.
 */
export async function registerCustomer(db: Db, input: RegisterInput, origin: string, now: Date = new Date()): Promise<number[]> {
  // Judged before the address is looked at, so a refusal says nothing about the address.
  await assertStrongPassword(input.password, 'password', [input.email, input.displayName]);
  // Hashed for a taken address too: a missing bcrypt run would be the one measurable difference.
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const created = await tx.query<{ id: string }>(
      `INSERT INTO users (email, display_name, password_hash, user_type) VALUES ($1, $2, $3, 'customer')
       ON CONFLICT (email) DO NOTHING RETURNING id`,
      [input.email, input.displayName, passwordHash],
    );
    const userId = created.rows[0]?.id;
    if (userId) return [await queueConfirmationLink(tx, { userId, email: input.email, displayName: input.displayName }, origin, now)];

    const { rows } = await tx.query<{ display_name: string; verified: boolean; has_password: boolean }>(
      `SELECT display_name, email_verified_at IS NOT NULL AS verified, password_hash IS NOT NULL AS has_password
       FROM users WHERE email = $1`,
      [input.email],
    );
    const owner = rows[0];
    // Deleted in the moment between the two statements: nobody left to tell.
    if (!owner) return [];
    if (!(await hitRateLimit(tx, 'registration-owner-notice', input.email, now)).allowed) return [];
    const notice = ownerNoticeMail({ displayName: owner.display_name, verified: owner.verified, hasPassword: owner.has_password }, origin);
    return [await enqueueMail(tx, { to: input.email, ...notice })];
  });
}
