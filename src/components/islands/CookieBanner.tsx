import { useEffect, useState } from 'react';
import { useMounted } from '../ui/useMounted.ts';

/** Versioned: a new text (e.g. once optional cookies exist) gets a new key and shows again. */
export const COOKIE_NOTICE_KEY = 'cookie-notice-v1';

function dismissed(): boolean {
  try {
    return localStorage.getItem(COOKIE_NOTICE_KEY) === 'closed';
  } catch {
    return false;
  }
}

/** The notice's height, for fixed elements that must stay above it (the chat button). */
const HEIGHT_PROPERTY = '--cookie-notice-height';

/** Publishes the notice's height while it is shown; the chat button would otherwise sit under it. */
function usePublishedHeight(element: HTMLElement | null): void {
  useEffect(() => {
    if (!element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty(HEIGHT_PROPERTY, `${element.offsetHeight}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(HEIGHT_PROPERTY);
    };
  }, [element]);
}

/**
 * The cookie notice (SPEC §2): only essential cookies are used, so it informs and needs no
 * consent choice. Rendered only after mounting, so returning visitors never see it flash.
 */
export default function CookieBanner() {
  const mounted = useMounted();
  const [closedNow, setClosedNow] = useState(false);
  const [section, setSection] = useState<HTMLElement | null>(null);
  usePublishedHeight(section);

  if (!mounted || closedNow || dismissed()) return null;
  const close = () => {
    try {
      localStorage.setItem(COOKIE_NOTICE_KEY, 'closed');
    } catch {
      // storage blocked: hidden for this page view only
    }
    setClosedNow(true);
  };
  return (
    <section
      ref={setSection}
      aria-label="Hinweis zu Cookies"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 p-4 shadow-[0_-4px_16px_rgba(0,0,0,0.08)] backdrop-blur dark:border-slate-700 dark:bg-slate-900/95"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-700 dark:text-slate-200">
          Wir verwenden ausschließlich technisch notwendige Cookies, damit Warenkorb, Anmeldung und Formulare funktionieren.
          Mehr dazu in unserer{' '}
          <a href="/datenschutz" className="font-medium text-brand-700 underline dark:text-brand-300">
            Datenschutzerklärung
          </a>
          .
        </p>
        <button
          type="button"
          onClick={close}
          className="shrink-0 rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
        >
          Verstanden
        </button>
      </div>
    </section>
  );
}
