// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HERO_TIMINGS } from '../../../src/lib/typewriter.ts';
import { startTypewriters } from '../../../src/scripts/typewriter.ts';

const texts = ['ein Portal', 'zwei Shops'];

/** The visitor's motion preference, changeable while the typewriter runs. */
function motionPreference(reduce: boolean) {
  const listeners: (() => void)[] = [];
  const query = {
    matches: reduce,
    addEventListener: (_: string, listener: () => void) => listeners.push(listener),
  };
  vi.stubGlobal('matchMedia', () => query);
  return (next: boolean) => {
    query.matches = next;
    for (const listener of listeners) listener();
  };
}

/** The markup of src/components/landing/Typewriter.astro: the first example, as the server renders it. */
function render(): HTMLElement {
  document.body.innerHTML = `<span data-typewriter='${JSON.stringify(texts)}'><span data-typewriter-text>${texts[0]}</span></span>`;
  return document.querySelector<HTMLElement>('[data-typewriter-text]')!;
}

describe('the hero typewriter script', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('types the examples one character per 150 ms, deletes them and goes on to the next', () => {
    motionPreference(false);
    const output = render();
    startTypewriters();
    expect(output.textContent).toBe('');
    vi.advanceTimersByTime(HERO_TIMINGS.typeMs * 3);
    expect(output.textContent).toBe('ein');
    vi.advanceTimersByTime(HERO_TIMINGS.typeMs * (texts[0]!.length - 3));
    expect(output.textContent).toBe('ein Portal');
    vi.advanceTimersByTime(HERO_TIMINGS.pauseMs + HERO_TIMINGS.deleteMs * (texts[0]!.length + 1) + HERO_TIMINGS.nextMs + HERO_TIMINGS.typeMs);
    expect(output.textContent).toBe('z');
  });

  it('keeps the first example still with reduced motion, also when asked for it while typing', () => {
    const setReduced = motionPreference(true);
    const output = render();
    startTypewriters();
    vi.advanceTimersByTime(5000);
    expect(output.textContent).toBe('ein Portal');
    setReduced(false);
    vi.advanceTimersByTime(HERO_TIMINGS.typeMs);
    expect(output.textContent).toBe('e');
    setReduced(true);
    expect(output.textContent).toBe('ein Portal');
    vi.advanceTimersByTime(5000);
    expect(output.textContent).toBe('ein Portal');
  });
});
