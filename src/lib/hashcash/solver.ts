import type { HashcashSolution, HashcashTask } from './index.ts';
import type { SolverWorker } from './protocol.ts';

const MAX_SOLVER_WORKERS = 4;

/** SPEC §8: 'Hashcash-Aufgabe {n} konnte nicht gelöst werden.' (n counts from 1). */
export class HashcashUnsolvableError extends Error {
  readonly taskNumber: number;

  constructor(taskNumber: number) {
    super(`Hashcash-Aufgabe ${taskNumber} konnte nicht gelöst werden.`);
    this.name = 'HashcashUnsolvableError';
    this.taskNumber = taskNumber;
  }
}

export interface SolveOptions {
  /** Creates one solver thread; in the browser `() => new Worker(...)`. */
  createWorker: () => SolverWorker;
  /** Threads wanted, one per core (the browser passes `navigator.hardwareConcurrency`); at most MAX_SOLVER_WORKERS. */
  workers: number;
  onProgress?: (solved: number, total: number) => void;
  signal?: AbortSignal;
}

/**
 * Solves all tasks with a pool of workers. Tasks are handed out one at a time to whichever
 * worker is free, so a slow task never leaves the other cores idle. The page stays
 * responsive because all hashing happens off the main thread.
 */
export function solveTasks(tasks: readonly HashcashTask[], options: SolveOptions): Promise<HashcashSolution[]> {
  const total = tasks.length;
  const count = Math.max(1, Math.min(options.workers, MAX_SOLVER_WORKERS, total));
  const solutions: (HashcashSolution | undefined)[] = new Array(total);
  const pool: SolverWorker[] = [];
  let next = 0;
  let solved = 0;

  return new Promise<HashcashSolution[]>((resolve, reject) => {
    const stop = () => {
      for (const worker of pool) worker.terminate();
      options.signal?.removeEventListener('abort', onAbort);
    };
    const fail = (error: Error) => {
      stop();
      reject(error);
    };
    const onAbort = () => fail(new DOMException('Abgebrochen', 'AbortError'));
    if (options.signal?.aborted) return onAbort();
    options.signal?.addEventListener('abort', onAbort);

    const feed = (worker: SolverWorker) => {
      if (next >= total) return;
      const index = next++;
      worker.postMessage({ index, task: tasks[index]! });
    };

    if (total === 0) {
      stop();
      resolve([]);
      return;
    }
    for (let i = 0; i < count; i++) {
      const worker = options.createWorker();
      pool.push(worker);
      worker.onerror = () => fail(new Error('Hashcash-Worker ist abgestürzt.'));
      worker.onmessage = ({ data }) => {
        if (data.nonce === null) return fail(new HashcashUnsolvableError(data.index + 1));
        solutions[data.index] = { ...tasks[data.index]!, nonce: data.nonce };
        solved++;
        options.onProgress?.(solved, total);
        if (solved === total) {
          stop();
          resolve(solutions as HashcashSolution[]);
        } else {
          feed(worker);
        }
      };
      feed(worker);
    }
  });
}
