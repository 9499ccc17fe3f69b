import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../client/api.ts';
import type { InboxItem } from '../../lib/agent/inbox-types.ts';
import { orderStatusText } from '../../lib/orders/status.ts';
import { OrderRejectionSchema, type InboxAction } from '../../lib/schemas/inbox.ts';
import { reportAgentFailure } from '../../stores/agent-failure.ts';
import { actOnInboxItem } from '../../stores/agent-lists.ts';
import { KitForm } from '../forms/ErrorSummary.tsx';
import { TextField } from '../forms/Fields.tsx';
import { useFormFields } from '../forms/useFormFields.ts';
import { dateTime, germanDate } from './format.ts';
import { Button } from '../ui/Button.tsx';
import { text } from '../ui/classes.ts';

interface Props {
  item: InboxItem;
  onChanged(item: InboxItem): void;
}

/**
 * Where an order stands, and for one we review the agent's decision (decision 0053): accept it
 * within its acceptance period – the customer then gets the Auftragsbestätigung with the contract
 * confirmation PDF and the first invoice – or reject it with a reason that is mailed to the
 * customer. The reason is checked with the schema the server uses.
 */
export function OrderDecision({ item, onChanged }: Props) {
  const ids = useId();
  const form = useFormFields(`${ids}-reject`, OrderRejectionSchema, { reason: '' });
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const order = item.order;
  if (!order) return null;

  const run = async (action: InboxAction, done: string) => {
    setBusy(true);
    setOutcome(null);
    try {
      onChanged(await actOnInboxItem(item, action));
      setOutcome({ ok: true, message: done });
    } catch (caught) {
      if (caught instanceof ApiError) form.refuse(caught.errors);
      reportAgentFailure(caught, (message) => setOutcome({ ok: false, message }));
    } finally {
      setBusy(false);
    }
  };

  const reject = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    if (!form.touchAll() || !form.output) return; // the summary and the field say why
    void run({ action: 'rejectOrder', reason: form.output.reason }, 'Die Bestellung ist abgelehnt. Die Begründung wurde dem Kunden gesendet.');
  };

  const headingId = `${ids}-heading`;
  const decided = order.decidedAt && order.status !== 'received' ? ` (${dateTime(order.decidedAt)}${order.decidedBy ? `, ${order.decidedBy}` : ''})` : '';
  return (
    <section aria-labelledby={headingId} className="grid justify-items-start gap-3">
      <h4 id={headingId} className={text.label}>
        Annahme der Bestellung
      </h4>
      <p className={text.body}>
        Stand: {orderStatusText(order)}
        {decided}
      </p>
      {order.status === 'received' && (
        <>
          <p className={text.body}>
            Bitte entscheiden Sie bis zum {order.acceptanceDeadline ? germanDate(order.acceptanceDeadline) : '–'}; danach ist der Kunde nicht mehr an
            seine Bestellung gebunden. Mit der Annahme ist der Vertrag geschlossen: Der Kunde erhält die Auftragsbestätigung mit der Vertragsbestätigung
            (PDF), die Verträge beginnen, und die erste Rechnung wird ausgestellt.
          </p>
          <Button type="button" disabled={busy} onClick={() => void run({ action: 'acceptOrder' }, 'Die Bestellung ist angenommen. Die Auftragsbestätigung wurde gesendet.')}>
            Bestellung annehmen
          </Button>
          <KitForm summary={form.summary} onSubmit={reject} aria-label="Bestellung ablehnen" className="grid w-full justify-items-start gap-3">
            <TextField
              form={form}
              field="reason"
              label="Begründung der Ablehnung"
              hint="Wir senden sie dem Kunden per E-Mail (höchstens 500 Zeichen)."
              required
              rows={4}
              className="w-full max-w-xl"
            />
            <Button type="submit" variant="secondary" disabled={busy}>
              Bestellung ablehnen
            </Button>
          </KitForm>
        </>
      )}
      {/* Present while a decision can be made, so the outcome is announced; a decided order keeps its outcome. */}
      {(order.status === 'received' || outcome !== null) && (
        <p role="status" className={outcome?.ok === false ? text.error : text.success}>
          {outcome?.message}
        </p>
      )}
    </section>
  );
}
