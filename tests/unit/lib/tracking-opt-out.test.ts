import { describe, expect, it } from 'vitest';
import {
  isTrackingOptedOut,
  parseTrackingOptOut,
  setTrackingOptOut,
  TRACKING_OPT_OUT_KEY,
  type KeyValueStorage,
} from '../../../src/lib/tracking-opt-out.ts';

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const blockedStorage: KeyValueStorage = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
  removeItem: () => {
    throw new Error('SecurityError');
  },
};

describe('tracking opt-out', () => {
  it('stores the objection under tracking-opt-out and removes it on withdrawal', () => {
    const storage = memoryStorage();
    expect(isTrackingOptedOut(storage)).toBe(false);
    expect(setTrackingOptOut(storage, true)).toBe(true);
    expect(storage.data.get(TRACKING_OPT_OUT_KEY)).toBe('true');
    expect(isTrackingOptedOut(storage)).toBe(true);
    expect(setTrackingOptOut(storage, false)).toBe(true);
    expect(storage.data.has(TRACKING_OPT_OUT_KEY)).toBe(false);
    expect(isTrackingOptedOut(storage)).toBe(false);
  });

  it('reads only the exact stored value as an objection', () => {
    expect(parseTrackingOptOut('true')).toBe(true);
    for (const value of [null, undefined, '', 'false', 'TRUE', '1', '{"x":1}']) {
      expect(parseTrackingOptOut(value)).toBe(false);
    }
  });

  it('survives blocked or missing storage and reports that nothing was saved', () => {
    expect(isTrackingOptedOut(blockedStorage)).toBe(false);
    expect(setTrackingOptOut(blockedStorage, true)).toBe(false);
    expect(isTrackingOptedOut(undefined)).toBe(false);
    expect(setTrackingOptOut(undefined, true)).toBe(false);
  });
});
