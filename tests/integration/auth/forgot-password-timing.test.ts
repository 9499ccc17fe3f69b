// Before anything that reads the environment: the mail goes to a server that never answers.
import '../mail/silent-smtp.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import forgot from '../../../netlify/functions/auth-forgot-password.mts';
import { registerUser } from '../../../src/server/auth/accounts.ts';
import { requestPasswordReset } from '../../../src/server/auth/password-reset.ts';
import { getDb, type Db, type Transaction } from '../../../src/server/db/index.ts';
import { newAccount, post, primed } from './helpers.ts';

/**
 * Item 7 of issue 21: the answer to forgot-password must not tell a known address from an
 * unknown one by its time. Asserted by what the server does, never by a stopwatch: the answer
 * does not wait for the mail server, and both kinds of address run the same statements.
 */

beforeAll(async () => {
  await getDb();
});

/** An account made directly: a registration would wait for the silent mail server itself. */
async function knownAddress(): Promise<string> {
  const account = newAccount();
  await registerUser(await getDb(), account);
  return account.email;
}

/** The statements one call runs inside its transaction, parameters left out. */
async function statementsOf(email: string): Promise<string[]> {
  const db = await getDb();
  const statements: string[] = [];
  const counting: Db = {
    ...db,
    query: db.query.bind(db),
    transaction: (fn) =>
      db.transaction((tx) => {
        const counted: Transaction = {
          exec: tx.exec.bind(tx),
          query: (sql, params) => {
            statements.push(sql.replace(/\s+/g, ' ').trim());
            return tx.query(sql, params);
          },
        };
        return fn(counted);
      }),
  };
  await requestPasswordReset(counting, email, 'https://www.example.test');
  return statements;
}

describe('forgot password answers in the same time for known and unknown addresses', () => {
  it('answers a known address before the mail server has said a word; the mail waits in the outbox', async () => {
    const email = await knownAddress();
    const visitor = await primed();
    const response = await post(visitor, forgot, '/api/auth/forgot-password', { email });
    expect(response.status).toBe(200);
    const { rows } = await (await getDb()).query<{ sent: boolean; last_error: string | null }>(
      'SELECT sent_at IS NOT NULL AS sent, last_error FROM mail_outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1',
      [email],
    );
    // Queued, and its delivery still under way: the answer did not wait for it to end either way.
    expect(rows).toEqual([{ sent: false, last_error: null }]);
  });

  it('runs the same statements for both; a known address only adds its mail to the outbox', async () => {
    const known = await statementsOf(await knownAddress());
    const unknown = await statementsOf(`niemand.${Date.now()}@example.test`);
    expect(known.slice(0, unknown.length)).toEqual(unknown);
    expect(known.slice(unknown.length)).toEqual([expect.stringMatching(/^INSERT INTO mail_outbox /)]);
  });
});
