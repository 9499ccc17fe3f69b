import type { ReactNode } from 'react';

interface ToastProps {
  /** The message; null keeps the live region empty. */
  children: ReactNode | null;
  lang?: string;
}

/**
 * A short, non-blocking notice. The role="status" region is always in the DOM so screen
 * readers announce the message when it is inserted; pointer events pass through to the page.
 */
export function Toast({ children, lang }: ToastProps) {
  return (
    <div role="status" className="pointer-events-none fixed inset-x-0 top-20 z-50 flex justify-center px-4">
      {children !== null && (
        <p
          lang={lang}
          className="rounded-lg bg-slate-900 px-4 py-3 text-sm font-medium text-white shadow-lg dark:bg-slate-100 dark:text-slate-900"
        >
          {children}
        </p>
      )}
    </div>
  );
}
