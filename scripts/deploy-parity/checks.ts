import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { searchNonce, type HashcashSolution, type HashcashTask } from '../../src/lib/hashcash/index.ts';
import { normalisedOrderNumber } from '../../src/lib/orders/order-number.ts';
import { httpMessages } from '../../src/server/http/errors.ts';
import { invoiceDocumentMessages } from '../../src/features/billing/server/account-documents.ts';
import { pathAliases } from '../../src/server/routing/aliases.ts';
import { loggedMails } from './preview-checks.ts';
import { withClient } from './scratch-db.ts';
import { HttpVisitor } from './visitor.ts';
import { mailedOrigin, namedWithdrawalAddress, withdrawalAddressVerdict } from './withdrawal-address.ts';

/** One line of the result table. */
export interface CheckResult {
  check: string;
  netlify: string;
  local: string;
  ok: boolean;
}

export interface Targets {
  netlifyOrigin: string;
  localOrigin: string;
  databaseUrl: string;
  distDir: string;
  /** DATA_DIR given to `netlify serve`: a deployed function must never write there. */
  netlifyDataDir: string;
  /** Recipients the SMTP sink has accepted so far. */
  smtpRecipients: readonly string[];
}

async function answer(origin: string, path: string): Promise<{ status: number; location: string; body: string }> {
  const response = await fetch(origin + path, { redirect: 'manual', signal: AbortSignal.timeout(30_000) });
  return { status: response.status, location: response.headers.get('location') ?? '', body: await response.text() };
}

const describe = (a: { status: number; location: string }) => (a.location ? `${a.status} → ${a.location}` : String(a.status));

/** GET /api/health on Netlify: 200 from a real round trip to PostgreSQL (the first one also migrates). */
export async function checkHealth(t: Pick<Targets, 'netlifyOrigin'>): Promise<CheckResult> {
  const response = await fetch(`${t.netlifyOrigin}/api/health`, { signal: AbortSignal.timeout(60_000) });
  const body = (await response.json().catch(() => ({}))) as { ok?: boolean; db?: string };
  const ok = response.status === 200 && body.ok === true && body.db === 'postgres';
  return { check: 'GET /api/health', netlify: `${response.status} ${JSON.stringify(body)}`, local: '–', ok };
}

/**
 * Where the password-reset mail must go: out by SMTP (production), or into the function log
 * (netlify serve's output) and nowhere else (a preview, docs/decisions/0026). A preview's links
 * name the address its build recorded (DEPLOY_PRIME_URL, decision 0041), never the one it was
 * asked under: `linkOrigin`.
 */
export type MailRoute = { kind: 'smtp' } | { kind: 'log'; logFile: string; linkOrigin: string };

/**
 * Registration, login and the session, and a password-reset mail, through Netlify's bundled
 * functions; the mail must reach the outbox without the function writing local files.
 */
