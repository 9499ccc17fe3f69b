import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentStateSql } from '../../../src/features/billing/server/state-sql.ts';
import { invoiceState } from '../../../src/features/billing/state.ts';
import { getDb } from '../../../src/server/db/index.ts';
import { ledgerCase, type LedgerCase } from '../../support/ledger-arbitrary.ts';

/**
 * The agents' list filters by state in SQL so it can page (docs/decisions/0058-invoice-state.md):
 * that SQL must say what the pure function says, for every ledger. Generated ledgers go to the
 * database in batches, and each state comes back beside the one TypeScript computes.
 */
const SQL = `SELECT ${documentStateSql("t.c->'facts'", "t.c->>'number'", "(t.c->>'today')::date")} AS state
             FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY t(c, ord) ORDER BY t.ord`;

describe('invoice state in SQL', () => {
  it('equals invoiceState for thousands of generated ledgers', async () => {
    const db = await getDb();
    let checked = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(ledgerCase, { minLength: 50, maxLength: 50 }), async (cases: LedgerCase[]) => {
        const { rows } = await db.query<{ state: string }>(SQL, [JSON.stringify(cases)]);
        cases.forEach((ledger, index) => {
          expect(rows[index]!.state, JSON.stringify(ledger)).toBe(invoiceState(ledger.facts, ledger.number, ledger.today).state);
        });
        checked += cases.length;
      }),
      { numRuns: 60 },
    );
    expect(checked).toBeGreaterThanOrEqual(3000);
  });
});
