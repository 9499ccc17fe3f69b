import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import * as v from 'valibot';
import type { Queryable } from '../db/index.ts';
import { serializeCookie } from '../http/cookies.ts';

/**
 * One Google sign-in attempt, from the start (GET /api/auth/google) to the callback. Its secrets
 * travel in an HttpOnly cookie signed with APP_SECRET, so the server keeps nothing until the
 * callback spends the state once (docs/decisions/0012).
 */

export const GOOGLE_FLOW_COOKIE = 'google_sign_in';
/** Long enough to pick an account and confirm at Google, short enough to limit a stolen cookie. */
const GOOGLE_FLOW_TTL_SECONDS = 600;

const MAX_RETURN_TO_LENGTH = 1000;
const PREFIX = 'g1';

export interface GoogleSignInFlow {
  state: string;
  nonce: string;
  codeVerifier: string;
  /** Same-site path the visitor returns to after signing in. */
  returnTo: string;
  /** Unix seconds. */
  expiresAt: number;
}

const FlowSchema = v.object({
  state: v.string(),
  nonce: v.string(),
  codeVerifier: v.string(),
  returnTo: v.string(),
  expiresAt: v.number(),
});

/** 256 random bits each: state and nonce are unguessable, the verifier has the 43 characters RFC 7636 asks for. */
function random(): string {
  return randomBytes(32).toString('base64url');
}

export function newFlow(returnTo: string, now: Date = new Date()): GoogleSignInFlow {
  return {
    state: random(),
    nonce: random(),
    codeVerifier: random(),
    returnTo,
    expiresAt: Math.floor(now.getTime() / 1000) + GOOGLE_FLOW_TTL_SECONDS,
  };
}

/**
 * Where to go after signing in: only a path of this site. Anything that a browser could read as
 * another host (`//evil.example`, `/\evil.example`, `https://…`, or a path that normalises to one)
 * falls back to the start page.
 */
export function safeReturnTo(raw: string | null): string {
  const fallback = '/';
  if (!raw || raw.length > MAX_RETURN_TO_LENGTH || !raw.startsWith('/')) return fallback;
  // Browsers treat a backslash like a slash and drop tabs and newlines inside URLs.
  if ([...raw].some((c) => c === '\\' || c <= '\u001f' || c === '\u007f')) return fallback;
  const base = 'https://return-to.invalid';
  const url = new URL(raw, base);
  const path = url.pathname + url.search + url.hash;
  if (url.origin !== base || path.startsWith('//')) return fallback;
  return path;
}

function signature(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`google-sign-in\u0000${payload}`).digest('base64url');
}

export function flowCookie(secret: string, flow: GoogleSignInFlow, secure: boolean): string {
  const payload = `${PREFIX}.${Buffer.from(JSON.stringify(flow)).toString('base64url')}`;
  return serializeCookie(GOOGLE_FLOW_COOKIE, `${payload}.${signature(secret, payload)}`, {
    httpOnly: true,
    secure,
    // Lax: the cookie must come along on the top-level redirect back from Google.
    sameSite: 'Lax',
    maxAgeSeconds: GOOGLE_FLOW_TTL_SECONDS,
  });
}

export function clearFlowCookie(secure: boolean): string {
  return serializeCookie(GOOGLE_FLOW_COOKIE, '', { httpOnly: true, secure, maxAgeSeconds: 0 });
}

/** The flow of a cookie we signed that has not expired; anything else is null. */
export function readFlow(secret: string, cookie: string | undefined, now: Date = new Date()): GoogleSignInFlow | null {
  const parts = cookie?.split('.') ?? [];
  if (parts.length !== 3 || parts[0] !== PREFIX) return null;
  const payload = `${parts[0]}.${parts[1]}`;
  const expected = Buffer.from(signature(secret, payload));
  const actual = Buffer.from(parts[2]!);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const flow = v.safeParse(FlowSchema, data);
  if (!flow.success || flow.output.expiresAt <= now.getTime() / 1000) return null;
  return flow.output;
}

/** Constant-time: the state is the secret that ties Google's answer to this browser. */
export function stateMatches(flow: GoogleSignInFlow, state: string | undefined): boolean {
  const expected = Buffer.from(flow.state);
  const actual = Buffer.from(state ?? '');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * Marks the flow as finished; false when it was finished before. The primary key makes a
 * second spend (also a concurrent one) fail, so a copied cookie and callback URL work once.
 */
export async function spendFlow(db: Queryable, flow: GoogleSignInFlow, now: Date = new Date()): Promise<boolean> {
  const stateHash = createHash('sha256').update(flow.state).digest('hex');
  const { rowCount } = await db.query(
    'INSERT INTO google_sign_in_spent (state_hash, expires_at) VALUES ($1, $2) ON CONFLICT (state_hash) DO NOTHING',
    [stateHash, new Date(flow.expiresAt * 1000)],
  );
  await db.query('DELETE FROM google_sign_in_spent WHERE expires_at < $1', [now]);
  return rowCount === 1;
}
