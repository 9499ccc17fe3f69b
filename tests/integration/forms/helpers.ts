import { expect } from 'vitest';
import captchaImage from '../../../netlify/functions/security-captcha-image.mts';
import hashcashTask from '../../../netlify/functions/security-hashcash-task.mts';
import { searchNonce, type HashcashTask } from '../../../src/lib/hashcash/index.ts';
import { getDb } from '../../../src/server/db/index.ts';
import { env } from '../../../src/server/env.ts';
import { captchaAnswer } from '../../../src/server/security/captcha.ts';
import { Visitor } from '../http/visitor.ts';

// Small proofs of work: these tests are about the forms, not about hashcash.
process.env.HASHCASH_TASKS = '2';
process.env.HASHCASH_DIFFICULTY = '2';

/**
 * A reader who loaded a declaration form (cancellation, withdrawal): the picture's captcha
 * answered (learnt with the server secret). A declaration asks for no proof of work.
 */
export async function declarationVisitor() {
  const visitor = new Visitor();
  await visitor.call(captchaImage, '/security/captcha/image.png');
  return { visitor, security: { captcha: captchaAnswer(env().appSecret, visitor.cookies.get('captcha_id')!, 'image') } };
}

/** A visitor who loaded one of the other forms: captcha answered, hashcash solved. */
export async function preparedVisitor() {
  const { visitor, security: { captcha } } = await declarationVisitor();
  const { tasks } = (await (await visitor.call(hashcashTask, '/security/hashcash/task')).json()) as { tasks: HashcashTask[] };
  const hashcash_solutions = tasks.map((task) => ({ ...task, nonce: searchNonce(task)! }));
  return { visitor, security: { captcha, hashcash_solutions } };
}

/** A visitor's cancellation of the contract named, as the form's JSON body without the captcha. */
export function cancellationFields(contract: string, email = 'juergen@example.test') {
  return {
    contract_name: contract,
    type_of_cancellation: 'regular',
    end_of_contract_period: 'select',
    end_of_contract_period_date: '',
    customer_id: '10042',
    order_id: '',
    firstname: 'Jürgen',
    lastname: 'Weiß',
    street: 'Bahnhofstraße 5',
    street_extra: '',
    postcode: '50667',
    locality: 'Köln',
    country: 'Deutschland',
    email,
    annotation: '',
  };
}

export async function rowCount(table: string): Promise<number> {
  const { rows } = await (await getDb()).query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return rows[0]!.n;
}

export interface OutboxMail {
  id: number;
  recipient: string;
  subject: string;
  text_body: string;
  reply_to: string | null;
  attachments: { filename: string; contentType: string; content: string }[] | null;
  sent_at: Date | null;
  attempts: number;
  last_error: string | null;
}

/** The outbox mails whose text contains the marker, oldest first. */
export async function mailsContaining(marker: string): Promise<OutboxMail[]> {
  const { rows } = await (await getDb()).query<OutboxMail>(
    `SELECT id, recipient, subject, text_body, reply_to, attachments, sent_at, attempts, last_error
     FROM mail_outbox WHERE text_body LIKE $1 ORDER BY id`,
    [`%${marker}%`],
  );
  return rows;
}

/** A unique text per test, so tests sharing a database find their own rows and mails. */
export function marker(prefix: string): string {
  return `${prefix} ${Math.random().toString(36).slice(2, 10)}`;
}

export type BadInput = [label: string, change: Record<string, unknown>, field: string, message: string];

/** 400 with the field's German message, and nothing stored. */
export async function expectRefused(
  send: (visitor: Visitor, body: unknown) => Promise<Response>,
  table: string,
  fields: Record<string, unknown>,
  [, change, field, message]: BadInput,
  prepare: () => Promise<{ visitor: Visitor; security: object }> = preparedVisitor,
) {
  const { visitor, security } = await prepare();
  const before = await rowCount(table);
  const response = await send(visitor, { ...fields, ...security, ...change });
  expect(response.status).toBe(400);
  const answer = (await response.json()) as { message: string; errors: Record<string, string> };
  expect(answer.errors[field]).toBe(message);
  expect(answer.message).not.toBe('');
  expect(await rowCount(table)).toBe(before);
}
