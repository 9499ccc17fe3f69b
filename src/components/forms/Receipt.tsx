import { useEffect, useRef } from 'react';
import { formatReceivedAt } from '../../lib/forms/dates.ts';
import { receiptMailSentence, type ReceiptText, type SummaryLine } from '../../lib/schemas/forms/common.ts';
import { text } from '../ui/classes.ts';

/** The receipt of a request we answer within 48 hours (demo request, order inquiry). */
export function answeredWithin48Hours(title: string, email: string) {
  return (confirmationMailed: boolean): ReceiptText => ({
    title,
    lead: `${receiptMailSentence(confirmationMailed, email.trim())} Wir melden uns innerhalb von 48 Stunden bei Ihnen.`,
  });
}

interface ReceiptProps {
  title: string;
  /** What happens next, e.g. 'Sie erhalten eine Eingangsbestätigung per E-Mail.' */
  lead: string;
  id: number;
  receivedAt: string;
  lines: readonly SummaryLine[];
  /** False on the page answered without JavaScript: the button needs a script; the browser's print works. */
  printButton?: boolean;
}

/**
 * The confirmation page of a sent form: content of the declaration, date and time of receipt
 * in German time, and a button to print it or save it as PDF. It takes the focus, so screen
 * readers announce it in place of the form.
 */
export function Receipt({ title, lead, id, receivedAt, lines, printButton = true }: ReceiptProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const { date, time } = formatReceivedAt(receivedAt);
  return (
    <section aria-labelledby={`receipt-${id}`} className="receipt rounded-2xl border-2 border-green-700 bg-white p-6 text-slate-900 dark:border-green-400 dark:bg-slate-900 dark:text-slate-100">
      <h2 id={`receipt-${id}`} ref={heading} tabIndex={-1} className="text-2xl font-bold">
        {title}
      </h2>
      <p className="mt-3">{lead}</p>
      <dl className="mt-6 grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">Eingangsnummer</dt>
        <dd>{id}</dd>
        <dt className="font-semibold">Eingegangen am</dt>
        <dd>
          <time dateTime={receivedAt}>
            {date} um {time}
          </time>
        </dd>
        {lines.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold">{label}</dt>
            <dd className={`whitespace-pre-line ${text.typed}`}>{value}</dd>
          </div>
        ))}
      </dl>
      {printButton && (
        <button
          type="button"
          onClick={() => window.print()}
          className="mt-6 rounded-lg border-2 border-brand-600 px-5 py-2.5 font-semibold text-brand-700 hover:bg-brand-50 print:hidden dark:border-brand-300 dark:text-brand-300 dark:hover:bg-slate-800"
        >
          Bestätigung drucken oder als PDF speichern
        </button>
      )}
    </section>
  );
}
