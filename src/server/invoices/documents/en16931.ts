import type { Invoice as EInvoice } from '@e-invoice-eu/core';
import { site } from '../../../config/site.ts';
import { countryCode } from '../../../lib/countries.ts';
import { germanDate } from '../../../lib/forms/dates.ts';
import { normalizeIban } from '../../../lib/iban.ts';
import type { Invoice, InvoiceLine } from '../invoice.ts';
import { lineDescription, paymentTermsText } from './texts.ts';

/**
 * The invoice in the EN 16931 semantic model, in the JSON form @e-invoice-eu/core takes (UBL
 * element names; the library writes CII, UBL and Factur-X from it). One mapping for every syntax,
 * so an XRechnung in CII and one in UBL say the same.
 *
 * Design choices:
 * - Amounts are the invoice's own cents (net basis: businesses are the ones with e-invoices), so
 *   the XML's totals are the PDF's totals to the cent; BR-CO-17 holds because
 *   src/lib/prices/amounts.ts works out VAT per rate on the net sum.
 * - A cancellation invoice is a credit note (381) with positive amounts and the cancelled invoice
 *   as preceding invoice reference (BT-25/26), as EN 16931 wants corrections expressed.
 * - Buyer reference (BT-10): the Leitweg-ID of a public customer, else our order number, which
 *   every other buyer knows from the order confirmation (BR-DE-15 needs one in every XRechnung).
 * - The SEPA creditor identifier (BT-90) is given as the payee's identifier with us as payee: the
 *   library writes it to CII's CreditorReferenceID only from there, and UBL has it there too.
 */

const CURRENCY = 'EUR';

/** UN/ECE Rec. 20 unit codes: pieces and flat rates 'C62' (one), hours 'HUR'; a billing period is one unit of its period, named by BT-134/135. */
const UNIT_CODE = { once: 'C62', hour: 'HUR', period: 'C62' } as const satisfies Record<InvoiceLine['unit'], string>;

