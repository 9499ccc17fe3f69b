import { describe, expect, it } from 'vitest';
import { isProofOfWork, searchNonce } from '../../../src/lib/hashcash/index.ts';
import type { SolveRequest, SolveResponse, SolverWorker } from '../../../src/lib/hashcash/protocol.ts';
import { HashcashUnsolvableError, solveTasks } from '../../../src/lib/hashcash/solver.ts';

/** A worker that runs the real search asynchronously in this thread. */
function inProcessWorker(log: { created: number; terminated: number; jobs: number[] }): SolverWorker {
  log.created++;
  const worker: SolverWorker = {
    onmessage: null,
    onerror: null,
    postMessage({ index, task }: SolveRequest) {
      log.jobs.push(index);
      const nonce = task.text.startsWith('unlösbar') ? null : searchNonce(task);
      setTimeout(() => worker.onmessage?.({ data: { index, nonce } satisfies SolveResponse } as MessageEvent<SolveResponse>));
    },
    terminate() {
      log.terminated++;
    },
  };
  return worker;
}

const tasks = Array.from({ length: 7 }, (_, i) => ({ text: `aufgabe-${i}`, difficulty: 2 }));

describe('hashcash solver pool', () => {
  it('solves every task once, in order, with progress, and ends its workers', async () => {
    const log = { created: 0, terminated: 0, jobs: [] as number[] };
    const progress: number[] = [];
    const solutions = await solveTasks(tasks, {
      createWorker: () => inProcessWorker(log),
      workers: 3,
      onProgress: (solved) => progress.push(solved),
    });
    expect(solutions.map((s) => s.text)).toEqual(tasks.map((t) => t.text));
    expect(solutions.every(isProofOfWork)).toBe(true);
    expect([...log.jobs].sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(progress).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(log).toMatchObject({ created: 3, terminated: 3 });
  });

  it('never starts more workers than tasks', async () => {
    const log = { created: 0, terminated: 0, jobs: [] as number[] };
    await solveTasks(tasks.slice(0, 2), { createWorker: () => inProcessWorker(log), workers: 4 });
    expect(log.created).toBe(2);
  });

  it('reports the number of a task without solution in German', async () => {
    const log = { created: 0, terminated: 0, jobs: [] as number[] };
    const broken = [tasks[0]!, { text: 'unlösbar', difficulty: 2 }];
    const failure = solveTasks(broken, { createWorker: () => inProcessWorker(log), workers: 1 });
    await expect(failure).rejects.toBeInstanceOf(HashcashUnsolvableError);
    await expect(failure).rejects.toThrow('Hashcash-Aufgabe 2 konnte nicht gelöst werden.');
    expect(log.terminated).toBe(1);
  });

  it('stops when aborted', async () => {
    const log = { created: 0, terminated: 0, jobs: [] as number[] };
    const controller = new AbortController();
    const running = solveTasks(tasks, { createWorker: () => inProcessWorker(log), workers: 2, signal: controller.signal });
    controller.abort();
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
    expect(log.terminated).toBe(2);
  });
});
