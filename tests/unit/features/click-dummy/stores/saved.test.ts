import { cleanTestStorage, getTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodeSavedClickDummies } from '../../../../../src/features/click-dummy/schemas.ts';
import { $savedClickDummies, removeClickDummy, saveClickDummy } from '../../../../../src/features/click-dummy/stores/saved.ts';

const valid = { id: 'a1', prompt: 'Eine Buchungs-App', createdAt: '2026-11-23T10:00:00.000Z', name: 'ClickDummy 1', email: 'erika@example.test', trigger: 'create' as const };

describe('saved click dummies in browser storage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads a valid list and drops single entries of the wrong shape', () => {
    expect(decodeSavedClickDummies(JSON.stringify([valid, { ...valid, id: '' }, { ...valid, createdAt: 'gestern' }, 'x']))).toEqual([valid]);
  });

  it('logs and ignores corrupt content', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(decodeSavedClickDummies('{kein json')).toEqual([]);
    expect(decodeSavedClickDummies('{"a":1}')).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(decodeSavedClickDummies(null)).toEqual([]);
  });
});

describe('saved click dummies store', () => {
  beforeAll(() => useTestStorageEngine());
  afterEach(() => cleanTestStorage());

  it('saves an entry after the earlier ones and removes one by id, in the storage too', () => {
    $savedClickDummies.listen(() => {});
    saveClickDummy(valid);
    saveClickDummy({ ...valid, id: 'b2', name: 'ClickDummy 2' });
    removeClickDummy('a1');
    expect($savedClickDummies.get().map((entry) => entry.id)).toEqual(['b2']);
    expect(JSON.parse(getTestStorage()['clickDummies']!)).toEqual([{ ...valid, id: 'b2', name: 'ClickDummy 2' }]);
  });
});
