import { useCallback, useEffect, useRef, useState } from 'react';
import * as v from 'valibot';
import { hashcashMessages, obtainSolutions } from '../../lib/hashcash/flow.ts';
import type { HashcashSolution, HashcashTask } from '../../lib/hashcash/index.ts';
import type { SolverWorker } from '../../lib/hashcash/protocol.ts';
import { solveTasks } from '../../lib/hashcash/solver.ts';
import { api, ApiError } from '../../client/api.ts';
import { hashcashTasks, hashcashValidate } from '../../features/security/routes.ts';
import { HashcashTasksSchema, HashcashValidateResultSchema } from '../../lib/schemas/security.ts';

export type HashcashState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'solving'; solved: number; total: number }
  | { status: 'validated'; solutions: HashcashSolution[] }
  | { status: 'failed'; message: string };

function createWorker(): SolverWorker {
  return new Worker(new URL('../../lib/hashcash/worker.ts', import.meta.url), { type: 'module' }) as unknown as SolverWorker;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A fresh set of tasks, solved in web workers and checked by the server. */
export function solveFreshSet(signal: AbortSignal, onProgress: (solved: number, total: number) => void): Promise<HashcashSolution[]> {
  return obtainSolutions({
    loadTasks: async () => {
      let tasks: HashcashTask[];
      try {
        ({ tasks } = v.parse(HashcashTasksSchema, await api(hashcashTasks, { signal })));
      } catch (error) {
        if (error instanceof ApiError) throw new Error(hashcashMessages.loadFailed(error.status), { cause: error });
        if (error instanceof v.ValiError) throw new Error(hashcashMessages.parseFailed, { cause: error });
        throw error;
      }
      onProgress(0, tasks.length);
      return tasks;
    },
    solve: (tasks) => solveTasks(tasks, { createWorker, workers: navigator.hardwareConcurrency || 1, signal, onProgress }),
    validate: async (solutions) => {
      try {
        return v.parse(HashcashValidateResultSchema, await api(hashcashValidate, { body: { solutions }, signal })).valid;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') throw error;
        throw new Error(hashcashMessages.validationFailed, { cause: error });
      }
    },
    sleep,
    now: () => Date.now(),
  });
}

/**
 * The hashcash proof of work of a form (SPEC §4, §9): started with the first use of the form,
 * never with the page (decision 0035), solved in web workers. Shared by the security check of
 * the public forms and the checkout, which asks for the proof of work alone (docs/decisions/0040).
 */
export function useProofOfWork(enabled = true) {
  const [hashcash, setHashcash] = useState<HashcashState>(enabled ? { status: 'idle' } : { status: 'validated', solutions: [] });
  const run = useRef<{ controller: AbortController; solutions: Promise<HashcashSolution[] | null> } | null>(null);

  /** New tasks, solved again; resolves with the solutions (null when it failed or was replaced). */
  const reload = useCallback((): Promise<HashcashSolution[] | null> => {
    run.current?.controller.abort();
    const controller = new AbortController();
    setHashcash({ status: 'loading' });
    const solutions = solveFreshSet(controller.signal, (solved, total) => setHashcash({ status: 'solving', solved, total })).then(
      (solved) => {
        if (controller.signal.aborted) return null;
        setHashcash({ status: 'validated', solutions: solved });
        return solved;
      },
      (error: unknown) => {
        if (controller.signal.aborted) return null;
        setHashcash({ status: 'failed', message: error instanceof Error ? error.message : hashcashMessages.gaveUp });
        return null;
      },
    );
    run.current = { controller, solutions };
    return solutions;
  }, []);

  /** The first use of the form: starts the work once. */
  const start = useCallback(() => {
    if (enabled && !run.current) void reload();
  }, [enabled, reload]);

  /** The solutions of the current run, waiting for it to finish; starts one when none ran yet. */
  const solutions = useCallback((): Promise<HashcashSolution[] | null> => (run.current ?? { solutions: reload() }).solutions, [reload]);

  useEffect(() => () => run.current?.controller.abort(), []);

  return { hashcash, start, reload, solutions };
}
