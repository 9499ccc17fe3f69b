import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeClickDummyContact } from '../../../../../src/features/click-dummy/stores/contact.ts';

describe('stored click-dummy contact data', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads valid contact data, trimmed as the server would', () => {
    expect(decodeClickDummyContact(JSON.stringify({ name: ' Erika ', email: 'erika@example.test' }))).toEqual({ name: 'Erika', email: 'erika@example.test' });
  });

  it('treats a stored null as "not given yet" without a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(decodeClickDummyContact('null')).toBeNull();
    expect(warn).not.toHaveBeenCalled();
  });

  it('logs and ignores corrupt or incomplete content, so the dialog asks again', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(decodeClickDummyContact('{kaputt')).toBeNull();
    expect(decodeClickDummyContact(JSON.stringify({ name: 'Erika', email: '' }))).toBeNull();
    expect(decodeClickDummyContact(JSON.stringify({ name: '  ', email: 'erika@example.test' }))).toBeNull();
    expect(warn).toHaveBeenCalledTimes(3);
  });
});
