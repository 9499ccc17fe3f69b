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

interface OwnProcess {
  parent: number;
  /** utime + stime + cutime + cstime: its own work and that of its ended, waited-for children. */
  ticks: number;
}

/** This process and its descendants, by pid. */
function ownProcesses(): Map<number, OwnProcess> {
  const all = new Map<number, OwnProcess>();
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
    all.set(Number(entry), { parent: fields[1] ?? 0, ticks: (fields[11] ?? 0) + (fields[12] ?? 0) + (fields[13] ?? 0) + (fields[14] ?? 0) });
  }
  const own = (pid: number): boolean => {
    for (let current = pid, depth = 0; current > 1 && depth < 64; current = all.get(current)?.parent ?? 0, depth++) {
      if (current === process.pid) return true;
    }
    return false;
  };
  return new Map([...all].filter(([pid]) => own(pid)));
}

/**
 * Ticks this process tree spent between two snapshots. A process that ended in between is in its
 * parent's cutime/cstime when the parent waited for it (Chromium's closed tabs): then what it had
 * spent before the first snapshot is taken off again. One whose parent died first (a killed
 * Chromium's helpers) was reaped outside the tree: its last ticks are lost, not its lifetime's.
 */
function ownTicksBetween(before: Map<number, OwnProcess>, after: Map<number, OwnProcess>): number {
  let ticks = 0;
  for (const [pid, now] of after) ticks += now.ticks - (before.get(pid)?.ticks ?? 0);
  for (const [pid, then] of before) if (!after.has(pid) && after.has(then.parent)) ticks -= then.ticks;
  return ticks;
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
  const own = ownProcesses();
  return () => {
    const capacity = ((performance.now() - started) / 1000) * TICKS_PER_SECOND * availableParallelism();
    if (capacity <= 0) return { foreign: 0, own: 0 };
    const ownTicks = Math.max(0, ownTicksBetween(own, ownProcesses()));
    return { foreign: Math.max(0, machineBusy() - machine - ownTicks) / capacity, own: ownTicks / capacity };
  };
}
