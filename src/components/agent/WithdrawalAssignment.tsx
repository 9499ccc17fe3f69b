import { useId, type FormEvent } from 'react';
import * as v from 'valibot';
import type { InboxItem } from '../../lib/agent/inbox-types.ts';
import { MAX_NAMED_NUMBERS } from '../../lib/contracts/matching.ts';
import { WithdrawalOrderNumbersSchema } from '../../lib/schemas/inbox.ts';
import { KitForm } from '../forms/ErrorSummary.tsx';
import { TextField } from '../forms/Fields.tsx';
import { useFormFields } from '../forms/useFormFields.ts';
import { dateTime } from './format.ts';
import type { RunInboxAction } from './inbox-action.ts';
import { Button } from '../ui/Button.tsx';
import { text } from '../ui/classes.ts';

const AssignmentSchema = v.object({ orderNumbers: WithdrawalOrderNumbersSchema });

interface Props {
  withdrawal: NonNullable<InboxItem['withdrawal']>;
  run: RunInboxAction;
  busy: boolean;
}

/**
 * A withdrawal that nobody has attributed yet (decision 0054): the agent who has checked the
 * sender assigns the orders it means – at most three, each a consumer's order within its
 * withdrawal period – and so withdraws them: their contracts end on the day of receipt and the
 * billing run refunds. The orders the text named are offered.
 */
export function WithdrawalAssignment({ withdrawal, run, busy }: Props) {
  const form = useFormFields(`${useId()}-withdrawal`, AssignmentSchema, { orderNumbers: withdrawal.orderNumbers.join(', ') });
  if (withdrawal.attribution) {
    const orders = withdrawal.orderNumbers.join(', ');
    return (
      <p className={text.body}>
        Zugeordnet am {dateTime(withdrawal.attribution.at)}: {withdrawal.orderNumbers.length === 1 ? 'Bestellung' : 'Bestellungen'} {orders} widerrufen. Die Verträge
        enden mit dem Tag des Eingangs; der Rechnungslauf erstattet bereits Gezahltes.
      </p>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.touchAll()) return;
    void run(
      { action: 'assignWithdrawal', orderNumbers: form.values.orderNumbers },
      (changed) => `Der Widerruf ist zugeordnet: ${changed.withdrawal?.orderNumbers.join(', ') ?? ''} widerrufen.`,
      form.refuse,
    );
  };
  return (
    <KitForm summary={form.summary} onSubmit={submit} aria-label="Widerruf einer Bestellung zuordnen" className="grid justify-items-start gap-3">
      <TextField
        form={form}
        field="orderNumbers"
        label="Bestell- oder Vertragsnummern"
        required
        hint={`Höchstens ${MAX_NAMED_NUMBERS}, durch Komma getrennt, z. B. KW-7K4M-9QX3-T5DW. Prüfen Sie vorher, dass der Widerruf vom Besteller stammt: Die Verträge enden dann mit dem Tag des Eingangs.`}
        className="w-full max-w-xl"
      />
      <Button type="submit" disabled={busy}>
        Widerruf zuordnen
      </Button>
    </KitForm>
  );
}