export async function checkAccountFlow(t: Omit<Targets, 'localOrigin' | 'distDir'>, mail: MailRoute = { kind: 'smtp' }): Promise<CheckResult[]> {
  const visitor = new HttpVisitor(t.netlifyOrigin);
  const email = `parity.${Date.now()}.${randomBytes(3).toString('hex')}@example.test`;
  const password = 'richtig-geheim-1';
  const results: CheckResult[] = [];
  const row = (check: string, netlify: string, ok: boolean) => results.push({ check, netlify, local: '–', ok });

  const primed = await visitor.request('/api/visitor');
  row('GET /api/visitor (Cookies für Formulare)', String(primed.status), primed.status === 204);
  const guest = await visitor.request('/api/auth/me');
  await guest.arrayBuffer();
  row('GET /api/auth/me (Gast)', String(guest.status), guest.status === 401);

  // A registration pays with the proof of work, as the dialog does (decision 0063).
  const register = await visitor.request('/api/auth/register', {
    method: 'POST',
    json: { email, password, displayName: 'Erika Mustermann', hashcash_solutions: await solvedTasks(visitor) },
  });
  // The same answer for every address (decision 0029): the account shows in /me after the login.
  const registered = (await register.json().catch(() => ({}))) as { message?: string };
  row('POST /api/auth/register', String(register.status), register.status === 201 && typeof registered.message === 'string');

  const login = await visitor.request('/api/auth/login', { method: 'POST', json: { email, password } });
  await login.arrayBuffer();
  row('POST /api/auth/login', String(login.status), login.status === 200);

  const me = await visitor.request('/api/auth/me');
  const session = (await me.json().catch(() => ({}))) as { userId?: string; displayName?: string; emailVerified?: boolean };
  row(
    'GET /api/auth/me (angemeldet)',
    `${me.status} ${session.displayName ?? ''}`,
    me.status === 200 && typeof session.userId === 'string' && session.displayName === 'Erika Mustermann' && session.emailVerified === false,
  );
  results.push(await checkConfirmation(visitor, t.databaseUrl, email));
  results.push(await checkWithdrawalAddress(t.netlifyOrigin, t.databaseUrl, email));

  // The customer area's data (decision 0030): a confirmed account with no orders yet, never cached.
  const overview = await visitor.request('/api/account/overview');
  const area = (await overview.json().catch(() => ({}))) as { emailVerified?: boolean; orders?: unknown[]; contracts?: unknown[]; invoices?: unknown[] };
  row(
    'GET /api/account/overview (angemeldet)',
    `${overview.status}, ${overview.headers.get('cache-control') ?? 'ohne Cache-Control'}`,
    overview.status === 200 &&
      overview.headers.get('cache-control') === 'no-store' &&
      area.emailVerified === true &&
      area.orders?.length === 0 &&
      area.contracts?.length === 0 &&
      area.invoices?.length === 0,
  );
  // An invoice the account does not have (issue 24): the function's own 404, so its route with the parameter is deployed.
  const invoice = await visitor.request('/api/account/invoices/RE-000001/document?kind=pdf');
  const refusal = (await invoice.json().catch(() => ({}))) as { message?: string };
  row('GET /api/account/invoices/:nummer/document (fremde Rechnung)', String(invoice.status), invoice.status === 404 && refusal.message === invoiceDocumentMessages.notFound);

  const forgot = await visitor.request('/api/auth/forgot-password', { method: 'POST', json: { email } });
  await forgot.arrayBuffer();
  // The reset mail goes out after the answer (decision 0041): wait for both mails to be sent.
  const outbox = await sentOutbox(t.databaseUrl, email, 2);
  const sent = outbox.rows.filter((r) => r.sent).length;
  const delivered = t.smtpRecipients.filter((r) => r === email).length;
  if (mail.kind === 'smtp') {
    row(
      'POST /api/auth/forgot-password → SMTP',
      `${forgot.status}, Outbox ${sent}/${outbox.rowCount}, SMTP ${delivered}`,
      // Two mails: the confirmation link of the registration and the reset link.
      forgot.status === 200 && outbox.rowCount === 2 && sent === 2 && delivered === 2,
    );
  } else {
    const logged = await loggedMails(mail.logFile, email);
    row(
      'POST /api/auth/forgot-password → Protokoll',
      `${forgot.status}, Outbox ${sent}/${outbox.rowCount}, SMTP ${delivered}, Protokoll ${logged.length}`,
      forgot.status === 200 && outbox.rowCount === 2 && sent === 2 && delivered === 0 && logged.length === 2,
    );
    const resetMail = logged.find((block) => block.includes('/reset-password/')) ?? '';
    results.push(...(await checkResetFromLog(visitor, mail.linkOrigin, email, resetMail)));
  }

  const wroteFiles = existsSync(t.netlifyDataDir);
  row('keine lokalen Dateien (DATA_DIR)', wroteFiles ? 'geschrieben' : 'keine', !wroteFiles);
  return results;
}

/**
 * The outbox rows of a recipient once `expected` of them are sent, or as they are after ten
 * seconds. A database the functions never used has no outbox at all: a failed row, not an aborted run.
 */
async function sentOutbox(databaseUrl: string, email: string, expected: number): Promise<{ rows: { sent: boolean }[]; rowCount: number | null }> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const outbox = await withClient(databaseUrl, (client) =>
      client.query<{ sent: boolean }>('SELECT sent_at IS NOT NULL AS sent FROM mail_outbox WHERE recipient = $1', [email]),
    ).catch(() => ({ rows: [] as { sent: boolean }[], rowCount: 0 }));
    if (outbox.rows.filter((r) => r.sent).length >= expected || Date.now() > deadline) return outbox;
    await new Promise((wait) => setTimeout(wait, 200));
  }
}

