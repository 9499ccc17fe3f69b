import { HERO_TIMINGS, nextTypewriterStep, TYPEWRITER_START, type TypewriterState } from '../lib/typewriter.ts';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * Types the examples of one typewriter (src/components/landing/Typewriter.astro) into its text
 * element, step by step (src/lib/typewriter.ts). With reduced motion the first example stands
 * still, also when the visitor asks for it while it types; asked for motion again, it goes on.
 */
function type(texts: readonly string[], output: HTMLElement, reducedMotion: MediaQueryList): void {
  let state: TypewriterState = TYPEWRITER_START;
  let timer: number | undefined;

  const show = () => {
    output.textContent = reducedMotion.matches ? (texts[0] ?? '') : (texts[state.index] ?? '').slice(0, state.length);
  };
  const schedule = () => {
    const { state: next, delay } = nextTypewriterStep(texts, state, HERO_TIMINGS);
    timer = window.setTimeout(() => {
      state = next;
      show();
      schedule();
    }, delay);
  };
  const follow = () => {
    window.clearTimeout(timer);
    show();
    if (!reducedMotion.matches) schedule();
  };

  reducedMotion.addEventListener('change', follow);
  follow();
}

/** Starts every typewriter of the page; the server rendered each with its first example. */
export function startTypewriters(): void {
  const reducedMotion = window.matchMedia(REDUCED_MOTION);
  for (const element of document.querySelectorAll<HTMLElement>('[data-typewriter]')) {
    const texts = JSON.parse(element.dataset.typewriter ?? '[]') as string[];
    const output = element.querySelector<HTMLElement>('[data-typewriter-text]');
    if (output && texts.length > 0) type(texts, output, reducedMotion);
  }
}
