/**
 * How much of the machine's CPU went to work outside this process and its descendants while a
 * measurement ran (Linux /proc). scripts/lighthouse.ts uses it to tell an idle run from one that
 * shared the cores with something else: Lighthouse's own benchmarkIndex is taken once at the start
 * of a run, so load that begins a second later goes unnoticed by it (decision 0043).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on every Linux build Node runs on). */
const TICKS_PER_SECOND = 100;

/** Ticks the whole machine spent busy; steal counts too, since then a neighbour on the host ran. */
function machineBusy(): number {
  const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '';
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = line.trim().split(/\s+/).slice(1).map(Number);
  return user + nice + system + irq + softirq + steal;
}

/**
 * Ticks spent by this process and its descendants. A child that ended and was waited for is in
 * its parent's cutime/cstime, so Chromium's closed tabs still count as this run's own work.
 */
function ownBusy(): number {
  const parents = new Map<number, number>();
  const ticks = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // ended while the list was read
    }
    // Fields after the command name, which may itself contain spaces and parentheses: state, ppid, … utime is field 14.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ').map(Number);
    const pid = Number(entry);
    parents.set(pid, fields[1] ?? 0);
    ticks.set(pid, (fields[11] ?? 0) + (fields[12] ?? 0) + (fields[13] ?? 0) + (fields[14] ?? 0));
  }
  const own = (pid: number): boolean => {
    for (let current = pid, depth = 0; current > 1 && depth < 64; current = parents.get(current) ?? 0, depth++) {
      if (current === process.pid) return true;
    }
    return false;
  };
  let sum = 0;
  for (const [pid, value] of ticks) if (own(pid)) sum += value;
  return sum;
}

/** Shares (0–1) of all cores' time since the probe started. */
export interface CpuShares {
  /** Went to processes outside this one and its descendants. */
  foreign: number;
  /** Went to this process and its descendants (here: Lighthouse, Chromium and the site's server). */
  own: number;
}

/** Starts measuring; each call of the returned function reports the shares since the start. */
export function startContentionProbe(): () => CpuShares {
  const started = performance.now();
  const machine = machineBusy();
  const own = ownBusy();
  return () => {
    const capacity = ((performance.now() - started) / 1000) * TICKS_PER_SECOND * availableParallelism();
    if (capacity <= 0) return { foreign: 0, own: 0 };
    const ownTicks = ownBusy() - own;
    return { foreign: Math.max(0, machineBusy() - machine - ownTicks) / capacity, own: ownTicks / capacity };
  };
}
