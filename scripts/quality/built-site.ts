/**
 * The built site as the scripts that look at its pages need it (Lighthouse, the screenshots):
 * scripts/serve.ts on a private port of 127.0.0.1 with a throwaway data directory, ready once its
 * health check answers. `stop` ends the server and removes the data; leaving the process without
 * it (a crashed Chromium launcher, an uncaught error) still ends the server.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface BuiltSite {
  origin: string;
  stop(): void;
}

/** Long enough for a cold start on a loaded 2-core runner: the migrations run before it listens. */
const READY_WITHIN_MS = 60_000;
const POLL_MS = 250;

export async function startBuiltSite(port: number): Promise<BuiltSite> {
  const origin = `http://127.0.0.1:${port}`;
  const workDir = mkdtempSync(join(tmpdir(), 'built-site-'));
  const server = spawn(process.execPath, ['scripts/serve.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: join(workDir, 'data') },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const kill = () => server.kill();
  process.once('exit', kill);
  const stop = () => {
    process.off('exit', kill);
    server.kill();
    rmSync(workDir, { recursive: true, force: true });
  };

  try {
    for (let waited = 0; waited < READY_WITHIN_MS; waited += POLL_MS) {
      if (server.exitCode !== null) throw new Error(`scripts/serve.ts beendet (Code ${server.exitCode})`);
      try {
        if ((await fetch(`${origin}/api/health`)).ok) return { origin, stop };
      } catch {
        // not listening yet
      }
      await new Promise((done) => setTimeout(done, POLL_MS));
    }
    throw new Error(`Server auf ${origin} nicht erreichbar`);
  } catch (error) {
    stop();
    throw error;
  }
}
