import { site } from '../../config/site.ts';
import { WITHDRAWAL_EFFECTIVE, withdrawalSummary, type Withdrawal } from '../../lib/schemas/forms/withdrawal.ts';
import type { Db } from '../db/index.ts';
import { receiptAndNotification } from './receipt-mails.ts';
import { storeSubmission } from './submission.ts';

/** A withdrawal (§ 355, § 356a BGB): stored, and its receipt sent at once with content, date and time. */
export function createWithdrawal(db: Db, cookies: Map<string, string>, withdrawal: Withdrawal) {
  return storeSubmission(db, {
    cookies,
    security: withdrawal,
    store: async (tx) => {
      const { rows } = await tx.query<{ id: number; received_at: Date }>(
        'INSERT INTO withdrawals (contract, name, email) VALUES ($1, $2, $3) RETURNING id, received_at',
        [withdrawal.contract, withdrawal.name, withdrawal.email],
      );
      return { id: rows[0]!.id, receivedAt: rows[0]!.received_at };
    },
    mails: (record) =>
      receiptAndNotification({
        record,
        name: withdrawal.name,
        email: withdrawal.email,
        summary: withdrawalSummary(withdrawal),
        receipt: {
          subject: `Eingangsbestätigung Ihres Widerrufs (Nr. ${record.id})`,
          intro: 'wir bestätigen den Eingang Ihres Widerrufs.',
          outro: [WITHDRAWAL_EFFECTIVE, '', 'Bitte bewahren Sie diese E-Mail als Nachweis auf. Wir melden uns zur Rückabwicklung des Vertrags bei Ihnen.'],
        },
        notification: { to: site.email, subject: `Widerruf Nr. ${record.id}: ${withdrawal.contract}`, intro: 'Neuer Widerruf über das Online-Widerrufsformular' },
      }),
  });
}
