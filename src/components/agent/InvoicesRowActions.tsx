import { useState, type FormEvent } from 'react';
import type { AgentInvoice } from '../../lib/agent/invoice-types.ts';
import { markInvoicePaid, sendInvoiceReminder } from '../../stores/agent-invoices.ts';
import { reportAgentFailure } from '../../stores/agent-failure.ts';
import { ui } from './styles.ts';

interface Props {
  invoice: AgentInvoice;
  /** Today in Germany as the server counted it: the default and the latest day of a payment. */
  today: string;
  /** Tells the section's live region what happened. */
  onOutcome(outcome: { ok: boolean; message: string }): void;
}

/** What an agent can do with an open invoice: record its payment (default today) and, once overdue, send a reminder. */
export function InvoicesRowActions({ invoice, today, onOutcome }: Props) {
  const [receivedOn, setReceivedOn] = useState(today);
  const [busy, setBusy] = useState(false);
  const open = invoice.state === 'open' || invoice.state === 'overdue';
  if (!open) return null;
  const id = `invoice-${invoice.number}-received`;

  const run = async (action: () => Promise<unknown>, success: string) => {
    setBusy(true);
    try {
      await action();
      onOutcome({ ok: true, message: success });
    } catch (caught) {
      reportAgentFailure(caught, (message) => onOutcome({ ok: false, message }));
    } finally {
      setBusy(false);
    }
  };

  const recordPayment = (event: FormEvent) => {
    event.preventDefault();
    void run(() => markInvoicePaid(invoice.number, receivedOn), `Der Zahlungseingang für ${invoice.number} ist erfasst.`);
  };

  return (
    <div className="grid gap-2">
      <form onSubmit={recordPayment} className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1">
          <label htmlFor={id} className={`${ui.label} text-sm`}>
            {invoice.kind === 'cancellation' ? 'Erstattet am' : 'Eingang am'}
          </label>
          <input id={id} type="date" required max={today} value={receivedOn} onChange={(event) => setReceivedOn(event.target.value)} className={ui.input} />
        </div>
        <button type="submit" className={ui.secondary} disabled={busy || receivedOn === ''} aria-label={`Zahlung erfasst: ${invoice.number}`}>
          Zahlung erfasst
        </button>
      </form>
      {invoice.kind === 'invoice' && invoice.state === 'overdue' && (
        <div>
          <button
            type="button"
            className={ui.secondary}
            disabled={busy}
            aria-label={`Erinnerung senden: ${invoice.number}`}
            onClick={() => void run(() => sendInvoiceReminder(invoice.number), `Die Zahlungserinnerung zu ${invoice.number} geht an ${invoice.buyer.email}.`)}
          >
            Erinnerung senden
          </button>
        </div>
      )}
    </div>
  );
}
