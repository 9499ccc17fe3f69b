import { germanDate } from '../../../../lib/forms/dates.ts';
import { type AccountInvoice } from '../../overview.ts';
import { invoiceAmountLines, invoiceDocumentLabel, invoiceKindText, invoiceStateText, servicePeriodText } from '../../texts.ts';
import { invoiceDocumentHref } from '../../../../components/account/links.ts';
import { text } from '../../../../components/ui/classes.ts';
import { DataTable, type Column } from '../../../../components/ui/DataTable.tsx';
import { INVOICE_KIND_LABEL } from '../../kinds.ts';

const COLUMNS: Column<AccountInvoice>[] = [
  {
    header: 'Rechnung',
    rowHeader: true,
    cell: (invoice) => (
      <>
        {invoice.number}
        <span className="block font-normal">{invoiceKindText(invoice)}</span>
      </>
    ),
  },
  {
    header: 'Datum',
    cell: (invoice) => (
      <>
        {germanDate(invoice.issuedOn)}
        {/* A cancellation invoice refunds by its day what was paid; nothing is due from the customer. */}
        {invoice.kind === 'invoice' && <span className="block">fällig am {germanDate(invoice.dueOn)}</span>}
      </>
    ),
  },
  { header: 'Leistungszeitraum', cell: servicePeriodText },
  {
    header: 'Betrag',
    cell: (invoice) =>
      invoiceAmountLines(invoice).map((line) => (
        <span key={line} className="block tabular-nums">
          {line}
        </span>
      )),
  },
  { header: 'Status', cell: invoiceStateText },
  {
    header: 'Dokumente',
    cell: (invoice) => (
      <ul>
        {invoice.documents.map((kind) => (
          <li key={kind}>
            <a href={invoiceDocumentHref(invoice.number, kind)} className={text.link}>
              {invoiceDocumentLabel(kind, invoice.format)}
              <span className="sr-only">
                {' '}
                der {INVOICE_KIND_LABEL[invoice.kind]} {invoice.number}
              </span>
            </a>
          </li>
        ))}
      </ul>
    ),
  },
];

/**
 * The invoices of the account's orders (issue 24), newest first, each with its own amount and
 * files: amounts of different billing rhythms and invoices are never added up.
 */
export function Invoices({ invoices }: { invoices: AccountInvoice[] }) {
  return (
    <section aria-labelledby="area-invoices">
      <h2 id="area-invoices" className={text.h2}>
        Ihre Rechnungen
      </h2>
      {invoices.length === 0 ? (
        <p className={`mt-4 ${text.lead}`}>Noch keine Rechnungen.</p>
      ) : (
        <DataTable
          caption="Rechnungen und Stornorechnungen zu Ihren Bestellungen, die neueste zuerst"
          className="mt-6"
          columns={COLUMNS}
          rows={invoices}
          rowKey={(invoice) => invoice.number}
        />
      )}
    </section>
  );
}
