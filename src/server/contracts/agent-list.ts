import type { AgentContract, ContractCustomer, ContractPage } from '../../lib/agent/contract-types.ts';
import { contractOutlook, type ContractState, type PendingCancellation } from '../../lib/contracts/status.ts';
import type { PriceBasis } from '../../lib/prices/amounts.ts';
import { CONTRACTS_PAGE_SIZE, type ContractQuery } from '../../lib/schemas/agent-contracts.ts';
import type { CustomerType } from '../../lib/schemas/order.ts';
import type { Queryable } from '../db/index.ts';
import { pendingCancellationSql } from './pending-declarations.ts';

/**
 * The agents' view of all contracts, grouped per customer (address and customer type), the
 * customer with the newest contract first. One statement per page: it matches the contracts,
 * pages the customers and counts them, and always returns a row so a page beyond the last still
 * knows the total. Status and ends come from the shared contract modules, for today in Germany.
 */

interface Row {
  total_customers: number;
  customer_key: string | null;
  customer_email: string;
  customer_type: CustomerType;
  contract_number: string;
  order_number: string;
  name: string;
  quantity: number;
  price_basis: PriceBasis;
  period_cents: number;
  billing_months: number;
  minimum_months: number;
  notice_days: number;
  starts_on: string;
  ends_on: string | null;
  cancellation_id: string | number | null;
  end_note: string | null;
  pending_cancellation: PendingCancellation | null;
}

// strpos instead of LIKE: the search text is matched literally, '%' and '_' included.
const SQL = `
WITH matched AS (
  SELECT k.id, lower(k.email) AS customer_key, k.email, k.customer_type, k.contract_number, o.order_number, k.name, k.quantity,
         k.price_basis, k.period_cents, k.billing_months, k.minimum_months, k.notice_days,
         to_char(k.starts_on, 'YYYY-MM-DD') AS starts_on, to_char(k.ends_on, 'YYYY-MM-DD') AS ends_on, k.cancellation_id, k.end_note,
         ${pendingCancellationSql('k')} AS pending_cancellation
  FROM contracts k JOIN orders o ON o.id = k.order_id
  WHERE $1::text = '' OR strpos(lower(k.email), lower($1::text)) > 0 OR strpos(lower(k.contract_number), lower($1::text)) > 0
     OR strpos(lower(o.order_number), lower($1::text)) > 0
), customers AS (
  SELECT customer_key, customer_type, min(email) AS email, max(id) AS newest FROM matched GROUP BY customer_key, customer_type
), page AS (
  SELECT * FROM customers ORDER BY newest DESC, customer_key, customer_type LIMIT ${CONTRACTS_PAGE_SIZE} OFFSET $2
)
SELECT (SELECT count(*)::int FROM customers) AS total_customers, p.customer_key, p.email AS customer_email, m.customer_type,
       m.contract_number, m.order_number, m.name, m.quantity, m.price_basis, m.period_cents, m.billing_months, m.minimum_months,
       m.notice_days, m.starts_on, m.ends_on, m.cancellation_id, m.end_note, m.pending_cancellation
FROM (SELECT 1) AS always
LEFT JOIN (page p JOIN matched m ON m.customer_key = p.customer_key AND m.customer_type = p.customer_type) ON true
ORDER BY p.newest DESC, p.customer_key, p.customer_type, m.id`;

function contract(row: Row, today: string): AgentContract {
  const state: ContractState = {
    startsOn: row.starts_on,
    minimumMonths: Number(row.minimum_months),
    noticeDays: Number(row.notice_days),
    customerType: row.customer_type,
    endsOn: row.ends_on,
  };
  return {
    contractNumber: row.contract_number,
    orderNumber: row.order_number,
    name: row.name,
    quantity: Number(row.quantity),
    periodCents: Number(row.period_cents),
    priceBasis: row.price_basis,
    billingMonths: Number(row.billing_months),
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    pendingCancellation: row.pending_cancellation,
    ...contractOutlook(state, today),
    cancellationId: row.cancellation_id === null ? null : Number(row.cancellation_id),
    endNote: row.end_note,
  };
}

export async function listContracts(db: Queryable, query: ContractQuery, today: string): Promise<ContractPage> {
  // Far beyond the last page the offset stays a valid bigint; the page is just empty.
  const offset = Math.min((query.page - 1) * CONTRACTS_PAGE_SIZE, Number.MAX_SAFE_INTEGER);
  const { rows } = await db.query<Row>(SQL, [query.q, offset]);
  const totalCustomers = rows[0]?.total_customers ?? 0;
  const customers: ContractCustomer[] = [];
  let current = '';
  for (const row of rows) {
    if (row.customer_key === null) continue; // the row that only carries the count
    // Rows come ordered by customer, so a new key starts the next group.
    const key = `${row.customer_type} ${row.customer_key}`;
    if (key !== current) {
      customers.push({ email: row.customer_email, customerType: row.customer_type, contracts: [] });
      current = key;
    }
    customers.at(-1)!.contracts.push(contract(row, today));
  }
  return {
    customers,
    currentPage: query.page,
    totalPages: Math.max(1, Math.ceil(totalCustomers / CONTRACTS_PAGE_SIZE)),
    totalCustomers,
    today,
  };
}
