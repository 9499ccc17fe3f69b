import { WITHDRAWN_ORDERS_END } from '../../lib/schemas/forms/withdrawal.ts';
import { api } from '../../client/api.ts';
import { withdrawalIdentity, type ConfirmedWithdrawalAnswer } from '../../features/legal-forms/routes.ts';
import { IdentityConfirmation } from '../forms/IdentityConfirmation.tsx';

/** What the confirmation changed: the orders it withdrew, or that an agent checks it. */
function outcome({ withdrawnOrders }: ConfirmedWithdrawalAnswer) {
  if (withdrawnOrders.length === 0) {
    return <p>Wir prüfen Ihren Widerruf von Hand, ordnen ihn Ihrer Bestellung zu und melden uns zur Rückabwicklung bei Ihnen.</p>;
  }
  return (
    <p>
      Widerrufen: {withdrawnOrders.length === 1 ? 'Bestellung' : 'Bestellungen'} {withdrawnOrders.join(', ')}. {WITHDRAWN_ORDERS_END}
    </p>
  );
}

/** `/online-widerrufsformular/bestaetigen`: the identity link of a withdrawal's receipt (decision 0054). */
export default function WithdrawalIdentity() {
  return (
    <IdentityConfirmation
      confirm={(token) => api(withdrawalIdentity, { body: { token } })}
      declaration="Widerruf"
      question="Bitte bestätigen Sie, dass Sie den Widerruf selbst erklärt haben. Erst dann machen wir die Bestellung rückgängig."
      subject={(answer) => `Nr. ${answer.id}: ${answer.contract}`}
      outcome={outcome}
    />
  );
}
