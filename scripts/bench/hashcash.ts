/**
 * `npm run bench:hashcash` inside `npm run bench`: runs scripts/bench-hashcash.ts as it is and
 * reads the rates from its output lines, so both commands print the same numbers.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

export interface HashcashRow {
  label: string;
  megaHashesPerSecond: number;
  /** Share of the native rate; absent on the native line itself. */
  percentOfNative?: number;
}

export async function benchHashcash(): Promise<{ rows: HashcashRow[]; output: string }> {
  const { stdout } = await promisify(execFile)(process.execPath, ['scripts/bench-hashcash.ts'], { timeout: 120_000 });
  const rows: HashcashRow[] = [];
  for (const line of stdout.split('\n')) {
    const match = /^(.+?):\s+([\d.]+) Mio\. Hashes\/s(?:\s+([\d.]+) %)?/.exec(line);
    if (!match) continue;
    rows.push({
      label: match[1]!.trim(),
      megaHashesPerSecond: Number(match[2]),
      ...(match[3] ? { percentOfNative: Number(match[3]) } : {}),
    });
  }
  if (rows.length === 0) throw new Error(`bench:hashcash: keine Raten in der Ausgabe:\n${stdout}`);
  return { rows, output: stdout.trimEnd() };
}
