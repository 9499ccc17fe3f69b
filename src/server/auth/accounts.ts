import { exportedDeclarations } from '../../features/privacy/server/account-export.ts';
import type { ChangePasswordInput, LoginInput, NewAccount } from '../../lib/schemas/auth.ts';
import { authMessages } from '../../lib/schemas/auth.ts';
import type { Db, Queryable } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';
import { assertStrongPassword, decoyHash, hashPassword, verifyPassword } from './password.ts';
import { revokeUserSessions } from './session.ts';
import { throttledPasswordCheck } from './throttle.ts';

export type UserType = 'customer' | 'agent';

/**
 * Creates an account on an operator's behalf (`npm run user:create`, the demo agent); visitors
 * register through registration.ts, which never reveals a taken address. Here a taken address is
 * a 409 with a German message. Agents count as verified: an operator created them for an address
 * the company knows (as migration 0015 did for the existing ones). A customer created this way
 * confirms the address from the settings like any other.
 */
export async function registerUser(db: Queryable, input: NewAccount, userType: UserType = 'customer'): Promise<string> {
  await assertStrongPassword(input.password, 'password', [input.email, input.displayName]);
  const passwordHash = await hashPassword(input.password);
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO users (email, display_name, password_hash, user_type, email_verified_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (email) DO NOTHING RETURNING id`,
    [input.email, input.displayName, passwordHash, userType, userType === 'agent' ? new Date() : null],
  );
  if (!rows[0]) throw new HttpError(409, authMessages.emailTaken, { email: authMessages.emailTaken });
  return rows[0].id;
}

/**
 * The user id for valid credentials, else null. Unknown addresses are checked against a
 * decoy hash, so both failures take about as long and look the same to the caller.
 * A plain bcrypt hash from before decision 0038 is replaced by a pre-hashed one on success.
 */
export async function checkCredentials(db: Db, input: LoginInput): Promise<string | null> {
  const { rows } = await db.query<{ id: string; password_hash: string | null }>('SELECT id, password_hash FROM users WHERE email = $1', [
    input.email,
  ]);
  const user = rows[0];
  const { valid, needsRehash } = await verifyPassword(input.password, user?.password_hash ?? (await decoyHash()));
  if (!user?.password_hash || !valid) return null;
  if (needsRehash) {
    // Conditional on the old hash: a password changed meanwhile is not overwritten.
    await db.query('UPDATE users SET password_hash = $3 WHERE id = $1 AND password_hash = $2', [
      user.id,
      user.password_hash,
      await hashPassword(input.password),
    ]);
  }
  return user.id;
}

export async function updateDisplayName(db: Db, userId: string, displayName: string): Promise<void> {
  await db.query('UPDATE users SET display_name = $2 WHERE id = $1', [userId, displayName]);
}

/**
 * Proves the logged-in person knows the account's password before a sensitive change. Each try
 * counts towards the same throttle as a login, so a stolen session cannot guess it.
 */
async function assertCurrentPassword(db: Db, userId: string, password: string, field: string, ip: string): Promise<void> {
  const { rows } = await db.query<{ email: string; password_hash: string | null }>('SELECT email, password_hash FROM users WHERE id = $1', [userId]);
  const user = rows[0];
  if (!user) throw new HttpError(401, authMessages.notLoggedIn);
  const hash = user.password_hash;
  const valid = await throttledPasswordCheck(db, user.email, ip, { kind: 'session' }, async () => hash !== null && (await verifyPassword(password, hash)).valid);
  if (!valid) throw new HttpError(400, authMessages.currentPasswordWrong, { [field]: authMessages.currentPasswordWrong });
}

/** Sets a new password; every other session of the user ends (a thief's too), this one stays. */
export async function changePassword(db: Db, userId: string, input: ChangePasswordInput, ip: string, sessionToken: string): Promise<void> {
  await assertCurrentPassword(db, userId, input.currentPassword, 'currentPassword', ip);
  await assertStrongPassword(input.newPassword, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.query('UPDATE users SET password_hash = $2 WHERE id = $1', [userId, passwordHash]);
    await revokeUserSessions(tx, userId, sessionToken);
  });
}

/**
 * GDPR Art. 17: erases the account; its sessions and reset links go with it (ON DELETE CASCADE).
 * Its orders are kept for the statutory periods (decision 0052) and marked, in the same statement,
 * as those of a deleted account: a later account with the same address never gets them (issue 33).
 */
export async function deleteAccount(db: Db, userId: string, password: string, ip: string): Promise<void> {
  await assertCurrentPassword(db, userId, password, 'password', ip);
  await db.query(
    `WITH marked AS (UPDATE orders SET account_deleted_at = now() WHERE user_id = $1)
     DELETE FROM users WHERE id = $1`,
    [userId],
  );
}

/** An invoice of the account's orders in the export, as issued (src/features/billing/invoice.ts words each part). */
interface ExportedInvoice {
  number: string;
  kind: string;
  cancels: string | null;
  orderNumber: string;
  issuedOn: string;
  dueOn: string;
  servicePeriod: { start: string; end: string };
  customerType: string;
  priceBasis: string;
  format: string;
  buyer: unknown;
  paymentMethod: string;
  mandateReference: string | null;
  debitOn: string | null;
  netCents: number;
  vatCents: number;
  grossCents: number;
  byRate: unknown;
  /** The day the payment was received, as recorded; null while open. */
  paidOn: string | null;
  lines: unknown[];
  /** The names of the stored files (PDF, XML), downloadable in the customer area. */
  files: string[];
}

/** GDPR Art. 20: everything stored about the user, machine-readable. Secrets (hashes) stay out. */
export async function exportAccount(db: Db, userId: string, now: Date = new Date()): Promise<Record<string, unknown>> {
  const { rows } = await db.query<{ email: string; display_name: string; user_type: string; created_at: Date; password_hash: string | null;
    customer_number: string | null; email_verified_at: Date | null; google_linked: boolean }>(
    `SELECT email, display_name, user_type, created_at, password_hash, customer_number, email_verified_at, google_sub IS NOT NULL AS google_linked
     FROM users WHERE id = $1`,
    [userId],
  );
  const user = rows[0];
  if (!user) throw new HttpError(401, authMessages.notLoggedIn);
  const sessions = await db.query<{ created_at: Date; expires_at: Date }>(
    'SELECT created_at, expires_at FROM sessions WHERE user_id = $1 AND expires_at > $2 ORDER BY created_at',
    [userId, now],
  );
  const orders = await db.query<{
    order_number: string;
    created_at: Date;
    payment_method: string;
    total_cents: number;
    price_basis: string;
    schedule: unknown;
    agb_version: string;
    status: string;
    customer: unknown;
    declarations: unknown;
    lines: { name: string; quantity: number; unitCents: number; lineCents: number; billingMonths: number | null; term: string }[];
  }>(
    `SELECT o.order_number, o.created_at, o.payment_method, o.total_cents, o.price_basis, o.schedule, o.agb_version, o.status,
            json_build_object('type', o.customer_type, 'company', o.company, 'vatId', o.vat_id, 'name', o.name, 'street', o.street,
                              'postalCode', o.postal_code, 'city', o.city, 'country', o.country, 'email', o.email) AS customer,
            json_build_object('agbAcceptedAt', o.agb_accepted_at, 'earlyStartRequestedAt', o.early_start_requested_at,
                              'withdrawalWaiverAt', o.withdrawal_waiver_at, 'sepaMandateAt', o.sepa_mandate_at) AS declarations,
            json_agg(json_build_object('name', l.name, 'quantity', l.quantity, 'unitCents', l.unit_cents, 'lineCents', l.line_cents,
                                       'billingMonths', l.billing_months, 'term', l.term)
                     ORDER BY l.position) AS lines
     FROM orders o JOIN order_lines l ON l.order_id = o.id
     WHERE o.user_id = $1 GROUP BY o.id ORDER BY o.created_at`,
    [userId],
  );
  const contracts = await db.query<{ contract_number: string; order_number: string; name: string; quantity: number; period_cents: number;
    price_basis: string; billing_months: number; minimum_months: number; notice_days: number; starts_on: string; ends_on: string | null }>(
    `SELECT c.contract_number, o.order_number, c.name, c.quantity, c.period_cents, c.price_basis, c.billing_months, c.minimum_months,
            c.notice_days, to_char(c.starts_on, 'YYYY-MM-DD') AS starts_on, to_char(c.ends_on, 'YYYY-MM-DD') AS ends_on
     FROM contracts c JOIN orders o ON o.id = c.order_id WHERE c.user_id = $1 ORDER BY c.id`,
    [userId],
  );
  // Invoices as issued (issue 24): their data and lines, not the stored files, which the customer
  // area offers for download; kept for 8 years, also after the account is deleted (/datenschutz 4.5).
  const invoices = await db.query<ExportedInvoice>(
    `SELECT i.invoice_number AS "number", i.kind, cancelled.invoice_number AS cancels, o.order_number AS "orderNumber",
            to_char(i.issued_on, 'YYYY-MM-DD') AS "issuedOn", to_char(i.due_on, 'YYYY-MM-DD') AS "dueOn",
            json_build_object('start', i.service_start, 'end', i.service_end) AS "servicePeriod",
            i.customer_type AS "customerType", i.price_basis AS "priceBasis", i.format, i.buyer,
            i.payment_method AS "paymentMethod", i.mandate_reference AS "mandateReference", to_char(i.debit_on, 'YYYY-MM-DD') AS "debitOn",
            i.net_cents AS "netCents", i.vat_cents AS "vatCents", i.gross_cents AS "grossCents", i.by_rate AS "byRate",
            (SELECT to_char(p.received_on, 'YYYY-MM-DD') FROM invoice_payments p WHERE p.invoice_id = i.id) AS "paidOn",
            (SELECT json_agg(json_build_object('position', l.position, 'credit', l.credit, 'orderPosition', l.order_position,
                                               'contractNumber', c.contract_number, 'periodStart', l.period_start, 'periodEnd', l.period_end,
                                               'name', l.name, 'unit', l.unit, 'quantity', l.quantity, 'unitCents', l.unit_cents,
                                               'lineCents', l.line_cents, 'vatPercent', l.vat_percent) ORDER BY l.position)
             FROM invoice_lines l LEFT JOIN contracts c ON c.id = l.contract_id WHERE l.invoice_id = i.id) AS lines,
            (SELECT coalesce(json_agg(d.file_name ORDER BY d.kind), '[]'::json) FROM invoice_documents d WHERE d.invoice_id = i.id) AS files
     FROM invoices i JOIN orders o ON o.id = i.order_id LEFT JOIN invoices cancelled ON cancelled.id = i.cancels_id
     WHERE o.user_id = $1 ORDER BY i.id`,
    [userId],
  );
  const chats = await db.query<{ id: string; created_at: Date; visitor_email: string | null; messages: { author: string; text: string; createdAt: string }[] }>(
    `SELECT c.id, c.created_at, c.visitor_email,
            json_agg(json_build_object('author', m.author, 'text', m.text, 'createdAt', m.created_at) ORDER BY m.id) AS messages
     FROM chat_conversations c JOIN chat_messages m ON m.conversation_id = c.id
     WHERE c.user_id = $1 GROUP BY c.id ORDER BY c.created_at`,
    [userId],
  );
  const declarations = await exportedDeclarations(db, userId);
  return {
    exportedAt: now.toISOString(),
    account: {
      userId,
      email: user.email,
      displayName: user.display_name,
      userType: user.user_type,
      createdAt: new Date(user.created_at).toISOString(),
      hasPassword: user.password_hash !== null,
      customerNumber: user.customer_number,
      emailVerifiedAt: user.email_verified_at === null ? null : new Date(user.email_verified_at).toISOString(),
      // Linked to a Google account; the Google account's id itself is a key, not information about the person.
      signInWithGoogle: user.google_linked,
    },
    activeSessions: sessions.rows.map((s) => ({ createdAt: new Date(s.created_at).toISOString(), expiresAt: new Date(s.expires_at).toISOString() })),
    orders: orders.rows.map((o) => ({
      orderNumber: o.order_number,
      orderedAt: new Date(o.created_at).toISOString(),
      paymentMethod: o.payment_method,
      // What was due at ordering; the schedule adds the recurring amounts (null for orders before them).
      dueNowCents: o.total_cents,
      priceBasis: o.price_basis,
      schedule: o.schedule,
      agbVersion: o.agb_version,
      status: o.status,
      // Who ordered, as the checkout stored it; the bank account of a mandate is under bankAccounts.
      customer: o.customer,
      // What the customer declared at the checkout, each with its time (§ 356 Abs. 4 BGB, the mandate).
      declarations: o.declarations,
      items: o.lines,
    })),
    contracts: contracts.rows.map((c) => ({
      contractNumber: c.contract_number,
      orderNumber: c.order_number,
      name: c.name,
      quantity: c.quantity,
      periodCents: c.period_cents,
      priceBasis: c.price_basis,
      billingMonths: c.billing_months,
      minimumMonths: c.minimum_months,
      noticeDays: c.notice_days,
      startsOn: c.starts_on,
      endsOn: c.ends_on,
    })),
    invoices: invoices.rows,
    chatConversations: chats.rows.map((c) => ({
      id: c.id,
      startedAt: new Date(c.created_at).toISOString(),
      // Where the replies were mailed while no agent was online (decision 0018), or null.
      replyEmail: c.visitor_email,
      messages: c.messages,
    })),
    ...declarations,
  };
}
