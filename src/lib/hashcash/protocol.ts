import type { HashcashTask } from './index.ts';

/** Main thread → worker: solve task number `index`. */
export interface SolveRequest {
  index: number;
  task: HashcashTask;
}

/** Worker → main thread: the nonce found for task `index`, or null when none exists. */
export interface SolveResponse {
  index: number;
  nonce: number | null;
}

/** The part of a Worker the solver uses; tests pass an in-process stand-in. */
export interface SolverWorker {
  postMessage(message: SolveRequest): void;
  onmessage: ((event: MessageEvent<SolveResponse>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  terminate(): void;
}
