import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPolling, type PollOutcome, type Visibility } from '../../../src/client/polling.ts';

/** A tab whose visibility the test switches. */
class FakeTab implements Visibility {
  hidden = false;
  private listeners = new Set<() => void>();
  addEventListener(_type: 'visibilitychange', listener: () => void) {
    this.listeners.add(listener);
  }
  removeEventListener(_type: 'visibilitychange', listener: () => void) {
    this.listeners.delete(listener);
  }
  setHidden(hidden: boolean) {
    this.hidden = hidden;
    for (const listener of this.listeners) listener();
  }
  get listenerCount() {
    return this.listeners.size;
  }
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('startPolling', () => {
  it('polls every interval after the previous answer, starting after one interval', async () => {
    const tab = new FakeTab();
    const poll = vi.fn(async (): Promise<PollOutcome> => undefined);
    const stop = startPolling({ intervalMs: 3000, poll, visibility: tab });
    await vi.advanceTimersByTimeAsync(2999);
    expect(poll).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(poll).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(6000);
    expect(poll).toHaveBeenCalledTimes(3);
    stop();
  });

  it('never overlaps: a slow answer delays the next poll', async () => {
    const tab = new FakeTab();
    let active = 0;
    let maxActive = 0;
    const poll = vi.fn(async (): Promise<PollOutcome> => {
      active += 1;
      maxActive = Math.max(maxActive, active);
      await new Promise((resolve) => setTimeout(resolve, 5000));
      active -= 1;
    });
    const stop = startPolling({ intervalMs: 1000, poll, immediate: true, visibility: tab });
    await vi.advanceTimersByTimeAsync(11_999);
    expect(maxActive).toBe(1);
    // 0–5 s, 6–11 s, the third at 12 s: one poll takes 5 s plus 1 s pause.
    expect(poll).toHaveBeenCalledTimes(2);
    stop();
  });

  it("polls again at once on 'again' and ends on 'stop'", async () => {
    const tab = new FakeTab();
    const outcomes: PollOutcome[] = ['again', 'again', 'stop'];
    const poll = vi.fn(async () => outcomes.shift());
    startPolling({ intervalMs: 3000, poll, immediate: true, visibility: tab });
    // Well below one interval: the repeated polls do not wait for it.
    await vi.advanceTimersByTimeAsync(10);
    expect(poll).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(poll).toHaveBeenCalledTimes(3);
    expect(tab.listenerCount).toBe(0);
  });

  it('keeps polling after a failed poll', async () => {
    const tab = new FakeTab();
    const poll = vi.fn(async (): Promise<PollOutcome> => {
      throw new Error('offline');
    });
    const stop = startPolling({ intervalMs: 1000, poll, immediate: true, visibility: tab });
    await vi.advanceTimersByTimeAsync(2000);
    expect(poll).toHaveBeenCalledTimes(3);
    stop();
  });

  it('pauses while the tab is hidden and polls at once when it is shown again', async () => {
    const tab = new FakeTab();
    const poll = vi.fn(async (): Promise<PollOutcome> => undefined);
    const stop = startPolling({ intervalMs: 3000, poll, visibility: tab });
    await vi.advanceTimersByTimeAsync(3000);
    expect(poll).toHaveBeenCalledTimes(1);
    tab.setHidden(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(poll).toHaveBeenCalledTimes(1);
    tab.setHidden(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(poll).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3000);
    expect(poll).toHaveBeenCalledTimes(3);
    stop();
  });

  it('does not start in a hidden tab until it is shown', async () => {
    const tab = new FakeTab();
    tab.hidden = true;
    const poll = vi.fn(async (): Promise<PollOutcome> => undefined);
    const stop = startPolling({ intervalMs: 1000, poll, immediate: true, visibility: tab });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(poll).not.toHaveBeenCalled();
    tab.setHidden(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(poll).toHaveBeenCalledTimes(1);
    stop();
  });

  it('stop ends the loop, also while a poll is under way', async () => {
    const tab = new FakeTab();
    let finish: () => void = () => {};
    const poll = vi.fn(() => new Promise<PollOutcome>((resolve) => (finish = () => resolve(undefined))));
    const stop = startPolling({ intervalMs: 1000, poll, immediate: true, visibility: tab });
    await vi.advanceTimersByTimeAsync(0);
    expect(poll).toHaveBeenCalledTimes(1);
    stop();
    finish();
    await vi.advanceTimersByTimeAsync(10_000);
    tab.setHidden(false);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(poll).toHaveBeenCalledTimes(1);
  });
});
