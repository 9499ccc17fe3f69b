import type { InboxItem } from '../../lib/agent/inbox-types.ts';
import { formatEuro } from '../../lib/money.ts';
import { INVOICE_KIND_LABEL } from '../../features/billing/kinds.ts';
import { invoiceStateText } from '../../features/billing/texts.ts';
import { showOrderInvoices } from '../../features/billing/stores/agent-invoices.ts';
import { Button } from '../ui/Button.tsx';
import { text } from '../ui/classes.ts';

/**
 * An order's invoices in the inbox (issue 34, decision 0058): each with the state and open amount
 * the invoice list shows, in the customer area's words. Payments are recorded there, on the invoice: the button shows the
 * order's invoices in the list and moves the focus to it.
 */
export function OrderInvoices({ billing }: { billing: NonNullable<InboxItem['billing']> }) {
  const show = () => {
    showOrderInvoices(billing.orderNumber);
    const heading = document.getElementById('agent-invoices');
    heading?.scrollIntoView({ block: 'start' });
    heading?.focus();
  };
  return (
    <div className="grid gap-2">
      <h4 className={text.label}>Rechnungen dieser Bestellung</h4>
      {billing.invoices.length === 0 ? (
        <p className={text.body}>Noch keine Rechnung.</p>
      ) : (
        <ul className={`grid gap-1 ${text.body}`}>
          {billing.invoices.map((invoice) => (
            <li key={invoice.number}>
              {invoice.number} ({INVOICE_KIND_LABEL[invoice.kind]}, {formatEuro(invoice.grossCents)}): {invoiceStateText(invoice)}
            </li>
          ))}
        </ul>
      )}
      {billing.invoices.length > 0 && (
        <div>
          <Button type="button" variant="secondary" onClick={show}>
            In der Rechnungsliste zeigen
          </Button>
        </div>
      )}
    </div>
  );
}
