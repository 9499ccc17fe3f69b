import { useEffect, useState } from 'react';
import { HERO_TIMINGS, nextTypewriterStep, TYPEWRITER_START, type TypewriterState } from '../../lib/typewriter.ts';
import { useReducedMotion } from '../ui/useReducedMotion.ts';

/**
 * The hero's typewriter (SPEC §4 timings). Screen readers get the full list once instead of
 * a text that changes every few milliseconds; with reduced motion the first example stands still.
 */
export default function Typewriter({ texts }: { texts: string[] }) {
  const reduced = useReducedMotion();
  const [state, setState] = useState<TypewriterState>(TYPEWRITER_START);

  useEffect(() => {
    if (reduced || texts.length === 0) return;
    const { state: next, delay } = nextTypewriterStep(texts, state, HERO_TIMINGS);
    const timer = window.setTimeout(() => setState(next), delay);
    return () => window.clearTimeout(timer);
  }, [state, reduced, texts]);

  const shown = reduced ? (texts[0] ?? '') : (texts[state.index] ?? '').slice(0, state.length);
  return (
    <>
      <span className="sr-only">{texts.join(', ')}</span>
      <span aria-hidden="true" data-testid="typewriter" className="text-brand-700 dark:text-brand-300">
        {shown}
        <span className="ml-0.5 inline-block w-[2px] animate-pulse bg-current align-middle motion-reduce:animate-none" style={{ height: '1em' }} />
      </span>
    </>
  );
}
