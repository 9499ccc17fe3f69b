import { describe, expect, it } from 'vitest';
import { createSession, sessionUser } from '../../../src/server/auth/session.ts';
import { getDb } from '../../../src/server/db/index.ts';
import { loggedIn } from './helpers.ts';

const MINUTE = 60 * 1000;

async function sessionAt(rememberMe: boolean, start: Date): Promise<string> {
  const { account } = await loggedIn();
  const db = await getDb();
  const { rows } = await db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [account.email]);
  const cookie = await createSession(db, rows[0]!.id, rememberMe, false, start);
  return /^session=([^;]+)/.exec(cookie)![1]!;
}

/** Decision 0039: an idle limit besides the absolute lifetime, slid by every use. */
describe('session idle timeout', () => {
  it('ends a session unused for 30 minutes, and every use slides the limit', async () => {
    const start = new Date('2030-01-01T10:00:00Z');
    const token = await sessionAt(false, start);
    const db = await getDb();
    const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);
    expect(await sessionUser(db, token, at(29))).not.toBeNull();
    expect(await sessionUser(db, token, at(58))).not.toBeNull();
    expect(await sessionUser(db, token, at(87))).not.toBeNull();
    expect(await sessionUser(db, token, at(118))).toBeNull();
    // Refused for good: a later use does not bring it back.
    expect(await sessionUser(db, token, at(119))).toBeNull();
  });

  it('gives a remembered session 7 idle days within its 30', async () => {
    const start = new Date('2030-01-01T10:00:00Z');
    const db = await getDb();
    const day = (days: number) => new Date(start.getTime() + days * 24 * 60 * MINUTE);
    const used = await sessionAt(true, start);
    for (const days of [6, 12, 18, 24, 29]) expect(await sessionUser(db, used, day(days))).not.toBeNull();
    // The absolute limit holds however often it is used.
    expect(await sessionUser(db, used, day(30.01))).toBeNull();
    const idle = await sessionAt(true, start);
    expect(await sessionUser(db, idle, day(7.01))).toBeNull();
  });
});