/** Cents as the decimal text the XML carries ('1234' → '12.34'); never a float on the way. */
function decimalOf(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Betrag in Cent erwartet, erhalten: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The contact for invoice questions (BR-DE-2: seller contact with name, phone and mail). */
function invoiceContact(): { name: string; phone: string; email: string } {
  const contact = site.contacts.find((candidate) => (candidate.topics as readonly string[]).includes('Rechnungen und Kündigungen'));
  if (!contact) throw new Error('src/config/site.ts nennt keinen Ansprechpartner für „Rechnungen und Kündigungen“.');
  return { name: contact.name, phone: contact.phoneDisplay, email: contact.email };
}

const VAT_SCHEME = { 'cbc:ID': 'VAT' } as const;

type Party = EInvoice['ubl:Invoice']['cac:AccountingSupplierParty']['cac:Party'];
type BuyerParty = EInvoice['ubl:Invoice']['cac:AccountingCustomerParty']['cac:Party'];
type PaymentMeans = NonNullable<EInvoice['ubl:Invoice']['cac:PaymentMeans']>[number];
type Line = EInvoice['ubl:Invoice']['cac:InvoiceLine'][number];

function sellerParty(): Party {
  const contact = invoiceContact();
  return {
    'cbc:EndpointID': site.email,
    'cbc:EndpointID@schemeID': 'EM',
    'cac:PartyName': { 'cbc:Name': site.shortName },
    'cac:PostalAddress': {
      'cbc:StreetName': site.address.street,
      'cbc:CityName': site.address.city,
      'cbc:PostalZone': site.address.postalCode,
      'cac:Country': { 'cbc:IdentificationCode': countryCode(site.address.country) as Party['cac:PostalAddress']['cac:Country']['cbc:IdentificationCode'] },
    },
    'cac:PartyTaxScheme': [{ 'cbc:CompanyID': site.vatId, 'cac:TaxScheme': VAT_SCHEME }],
    'cac:PartyLegalEntity': { 'cbc:RegistrationName': site.name, 'cbc:CompanyID': `${site.register.court} ${site.register.number}` },
    'cac:Contact': { 'cbc:Name': contact.name, 'cbc:Telephone': contact.phone, 'cbc:ElectronicMail': contact.email },
  };
}

function buyerParty(invoice: Invoice): BuyerParty {
  const { buyer } = invoice;
  return {
    'cbc:EndpointID': buyer.email,
    'cbc:EndpointID@schemeID': 'EM',
    ...(buyer.customerNumber ? { 'cac:PartyIdentification': { 'cbc:ID': buyer.customerNumber } } : {}),
    'cac:PostalAddress': {
      'cbc:StreetName': buyer.street,
      'cbc:CityName': buyer.city,
      'cbc:PostalZone': buyer.postalCode,
      'cac:Country': { 'cbc:IdentificationCode': countryCode(buyer.country) as BuyerParty['cac:PostalAddress']['cac:Country']['cbc:IdentificationCode'] },
    },
    ...(buyer.vatId ? { 'cac:PartyTaxScheme': { 'cbc:CompanyID': buyer.vatId, 'cac:TaxScheme': VAT_SCHEME } } : {}),
    'cac:PartyLegalEntity': { 'cbc:RegistrationName': buyer.company ?? buyer.name },
    'cac:Contact': { 'cbc:Name': buyer.name, 'cbc:ElectronicMail': buyer.email },
  };
}

/**
 * BG-16. An invoice: 58 (SEPA credit transfer to our account), 59 (SEPA direct debit with
 * mandate and debited account) or ZZZ (PayPal, which UNTDID 4461 has no code for). A credit note
 * is paid back the way the invoice was paid: to the mandate's account by transfer (30, with
 * that account), otherwise ZZZ with the way named (we do not know the account a transfer came
 * from before it arrives).
 */
function paymentMeans(invoice: Invoice): PaymentMeans {
  const { payment, number } = invoice;
  if (invoice.kind === 'cancellation') {
    if (payment.method === 'sepa') {
      return {
        'cbc:PaymentMeansCode': '30',
        'cbc:PaymentMeansCode@name': 'Erstattung per Überweisung auf das Konto des Lastschriftmandats',
        'cbc:PaymentID': number,
        'cac:PayeeFinancialAccount': { 'cbc:ID': normalizeIban(payment.iban) },
      };
    }
    const name = payment.method === 'paypal' ? 'Erstattung auf das PayPal-Konto' : 'Erstattung per Überweisung auf das Konto, von dem die Zahlung kam';
    return { 'cbc:PaymentMeansCode': 'ZZZ', 'cbc:PaymentMeansCode@name': name, 'cbc:PaymentID': number };
  }
  switch (payment.method) {
    case 'transfer':
      return {
        'cbc:PaymentMeansCode': '58',
        'cbc:PaymentMeansCode@name': 'SEPA-Überweisung',
        'cbc:PaymentID': number,
        'cac:PayeeFinancialAccount': {
          'cbc:ID': site.bankAccount.iban,
          'cbc:Name': site.name,
          'cac:FinancialInstitutionBranch': { 'cbc:ID': site.bankAccount.bic },
        },
      };
    case 'sepa':
      return {
        'cbc:PaymentMeansCode': '59',
        'cbc:PaymentMeansCode@name': 'SEPA-Lastschrift',
        'cbc:PaymentID': number,
        'cac:PaymentMandate': { 'cbc:ID': payment.mandateReference, 'cac:PayerFinancialAccount': { 'cbc:ID': normalizeIban(payment.iban) } },
      };
    case 'paypal':
      return { 'cbc:PaymentMeansCode': 'ZZZ', 'cbc:PaymentMeansCode@name': 'PayPal', 'cbc:PaymentID': number };
  }
}

function invoiceLine(line: InvoiceLine): Line {
  const description = lineDescription(line);
  return {
    'cbc:ID': String(line.position),
    'cbc:InvoicedQuantity': String(line.quantity),
    'cbc:InvoicedQuantity@unitCode': UNIT_CODE[line.unit],
    'cbc:LineExtensionAmount': decimalOf(line.lineCents),
    'cbc:LineExtensionAmount@currencyID': CURRENCY,
    ...(line.period ? { 'cac:InvoicePeriod': { 'cbc:StartDate': line.period.start, 'cbc:EndDate': line.period.end } } : {}),
    'cac:Item': {
      ...(description ? { 'cbc:Description': description } : {}),
      'cbc:Name': line.name,
      'cac:ClassifiedTaxCategory': { 'cbc:ID': 'S', 'cbc:Percent': String(line.vatPercent), 'cac:TaxScheme': VAT_SCHEME },
    },
    'cac:Price': { 'cbc:PriceAmount': decimalOf(line.unitCents), 'cbc:PriceAmount@currencyID': CURRENCY },
  } as Line;
}

/** Refuses what the mapping cannot state truthfully, before any XML is written. */
function assertMappable(invoice: Invoice): void {
  if (invoice.priceBasis !== 'net') throw new Error(`Rechnung ${invoice.number}: E-Rechnungen werden auf Nettobasis erstellt (Geschäftskunden), nicht auf Bruttobasis.`);
  if (invoice.lines.length === 0) throw new Error(`Rechnung ${invoice.number}: keine Positionen.`);
  for (const line of invoice.lines) {
    // Standard-rated only: other categories (Z, E, AE) need exemption reasons this shop never has.
    if (!(line.vatPercent > 0)) throw new Error(`Rechnung ${invoice.number}, Position ${line.position}: Umsatzsteuersatz ${line.vatPercent} % wird nicht unterstützt.`);
    if (line.quantity * line.unitCents !== line.lineCents) throw new Error(`Rechnung ${invoice.number}, Position ${line.position}: Menge × Einzelpreis ergibt nicht den Positionsbetrag.`);
  }
  const lineSum = invoice.lines.reduce((sum, line) => sum + line.lineCents, 0);
  if (lineSum !== invoice.totals.netCents) throw new Error(`Rechnung ${invoice.number}: Summe der Positionen ${lineSum} ≠ Nettobetrag ${invoice.totals.netCents} (BR-CO-10).`);
  if (invoice.kind === 'cancellation' && !invoice.cancels) throw new Error(`Stornorechnung ${invoice.number}: die stornierte Rechnung fehlt.`);
}

export function en16931Invoice(invoice: Invoice): EInvoice {
  assertMappable(invoice);
  const { totals } = invoice;
  const data: EInvoice['ubl:Invoice'] = {
    'cbc:ID': invoice.number,
    'cbc:IssueDate': invoice.issuedOn,
    'cbc:DueDate': invoice.dueOn,
    'cbc:InvoiceTypeCode': invoice.kind === 'cancellation' ? '381' : '380',
    'cbc:Note': invoice.cancels ? [`Stornorechnung zur Rechnung ${invoice.cancels.number} vom ${germanDate(invoice.cancels.issuedOn)}`] : undefined,
    'cbc:DocumentCurrencyCode': CURRENCY,
    'cbc:BuyerReference': invoice.buyer.leitwegId ?? invoice.orderNumber,
    'cac:InvoicePeriod': { 'cbc:StartDate': invoice.servicePeriod.start, 'cbc:EndDate': invoice.servicePeriod.end },
    'cac:OrderReference': { 'cbc:SalesOrderID': invoice.orderNumber },
    ...(invoice.cancels
      ? { 'cac:BillingReference': [{ 'cac:InvoiceDocumentReference': { 'cbc:ID': invoice.cancels.number, 'cbc:IssueDate': invoice.cancels.issuedOn } }] }
      : {}),
    'cac:AccountingSupplierParty': { 'cac:Party': sellerParty() },
    'cac:AccountingCustomerParty': { 'cac:Party': buyerParty(invoice) },
    ...(invoice.payment.method === 'sepa' && invoice.kind === 'invoice'
      ? { 'cac:PayeeParty': { 'cac:PartyIdentification': { 'cbc:ID': site.sepaCreditorId, 'cbc:ID@schemeID': 'SEPA' }, 'cac:PartyName': { 'cbc:Name': site.name } } }
      : {}),
    'cac:PaymentMeans': [paymentMeans(invoice)],
    'cac:PaymentTerms': { 'cbc:Note': paymentTermsText(invoice) },
    'cac:TaxTotal': [
      {
        'cbc:TaxAmount': decimalOf(totals.vatCents),
        'cbc:TaxAmount@currencyID': CURRENCY,
        'cac:TaxSubtotal': totals.byRate.map((share) => ({
          'cbc:TaxableAmount': decimalOf(share.netCents),
          'cbc:TaxableAmount@currencyID': CURRENCY,
          'cbc:TaxAmount': decimalOf(share.vatCents),
          'cbc:TaxAmount@currencyID': CURRENCY,
          'cac:TaxCategory': { 'cbc:ID': 'S', 'cbc:Percent': String(share.percent), 'cac:TaxScheme': VAT_SCHEME },
        })),
      },
    ],
    'cac:LegalMonetaryTotal': {
      'cbc:LineExtensionAmount': decimalOf(totals.netCents),
      'cbc:LineExtensionAmount@currencyID': CURRENCY,
      'cbc:TaxExclusiveAmount': decimalOf(totals.netCents),
      'cbc:TaxExclusiveAmount@currencyID': CURRENCY,
      'cbc:TaxInclusiveAmount': decimalOf(totals.grossCents),
      'cbc:TaxInclusiveAmount@currencyID': CURRENCY,
      'cbc:PayableAmount': decimalOf(totals.grossCents),
      'cbc:PayableAmount@currencyID': CURRENCY,
    },
    'cac:InvoiceLine': invoice.lines.map(invoiceLine) as EInvoice['ubl:Invoice']['cac:InvoiceLine'],
  };
  if (data['cbc:Note'] === undefined) delete data['cbc:Note'];
  return { 'ubl:Invoice': data };
}
