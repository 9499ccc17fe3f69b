import { useEffect, useState } from 'react';
import { nextTypewriterStep, TYPEWRITER_START, type TypewriterState, type TypewriterTimings } from '../../../lib/typewriter.ts';
import { useReducedMotion } from '../../../components/ui/useReducedMotion.ts';

/**
 * The click-dummy typewriter: SPEC §4 fixes only its 3000 ms pause at the end. Template prompts are
 * some 600 characters long, so it types faster than the hero (150 ms would take 90 s per prompt).
 */
const CLICK_DUMMY_TIMINGS: TypewriterTimings = { typeMs: 40, deleteMs: 8, pauseMs: 3000, nextMs: 500 };

export interface PromptTypewriter {
  /** What is typed so far. */
  shown: string;
  /** The text being typed, in full. */
  current: string;
  /** True once a text was typed to its end (SPEC §2: the take-over button is enabled from then on). */
  finishedOnce: boolean;
}

/** Types the texts one after another with the shared typewriter steps; still with reduced motion. */
export function usePromptTypewriter(texts: readonly string[]): PromptTypewriter {
  const reduced = useReducedMotion();
  const [state, setState] = useState<TypewriterState>(TYPEWRITER_START);
  const [finishedOnce, setFinishedOnce] = useState(false);

  useEffect(() => {
    if (reduced || texts.length === 0) return;
    const { state: next, delay } = nextTypewriterStep(texts, state, CLICK_DUMMY_TIMINGS);
    const timer = window.setTimeout(() => {
      if (next.phase === 'pausing') setFinishedOnce(true);
      setState(next);
    }, delay);
    return () => window.clearTimeout(timer);
  }, [state, reduced, texts]);

  const current = texts[reduced ? 0 : state.index] ?? '';
  if (reduced) return { shown: current, current, finishedOnce: texts.length > 0 };
  return { shown: current.slice(0, state.length), current, finishedOnce };
}