/**
 * The confirmation link the registration queued (read from the outbox, whichever way the mail
 * went) confirms the address through the bundled function; the session shows it at once.
 */
async function checkConfirmation(visitor: HttpVisitor, databaseUrl: string, email: string): Promise<CheckResult> {
  const mails = await withClient(databaseUrl, (client) =>
    client.query<{ text_body: string }>('SELECT text_body FROM mail_outbox WHERE recipient = $1 ORDER BY id', [email]),
  ).catch(() => ({ rows: [] as { text_body: string }[] }));
  const token = mails.rows.map((m) => /\/konto-bestaetigen\/([\w-]+)/.exec(m.text_body)?.[1]).find(Boolean) ?? '';
  const confirmed = await visitor.request('/api/auth/confirm-email', { method: 'POST', json: { token } });
  await confirmed.arrayBuffer();
  const me = await visitor.request('/api/auth/me');
  const session = (await me.json().catch(() => ({}))) as { emailVerified?: boolean };
  return {
    check: 'Bestätigungslink → POST /api/auth/confirm-email',
    netlify: token ? `${confirmed.status}, bestätigt: ${String(session.emailVerified)}` : 'kein Link in der Outbox',
    local: '–',
    ok: Boolean(token) && confirmed.status === 200 && session.emailVerified === true,
  };
}

/**
 * The Widerrufsbelehrung names the online withdrawal form at the origin the functions link to (the
 * one the confirmation mail just named, and the contract confirmation PDF names), and this
 * deployment answers there with the form (issue 35, decision 0067).
 */
async function checkWithdrawalAddress(netlifyOrigin: string, databaseUrl: string, email: string): Promise<CheckResult> {
  const page = await answer(netlifyOrigin, '/widerrufsformular');
  const named = namedWithdrawalAddress(page.body);
  const mails = await withClient(databaseUrl, (client) =>
    client.query<{ text_body: string }>('SELECT text_body FROM mail_outbox WHERE recipient = $1 ORDER BY id', [email]),
  ).catch(() => ({ rows: [] as { text_body: string }[] }));
  const functionsOrigin = mails.rows.map((mail) => mailedOrigin(mail.text_body)).find(Boolean);
  const path = named ? URL.parse(named)?.pathname : undefined;
  const form = path ? await answer(netlifyOrigin, path) : undefined;
  const verdict = withdrawalAddressVerdict({ named, functionsOrigin, form });
  return { check: 'Widerrufsbelehrung → Online-Widerrufsformular', netlify: verdict.detail, local: '–', ok: verdict.ok };
}

/**
 * The reset link of the logged mail names this deploy's recorded address (not the production
 * address in URL, nor the Host it was asked under, which offline is 127.0.0.1) and its token
 * works here: a new password, then a login with it.
 */
async function checkResetFromLog(visitor: HttpVisitor, origin: string, email: string, block: string): Promise<CheckResult[]> {
  const prefix = `${origin}/reset-password/`;
  const link = block.split(/\s+/).find((word) => word.startsWith(prefix));
  const token = link ? decodeURIComponent(link.slice(prefix.length)) : '';
  const password = 'neues-geheimnis-2';
  const reset = await visitor.request('/api/auth/reset-password', { method: 'POST', json: { token, password } });
  await reset.arrayBuffer();
  const login = await visitor.request('/api/auth/login', { method: 'POST', json: { email, password } });
  await login.arrayBuffer();
  return [
    {
      check: 'Link aus dem Protokoll → neues Passwort, Anmeldung',
      netlify: link ? `${reset.status}, ${login.status}` : 'kein Link auf diesen Deploy',
      local: '–',
      ok: Boolean(link) && reset.status === 200 && login.status === 200,
    },
  ];
}

/** Every alias (also with a trailing slash and a query) answers like the local server: status and Location. */
export async function checkAliases(t: Targets): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const [alias, target] of Object.entries(pathAliases)) {
    for (const [path, expected] of [
      [alias, target],
      [`${alias}/`, target],
      [`${alias}?quelle=parity`, `${target}?quelle=parity`],
    ] as const) {
      const [netlify, local] = await Promise.all([answer(t.netlifyOrigin, path), answer(t.localOrigin, path)]);
      const ok = netlify.status === local.status && netlify.location === local.location && local.status === 301 && local.location === expected;
      results.push({ check: `GET ${path}`, netlify: describe(netlify), local: describe(local), ok });
    }
  }
  return results;
}

