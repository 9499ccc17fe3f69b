import { describe, expect, it } from 'vitest';
import { counterDuration, counterValue, formatCount } from '../../../src/lib/counter.ts';
import { deobfuscate, obfuscate } from '../../../src/lib/obfuscate.ts';
import { HERO_TIMINGS, nextTypewriterStep, TYPEWRITER_START, type TypewriterState } from '../../../src/lib/typewriter.ts';

describe('typewriter', () => {
  it('types at 150 ms, pauses 1000 ms, deletes at 50 ms and waits 500 ms before the next text, wrapping around', () => {
    const texts = ['ab', 'c'];
    let state: TypewriterState = TYPEWRITER_START;
    const trace: string[] = [];
    for (let i = 0; i < 12; i++) {
      const step = nextTypewriterStep(texts, state, HERO_TIMINGS);
      state = step.state;
      trace.push(`${texts[state.index]!.slice(0, state.length)}|${state.phase}|${step.delay}`);
    }
    expect(trace).toEqual([
      'a|typing|150',
      'ab|typing|150',
      'ab|pausing|1000',
      'ab|deleting|50',
      'a|deleting|50',
      '|deleting|50',
      '|typing|500',
      'c|typing|150',
      'c|pausing|1000',
      'c|deleting|50',
      '|deleting|50',
      '|typing|500',
    ]);
    expect(state.index).toBe(0);
  });
});

describe('statistics counters', () => {
  it('last 1200 ms plus 200 ms per item and end exactly on the target', () => {
    expect([0, 1, 2, 3].map(counterDuration)).toEqual([1200, 1400, 1600, 1800]);
    expect(counterValue(1440, 0, 1200)).toBe(0);
    expect(counterValue(1440, 600, 1200)).toBeLessThan(1440);
    expect(counterValue(1440, 1200, 1200)).toBe(1440);
  });

  it('formats German numbers', () => {
    expect(formatCount(1440)).toBe('1.440');
    expect(formatCount(15)).toBe('15');
  });
});

describe('obfuscated e-mail', () => {
  it('hides @ and the address in the encoded form and restores it', () => {
    const address = 'info@kraus-webentwicklung.de';
    const encoded = obfuscate(address);
    expect(encoded).not.toContain('@');
    expect(encoded).not.toContain('kraus');
    expect(deobfuscate(encoded)).toBe(address);
  });
});
