import { cancellationTypes, contractEndOptions } from '../../lib/schemas/forms/cancellation.ts';
import { EXTRAORDINARY_DECISION } from '../../lib/schemas/forms/cancellation-receipt.ts';
import { DATE_PLACEHOLDER } from '../../lib/schemas/forms/common.ts';
import { RadioGroup, SelectField, TextField } from './Fields.tsx';
import type { FieldState } from './useFormFields.ts';

/** The fields of a cancellation that say how and when, shared by both cancellation forms. */
type CancellationTerms = {
  type_of_cancellation: string;
  cancellation_reason: string;
  end_of_contract_period: string;
  end_of_contract_period_date: string;
};

/**
 * Kind of cancellation, its reason and the end asked for. `nextEnd` is the contract's next
 * possible end when the contract is known (customer area); otherwise the texts speak of the
 * earliest possible date in general.
 */
export function CancellationTermFields({ form, nextEnd }: { form: FieldState<CancellationTerms>; nextEnd?: string }) {
  const { type_of_cancellation: type, end_of_contract_period: end } = form.values;
  // An extraordinary cancellation is a request: the date asked for is a wish an agent weighs (decision 0054).
  const extraordinary = type === 'extraordinary';
  const note = extraordinary
    ? EXTRAORDINARY_DECISION
    : end !== 'date' &&
      (nextEnd === undefined
        ? 'Ohne gewähltes Datum kündigen wir zum nächstmöglichen Termin.'
        : `Ohne gewähltes Datum endet der Vertrag zum nächstmöglichen Termin, bei Eingang heute am ${nextEnd}.`);
  const dateHint = extraordinary
    ? 'Ihren Wunsch prüfen wir zusammen mit dem Grund Ihrer Kündigung.'
    : nextEnd === undefined
      ? 'Ist das Datum vor dem frühestmöglichen Termin, endet der Vertrag zum frühestmöglichen Termin.'
      : `Liegt das Datum vor dem ${nextEnd}, endet der Vertrag am ${nextEnd}.`;
  return (
    <>
      <RadioGroup form={form} field="type_of_cancellation" legend="Art der Kündigung" options={cancellationTypes} required />
      {type === 'extraordinary' && (
        <TextField form={form} field="cancellation_reason" label="Kündigungsgrund" rows={5} hint="Freiwillig: Sie können den wichtigen Grund hier nennen." />
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField form={form} field="end_of_contract_period" label="Kündigen zum" options={contractEndOptions} />
        {end === 'date' && (
          <TextField
            form={form}
            field="end_of_contract_period_date"
            label="Gewünschtes Vertragsende"
            placeholder={DATE_PLACEHOLDER}
            inputMode="numeric"
            required
            hint={dateHint}
          />
        )}
      </div>
      {note && <p className="text-sm text-slate-600 dark:text-slate-400">{note}</p>}
    </>
  );
}
