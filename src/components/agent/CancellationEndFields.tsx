import type { InboxItem } from '../../lib/agent/inbox-types.ts';
import { cancellationEndSchema } from '../../lib/schemas/inbox.ts';
import { TextField } from '../forms/Fields.tsx';
import { useFormFields } from '../forms/useFormFields.ts';
import { FieldError } from '../forms/FieldError.tsx';
import { germanDate } from './format.ts';
import { ui } from './styles.ts';

type Values = { endDate: string; note: string; contractNumber: string };

/**
 * The end an agent confirms for a cancellation, checked with the schema the server uses: the end
 * computed on receipt is offered (else the customer's wish), and another day needs a reason. A
 * cancellation that named no contract unambiguously can be assigned one, which then ends that day.
 */
export function useCancellationEnd(idPrefix: string, cancellation: InboxItem['cancellation'] | null) {
  const computedEnd = cancellation?.computedEndDate ?? null;
  const empty: Values = { endDate: computedEnd ?? cancellation?.requestedEndDate ?? '', note: '', contractNumber: '' };
  const form = useFormFields(idPrefix, cancellationEndSchema(computedEnd), empty);
  const noteNeeded = computedEnd !== null && form.values.endDate !== computedEnd;
  return { form, computedEnd, noteNeeded };
}

export type CancellationEnd = ReturnType<typeof useCancellationEnd>;

/** The date field (a native date picker, shown the German way in a German browser) and, when needed, the reason. */
export function CancellationEndFields({ end }: { end: CancellationEnd }) {
  const { form, computedEnd, noteNeeded } = end;
  const error = form.shown('endDate');
  const hintId = `${form.id('endDate')}-hint`;
  const describedBy = [computedEnd ? hintId : '', error ? form.errorId('endDate') : ''].filter(Boolean).join(' ');
  return (
    <>
      <div className="grid gap-1">
        <label htmlFor={form.id('endDate')} className={ui.label}>
          Vertragsende
        </label>
        <input
          id={form.id('endDate')}
          name="endDate"
          type="date"
          required
          value={form.values.endDate}
          onChange={(event) => form.change('endDate', event.target.value)}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy || undefined}
          className={ui.input}
        />
        {computedEnd && (
          <p id={hintId} className={ui.muted}>
            Bei Eingang berechnet: {germanDate(computedEnd)}
          </p>
        )}
        <FieldError id={form.errorId('endDate')} message={error} />
      </div>
      {computedEnd === null && (
        <TextField
          form={form}
          field="contractNumber"
          label="Vertragsnummer"
          hint="Falls Sie den gekündigten Vertrag gefunden haben (z. B. unter „Verträge“): Er endet dann zum gewählten Datum."
          className="w-full max-w-xs"
        />
      )}
      {noteNeeded && (
        <TextField form={form} field="note" label="Begründung für das abweichende Datum" required rows={5} className="w-full max-w-xl" />
      )}
    </>
  );
}
