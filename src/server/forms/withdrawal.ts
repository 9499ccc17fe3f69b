import { site } from '../../config/site.ts';
import { WITHDRAWAL_EFFECTIVE, withdrawalSummary, type Withdrawal } from '../../lib/schemas/forms/withdrawal.ts';
import { endWithdrawnOrder } from '../contracts/withdrawn-order.ts';
import type { Db } from '../db/index.ts';
import { receiptAndNotification } from './receipt-mails.ts';
import { insertRecord, storeSubmission } from './submission.ts';

const INSERT_WITHDRAWAL = 'INSERT INTO withdrawals (contract, name, email) VALUES ($1, $2, $3) RETURNING id, received_at';

/**
 * A withdrawal (§ 355, § 356a BGB): stored, and its receipt sent at once with content, date and
 * time. When it names one of the sender's orders, that order's contracts end with it (decision 0052).
 */
export function createWithdrawal(db: Db, cookies: Map<string, string>, withdrawal: Withdrawal) {
  return storeSubmission(db, {
    cookies,
    security: withdrawal,
    store: async (tx) => {
      const record = await insertRecord(tx, INSERT_WITHDRAWAL, [withdrawal.contract, withdrawal.name, withdrawal.email]);
      await endWithdrawnOrder(tx, record, withdrawal);
      return record;
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
