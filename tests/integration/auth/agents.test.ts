import { execFile } from 'node:child_process';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { checkCredentials, registerUser } from '../../../src/server/auth/accounts.ts';
import { DEMO_AGENT_EMAIL, ensureDemoAgent } from '../../../src/server/auth/demo-agent.ts';
import { loadEnv } from '../../../src/server/env.ts';
import { openDb, type Db } from '../../../src/server/db/index.ts';
import { migrate } from '../../../src/server/db/migrate.ts';

const run = promisify(execFile);

/** A fresh embedded database, as on a first local `npm start`. */
async function freshLocalDb(): Promise<{ db: Db; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'agents-'));
  const db = await openDb(loadEnv({ DATA_DIR: dataDir, APP_SECRET: 'x'.repeat(40) }));
  await migrate(db);
  return { db, dataDir };
}

describe('demo agent (local default)', () => {
  it('is created once with a random password that is printed again on later starts', async () => {
    const { db, dataDir } = await freshLocalDb();
    try {
      const first = await ensureDemoAgent(db, dataDir);
      expect(first?.email).toBe(DEMO_AGENT_EMAIL);
      expect(first!.password.length).toBeGreaterThanOrEqual(16);
      expect(statSync(join(dataDir, 'demo-agent.json')).mode & 0o077).toBe(0);
      expect(await ensureDemoAgent(db, dataDir)).toEqual(first);
      const id = await checkCredentials(db, { email: first!.email, password: first!.password, rememberMe: false });
      const { rows } = await db.query<{ user_type: string }>('SELECT user_type FROM users WHERE id = $1', [id]);
      expect(rows[0]?.user_type).toBe('agent');
    } finally {
      await db.close();
    }
  });

  it('is not created when the database has a real agent', async () => {
    const { db, dataDir } = await freshLocalDb();
    try {
      await registerUser(db, { email: 'chefin@example.com', password: 'sehr-geheim-1', displayName: 'Chefin' }, 'agent');
      expect(await ensureDemoAgent(db, dataDir)).toBeNull();
      expect((await db.query("SELECT 1 FROM users WHERE user_type = 'agent'")).rows).toHaveLength(1);
    } finally {
      await db.close();
    }
  });
});

describe('npm run user:create', () => {
  const script = join(process.cwd(), 'scripts/user-create.ts');
  const node = process.execPath;

  it('creates an agent with the registration rules, and refuses bad input and duplicates', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'user-create-'));
    // The script's own embedded database, whatever driver this test project uses.
    const envVars: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, APP_SECRET: 'x'.repeat(40) };
    delete envVars.DATABASE_URL;
    delete envVars.DB_DRIVER;
    const args = ['--email', 'Erste.Agentin@Example.com', '--password', 'agentin-passwort', '--name', 'Erste Agentin', '--agent'];
    const created = await run(node, [script, ...args], { env: envVars });
    expect(created.stdout).toMatch(/^Konto angelegt: erste\.agentin@example\.com \(agent, id [0-9a-f-]{36}\)/);

    await expect(run(node, [script, ...args], { env: envVars })).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('Für diese E-Mail-Adresse gibt es bereits ein Konto.'),
    });
    await expect(run(node, [script, '--email', 'x@example.com', '--password', 'kurz', '--name', 'X'], { env: envVars })).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('password: Das Passwort muss mindestens 8 Zeichen lang sein.'),
    });

    const db = await openDb(loadEnv({ DATA_DIR: dataDir, APP_SECRET: 'x'.repeat(40) }));
    try {
      const { rows } = await db.query<{ user_type: string; display_name: string }>('SELECT user_type, display_name FROM users');
      expect(rows).toEqual([{ user_type: 'agent', display_name: 'Erste Agentin' }]);
    } finally {
      await db.close();
    }
  });
});
