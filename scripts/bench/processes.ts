/**
 * Child processes of a benchmark: the local server (`scripts/serve.ts`, what `npm start` runs
 * after the build) and `scripts/user-create.ts`, each with the run's
 * environment. Servers are measured in their own process so the load generator does not share
 * their event loop.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import type { Scratch } from './scratch-db.ts';

/** A fixed secret: CSRF tokens and sessions only have to verify within the run. */
const APP_SECRET = 'benchmark-secret-only-for-local-runs-0123456789';

export function processEnv(scratch: Scratch, dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, ...scratch.env, DATA_DIR: dataDir, APP_SECRET, ...extra };
}

export interface RunningServer {
  origin: string;
  stop(): Promise<void>;
}

const children = new Set<ChildProcess>();
// A benchmark that dies (error, Ctrl+C) must not leave servers behind on its ports.
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url);
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

/** Starts `node <script>` and resolves once `readyPath` answers 200. */
export async function startServer(script: string, env: NodeJS.ProcessEnv, port: number, readyPath: string): Promise<RunningServer> {
  const origin = `http://127.0.0.1:${port}`;
  // Otherwise another server on the port would pass the readiness check and be measured instead.
  if (await answers(origin + readyPath)) throw new Error(`Port ${port} ist schon belegt.`);
  const child = spawn(process.execPath, [script], { env: { ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  children.add(child);
  child.once('exit', () => children.delete(child));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${script} ist beendet (Code ${child.exitCode}):\n${output}`);
    if (await answers(origin + readyPath)) return { origin, stop: () => stop(child) };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop(child);
  throw new Error(`${script} wurde nicht bereit:\n${output}`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export interface Account {
  email: string;
  password: string;
}

/** Creates an account the way an operator does (README: `npm run user:create`). */
export async function createAccount(env: NodeJS.ProcessEnv, name: string, agent: boolean): Promise<Account> {
  const account = { email: `${name}@bench.example`, password: 'benchmark-passwort-1' };
  const args = ['scripts/user-create.ts', '--email', account.email, '--password', account.password, '--name', name];
  if (agent) args.push('--agent');
  await promisify(execFile)(process.execPath, args, { env });
  return account;
}
