import { useState, type FormEvent } from 'react';
import type { AgentInvoice } from '../../agent-types.ts';
import { reminderAllowed } from '../../reminders.ts';
import { paymentSchema } from '../../schemas.ts';
import { recordsMoney } from '../../state.ts';
import { markInvoicePaid, sendInvoiceReminder } from '../../stores/agent-invoices.ts';
import { reportAgentFailure } from '../../../../stores/agent-failure.ts';
import { KitForm } from '../../../../components/forms/ErrorSummary.tsx';
import { TextField } from '../../../../components/forms/Fields.tsx';
import { useFormFields } from '../../../../components/forms/useFormFields.ts';
import { Button } from '../../../../components/ui/Button.tsx';

interface Props {
  invoice: AgentInvoice;
  /** Today in Germany as the server counted it: the default and the latest day of a payment. */
  today: string;
  /** Tells the section's live region what happened. */
  onOutcome(outcome: { ok: boolean; message: string }): void;
}

/**
 * What an agent can do with an invoice waiting for money: record the payment of its open amount
 * (default today) and, once overdue, send its one reminder (never for a direct debit); with a
 * cancellation invoice that owes a refund: record that it went out.
 */
export function InvoicesRowActions({ invoice, today, onOutcome }: Props) {
  // The server's rule, checked here first with its schema: not before the invoice's day, not after today.
  const form = useFormFields(`invoice-${invoice.number}`, paymentSchema({ today, issuedOn: invoice.issuedOn }), { receivedOn: today }, { reveal: 'submit' });
  const [busy, setBusy] = useState(false);
  if (!recordsMoney(invoice.kind, invoice.state)) return null;

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
    if (!form.touchAll() || !form.output) return; // the summary and the field say why
    const { receivedOn } = form.output;
    void run(() => markInvoicePaid(invoice.number, receivedOn), `Der Zahlungseingang für ${invoice.number} ist erfasst.`);
  };

  return (
    <div className="grid gap-2">
      {/* The kit's form: the schema's German message, not the browser's, for a day outside min/max, in its summary and at the field. */}
      <KitForm summary={form.summary} onSubmit={recordPayment} className="flex flex-wrap items-end gap-2">
        <TextField
          form={form}
          field="receivedOn"
          type="date"
          label={invoice.kind === 'cancellation' ? 'Erstattet am' : 'Eingang am'}
          required
          min={invoice.issuedOn}
          max={today}
          controlClassName="text-small"
        />
        <Button type="submit" variant="secondary" pending={busy} aria-label={`Zahlung erfasst: ${invoice.number}`}>
          Zahlung erfasst
        </Button>
      </KitForm>
      {reminderAllowed(invoice) && (
        <div>
          <Button
            type="button"
            variant="secondary"
            disabled={busy}
            aria-label={`Erinnerung senden: ${invoice.number}`}
            onClick={() => void run(() => sendInvoiceReminder(invoice.number), `Die Zahlungserinnerung zu ${invoice.number} geht an ${invoice.buyer.email}.`)}
          >
            Erinnerung senden
          </Button>
        </div>
      )}
    </div>
  );
}
