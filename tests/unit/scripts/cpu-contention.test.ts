import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { startContentionProbe } from '../../../scripts/cpu-contention.ts';

/** Keeps one core busy for 1.5 s in a shell loop. */
const BUSY_LOOP = 'timeout 1.5 sh -c "while :; do :; done"';

const exited = (child: ReturnType<typeof spawn>) => new Promise((resolve) => child.once('exit', resolve));

// The bounds are a tenth of all cores, the idle cutoff of scripts/lighthouse.ts: one busy core of
// this 2-core machine is about half, and other test files running meanwhile only add to both sides.
describe('startContentionProbe', () => {
  it('counts a process outside this one as foreign', async () => {
    const shares = startContentionProbe();
    // The shell starts the loop in the background and exits: the loop is re-parented away from
    // this process, as a neighbour's job would be.
    await exited(spawn('sh', ['-c', `${BUSY_LOOP} >/dev/null 2>&1 &`], { stdio: 'ignore' }));
    await sleep(1500);
    expect(shares().foreign).toBeGreaterThan(0.1);
  });

  it('does not count the past work of its own processes as foreign when they end outside the tree', async () => {
    // A grandchild works for a second, then waits; its parent is killed, so it ends re-parented
    // away from this process, as a killed Chromium's helpers do. What it had spent before the
    // probe started is not work during the probe.
    const grandchildScript = `${BUSY_LOOP.replace('1.5', '1')}; echo $$; exec sleep 30`;
    const parent = spawn('sh', ['-c', `sh -c '${grandchildScript}' & wait`], { stdio: ['ignore', 'pipe', 'ignore'] });
    const grandchild = Number(await new Promise<string>((resolve) => parent.stdout.once('data', (data: Buffer) => resolve(data.toString().trim()))));
    const shares = startContentionProbe();
    parent.kill('SIGKILL');
    await exited(parent);
    process.kill(grandchild, 'SIGKILL');
    await sleep(300);
    // At most all cores; counting the grandchild's second as lost would put it far above.
    expect(shares().foreign).toBeLessThanOrEqual(1.1);
  });

  it("counts this process's children as its own, also once they have ended", async () => {
    const shares = startContentionProbe();
    await exited(spawn('sh', ['-c', BUSY_LOOP], { stdio: 'ignore' }));
    expect(shares().own).toBeGreaterThan(0.1);
  });
});
