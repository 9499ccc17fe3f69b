/**
 * `npm run user:create -- --email E --password P --name N [--agent]`: creates an account in the
 * database the environment names, with the same rules as the registration form (for example
 * the first agent of a deployment: DATABASE_URL=… npm run user:create -- … --agent).
 */
import { parseArgs } from 'node:util';
import * as v from 'valibot';
import { NewAccountSchema } from '../src/lib/schemas/auth.ts';
import { registerUser } from '../src/server/auth/accounts.ts';
import { closeDb, getDb } from '../src/server/db/index.ts';

const usage = 'Aufruf: npm run user:create -- --email E-MAIL --password PASSWORT --name ANZEIGENAME [--agent]';

let args;
try {
  args = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      agent: { type: 'boolean', default: false },
    },
  }).values;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  console.error(usage);
  process.exit(2);
}

const parsed = v.safeParse(NewAccountSchema, { email: args.email ?? '', password: args.password ?? '', displayName: args.name ?? '' });
if (!parsed.success) {
  for (const issue of parsed.issues) console.error(`${v.getDotPath(issue) ?? 'Eingabe'}: ${issue.message}`);
  console.error(usage);
  process.exit(2);
}

try {
  const userType = args.agent ? 'agent' : 'customer';
  const id = await registerUser(await getDb(), parsed.output, userType);
  console.log(`Konto angelegt: ${parsed.output.email} (${userType}, id ${id})`);
} catch (error) {
  console.error('Konto konnte nicht angelegt werden:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await closeDb();
}
