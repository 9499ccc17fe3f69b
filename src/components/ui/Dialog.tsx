import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { focusableIn, trapTab } from './focus-trap.ts';
import { useMounted } from './useMounted.ts';

export interface DialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  /** Escape, Cancel, the close button and a click on the backdrop call it. */
  onClose: () => void;
  /** With it, an OK button is shown. */
  onConfirm?: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Hides the Cancel button (a plain message needs only OK). */
  hideCancel?: boolean;
  /** Own buttons instead of OK/Cancel. */
  footer?: ReactNode;
  /** Width class, e.g. 'max-w-lg'. */
  size?: string;
  /**
   * Height classes, e.g. 'h-[70vh] max-h-[min(600px,100%)]': the content then fills the panel below
   * the title. They replace the screen's height as the limit, so they must keep it themselves
   * (`min(…, 100%)`): two max-height classes on one element would leave the winner to the stylesheet's order.
   */
  height?: string;
  /** With it, a close button (×) with this accessible name sits beside the title instead of the buttons below. */
  closeLabel?: string;
}

/**
 * The generic modal (SPEC §2): focus moves in when it opens and back to the opener when it
 * closes, Tab stays inside, Escape closes, the page behind is inert for assistive technology.
 */
export function Dialog({
  open,
  title,
  children,
  onClose,
  onConfirm,
  confirmLabel = 'OK',
  cancelLabel = 'Abbrechen',
  hideCancel = false,
  footer,
  size = 'max-w-md',
  height,
  closeLabel,
}: DialogProps) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  // The key handler is installed once per opening; it must still call the latest onClose.
  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  });

  // A flag can be set before this island hydrates (the settings page opens the login dialog at
  // once): the prebuilt HTML has no dialog, so it appears only after hydration, never during it.
  const mounted = useMounted();
  const visible = open && mounted;

  // The opener is noted in a layout effect: forms inside the dialog focus their first field in
  // their own (passive) effects, which React runs before this component's passive effect.
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (visible) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, [visible]);

  useEffect(() => {
    if (!visible) return;
    const returnTo = opener.current;
    const container = panel.current!;
    (focusableIn(container)[0] ?? container).focus();
    // Keys are handled on the dialog itself: in stacked dialogs only the topmost one (which
    // holds the focus) reacts, and stopPropagation keeps an Escape from closing two at once.
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        onCloseRef.current();
      } else {
        trapTab(event, container);
      }
    };
    container.addEventListener('keydown', onKey);
    // Only what this dialog made inert is released again; an outer dialog keeps its own.
    const root = container.parentElement?.parentElement;
    const madeInert = [...document.body.children].filter((el) => el !== root && !el.hasAttribute('inert'));
    for (const el of madeInert) el.setAttribute('inert', '');
    return () => {
      container.removeEventListener('keydown', onKey);
      for (const el of madeInert) el.removeAttribute('inert');
      returnTo?.focus();
    };
  }, [visible]);

  if (!visible) return null;
  // The panel is never taller than the screen (issue 36): title and buttons stay in place and only
  // the content between them scrolls, so a long cart keeps 'Zur Kasse' in reach on a phone. The
  // backdrop is a fixed box the size of the viewport; nothing on the page behind has to scroll.
  const pad = 'px-5 sm:px-6';
  return createPortal(
    <div className="fixed inset-0 z-50">
      <div
        role="presentation"
        className="flex h-full items-center justify-center bg-slate-950/60 p-3 sm:p-4"
        onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
        <div
          ref={panel}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          tabIndex={-1}
          className={`flex w-full flex-col ${size} ${height ?? 'max-h-full'} rounded-xl bg-white text-slate-900 shadow-2xl dark:bg-slate-900 dark:text-slate-100`}
        >
          <div className={`flex shrink-0 items-start justify-between gap-3 pt-5 sm:pt-6 ${pad}`}>
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            {closeLabel && (
              <button
                type="button"
                onClick={onClose}
                aria-label={closeLabel}
                className="-m-2 rounded-lg p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
              >
                <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                  <path d="M6 6l12 12M18 6L6 18" />
                </svg>
              </button>
            )}
          </div>
          {/* py-2 inside the scroller: the focus rings (3 px + 2 px offset) of its first and last fields are not cut off. */}
          <div
            data-dialog-body
            className={`mt-1 min-h-0 overflow-y-auto py-2 text-slate-700 dark:text-slate-300 ${pad} ${height ? 'flex-1' : ''} ${closeLabel ? 'mb-5 sm:mb-6' : ''}`}
          >
            {children}
          </div>
          {/* The line marks where the scrolling content ends and the buttons, which never scroll, begin. */}
          {!closeLabel && (
            <div
              data-dialog-footer
              className={`mt-2 flex shrink-0 flex-wrap justify-end gap-3 border-t border-slate-200 pb-5 pt-4 sm:pb-6 dark:border-slate-700 ${pad}`}
            >
              {footer ?? (
                <>
                  {!hideCancel && (
                    <button
                      type="button"
                      onClick={onClose}
                      className="rounded-lg border border-slate-300 px-4 py-2 font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
                    >
                      {cancelLabel}
                    </button>
                  )}
                  {onConfirm && (
                    <button
                      type="button"
                      onClick={onConfirm}
                      className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
                    >
                      {confirmLabel}
                    </button>
                  )}
                </>
              )}
            </div>
          )}
        </div>
      </div>
    </div>,
    document.body,
  );
}
