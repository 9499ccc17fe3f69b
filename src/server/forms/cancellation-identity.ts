import type { CancellationType, CancelledContract } from '../../lib/schemas/forms/cancellation-receipt.ts';
import { tokenHash } from '../auth/tokens.ts';
import { attributeCancellation } from '../contracts/cancellation-attribution.ts';
import type { Db } from '../db/index.ts';

/**
 * The identity link of a cancellation's receipt mail (decision 0054). The mail went to the address
 * the sender typed, and the candidate contract was placed under that address: whoever confirms
 * controls the mailbox of the contract's owner. The first confirmation attributes the cancellation
 * ('identity-link') and applies it – an ordinary one ends the contract on the end computed for the
 * day of receipt; an extraordinary one still waits for an agent's decision. Confirming again
 * changes nothing.
 */

export interface ConfirmedCancellation {
  id: number;
  contractName: string;
  type: CancellationType;
  receivedAt: Date;
  confirmedAt: Date;
  /** The contract it is attributed to, with its end as it stands now; null when none fitted (an agent assigns it). */
  contract: CancelledContract | null;
}

interface Row {
  id: number;
  contract_name: string;
  type_of_cancellation: CancellationType;
  received_at: Date;
  identity_confirmed_at: Date | null;
  contract_id: number | null;
}

export async function confirmCancellationIdentity(db: Db, token: string, now: Date = new Date()): Promise<ConfirmedCancellation | null> {
  return db.transaction(async (tx) => {
    // The row lock makes two confirmations at the same moment wait for each other: one applies.
    const { rows } = await tx.query<Row>(
      `UPDATE cancellations SET identity_confirmed_at = coalesce(identity_confirmed_at, $2)
       WHERE identity_token_hash = $1
       RETURNING id, contract_name, type_of_cancellation, received_at, identity_confirmed_at, contract_id`,
      [tokenHash(token), now],
    );
    const row = rows[0];
    if (!row) return null;
    // Without a candidate there is nothing to apply: the agent who assigns the contract attributes it.
    let k: { contract_number: string; name: string; ends_on: string | null } | undefined;
    if (row.contract_id !== null) {
      await attributeCancellation(tx, row.id, 'identity-link', now);
      const contract = await tx.query<NonNullable<typeof k>>(
        `SELECT contract_number, name, to_char(ends_on, 'YYYY-MM-DD') AS ends_on FROM contracts WHERE id = $1`,
        [row.contract_id],
      );
      k = contract.rows[0];
    }
    return {
      id: row.id,
      contractName: row.contract_name,
      type: row.type_of_cancellation,
      receivedAt: row.received_at,
      confirmedAt: row.identity_confirmed_at!,
      contract: k ? { contractNumber: k.contract_number, name: k.name, endsOn: k.ends_on } : null,
    };
  });
}
