/** Timings of the hero typewriter (SPEC §4): typing 150 ms, deleting 50 ms, pause 1000 ms, 500 ms before the next text. */
export const HERO_TIMINGS = { typeMs: 150, deleteMs: 50, pauseMs: 1000, nextMs: 500 } as const;

export type TypewriterTimings = { typeMs: number; deleteMs: number; pauseMs: number; nextMs: number };

export interface TypewriterState {
  index: number;
  length: number;
  phase: 'typing' | 'pausing' | 'deleting';
}

export const TYPEWRITER_START: TypewriterState = { index: 0, length: 0, phase: 'typing' };

/**
 * One step of the typewriter: the next state and how long to wait before taking it.
 * Types a text character by character, pauses, deletes it, and moves on to the next text
 * (wrapping around after the last).
 */
export function nextTypewriterStep(
  texts: readonly string[],
  state: TypewriterState,
  timings: TypewriterTimings,
): { state: TypewriterState; delay: number } {
  const text = texts[state.index] ?? '';
  switch (state.phase) {
    case 'typing':
      return state.length < text.length
        ? { state: { ...state, length: state.length + 1 }, delay: timings.typeMs }
        : { state: { ...state, phase: 'pausing' }, delay: timings.pauseMs };
    case 'pausing':
      return { state: { ...state, phase: 'deleting' }, delay: timings.deleteMs };
    case 'deleting':
      return state.length > 0
        ? { state: { ...state, length: state.length - 1 }, delay: timings.deleteMs }
        : { state: { index: (state.index + 1) % texts.length, length: 0, phase: 'typing' }, delay: timings.nextMs };
  }
}