/** The token page rewrites, an unknown page and an unknown API path answer alike on both servers. */
export async function checkFallbacks(t: Targets): Promise<CheckResult[]> {
  const notFoundPage = await readFile(join(t.distDir, '404.html'), 'utf8');
  const resetPage = await readFile(join(t.distDir, 'reset-password.html'), 'utf8');
  const confirmPage = await readFile(join(t.distDir, 'konto-bestaetigen.html'), 'utf8');
  const token = randomBytes(12).toString('base64url');
  const missing = `/gibt-es-nicht-${randomBytes(4).toString('hex')}`;
  const cases = [
    { path: `/reset-password/${token}`, status: 200, body: resetPage, label: 'Seite „Passwort zurücksetzen“' },
    { path: `/konto-bestaetigen/${token}`, status: 200, body: confirmPage, label: 'Seite „E-Mail-Adresse bestätigen“' },
    { path: missing, status: 404, body: notFoundPage, label: '404-Seite' },
    { path: `${missing}/tiefer`, status: 404, body: notFoundPage, label: '404-Seite' },
  ];
  const results: CheckResult[] = [];
  for (const c of cases) {
    const [netlify, local] = await Promise.all([answer(t.netlifyOrigin, c.path), answer(t.localOrigin, c.path)]);
    const tag = (a: { status: number; body: string }) => `${a.status} ${a.body === c.body ? c.label : 'anderer Inhalt'}`;
    const ok = netlify.status === c.status && local.status === c.status && netlify.body === c.body && local.body === c.body;
    results.push({ check: `GET ${c.path.replace(token, '{token}')}`, netlify: tag(netlify), local: tag(local), ok });
  }
  // Only the status: locally an unknown API path gets a JSON error, Netlify has its 404 page (decision 0023).
  const [netlify, local] = await Promise.all([answer(t.netlifyOrigin, '/api/gibt-es-nicht'), answer(t.localOrigin, '/api/gibt-es-nicht')]);
  results.push({ check: 'GET /api/gibt-es-nicht (Status)', netlify: String(netlify.status), local: String(local.status), ok: netlify.status === 404 && local.status === 404 });
  return results;
}

/**
 * /_astro/ on both servers: a built asset is the static file with the year-long immutable
 * Cache-Control of _headers (the asset-missing function with preferStatic must not shadow it), a
 * missing one is that function's 404 with no-store (docs/decisions/0041). netlify serve is no CDN:
 * this shows Netlify's routing and header rules, not what an edge caches.
 */
export async function checkAssets(t: Targets): Promise<CheckResult[]> {
  const assets = (await readdir(join(t.distDir, '_astro'))).filter((name) => name.endsWith('.js')).sort();
  const asset = assets[0] ? `/_astro/${assets[0]}` : '/_astro/(kein .js im Build)';
  const missing = `/_astro/gibt-es-nicht.${randomBytes(4).toString('hex')}.js`;
  const get = async (origin: string, path: string) => {
    const response = await fetch(origin + path, { redirect: 'manual', signal: AbortSignal.timeout(30_000) });
    return { status: response.status, cacheControl: response.headers.get('cache-control') ?? '(fehlt)', body: await response.text() };
  };
  const show = (a: { status: number; cacheControl: string }) => `${a.status} ${a.cacheControl}`;
  const results: CheckResult[] = [];

  const [netlifyAsset, localAsset] = await Promise.all([get(t.netlifyOrigin, asset), get(t.localOrigin, asset)]);
  // netlify serve answers a built asset itself (the function's preferStatic lets it), but its
  // static server's own `Cache-Control: public, max-age=0` overrides header rules of the same name
  // (netlify-cli's proxy writes the upstream headers last): only the local server can show the
  // immutable rule of _headers, which Netlify's CDN applies to files it serves.
  const immutable = (a: { status: number; cacheControl: string }) => a.status === 200 && a.cacheControl === 'public, max-age=31536000, immutable';
  results.push({
    check: 'GET /_astro/{Asset des Builds}',
    netlify: show(netlifyAsset),
    local: show(localAsset),
    ok: Boolean(assets[0]) && netlifyAsset.status === 200 && immutable(localAsset),
  });

  const [netlifyMissing, localMissing] = await Promise.all([get(t.netlifyOrigin, missing), get(t.localOrigin, missing)]);
  const uncached = (a: { status: number; cacheControl: string; body: string }) =>
    a.status === 404 && a.cacheControl === 'no-store' && a.body === httpMessages.missingAsset;
  results.push({ check: 'GET /_astro/{fehlt}', netlify: show(netlifyMissing), local: show(localMissing), ok: uncached(netlifyMissing) && uncached(localMissing) });
  return results;
}

