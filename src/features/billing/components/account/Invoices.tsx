import { germanDate } from '../../../../lib/forms/dates.ts';
import { type AccountInvoice } from '../../overview.ts';
import { invoiceAmountLines, invoiceDocumentLabel, invoiceKindText, invoiceStateText, servicePeriodText } from '../../texts.ts';
import { info } from '../../../../components/info/styles.ts';
import { invoiceDocumentHref } from '../../../../components/account/links.ts';
import { cell, term } from '../../../../components/account/styles.ts';
import { INVOICE_KIND_LABEL } from '../../kinds.ts';

const COLUMNS = ['Rechnung', 'Datum', 'Leistungszeitraum', 'Betrag', 'Status', 'Dokumente'] as const;

function InvoiceRow({ invoice }: { invoice: AccountInvoice }) {
  return (
    <tr>
      <th scope="row" className={`${cell} font-medium`}>
        {invoice.number}
        <span className="block font-normal">{invoiceKindText(invoice)}</span>
      </th>
      <td className={cell}>
        {germanDate(invoice.issuedOn)}
        {/* A cancellation invoice refunds by its day what was paid; nothing is due from the customer. */}
        {invoice.kind === 'invoice' && <span className="block">fällig am {germanDate(invoice.dueOn)}</span>}
      </td>
      <td className={cell}>{servicePeriodText(invoice)}</td>
      <td className={`${cell} tabular-nums`}>
        {invoiceAmountLines(invoice).map((line) => (
          <span key={line} className="block">
            {line}
          </span>
        ))}
      </td>
      <td className={cell}>{invoiceStateText(invoice)}</td>
      <td className={cell}>
        <ul>
          {invoice.documents.map((kind) => (
            <li key={kind}>
              <a href={invoiceDocumentHref(invoice.number, kind)} className={info.link}>
                {invoiceDocumentLabel(kind, invoice.format)}
                <span className="sr-only">
                  {' '}
                  der {INVOICE_KIND_LABEL[invoice.kind]} {invoice.number}
                </span>
              </a>
            </li>
          ))}
        </ul>
      </td>
    </tr>
  );
}

/**
 * The invoices of the account's orders (issue 24), newest first, each with its own amount and
 * files: amounts of different billing rhythms and invoices are never added up.
 */
export function Invoices({ invoices }: { invoices: AccountInvoice[] }) {
  return (
    <section aria-labelledby="area-invoices">
      <h2 id="area-invoices" className={info.h2}>
        Ihre Rechnungen
      </h2>
      {invoices.length === 0 ? (
        <p className={`mt-4 ${info.text}`}>Noch keine Rechnungen.</p>
      ) : (
        <table className={`mt-6 w-full ${info.body}`}>
          <caption className="mb-2 text-left">Rechnungen und Stornorechnungen zu Ihren Bestellungen, die neueste zuerst</caption>
          <thead>
            <tr>
              {COLUMNS.map((column) => (
                <th key={column} scope="col" className={`${cell} ${term}`}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {invoices.map((invoice) => (
              <InvoiceRow key={invoice.number} invoice={invoice} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
