import { cancellation } from '../../features/legal-forms/routes.ts';
import { cancellationReceiptLines } from '../../lib/contracts/cancellation-answer.ts';
import { cancellationMessages } from '../../lib/schemas/forms/cancellation.ts';
import { RequestForm, type RequestFormProps } from './RequestForm.tsx';
import type { FormValues } from './useFormFields.ts';

type Shared = 'route' | 'submitLabel' | 'sendFailed' | 'receiptLines';

/**
 * The declaration of a cancellation (§ 312k BGB), from the public form or the customer area: one
 * endpoint, the button 'jetzt kündigen', and the receipt naming the end the server computed.
 */
export function CancellationRequestForm<V extends FormValues, O>(props: Omit<RequestFormProps<V, O, typeof cancellation>, Shared>) {
  return (
    <RequestForm<V, O, typeof cancellation>
      {...props}
      route={cancellation}
      submitLabel="jetzt kündigen"
      sendFailed={cancellationMessages.sendFailed}
      receiptLines={cancellationReceiptLines}
    />
  );
}
