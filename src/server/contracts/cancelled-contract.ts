import { cancellationEnd, type CancellationRequest, type IsoDay } from '../../lib/contracts/ends.ts';
import { matchContract, normalisedNumber } from '../../lib/contracts/matching.ts';
import type { CustomerType } from '../../lib/schemas/order.ts';
import { cancellationMessages, type CustomerCancellation } from '../../lib/schemas/forms/cancellation.ts';
import type { CancelledContract } from '../../lib/schemas/forms/cancellation-receipt.ts';
import type { Transaction } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';

/**
 * The contract a cancellation names, found on receipt (issue 19, decisions 0030, 0054), with the
 * end src/lib/contracts/ends.ts computes for the day of receipt: the cancellation is effective
 * when it arrives (§ 312k BGB). A logged-in customer's own contract is theirs to end at once; a
 * visitor's match is only a candidate among the contracts placed under the address typed, which
 * changes once the cancellation is attributed (identity link, agent). Rows are locked, so two
 * cancellations of one contract at the same moment end it once.
 */

interface ContractRow {
  id: number;
  contract_number: string;
  order_number: string;
  name: string;
  customer_type: CustomerType;
  starts_on: IsoDay;
  minimum_months: number;
  notice_days: number;
  ends_on: IsoDay | null;
}

const CONTRACT_COLUMNS = `c.id, c.contract_number, o.order_number, c.name, c.customer_type, to_char(c.starts_on, 'YYYY-MM-DD') AS starts_on,
  c.minimum_months, c.notice_days, to_char(c.ends_on, 'YYYY-MM-DD') AS ends_on`;

/** Who cancels: the account of a logged-in customer, or the address a visitor typed. */
export type ContractOwner = { userId: string } | { email: string };

/** The contract a logged-in customer chose in the customer area: their own and still running. */
async function chosenContract(tx: Transaction, userId: string, typed: string): Promise<ContractRow> {
  const { rows } = await tx.query<ContractRow>(
    `SELECT ${CONTRACT_COLUMNS} FROM contracts c JOIN orders o ON o.id = c.order_id
     WHERE c.contract_number = $1 AND c.user_id = $2 FOR UPDATE OF c`,
    [normalisedNumber(typed) ?? typed, userId],
  );
  const contract = rows[0];
  if (!contract) throw new HttpError(404, cancellationMessages.contractUnknown, { contract_number: cancellationMessages.contractUnknown });
  if (contract.ends_on !== null) throw new HttpError(409, cancellationMessages.contractEnded, { contract_number: cancellationMessages.contractEnded });
  return contract;
}

/** The running contracts of the account, or those ordered under the address. */
async function runningContracts(tx: Transaction, owner: ContractOwner): Promise<ContractRow[]> {
  const [condition, value] = 'userId' in owner ? ['c.user_id = $1', owner.userId] : ['lower(c.email) = lower($1)', owner.email];
  const { rows } = await tx.query<ContractRow>(
    `SELECT ${CONTRACT_COLUMNS} FROM contracts c JOIN orders o ON o.id = c.order_id
     WHERE ${condition} AND c.ends_on IS NULL ORDER BY c.id FOR UPDATE OF c`,
    [value],
  );
  return rows;
}

function regularRequest(requestedEnd: IsoDay | null): CancellationRequest {
  return requestedEnd ? { type: 'regular', end: 'date', date: requestedEnd } : { type: 'regular', end: 'earliest' };
}

export interface NamedContract extends CancelledContract {
  id: number;
}

/**
 * The contract the declaration names and, for an ordinary cancellation, the end it gives when
 * received on `receivedOn` (an extraordinary one is a request: no end until an agent decides), or
 * null when it names none of the owner's running contracts unambiguously. A contract chosen in
 * the customer area must be the customer's and running (404, 409).
 */
export async function namedContract(
  tx: Transaction,
  owner: ContractOwner,
  declaration: CustomerCancellation,
  requestedEnd: IsoDay | null,
  receivedOn: IsoDay,
): Promise<NamedContract | null> {
  const contract =
    'userId' in owner && declaration.contract_number !== ''
      ? await chosenContract(tx, owner.userId, declaration.contract_number)
      : matchContract(
          (await runningContracts(tx, owner)).map((row) => ({ ...row, contractNumber: row.contract_number, orderNumber: row.order_number })),
          { contractName: declaration.contract_name, numbers: [declaration.contract_number, declaration.order_id, declaration.customer_id] },
        );
  if (!contract) return null;
  const terms = { startsOn: contract.starts_on, minimumMonths: contract.minimum_months, noticeDays: contract.notice_days, customerType: contract.customer_type };
  return {
    id: contract.id,
    contractNumber: contract.contract_number,
    name: contract.name,
    endsOn: declaration.type_of_cancellation === 'extraordinary' ? null : cancellationEnd(terms, receivedOn, regularRequest(requestedEnd)),
  };
}
