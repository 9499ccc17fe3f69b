import type { Queryable } from '../db/index.ts';
import { SIGNED_IN_COOKIE } from '../../lib/auth/signed-in.ts';
import { serializeCookie } from '../http/cookies.ts';
import { newToken, tokenHash } from './tokens.ts';

export const SESSION_COOKIE = 'session';

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/** How long a session lives and whether its cookie outlives the browser (decision 0064). */
interface SessionPolicy {
  /** Absolute: from login, however often the session is used. */
  lifetimeSeconds: number;
  /** Unused this long, the session ends before its lifetime. */
  idleSeconds: number;
  /** A persistent cookie (Max-Age = lifetime) survives closing the browser; otherwise it ends with it. */
  persistentCookie: boolean;
}

/**
 * Decision 0064 (ASVS 4.0.3 3.3.2, level 2): every session needs a new login 12 hours after the
 * last one. Agents, who see every customer's data, also after 30 minutes unused, whatever
 * "Angemeldet bleiben" says. A customer's session ends after 30 minutes unused as well, unless
 * the customer asked to stay signed in: then its cookie survives closing the browser and the
 * session ends only at its 12 hours.
 */
function sessionPolicy(userType: SessionUser['userType'], rememberMe: boolean): SessionPolicy {
  const remembered = userType === 'customer' && rememberMe;
  return { lifetimeSeconds: 12 * HOUR, idleSeconds: remembered ? 12 * HOUR : 30 * MINUTE, persistentCookie: remembered };
}

export interface SessionUser {
  userId: string;
  displayName: string;
  userType: 'customer' | 'agent';
  /** The account's own address, for its owner's forms (the checkout fills it in, issue 36). */
  email: string;
  /** Whether the account's address is confirmed (issue 19): only then its orders and identity count. */
  emailVerified: boolean;
}

/**
 * A new session (never a reused one: no session fixation) with the lifetimes of its user's kind
 * (decision 0064). Returns the cookies to set: the session's and the page's hint that one exists
 * (decision 0035), both with the same lifetime.
 */
export async function createSession(
  db: Queryable,
  userId: string,
  rememberMe: boolean,
  secure: boolean,
  now: Date = new Date(),
): Promise<[session: string, signedIn: string]> {
  const token = newToken();
  const { rows } = await db.query<{ user_type: SessionUser['userType'] }>('SELECT user_type FROM users WHERE id = $1', [userId]);
  const policy = sessionPolicy(rows[0]!.user_type, rememberMe);
  await db.query(
    'INSERT INTO sessions (token_hash, user_id, created_at, expires_at, last_seen_at, idle_seconds) VALUES ($1, $2, $3, $4, $3, $5)',
    [tokenHash(token), userId, now, new Date(now.getTime() + policy.lifetimeSeconds * 1000), policy.idleSeconds],
  );
  const lifetime = policy.persistentCookie ? { maxAgeSeconds: policy.lifetimeSeconds } : {};
  return [
    serializeCookie(SESSION_COOKIE, token, { httpOnly: true, secure, ...lifetime }),
    serializeCookie(SIGNED_IN_COOKIE, '1', { httpOnly: false, secure, ...lifetime }),
  ];
}

/**
 * SQL condition "session `s` is the one of token hash `tokenHash` and alive at `now`" (two
 * placeholders): not expired and used within its idle limit.
 */
export function liveSessionSql(tokenHash: string, now: string): string {
  return `s.token_hash = ${tokenHash} AND s.expires_at > ${now} AND s.last_seen_at + s.idle_seconds * interval '1 second' > ${now}`;
}

/**
 * The user of a session cookie, when the session exists, has not expired and was used within its
 * idle limit. Using it slides the idle limit: the lookup is an UPDATE … RETURNING, so marking it
 * seen costs no round trip of its own. A chat poll reads the session without this (decision 0044).
 */
export async function sessionUser(db: Queryable, token: string | undefined, now: Date = new Date()): Promise<SessionUser | null> {
  if (!token) return null;
  const { rows } = await db.query<{ user_id: string; display_name: string; user_type: 'customer' | 'agent'; email: string; email_verified: boolean }>(
    `UPDATE sessions s SET last_seen_at = $2
     FROM users u
     WHERE u.id = s.user_id AND ${liveSessionSql('$1', '$2')}
     RETURNING u.id AS user_id, u.display_name, u.user_type, u.email, u.email_verified_at IS NOT NULL AS email_verified`,
    [tokenHash(token), now],
  );
  const row = rows[0];
  return row ? { userId: row.user_id, displayName: row.display_name, userType: row.user_type, email: row.email, emailVerified: row.email_verified } : null;
}

/** Revokes the session at once: the old cookie is refused afterwards. */
export async function revokeSession(db: Queryable, token: string | undefined): Promise<void> {
  if (token) await db.query('DELETE FROM sessions WHERE token_hash = $1', [tokenHash(token)]);
}

/** Ends every session of a user (password reset, account deletion), except the one given. */
export async function revokeUserSessions(db: Queryable, userId: string, keepToken?: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2', [userId, keepToken ? tokenHash(keepToken) : '']);
}

export function clearSessionCookie(secure: boolean): string {
  return serializeCookie(SESSION_COOKIE, '', { httpOnly: true, secure, maxAgeSeconds: 0 });
}

/** Ends the hint: with logout, deletion, or when the session it points to is gone. */
export function clearSignedInCookie(secure: boolean): string {
  return serializeCookie(SIGNED_IN_COOKIE, '', { httpOnly: false, secure, maxAgeSeconds: 0 });
}
