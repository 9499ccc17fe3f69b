import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeSavedClickDummies } from '../../../src/lib/schemas/click-dummy.ts';

const valid = { id: 'a1', prompt: 'Eine Buchungs-App', createdAt: '2026-11-23T10:00:00.000Z', name: 'ClickDummy 1', email: 'erika@example.test', trigger: 'create' };

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
