import type { ReactNode } from 'react';
import type { InboxItem } from '../../lib/agent/inbox-types.ts';
import { cancellationDecisionSchema, cancellationEndSchema } from '../../lib/schemas/inbox.ts';
import { TextField } from '../forms/Fields.tsx';
import { useFormFields, type FieldState } from '../forms/useFormFields.ts';
import { germanDate } from './format.ts';
import { TextInput } from '../ui/TextInput.tsx';

type Cancellation = NonNullable<InboxItem['cancellation']>;
type EndValues = { endDate: string; note: string; contractNumber: string };
type DecisionValues = { endDate: string; reason: string; contractNumber: string };

/**
 * The end an agent confirms for an ordinary cancellation, checked with the schema the server
 * uses: the end computed on receipt is offered (else the customer's wish), and another day needs
 * a reason. A cancellation that named no contract unambiguously can be assigned one, which then
 * ends that day.
 */
export function useCancellationEnd(idPrefix: string, cancellation: Cancellation) {
  const computedEnd = cancellation.computedEndDate;
  const empty: EndValues = { endDate: computedEnd ?? cancellation.requestedEndDate ?? '', note: '', contractNumber: '' };
  const form = useFormFields(idPrefix, cancellationEndSchema(computedEnd), empty);
  const noteNeeded = computedEnd !== null && form.values.endDate !== computedEnd;
  return { form, computedEnd, noteNeeded, matched: cancellation.matched };
}

/**
 * The decision on an extraordinary cancellation (decision 0054): the end – offered as the day the
 * customer asked for, never before the day of receipt – and the reason, which is mailed.
 */
export function useCancellationDecision(idPrefix: string, cancellation: Cancellation) {
  const empty: DecisionValues = { endDate: cancellation.requestedEndDate ?? cancellation.receivedOn, reason: '', contractNumber: '' };
  const form = useFormFields(idPrefix, cancellationDecisionSchema(cancellation.receivedOn), empty);
  return { form, matched: cancellation.matched };
}

/** The date field (a native date picker, shown the German way in a German browser) with its hint and error. */
function EndDateField<V extends { endDate: string }>({ form, hint }: { form: FieldState<V>; hint?: ReactNode }) {
  return (
    <TextInput
      id={form.id('endDate')}
      name="endDate"
      type="date"
      label="Vertragsende"
      required
      hint={hint}
      error={form.shown('endDate')}
      value={form.values.endDate}
      onChange={(event) => form.change('endDate', event.target.value as V['endDate'])}
    />
  );
}

/** The hint of the contract field: a cancellation that named no contract unambiguously can be assigned the one the agent found. */
const contractNumberHint = (ends: string) => `Falls Sie den gekündigten Vertrag gefunden haben (z. B. unter „Verträge“): Er endet dann ${ends}.`;

export type CancellationEnd = ReturnType<typeof useCancellationEnd>;
export type CancellationDecisionForm = ReturnType<typeof useCancellationDecision>;

/** The fields of an ordinary cancellation's processing: the end and, when needed, the reason. */
export function CancellationEndFields({ end }: { end: CancellationEnd }) {
  const { form, computedEnd, noteNeeded, matched } = end;
  return (
    <>
      <EndDateField form={form} hint={computedEnd && `Bei Eingang berechnet: ${germanDate(computedEnd)}`} />
      {!matched && <TextField form={form} field="contractNumber" label="Vertragsnummer" hint={contractNumberHint('zum gewählten Datum')} className="w-full max-w-xs" />}
      {noteNeeded && (
        <TextField form={form} field="note" label="Begründung für das abweichende Datum" required rows={5} className="w-full max-w-xl" />
      )}
    </>
  );
}

/** The fields of an extraordinary cancellation's decision: the end and the reason the customer reads. */
export function CancellationDecisionFields({ decision, requestedEnd }: { decision: CancellationDecisionForm; requestedEnd: string | null }) {
  const { form, matched } = decision;
  return (
    <>
      <EndDateField form={form} hint={`Gewünscht: ${requestedEnd ? germanDate(requestedEnd) : 'zum nächstmöglichen Zeitpunkt'}`} />
      {!matched && (
        <TextField form={form} field="contractNumber" label="Vertragsnummer" hint={contractNumberHint('zum entschiedenen Datum')} className="w-full max-w-xs" />
      )}
      <TextField
        form={form}
        field="reason"
        label="Begründung der Entscheidung"
        required
        rows={5}
        hint="Geht mit der Entscheidung per E-Mail an den Kunden, z. B. ob ein wichtiger Grund vorliegt."
        className="w-full max-w-xl"
      />
    </>
  );
}