/** The cart of issue 18: a 6-month package, 2 development hours and a domain. */
const MIXED_CART = [
  { id: 'webapp-basis-6m', quantity: 1 },
  { id: 'software-development', quantity: 2 },
  { id: 'domain-de:parity-test', quantity: 1 },
];

interface OrderAnswer {
  orderId?: string;
  schedule?: { dueNow: { grossCents: number }; recurring: { everyMonths: number; amount: { grossCents: number } }[] };
}

/** The proof of work the checkout solves in the browser before ordering (docs/decisions/0040). */
async function solvedTasks(visitor: HttpVisitor): Promise<HashcashSolution[]> {
  const { tasks } = (await (await visitor.request('/security/hashcash/task')).json()) as { tasks: HashcashTask[] };
  return tasks.map((task) => ({ ...task, nonce: searchNonce(task)! }));
}

async function placeOrder(origin: string, agbVersion: string): Promise<{ status: number; answer: OrderAnswer; amounts: string }> {
  const visitor = new HttpVisitor(origin);
  await (await visitor.request('/api/visitor')).arrayBuffer();
  const solutions = await solvedTasks(visitor);
  const response = await visitor.request('/api/orders', {
    method: 'POST',
    headers: { 'Idempotency-Key': `parity-${randomBytes(8).toString('hex')}` },
    json: {
      items: MIXED_CART,
      customer: { type: 'consumer', name: 'Erika Mustermann', street: 'Heidestraße 17', postalCode: '51147', city: 'Köln', country: 'Deutschland', email: `parity.${Date.now()}@example.test` },
      paymentMethod: 'invoice',
      consents: { agb: true, agbVersion, earlyStart: true, waiverAcknowledged: true },
      hashcash_solutions: solutions,
    },
  });
  const answer = (await response.json().catch(() => ({}))) as OrderAnswer;
  const schedule = answer.schedule;
  const amounts = schedule ? [schedule.dueNow.grossCents, ...schedule.recurring.map((r) => `${r.everyMonths}:${r.amount.grossCents}`)].join(' ') : '–';
  return { status: response.status, answer, amounts };
}

/**
 * The price source compiled into Netlify's function bundles (src/generated/*.json, imported with
 * import attributes) prices an order exactly like the local server and the product file the build
 * served: the editor's preview shows the prices production will charge.
 */
export async function checkPricing(t: { netlifyOrigin: string; localOrigin?: string | undefined; root: string }): Promise<CheckResult[]> {
  const agbVersion = (JSON.parse(await readFile(join(t.root, 'src/generated/agb-version.json'), 'utf8')) as { version: string }).version;
  const netlify = await placeOrder(t.netlifyOrigin, agbVersion);
  const local = t.localOrigin ? await placeOrder(t.localOrigin, agbVersion) : undefined;
  const products = async (origin: string) => (await fetch(`${origin}/locales/de-products.json`, { signal: AbortSignal.timeout(30_000) })).text();
  const netlifyProducts = await products(t.netlifyOrigin);
  const localProducts = t.localOrigin ? await products(t.localOrigin) : undefined;
  const placed = (o: { status: number; answer: OrderAnswer }) => o.status === 201 && normalisedOrderNumber(o.answer.orderId ?? '') === o.answer.orderId;
  return [
    {
      check: 'POST /api/orders (Beträge nach Rhythmus)',
      netlify: `${netlify.status} ${netlify.amounts}`,
      local: local ? `${local.status} ${local.amounts}` : '–',
      ok: placed(netlify) && netlify.answer.schedule!.recurring.length === 2 && (!local || (placed(local) && local.amounts === netlify.amounts)),
    },
    {
      check: 'GET /locales/de-products.json',
      netlify: `${netlifyProducts.length} Zeichen`,
      local: localProducts === undefined ? '–' : `${localProducts.length} Zeichen`,
      ok: netlifyProducts.includes('"software-development"') && (localProducts === undefined || localProducts === netlifyProducts),
    },
  ];
}
