import type { RegisterInput } from '../../lib/schemas/auth.ts';
import type { Db } from '../db/index.ts';
import { enqueueVisitorMail } from '../mail/index.ts';
import { hitRateLimit } from '../rate-limit.ts';
import { assertProofOfWork, spendProofOfWork } from '../security/check.ts';
import { queueConfirmationLink } from './email-verification.ts';
import { assertStrongPassword, hashPassword } from './password.ts';
import { ownerNoticeMail } from './verification-mails.ts';

/**
 * A self-registration (issue 19, decision 0029). A new address gets a customer account and a
 * confirmation link; an address that has an account already gets nothing new, only a notice to
 * its owner. Both cost one bcrypt hash, one transaction and one mail, and the caller answers
 * both alike, so the answer does not tell whether an address is registered.
 * The registration pays with the site's proof of work, checked before anything else and spent in
 * its transaction, and either mail counts against the daily cap of the typed address (decision
 * 0063): beyond it the account is made all the same, without a mail (its owner asks for a new
 * link from the settings), and the answer stays the same.
 * Returns the outbox ids to deliver after the commit.
 */
export async function registerCustomer(db: Db, input: RegisterInput, origin: string, now: Date = new Date()): Promise<number[]> {
  const { hashcash_solutions: solutions, ...account } = input;
  assertProofOfWork(solutions, now);
  // Judged before the address is looked at, so a refusal says nothing about the address.
  await assertStrongPassword(account.password, 'password', [account.email, account.displayName]);
  // Hashed for a taken address too: a missing bcrypt run would be the one measurable difference.
  const passwordHash = await hashPassword(account.password);
  const mailId = await db.transaction(async (tx) => {
    await spendProofOfWork(tx, solutions, now);
    const created = await tx.query<{ id: string }>(
      `INSERT INTO users (email, display_name, password_hash, user_type) VALUES ($1, $2, $3, 'customer')
       ON CONFLICT (email) DO NOTHING RETURNING id`,
      [account.email, account.displayName, passwordHash],
    );
    const userId = created.rows[0]?.id;
    if (userId) return queueConfirmationLink(tx, { userId, email: account.email, displayName: account.displayName }, origin, now);

    const { rows } = await tx.query<{ display_name: string; verified: boolean; has_password: boolean }>(
      `SELECT display_name, email_verified_at IS NOT NULL AS verified, password_hash IS NOT NULL AS has_password
       FROM users WHERE email = $1`,
      [account.email],
    );
    const owner = rows[0];
    // Deleted in the moment between the two statements: nobody left to tell.
    if (!owner) return null;
    if (!(await hitRateLimit(tx, 'registration-owner-notice', account.email, now)).allowed) return null;
    const notice = ownerNoticeMail({ displayName: owner.display_name, verified: owner.verified, hasPassword: owner.has_password }, origin);
    return enqueueVisitorMail(tx, { to: account.email, ...notice });
  });
  return mailId === null ? [] : [mailId];
}
