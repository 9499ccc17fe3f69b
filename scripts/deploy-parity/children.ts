import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';

/** A server started for the run: its own process group, output in a log file. */
export interface Child {
  name: string;
  process: ChildProcess;
  logFile: string;
  exited: Promise<number | null>;
}

export function startChild(name: string, command: string, args: string[], options: { env: NodeJS.ProcessEnv; logFile: string }): Child {
  const log = createWriteStream(options.logFile);
  // detached: the child leads a new process group, so stopping it also stops what it spawned.
  const child = spawn(command, args, { env: options.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.once('error', () => resolve(null));
  });
  return { name, process: child, logFile: options.logFile, exited };
}

function signalGroup(child: Child, signal: NodeJS.Signals): void {
  if (child.process.pid === undefined) return;
  try {
    process.kill(-child.process.pid, signal);
  } catch {
    // the group is gone already
  }
}

/** SIGTERM to the whole group, SIGKILL after a grace period. */
export async function stopChild(child: Child, graceMs = 5000): Promise<void> {
  signalGroup(child, 'SIGTERM');
  const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), graceMs);
  await Promise.race([child.exited, new Promise((resolve) => setTimeout(resolve, graceMs + 2000))]);
  clearTimeout(timer);
  // Grandchildren that outlived their parent still belong to the group.
  signalGroup(child, 'SIGKILL');
}

/** Synchronous last resort for an exit handler. */
export function killChildNow(child: Child): void {
  signalGroup(child, 'SIGKILL');
}

/** Polls the URL until it answers with `status`, the child exits, or the time is up. */
export async function waitUntilReady(child: Child, url: string, timeoutMs: number, status = 200): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void child.exited.then((code) => {
    exitCode = code;
  });
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`${child.name} ist vorzeitig beendet (Exit-Code ${exitCode}).`);
    try {
      const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(5000) });
      await response.arrayBuffer();
      if (response.status === status) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`${child.name} war nach ${Math.round(timeoutMs / 1000)} s nicht bereit (${url}).`);
}

export async function logTail(child: Child, lines = 40): Promise<string> {
  const text = await readFile(child.logFile, 'utf8').catch(() => '');
  // netlify-cli colours its output; the tail is for a plain CI log.
  // eslint-disable-next-line no-control-regex
  return text.replace(/\u001b\[[0-9;]*m/g, '').split('\n').slice(-lines).join('\n');
}
