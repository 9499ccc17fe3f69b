import { COOKIE_NOTICE_KEY } from '../../lib/cookie-notice.ts';

/** The notice's height, for what must stay above it: the focused element. */
const HEIGHT_PROPERTY = '--cookie-notice-height';

const root = document.documentElement;
let stopObserving: (() => void) | undefined;

const isOpen = () => root.dataset.cookieNotice === 'open';

/** 'Verstanden' or Escape: remembered, so the notice does not come back (SPEC §2). */
export function closeCookieNotice(): void {
  if (!isOpen()) return;
  try {
    localStorage.setItem(COOKIE_NOTICE_KEY, 'closed');
  } catch {
    // storage blocked: hidden for this page view only
  }
  delete root.dataset.cookieNotice;
  stopObserving?.();
}

/**
 * While the notice is open, its height is published on <html>: the page keeps that much scroll
 * padding at the bottom, so the browser never scrolls a focused element under it (WCAG 2.2
 * SC 2.4.11). The chat button needs no number: it stands on the notice (BaseLayout). Escape closes it unless something else (a dialog, the
 * mobile menu) took the key.
 */
export function startCookieNotice(): void {
  const notice = document.getElementById('cookie-notice');
  if (!notice || !isOpen()) return;
  const observer = new ResizeObserver(() => root.style.setProperty(HEIGHT_PROPERTY, `${notice.offsetHeight}px`));
  observer.observe(notice);
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !event.defaultPrevented && !document.querySelector('[aria-modal="true"]')) closeCookieNotice();
  };
  document.addEventListener('keydown', onKey);
  stopObserving = () => {
    observer.disconnect();
    root.style.removeProperty(HEIGHT_PROPERTY);
    document.removeEventListener('keydown', onKey);
  };
}
