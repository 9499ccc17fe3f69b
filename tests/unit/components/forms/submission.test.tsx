// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSubmission } from '../../../../src/components/forms/submission.tsx';

describe('useSubmission().report: an action whose answer is the message to show', () => {
  it('is sending while the action runs and then shows its answer', async () => {
    const { result } = renderHook(() => useSubmission());
    let answer!: (message: string) => void;
    let done!: Promise<void>;
    act(() => {
      done = result.current.report(() => new Promise<string>((resolve) => (answer = resolve)));
    });
    expect(result.current.sending).toBe(true);
    expect(result.current.outcome).toBeNull();
    await act(async () => {
      answer('Wir haben Ihnen einen neuen Link gesendet.');
      await done;
    });
    expect(result.current.sending).toBe(false);
    expect(result.current.outcome).toEqual({ ok: true, message: 'Wir haben Ihnen einen neuen Link gesendet.' });
  });

  it("shows a failure's own message, or a general one when it has none", async () => {
    const { result } = renderHook(() => useSubmission());
    await act(() => result.current.report(() => Promise.reject(new Error('Der Link ist abgelaufen.'))));
    expect(result.current.outcome).toEqual({ ok: false, message: 'Der Link ist abgelaufen.' });
    await act(() => result.current.report(() => Promise.reject('kaputt')));
    expect(result.current.outcome).toEqual({ ok: false, message: 'Ein unbekannter Fehler ist aufgetreten.' });
    expect(result.current.sending).toBe(false);
  });
});
