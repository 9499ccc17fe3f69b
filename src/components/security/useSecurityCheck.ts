import { useCallback, useEffect, useRef, useState } from 'react';
import * as v from 'valibot';
import { obtainSolutions, hashcashMessages } from '../../lib/hashcash/flow.ts';
import type { HashcashSolution, HashcashTask } from '../../lib/hashcash/index.ts';
import type { SolverWorker } from '../../lib/hashcash/protocol.ts';
import { solveTasks } from '../../lib/hashcash/solver.ts';
import { apiFetch, ensureVisitorCookies } from '../../lib/http/api.ts';
import { HashcashTasksSchema, HashcashValidateResultSchema, captchaMessages } from '../../lib/schemas/security.ts';
import { CAPTCHA_LENGTH } from '../../lib/security/captcha.ts';

export type CaptchaStatus = 'unknown' | 'valid' | 'invalid';

export interface CaptchaState {
  mode: 'image' | 'text';
  image: string | null;
  question: string | null;
  loadError: string | null;
  input: string;
  status: CaptchaStatus;
}

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

/**
 * State and actions of the security check (SPEC §4, §5): the captcha (picture or its text
 * alternative), checked live from six characters and on blur, and the hashcash proof of
 * work, solved in web workers. Both start with the first use of the form (`start`), never with
 * the page: a reader gets no visitor cookie and causes no request (decision 0035).
 */
export function useSecurityCheck() {
  const [captcha, setCaptcha] = useState<CaptchaState>({ mode: 'image', image: null, question: null, loadError: null, input: '', status: 'unknown' });
  const [hashcash, setHashcash] = useState<HashcashState>({ status: 'idle' });
  const hashcashRun = useRef<AbortController | null>(null);
  const lastChecked = useRef('');
  const started = useRef(false);

  const loadCaptcha = useCallback(async (mode: 'image' | 'text') => {
    lastChecked.current = '';
    setCaptcha({ mode, image: null, question: null, loadError: null, input: '', status: 'unknown' });
    try {
      if (mode === 'image') {
        const { image } = await apiFetch<{ image: string }>('/security/captcha/image');
        setCaptcha((c) => ({ ...c, image }));
      } else {
        const { question } = await apiFetch<{ question: string }>('/security/captcha/text');
        setCaptcha((c) => ({ ...c, question }));
      }
    } catch {
      setCaptcha((c) => ({ ...c, loadError: captchaMessages.imageFailed }));
    }
  }, []);

  const loadHashcash = useCallback(async (): Promise<HashcashSolution[] | null> => {
    hashcashRun.current?.abort();
    const run = new AbortController();
    hashcashRun.current = run;
    setHashcash({ status: 'loading' });
    try {
      const solutions = await obtainSolutions({
        loadTasks: async () => {
          await ensureVisitorCookies();
          const response = await fetch('/security/hashcash/task', { credentials: 'same-origin', signal: run.signal });
          if (!response.ok) throw new Error(hashcashMessages.loadFailed(response.status, response.statusText));
          let tasks: HashcashTask[];
          try {
            tasks = v.parse(HashcashTasksSchema, await response.json()).tasks;
          } catch {
            throw new Error(hashcashMessages.parseFailed);
          }
          setHashcash({ status: 'solving', solved: 0, total: tasks.length });
          return tasks;
        },
        solve: (tasks) =>
          solveTasks(tasks, {
            createWorker,
            signal: run.signal,
            onProgress: (solved, total) => setHashcash({ status: 'solving', solved, total }),
          }),
        validate: async (solutions) => {
          try {
            const answer = await apiFetch<unknown>('/security/hashcash/validate', { method: 'POST', json: { solutions }, signal: run.signal });
            return v.parse(HashcashValidateResultSchema, answer).valid;
          } catch (error) {
            if (error instanceof DOMException && error.name === 'AbortError') throw error;
            throw new Error(hashcashMessages.validationFailed, { cause: error });
          }
        },
        sleep,
        now: () => Date.now(),
      });
      if (run.signal.aborted) return null;
      setHashcash({ status: 'validated', solutions });
      return solutions;
    } catch (error) {
      if (run.signal.aborted) return null;
      setHashcash({ status: 'failed', message: error instanceof Error ? error.message : hashcashMessages.gaveUp });
      return null;
    }
  }, []);

  const start = useCallback(() => {
    if (started.current) return;
    started.current = true;
    void loadCaptcha('image');
    void loadHashcash();
  }, [loadCaptcha, loadHashcash]);

  useEffect(() => () => hashcashRun.current?.abort(), []);

  const checkCaptcha = useCallback(async (input: string) => {
    const code = input.trim();
    if (!code || code === lastChecked.current) return;
    lastChecked.current = code;
    try {
      const { valid } = await apiFetch<{ valid: boolean }>('/security/captcha/validate', { method: 'POST', json: { input: code } });
      setCaptcha((c) => (c.input.trim() === code ? { ...c, status: valid ? 'valid' : 'invalid' } : c));
    } catch {
      setCaptcha((c) => (c.input.trim() === code ? { ...c, status: 'invalid' } : c));
    }
  }, []);

  const setCaptchaInput = useCallback(
    (input: string) => {
      setCaptcha((c) => ({ ...c, input, status: 'unknown' }));
      if (input.replace(/\s+/g, '').length >= CAPTCHA_LENGTH) void checkCaptcha(input);
      else lastChecked.current = '';
    },
    [checkCaptcha],
  );

  return {
    captcha,
    hashcash,
    /** The first use of the form (focus or a dropped file): loads captcha and tasks once. */
    start,
    setCaptchaInput,
    /** On blur: check whatever was typed. */
    checkCaptchaNow: () => void checkCaptcha(captcha.input),
    newCaptcha: (mode: 'image' | 'text' = captcha.mode) => void loadCaptcha(mode),
    /** New tasks, solved again; resolves with the solutions (null when it failed). */
    reloadHashcash: loadHashcash,
    /** After a failed submission: a new captcha and new tasks. */
    reloadAll: () => {
      void loadCaptcha(captcha.mode);
      void loadHashcash();
    },
    ready: captcha.status === 'valid' && hashcash.status === 'validated',
  };
}

export type SecurityCheckController = ReturnType<typeof useSecurityCheck>;
