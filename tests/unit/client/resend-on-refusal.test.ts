import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/client/api.ts';
import { sendWithProofOfWork } from '../../../src/client/resend-on-refusal.ts';
import type { HashcashSolution } from '../../../src/lib/hashcash/index.ts';

const first = [{ nonce: 1 }] as unknown as HashcashSolution[];
const fresh = [{ nonce: 2 }] as unknown as HashcashSolution[];
const refused = () => new ApiError(400, 'Hashcash konnte nicht gelöst werden. Bitte versuchen Sie es erneut.', {}, 'proof-of-work-refused');

describe('sendWithProofOfWork', () => {
  it('sends once more with fresh solutions when the server refused the proof of work by its code', async () => {
    const send = vi.fn().mockRejectedValueOnce(refused()).mockResolvedValueOnce('ok');
    const reload = vi.fn().mockResolvedValue(fresh);
    await expect(sendWithProofOfWork(send, first, reload)).resolves.toBe('ok');
    expect(send.mock.calls).toEqual([[first], [fresh]]);
  });

  it('does not retry other failures, even with the same German words, nor a second refusal', async () => {
    const wordsOnly = new ApiError(400, 'Hashcash konnte nicht gelöst werden. Bitte versuchen Sie es erneut.');
    const reload = vi.fn().mockResolvedValue(fresh);
    await expect(sendWithProofOfWork(vi.fn().mockRejectedValue(wordsOnly), first, reload)).rejects.toBe(wordsOnly);
    expect(reload).not.toHaveBeenCalled();

    const again = refused();
    const send = vi.fn().mockRejectedValueOnce(refused()).mockRejectedValueOnce(again);
    await expect(sendWithProofOfWork(send, first, reload)).rejects.toBe(again);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('gives up with the refusal when no fresh solutions come', async () => {
    const refusal = refused();
    const send = vi.fn().mockRejectedValue(refusal);
    await expect(sendWithProofOfWork(send, first, () => Promise.resolve(null))).rejects.toBe(refusal);
    expect(send).toHaveBeenCalledTimes(1);
  });
});
