import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $ui, announceEnglishUnsupported, ENGLISH_NOTICE_MS, openLoginDialog } from '../../../src/stores/ui.ts';

describe('English notice', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.runOnlyPendingTimers();
    vi.useRealTimers();
  });

  it('shows for 2500 ms (SPEC §9) and then hides', () => {
    expect(ENGLISH_NOTICE_MS).toBe(2500);
    announceEnglishUnsupported();
    expect($ui.get().showEnglishNotice).toBe(true);
    vi.advanceTimersByTime(2499);
    expect($ui.get().showEnglishNotice).toBe(true);
    vi.advanceTimersByTime(1);
    expect($ui.get().showEnglishNotice).toBe(false);
  });

  it('restarts the 2500 ms when English is chosen again while the notice is up', () => {
    announceEnglishUnsupported();
    vi.advanceTimersByTime(2000);
    announceEnglishUnsupported();
    vi.advanceTimersByTime(2000);
    expect($ui.get().showEnglishNotice).toBe(true);
    vi.advanceTimersByTime(500);
    expect($ui.get().showEnglishNotice).toBe(false);
  });
});

describe('dialog flags', () => {
  it('the login button only raises the flag the login dialog renders from', () => {
    openLoginDialog();
    expect($ui.get()).toMatchObject({ showLoginDialog: true, showCartModal: false, showAddToCartModal: false });
  });
});
