import { germanDate } from '../../lib/forms/dates.ts';
import { api } from '../../client/api.ts';
import { cancellationIdentity, type ConfirmedCancellationAnswer } from '../../features/legal-forms/routes.ts';
import { IdentityConfirmation } from '../forms/IdentityConfirmation.tsx';

/** What the confirmation changed: whoever holds the link controls the owner's mailbox, so the contract may be named. */
function outcome({ type, contract }: ConfirmedCancellationAnswer) {
  if (!contract) {
    return <p>Zu Ihren Angaben passt kein laufender Vertrag dieser E-Mail-Adresse eindeutig. Wir prüfen Ihre Kündigung von Hand und melden uns bei Ihnen.</p>;
  }
  const name = `${contract.name} (Vertragsnummer ${contract.contractNumber})`;
  if (type === 'extraordinary' && contract.endsOn === null) {
    return (
      <p>
        Ihre außerordentliche Kündigung ist dem Vertrag {name} zugeordnet. Über das Vertragsende entscheiden wir nach Prüfung des Grundes
        und teilen Ihnen die Entscheidung per E-Mail mit.
      </p>
    );
  }
  return (
    <>
      <p>
        Ihre Kündigung ist dem Vertrag {name} zugeordnet.{' '}
        {contract.endsOn && (
          <>
            Der Vertrag endet am <strong>{germanDate(contract.endsOn)}</strong>.
          </>
        )}
      </p>
      <p>Sobald wir Ihre Kündigung bearbeitet haben, bestätigen wir Ihnen das Vertragsende zusätzlich per E-Mail.</p>
    </>
  );
}

/** `/vertraege-kuendigen/bestaetigen`: the identity link of a cancellation's receipt (decision 0054). */
export default function CancellationIdentity() {
  return (
    <IdentityConfirmation
      confirm={(token) => api(cancellationIdentity, { body: { token } })}
      declaration="Kündigung"
      question="Bitte bestätigen Sie, dass Sie die Kündigung selbst abgegeben haben. Erst dann ändern wir den Vertrag."
      subject={(answer) => `Nr. ${answer.id}: ${answer.contractName}`}
      outcome={outcome}
    />
  );
}
