import { useEffect, useId, useLayoutEffect, useRef, useState, type FormHTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import type { ListedError, SummaryState } from './useFormFields.ts';

/** Smooth unless the visitor asked for less motion (the page's own smooth scrolling stops then too). */
function scrollBehavior(): ScrollBehavior {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'instant' : 'smooth';
}

/**
 * The errors in the order their controls stand in the form: the schema's and the server's order
 * is not the page's (a group's first choice, the checkout's cart problems below its fields).
 */
function inFormOrder(listed: ListedError[]): ListedError[] {
  const element = (line: ListedError) => (line.target === undefined ? null : document.getElementById(line.target));
  return (
    listed
      .map((line) => ({ line, at: element(line) }))
      .sort((a, b) => {
        if (!a.at || !b.at) return a.at ? -1 : b.at ? 1 : 0;
        return a.at.compareDocumentPosition(b.at) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
      })
      // A link to a control the form does not show (e.g. the token of a reset link) would lead nowhere: plain text.
      .map(({ line, at }) => (at ? line : { message: line.message, target: undefined }))
  );
}

/**
 * An error link leads to its control (GOV.UK's error summary): the control takes the focus, and
 * its label – or the legend of a choice group, whose options are labelled one by one – scrolls
 * into view with it, so the question is read with the answer. Without JavaScript the link is a
 * plain fragment link.
 */
function goTo(event: MouseEvent<HTMLAnchorElement>, target: string) {
  const control = document.getElementById(target);
  if (!control) return;
  event.preventDefault();
  const label = document.querySelector(`label[for="${CSS.escape(target)}"]`) ?? control.closest('fieldset')?.querySelector('legend') ?? control;
  label.scrollIntoView({ block: 'start', behavior: scrollBehavior() });
  control.focus({ preventScroll: true });
}

/**
 * The one error summary of every form (WCAG 3.3.1, GOV.UK's pattern), at the top of the form: a
 * heading and each error as a link to its field, where the same message stands again. With
 * JavaScript each failed send moves the focus to it and scrolls it into view – the errors may
 * stand far above the button that was pressed; without JavaScript the server renders it with a
 * refused post. It lists what the fields show at the moment, so it shrinks as they are fixed.
 */
function ErrorSummary({ summary }: { summary: SummaryState | null }) {
  const box = useRef<HTMLDivElement>(null);
  const headingId = useId();
  // The server's answer to a refused post shows even without field errors (its heading says what failed).
  const visible = summary !== null && (summary.listed.length > 0 || summary.attempt === 0);
  const attempt = summary?.attempt;
  const listed = summary?.listed ?? [];
  const listedKey = JSON.stringify(listed);
  // Arranged from the page after each commit, before it is painted: the controls must be in the
  // page to be compared, and are not yet when the summary first renders with them. The server's
  // render (the no-JavaScript answer) keeps the form's own order and every link.
  const [arranged, setArranged] = useState<{ of: string; lines: ListedError[] } | null>(null);
  // After every commit, not on a list of dependencies: the page around the summary changes too.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    if (!visible) return;
    const lines = inFormOrder(listed);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- read from the committed page; set only when it differs, so it settles at once
    if (arranged?.of !== listedKey || JSON.stringify(arranged.lines) !== JSON.stringify(lines)) setArranged({ of: listedKey, lines });
  });
  const lines = arranged?.of === listedKey ? arranged.lines : listed;

  useEffect(() => {
    if (!visible || !summary.focusDue() || !box.current) return;
    box.current.focus({ preventScroll: true });
    box.current.scrollIntoView({ block: 'start', behavior: scrollBehavior() });
    // Once per failed send; not when the list changes while the fields are fixed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt, visible]);

  if (!visible) return null;
  return (
    <div
      role="alert"
      ref={box}
      tabIndex={-1}
      aria-labelledby={headingId}
      className="error-summary rounded-xl border-2 border-red-700 p-4 text-red-800 dark:border-red-300 dark:text-red-200"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {summary.heading}
      </h2>
      {lines.length > 0 && (
        <ul className="mt-2 list-disc space-y-1 pl-6">
          {lines.map(({ message, target }) => (
            <li key={`${target ?? ''} ${message}`}>
              {target === undefined ? (
                message
              ) : (
                <a href={`#${target}`} onClick={(event) => goTo(event, target)} className="font-medium underline underline-offset-2">
                  {message}
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

type FormProps = Omit<FormHTMLAttributes<HTMLFormElement>, 'noValidate' | 'children'>;

/**
 * A form of the kit: the browser's own validation bubbles are off (the shared schema checks,
 * in German, and the fields say it), and the error summary stands first inside it.
 */
export function KitForm({ summary, children, ...props }: FormProps & { summary: SummaryState | null; children: ReactNode }) {
  return (
    <form noValidate {...props}>
      <ErrorSummary summary={summary} />
      {children}
    </form>
  );
}
