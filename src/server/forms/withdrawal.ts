import { site } from '../../config/site.ts';
import { withdrawalLink } from '../../features/legal-forms/routes.ts';
import { routeUrl } from '../../lib/http/route.ts';
import { WITHDRAWAL_EFFECTIVE, WITHDRAWN_ORDERS_END, withdrawalSummary, withdrawnOrderLines, type Withdrawal } from '../../lib/schemas/forms/withdrawal.ts';
import { newToken, tokenHash } from '../auth/tokens.ts';
import { attributeWithdrawal, ordersNamedIn, recordNamedOrders, type NamedOrder } from '../contracts/withdrawn-order.ts';
import type { Db } from '../db/index.ts';
import { summaryText } from '../mail/letter.ts';
import { receiptAndNotification } from './receipt-mails.ts';
import { insertRecord, storeSubmission, type StoredRecord, type SubmissionMails } from './submission.ts';

/** The link of the receipt mail; the page behind it asks before it confirms anything. */
export const WITHDRAWAL_IDENTITY_PATH = '/online-widerrufsformular/bestaetigen';

/** A stored withdrawal: the orders its text names, and those withdrawn at once (the logged-in owner's). */
export interface StoredWithdrawal extends StoredRecord {
  namedOrders: string[];
  withdrawnOrders: string[];
  /** The identity link its receipt carries: null when the logged-in orderer's own orders were named. */
  identityUrl: string | null;
}

/** What the receipt mail says after the content: which orders, and what happens next. */
function outcomeLines(stored: StoredWithdrawal): string[] {
  const { identityUrl } = stored;
  if (stored.withdrawnOrders.length > 0) return [...summaryText(withdrawnOrderLines(stored.withdrawnOrders)), '', WITHDRAWAL_EFFECTIVE, WITHDRAWN_ORDERS_END];
  const named =
    stored.namedOrders.length > 0
      ? `Betroffene Bestellung: ${stored.namedOrders.join(', ')}`
      : 'Betroffene Bestellung: Zu Ihren Angaben passt keine Bestellung dieser E-Mail-Adresse eindeutig. Wir prüfen Ihren Widerruf von Hand.';
  const lines = [named, '', WITHDRAWAL_EFFECTIVE];
  if (identityUrl) {
    lines.push(
      stored.namedOrders.length > 0
        ? 'Die Bestellung machen wir erst rückgängig, wenn wir wissen, dass der Widerruf vom Besteller stammt. Bitte bestätigen Sie mit diesem Link, dass er von Ihnen stammt:'
        : 'Bitte bestätigen Sie mit diesem Link, dass der Widerruf von Ihnen stammt; das hilft uns bei der Prüfung:',
      identityUrl,
    );
    if (stored.namedOrders.length > 0) lines.push('Ohne diese Bestätigung prüfen wir den Widerruf von Hand; das dauert länger.');
  }
  return lines;
}

/**
 * A withdrawal (§ 355, § 356a BGB): stored, and its receipt sent at once with content, date and
 * time; effective on receipt. It changes an order only once it is attributable (decision 0054):
 * sent by the logged-in account that placed every order it names ('account', applied at once), or
 * confirmed through the link mailed to the address typed, under which the named orders were
 * placed (withdrawal-identity.ts), or assigned by an agent.
 */
export function createWithdrawal(
  db: Db,
  cookies: Map<string, string>,
  withdrawal: Withdrawal,
  { origin, userId = null, now = new Date() }: { origin: string; userId?: string | null; now?: Date },
): Promise<StoredWithdrawal & SubmissionMails> {
  return storeSubmission(db, {
    cookies,
    security: withdrawal,
    store: async (tx) => {
      const owned = userId === null ? null : await ordersNamedIn(tx, withdrawal.contract, { userId });
      const token = owned ? null : newToken();
      const record = await insertRecord(
        tx,
        `INSERT INTO withdrawals (contract, name, email, user_id, identity_token_hash, received_at) VALUES ($1, $2, $3, $4, $5, $6)
         RETURNING id, received_at`,
        [withdrawal.contract, withdrawal.name, withdrawal.email, userId, token ? tokenHash(token) : null, now],
      );
      const named: NamedOrder[] | null = owned ?? (await ordersNamedIn(tx, withdrawal.contract, { email: withdrawal.email }));
      if (named) await recordNamedOrders(tx, record.id, named);
      const outcome = owned ? await attributeWithdrawal(tx, record.id, 'account', now) : null;
      return {
        ...record,
        namedOrders: (named ?? []).map((order) => order.orderNumber),
        withdrawnOrders: outcome?.kind === 'withdrawn' ? outcome.orderNumbers : [],
        identityUrl: token ? `${origin}${routeUrl(withdrawalLink, { params: { token } })}` : null,
      };
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
          outro: [...outcomeLines(record), '', 'Bitte bewahren Sie diese E-Mail als Nachweis auf. Wir melden uns zur Rückabwicklung des Vertrags bei Ihnen.'],
        },
        notification: {
          to: site.email,
          subject: `Widerruf Nr. ${record.id}: ${withdrawal.contract}`,
          intro: `Neuer Widerruf über das Online-Widerrufsformular${
            record.withdrawnOrders.length > 0
              ? `, vom angemeldeten Besteller; widerrufen: ${record.withdrawnOrders.join(', ')}`
              : record.namedOrders.length > 0
                ? `, noch nicht zugeordnet (genannt: ${record.namedOrders.join(', ')})`
                : ', keiner Bestellung zugeordnet'
          }`,
        },
      }),
  });
}
