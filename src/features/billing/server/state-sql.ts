import type { InvoiceState } from '../state.ts';
import { SEPA_PRE_NOTICE_DAYS } from '../terms.ts';

/**
 * The state of ../state.ts ledgerState as an SQL expression, for the one place that must filter by
 * state inside the database: the agents' list, which pages (docs/decisions/0058-invoice-state.md).
 * It reads the same JSON facts (facts.ts) and nothing else, uses the vocabulary's names and the
 * pre-notice period from state.ts, and tests/integration/billing/state-sql.test.ts proves it gives
 * the pure function's state for thousands of generated ledgers. Every other reader computes the
 * state in TypeScript.
 */

const name = (state: InvoiceState): string => `'${state}'`;

/**
 * The state of the document numbered `number` (an SQL text expression) whose ledger facts are
 * `facts` (an SQL json expression), on `today` (an SQL date expression).
 */
export function documentStateSql(facts: string, number: string, today: string): string {
  return `(SELECT CASE
    WHEN ${number} = a.f->>'number' THEN CASE
      WHEN NOT b.paid AND b.submitted THEN ${name('debiting')}
      WHEN g.balance > 0 THEN CASE WHEN ${today} > greatest(b.due_on, coalesce(h.debit_on, b.due_on)) THEN ${name('overdue')} ELSE ${name('open')} END
      WHEN g.balance < 0 THEN ${name('refund-due')}
      WHEN b.received = 0 AND b.credited > 0 THEN ${name('cancelled')}
      WHEN b.refunded > 0 AND b.credited >= b.total THEN ${name('refunded')}
      ELSE ${name('settled')}
    END
    ELSE (SELECT CASE
      WHEN jsonb_typeof(c.value->'refund') = 'object' THEN ${name('refunded')}
      -- What is still owed back goes to the latest cancellation invoices first.
      WHEN least(greatest(0, greatest(0, -g.balance) - coalesce((SELECT sum((x.value->>'totalCents')::int) FROM jsonb_array_elements(a.f->'credits') WITH ORDINALITY x(value, k)
                                                                  WHERE x.k > c.k AND jsonb_typeof(x.value->'refund') <> 'object'), 0)),
                 (c.value->>'totalCents')::int) > 0 THEN ${name('refund-due')}
      ELSE ${name('offset')}
    END
    FROM jsonb_array_elements(a.f->'credits') WITH ORDINALITY c(value, k) WHERE c.value->>'number' = ${number})
  END
  FROM (SELECT (${facts})::jsonb AS f) a
  CROSS JOIN LATERAL (SELECT (a.f->>'totalCents')::int AS total,
                             (SELECT coalesce(sum((x->>'totalCents')::int), 0) FROM jsonb_array_elements(a.f->'credits') x) AS credited,
                             coalesce((a.f->'payment'->>'cents')::int, (a.f->'submittedDebit'->>'cents')::int, 0) AS received,
                             (SELECT coalesce(sum((x->'refund'->>'cents')::int), 0) FROM jsonb_array_elements(a.f->'credits') x) AS refunded,
                             jsonb_typeof(a.f->'payment') = 'object' AS paid,
                             jsonb_typeof(a.f->'submittedDebit') = 'object' AS submitted,
                             (a.f->>'dueOn')::date AS due_on,
                             (a.f->>'debitOn')::date AS announced,
                             (SELECT (x.value->>'issuedOn')::date FROM jsonb_array_elements(a.f->'credits') WITH ORDINALITY x(value, k) ORDER BY x.k DESC LIMIT 1) AS last_credit_on) b
  CROSS JOIN LATERAL (SELECT greatest(0, b.total - b.credited) AS claim, greatest(0, b.total - b.credited) - b.received + b.refunded AS balance) g
  CROSS JOIN LATERAL (SELECT CASE WHEN a.f->>'paymentMethod' = 'sepa' AND b.announced IS NOT NULL AND NOT b.paid AND NOT b.submitted AND g.claim > 0
                                  THEN greatest(b.announced, coalesce(b.last_credit_on + ${SEPA_PRE_NOTICE_DAYS}, b.announced)) END AS debit_on) h)`;
}
