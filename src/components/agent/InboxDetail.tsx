import { useId, useState, type FormEvent } from 'react';
import type { InboxDetail as Detail, InboxItem } from '../../lib/agent/inbox-types.ts';
import { ApiError } from '../../client/api.ts';
import { formatEuro } from '../../lib/money.ts';
import { INBOX_STATUSES, inboxStatusLabels, inboxTypeLabels, type InboxStatus } from '../../lib/schemas/inbox.ts';
import { CancellationDecision } from './CancellationDecision.tsx';
import { dateTime, germanDate } from './format.ts';
import type { RunInboxAction } from './inbox-action.ts';
import { LabelledSelect } from './LabelledSelect.tsx';
import { OrderDecision } from './OrderDecision.tsx';
import { OrderInvoices } from './OrderInvoices.tsx';
import { reportAgentFailure } from '../../stores/agent-failure.ts';
import { actOnInboxItem } from '../../stores/agent-lists.ts';
import { Button } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { divider, text } from '../ui/classes.ts';
import { WithdrawalAssignment } from './WithdrawalAssignment.tsx';

function value(detail: Detail) {
  switch (detail.kind) {
    case 'text':
      return <span className="whitespace-pre-wrap">{detail.value}</span>;
    case 'email':
      return (
        <a className={text.link} href={`mailto:${detail.value}`}>
          {detail.value}
        </a>
      );
    case 'date':
      return germanDate(detail.value);
    case 'datetime':
      return dateTime(detail.value);
    case 'money':
      return formatEuro(detail.cents);
    case 'boolean':
      return detail.value ? 'ja' : 'nein';
    case 'list':
      return detail.value.length === 0 ? '–' : (
        <ul className="list-disc pl-5">
          {detail.value.map((entry, index) => (
            <li key={index}>{entry}</li>
          ))}
        </ul>
      );
  }
}

interface Props {
  item: InboxItem;
  onChanged(item: InboxItem): void;
}

/** One received item with all its fields and what an agent can do with it. */
export function InboxDetail({ item, onChanged }: Props) {
  const ids = useId();
  const [status, setStatus] = useState<InboxStatus>(item.status);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);

  /** Sends one action; `onFieldErrors` takes the server's field errors of a form (400). */
  const run: RunInboxAction = async (action, done, onFieldErrors) => {
    setBusy(true);
    setOutcome(null);
    try {
      const changed = await actOnInboxItem(item, action);
      onChanged(changed);
      setStatus(changed.status);
      setOutcome({ ok: true, message: done(changed) });
    } catch (caught) {
      if (caught instanceof ApiError) onFieldErrors?.(caught.errors);
      reportAgentFailure(caught, (message) => setOutcome({ ok: false, message }));
    } finally {
      setBusy(false);
    }
  };

  const saveStatus = (event: FormEvent) => {
    event.preventDefault();
    void run({ action: 'setStatus', status }, (changed) => `Der Status ist jetzt „${inboxStatusLabels[changed.status]}“.`);
  };

  const headingId = `${ids}-heading`;
  const email = item.details.find((d) => d.kind === 'email');
  const recipient = email?.kind === 'email' ? email.value : null;
  return (
    <Card as="section" aria-labelledby={headingId} className="grid gap-4">
      <div>
        <p className={text.muted}>
          {inboxTypeLabels[item.type]} · eingegangen am {dateTime(item.receivedAt)}
        </p>
        <h3 id={headingId} className={text.h3}>
          <span className={text.typed}>{item.title}</span>
        </h3>
        <p className={text.muted}>
          Status: {inboxStatusLabels[item.status]}
          {item.statusChangedAt && ` (geändert am ${dateTime(item.statusChangedAt)}${item.statusChangedBy ? ` von ${item.statusChangedBy}` : ''})`}
        </p>
      </div>
      <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[max-content_minmax(0,1fr)]">
        {item.details.map((detail) => (
          <div key={detail.label} className="contents">
            <dt className={text.label}>{detail.label}</dt>
            <dd className={`${text.body} ${text.typed}`}>{value(detail)}</dd>
          </div>
        ))}
      </dl>

      <div className={`grid gap-4 pt-4 ${divider}`}>
        <form onSubmit={saveStatus} className="flex flex-wrap items-end gap-2">
          <LabelledSelect
            id={`${ids}-status`}
            label="Bearbeitungsstatus"
            value={status}
            options={INBOX_STATUSES}
            optionLabel={(option) => inboxStatusLabels[option]}
            // Without `none` the select offers only the statuses.
            onChange={(next) => setStatus(next as InboxStatus)}
          />
          <Button type="submit" variant="secondary" disabled={busy}>
            Status speichern
          </Button>
        </form>

        {item.billing && <OrderInvoices billing={item.billing} />}

        {item.cancellation && <CancellationDecision cancellation={item.cancellation} run={run} busy={busy} recipient={recipient} />}
        {item.withdrawal && <WithdrawalAssignment withdrawal={item.withdrawal} run={run} busy={busy} />}
        <OrderDecision item={item} onChanged={(changed) => { onChanged(changed); setStatus(changed.status); }} />

        <p role="status" className={outcome?.ok === false ? text.error : text.success}>
          {outcome?.message}
        </p>
      </div>
    </Card>
  );
}
