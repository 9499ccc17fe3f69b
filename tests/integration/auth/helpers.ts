import me from '../../../netlify/functions/auth-me.mts';
import login from '../../../netlify/functions/auth-login.mts';
import register from '../../../netlify/functions/auth-register.mts';
import { getDb } from '../../../src/server/db/index.ts';
import { Visitor } from '../http/visitor.ts';
import { withProofOfWork } from '../orders/proof-of-work.ts';

/** A visitor that has loaded a page once, so it holds the visitor and CSRF cookies. */
export async function primed(ip?: string): Promise<Visitor> {
  const visitor = new Visitor(ip);
  await visitor.call(me, '/api/auth/me');
  return visitor;
}

let counter = 0;
export function newAccount() {
  counter += 1;
  return { email: `nutzer${counter}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.test`, password: 'richtig-geheim-1', displayName: 'Erika Mustermann' };
}

type Handler = Parameters<Visitor['call']>[0];

export const post = (visitor: Visitor, handler: Handler, path: string, json?: unknown) => visitor.call(handler, path, { method: 'POST', json });

/** Registers a fresh account and logs the visitor in. */
export async function loggedIn(account = newAccount()): Promise<{ visitor: Visitor; account: ReturnType<typeof newAccount> }> {
  const visitor = await primed();
  await post(visitor, register, '/api/auth/register', withProofOfWork(account));
  const response = await post(visitor, login, '/api/auth/login', { email: account.email, password: account.password });
  if (response.status !== 200) throw new Error(`login failed: ${response.status}`);
  return { visitor, account };
}

/** The newest mail to an address in the outbox. */
export async function lastMailTo(email: string): Promise<{ subject: string; text_body: string } | undefined> {
  const { rows } = await (await getDb()).query<{ subject: string; text_body: string }>(
    'SELECT subject, text_body FROM mail_outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1',
    [email],
  );
  return rows[0];
}

/** Every mail to an address in the outbox, oldest first. */
export async function mailsTo(email: string): Promise<{ subject: string; text_body: string }[]> {
  const { rows } = await (await getDb()).query<{ subject: string; text_body: string }>(
    'SELECT subject, text_body FROM mail_outbox WHERE recipient = $1 ORDER BY id',
    [email],
  );
  return rows;
}

/** The token of the newest confirmation link mailed to an address. */
export async function confirmationToken(email: string): Promise<string> {
  const mails = await mailsTo(email);
  const links = mails.map((mail) => /\/konto-bestaetigen\/([A-Za-z0-9_-]+)/.exec(mail.text_body)?.[1]).filter((token) => token !== undefined);
  const token = links.at(-1);
  if (!token) throw new Error(`no confirmation link mailed to ${email}`);
  return token;
}
