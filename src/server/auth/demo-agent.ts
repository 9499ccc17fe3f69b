import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../db/index.ts';
import { registerUser } from './accounts.ts';

export const DEMO_AGENT_EMAIL = 'demo-agent@example.com';

export interface DemoAgent {
  email: string;
  password: string;
}

/**
 * Local default only (embedded database, not on Netlify): makes sure an agent exists, so the
 * agent dashboard can be tried right after `npm start`. The password is random per data
 * directory and kept next to the database, so every start can print it again.
 * Returns the credentials to print, or null when a real agent exists already.
 */
export async function ensureDemoAgent(db: Db, dataDir: string): Promise<DemoAgent | null> {
  const file = join(dataDir, 'demo-agent.json');
  const { rows } = await db.query<{ email: string }>("SELECT email FROM users WHERE user_type = 'agent'");
  if (rows.length > 0) {
    if (!rows.some((row) => row.email === DEMO_AGENT_EMAIL)) return null;
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as DemoAgent;
    } catch {
      return null;
    }
  }
  const agent = { email: DEMO_AGENT_EMAIL, password: randomBytes(12).toString('base64url') };
  await registerUser(db, { ...agent, displayName: 'Demo-Agent' }, 'agent');
  writeFileSync(file, JSON.stringify(agent), { mode: 0o600 });
  return agent;
}
