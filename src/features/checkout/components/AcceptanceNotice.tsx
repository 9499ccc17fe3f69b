import { germanDate, todayIso } from '../../../lib/forms/dates.ts';
import { acceptanceDeadline, reviewReasonsText, type ReviewReason } from '../../../lib/orders/acceptance.ts';

/**
 * Before the order is placed: whether we accept it at once or review it first, and what follows
 * from that (AGB § 3 Abs. 3 and 4, decision 0053) – decided by the rule the server applies.
 */
export function AcceptanceNotice({ reasons }: { reasons: readonly ReviewReason[] }) {
  if (reasons.length === 0) {
    return (
      <p data-testid="acceptance-notice">
        <strong>Wir nehmen Ihre Bestellung sofort an:</strong> Die Bestellbestätigung, die Sie nach dem Absenden per E-Mail erhalten, ist zugleich unsere
        Auftragsbestätigung. Mit ihr ist der Vertrag geschlossen, und Sie erhalten mit ihr die Vertragsbestätigung als PDF.
      </p>
    );
  }
  return (
    <p data-testid="acceptance-notice">
      <strong>Wir prüfen Ihre Bestellung, bevor wir sie annehmen:</strong> Sie enthält {reviewReasonsText(reasons)}. Nach dem Absenden erhalten Sie eine
      Eingangsbestätigung; bis zum {germanDate(acceptanceDeadline(todayIso()))} nehmen wir Ihre Bestellung mit einer Auftragsbestätigung an – mit ihr ist
      der Vertrag geschlossen, und Sie erhalten die Vertragsbestätigung als PDF – oder lehnen sie ab. Vorher beginnen wir keine Leistung und stellen nichts
      in Rechnung. Erhalten Sie bis dahin keine Auftragsbestätigung, sind Sie an Ihre Bestellung nicht mehr gebunden.
    </p>
  );
}
