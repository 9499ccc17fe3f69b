// @vitest-environment happy-dom
import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SubmitButton, useSubmission } from '../../../../src/components/forms/submission.tsx';

afterEach(cleanup);

describe('SubmitButton: the kit\'s button with its pending state', () => {
  it('while sending is disabled and aria-busy, shows the spinner and keeps its name; after it is a plain submit button', () => {
    const { rerender } = render(<SubmitButton sending label="Nachricht senden" />);
    const button = screen.getByRole('button', { name: 'Nachricht senden' });
    expect(button.getAttribute('type')).toBe('submit');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.querySelector('[data-spinner]')).not.toBeNull();
    rerender(<SubmitButton sending={false} label="Nachricht senden" />);
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(button.getAttribute('aria-busy')).toBeNull();
    expect(button.querySelector('[data-spinner]')).toBeNull();
  });
});

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
