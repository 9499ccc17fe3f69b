import { useId, type FormEvent } from 'react';
import type { InboxItem } from '../../lib/agent/inbox-types.ts';
import { KitForm } from '../forms/ErrorSummary.tsx';
import { CancellationDecisionFields, CancellationEndFields, useCancellationDecision, useCancellationEnd } from './CancellationEndFields.tsx';
import { dateTime, germanDate } from './format.ts';
import type { RunInboxAction } from './inbox-action.ts';
import { Button } from '../ui/Button.tsx';
import { text } from '../ui/classes.ts';

type Cancellation = NonNullable<InboxItem['cancellation']>;

interface Props {
  cancellation: Cancellation;
  run: RunInboxAction;
  busy: boolean;
  /** Where the mail went, for the note after processing. */
  recipient: string | null;
}

/** An ordinary cancellation: confirm the end computed on receipt, or correct it with a note (decision 0031). */
function ProcessForm({ cancellation, run, busy }: Omit<Props, 'recipient'>) {
  const end = useCancellationEnd(`${useId()}-end`, cancellation);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!end.form.touchAll()) return; // the fields show why
    const { endDate } = end.form.values;
    void run(
      { action: 'processCancellation', endDate, note: end.noteNeeded ? end.form.values.note : '', contractNumber: end.matched ? '' : end.form.values.contractNumber },
      () => `Die Kündigung ist bearbeitet. Die Bestätigung mit dem Vertragsende ${germanDate(endDate)} wurde versendet.`,
      end.form.refuse,
    );
  };
  return (
    <KitForm summary={end.form.summary} onSubmit={submit} className="grid justify-items-start gap-3">
      <CancellationEndFields end={end} />
      <Button type="submit" disabled={busy}>
        Kündigung bearbeiten
      </Button>
    </KitForm>
  );
}

/** An extraordinary cancellation is a request: the agent decides end and reason, and the decision is mailed (decision 0054). */
function DecisionForm({ cancellation, run, busy }: Omit<Props, 'recipient'>) {
  const decision = useCancellationDecision(`${useId()}-decision`, cancellation);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!decision.form.touchAll()) return;
    const { endDate, reason, contractNumber } = decision.form.values;
    void run(
      { action: 'decideCancellation', endDate, reason, contractNumber: decision.matched ? '' : contractNumber },
      () => `Die Entscheidung ist gespeichert und versendet: Der Vertrag endet am ${germanDate(endDate)}.`,
      decision.form.refuse,
    );
  };
  return (
    <KitForm summary={decision.form.summary} onSubmit={submit} aria-label="Über die außerordentliche Kündigung entscheiden" className="grid justify-items-start gap-3">
      <p className={text.body}>Eine außerordentliche Kündigung beendet den Vertrag erst mit Ihrer Entscheidung. Sie wird dem Kunden per E-Mail gesendet.</p>
      <CancellationDecisionFields decision={decision} requestedEnd={cancellation.requestedEndDate} />
      <Button type="submit" disabled={busy}>
        Entscheidung senden
      </Button>
    </KitForm>
  );
}

/**
 * What an agent does with a cancellation in the inbox: an ordinary one is processed, an
 * extraordinary one decided; either is then the attribution, if nothing attributed it before.
 */
export function CancellationDecision({ cancellation, run, busy, recipient }: Props) {
  if (cancellation.processed) {
    const end = cancellation.contractEndDate ? germanDate(cancellation.contractEndDate) : '–';
    const when = cancellation.processedAt ? ` am ${dateTime(cancellation.processedAt)}` : '';
    const to = recipient ? ` an ${recipient}` : '';
    return (
      <p className={text.body}>
        {cancellation.type === 'extraordinary'
          ? `Entschieden${when}: Vertragsende ${end}. Die Entscheidung wurde${to} gesendet.`
          : `Bearbeitet${when}: Vertragsende ${end}. Die Kündigungsbestätigung wurde${to} gesendet.`}
      </p>
    );
  }
  return cancellation.type === 'extraordinary' ? (
    <DecisionForm cancellation={cancellation} run={run} busy={busy} />
  ) : (
    <ProcessForm cancellation={cancellation} run={run} busy={busy} />
  );
}
