import { describe, expect, it } from 'vitest';
import { hashcashMessages, obtainSolutions, type HashcashFlow } from '../../../src/lib/hashcash/flow.ts';

const task = { text: 't', difficulty: 1 };
const solution = { ...task, nonce: 1 };

function fakeFlow(outcomes: ('ok' | 'load' | 'invalid')[]) {
  let clock = 0;
  const loads: number[] = [];
  const failures: string[] = [];
  const flow: HashcashFlow = {
    loadTasks: async () => {
      loads.push(clock);
      clock += 100;
      if (outcomes[loads.length - 1] === 'load') throw new Error(hashcashMessages.loadFailed(503));
      return [task];
    },
    solve: async () => [solution],
    validate: async () => outcomes[loads.length - 1] !== 'invalid',
    onAttemptFailed: (message) => failures.push(message),
    sleep: async (ms) => {
      clock += ms;
    },
    now: () => clock,
  };
  return { flow, loads, failures };
}

describe('obtaining hashcash solutions', () => {
  it('returns validated solutions on the first attempt', async () => {
    const { flow, loads } = fakeFlow(['ok']);
    expect(await obtainSolutions(flow)).toEqual([solution]);
    expect(loads).toEqual([0]);
  });

  it('retries with fresh tasks, reloading no sooner than every 3 s', async () => {
    const { flow, loads, failures } = fakeFlow(['load', 'invalid', 'ok']);
    expect(await obtainSolutions(flow)).toEqual([solution]);
    expect(loads).toEqual([0, 3000, 6000]);
    expect(failures).toEqual(['Fehler beim Laden der Hashcash-Aufgaben: 503', 'Fehler bei der Validierung der Hashcash-Lösungen.']);
  });

  it('gives up after three attempts with the German message', async () => {
    const { flow, loads } = fakeFlow(['invalid', 'invalid', 'invalid', 'ok']);
    await expect(obtainSolutions(flow)).rejects.toThrow('Hashcash konnte nach mehreren Versuchen nicht gelöst werden.');
    expect(loads).toHaveLength(3);
  });
});
