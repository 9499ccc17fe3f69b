import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathAliases } from '../../src/server/routing/aliases.ts';
import { withClient } from './scratch-db.ts';
import { HttpVisitor } from './visitor.ts';

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
export async function checkHealth(t: Targets): Promise<CheckResult> {
  const response = await fetch(`${t.netlifyOrigin}/api/health`, { signal: AbortSignal.timeout(60_000) });
  const body = (await response.json().catch(() => ({}))) as { ok?: boolean; db?: string };
  const ok = response.status === 200 && body.ok === true && body.db === 'postgres';
  return { check: 'GET /api/health', netlify: `${response.status} ${JSON.stringify(body)}`, local: '–', ok };
}

/**
 * Registration, login and the session, and a password-reset mail, through Netlify's bundled
 * functions; the mail must reach the outbox without the function writing local files.
 */
export async function checkAccountFlow(t: Targets): Promise<CheckResult[]> {
  const visitor = new HttpVisitor(t.netlifyOrigin);
  const email = `parity.${Date.now()}.${randomBytes(3).toString('hex')}@example.test`;
  const password = 'richtig-geheim-1';
  const results: CheckResult[] = [];
  const row = (check: string, netlify: string, ok: boolean) => results.push({ check, netlify, local: '–', ok });

  const primed = await visitor.request('/api/auth/me');
  await primed.arrayBuffer();
  row('GET /api/auth/me (Gast)', String(primed.status), primed.status === 401);

  const register = await visitor.request('/api/auth/register', { method: 'POST', json: { email, password, displayName: 'Erika Mustermann' } });
  const registered = (await register.json().catch(() => ({}))) as { userId?: string };
  row('POST /api/auth/register', String(register.status), register.status === 201 && typeof registered.userId === 'string');

  const login = await visitor.request('/api/auth/login', { method: 'POST', json: { email, password } });
  await login.arrayBuffer();
  row('POST /api/auth/login', String(login.status), login.status === 200);

  const me = await visitor.request('/api/auth/me');
  const session = (await me.json().catch(() => ({}))) as { userId?: string; displayName?: string };
  row(
    'GET /api/auth/me (angemeldet)',
    `${me.status} ${session.displayName ?? ''}`,
    me.status === 200 && session.userId === registered.userId && session.displayName === 'Erika Mustermann',
  );

  const forgot = await visitor.request('/api/auth/forgot-password', { method: 'POST', json: { email } });
  await forgot.arrayBuffer();
  const outbox = await withClient(t.databaseUrl, (client) =>
    client.query<{ sent: boolean }>('SELECT sent_at IS NOT NULL AS sent FROM mail_outbox WHERE recipient = $1', [email]),
  );
  const sent = outbox.rows.filter((r) => r.sent).length;
  const delivered = t.smtpRecipients.filter((r) => r === email).length;
  row(
    'POST /api/auth/forgot-password → SMTP',
    `${forgot.status}, Outbox ${sent}/${outbox.rowCount}, SMTP ${delivered}`,
    forgot.status === 200 && outbox.rowCount === 1 && sent === 1 && delivered === 1,
  );

  const wroteFiles = existsSync(t.netlifyDataDir);
  row('keine lokalen Dateien (DATA_DIR)', wroteFiles ? 'geschrieben' : 'keine', !wroteFiles);
  return results;
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

/** The token page rewrite, an unknown page and an unknown API path answer alike on both servers. */
export async function checkFallbacks(t: Targets): Promise<CheckResult[]> {
  const notFoundPage = await readFile(join(t.distDir, '404.html'), 'utf8');
  const resetPage = await readFile(join(t.distDir, 'reset-password.html'), 'utf8');
  const token = randomBytes(12).toString('base64url');
  const missing = `/gibt-es-nicht-${randomBytes(4).toString('hex')}`;
  const cases = [
    { path: `/reset-password/${token}`, status: 200, body: resetPage, label: 'Seite „Passwort zurücksetzen“' },
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
