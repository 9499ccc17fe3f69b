import type { HashcashSolution, HashcashTask } from './index.ts';

/** SPEC §9: 3 attempts, task reloads at least 3 s apart. */
const HASHCASH_ATTEMPTS = 3;
const TASK_RELOAD_INTERVAL_MS = 3000;

export const hashcashMessages = {
  loadFailed: (status: number) => `Fehler beim Laden der Hashcash-Aufgaben: ${status}`,
  parseFailed: 'Fehler beim Parsen der Hashcash-Aufgaben',
  validationFailed: 'Fehler bei der Validierung der Hashcash-Lösungen.',
  gaveUp: 'Hashcash konnte nach mehreren Versuchen nicht gelöst werden.',
  /** A form that waited for its proof of work in vain (the checkout, the registration). */
  notComputed: 'Der Spam-Schutz konnte nicht berechnet werden. Bitte versuchen Sie es erneut – Ihre Eingaben bleiben erhalten.',
} as const;

export interface HashcashFlow {
  loadTasks(): Promise<HashcashTask[]>;
  solve(tasks: HashcashTask[]): Promise<HashcashSolution[]>;
  validate(solutions: HashcashSolution[]): Promise<boolean>;
  /** Reports each failed attempt (the widget shows the latest message). */
  onAttemptFailed?(message: string, attempt: number): void;
  sleep(ms: number): Promise<void>;
  now(): number;
}

/**
 * Loads, solves and validates tasks; a failed attempt is retried with fresh tasks, never
 * sooner than TASK_RELOAD_INTERVAL_MS after the previous load, at most HASHCASH_ATTEMPTS times.
 */
export async function obtainSolutions(flow: HashcashFlow): Promise<HashcashSolution[]> {
  let lastLoad = -Infinity;
  for (let attempt = 1; attempt <= HASHCASH_ATTEMPTS; attempt++) {
    const wait = lastLoad + TASK_RELOAD_INTERVAL_MS - flow.now();
    if (wait > 0) await flow.sleep(wait);
    lastLoad = flow.now();
    try {
      const tasks = await flow.loadTasks();
      const solutions = await flow.solve(tasks);
      if (!(await flow.validate(solutions))) throw new Error(hashcashMessages.validationFailed);
      return solutions;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      flow.onAttemptFailed?.(error instanceof Error ? error.message : String(error), attempt);
    }
  }
  throw new Error(hashcashMessages.gaveUp);
}
