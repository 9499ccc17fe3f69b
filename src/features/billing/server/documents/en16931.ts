import type { Invoice as EInvoice } from '@e-invoice-eu/core';
import { site } from '../../../../config/site.ts';
import { countryCode } from '../../../../lib/countries.ts';
import { germanDate } from '../../../../lib/forms/dates.ts';
import { normalizeIban } from '../../../../lib/iban.ts';
import { TAX_CASE_NOTE, type TaxCase } from '../../../../lib/tax-case.ts';
import type { Invoice, InvoiceLine } from '../../invoice.ts';
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
 *   every other buyer knows from the order confirmation and which the checkout announces as its
 *   buyer reference (BR-DE-15 needs one in every XRechnung). Never a placeholder.
 * - No sales order reference (BT-14): UBL can state it only beside a purchase order reference
 *   (BT-13), which only the buyer can give and ours never do, and the library fills in 'NA' (in
 *   CII too). The order number is in the XML as BT-10 unless a Leitweg-ID takes that place; it
 *   stays on the PDF. (BG-24 would be the other place, but the library drops it from CII.)
 * - Deliver-to address (BG-15): the buyer's address, where the services are received. It names the
 *   place of supply, fills CII's ApplicableHeaderTradeDelivery (which the CII XSD requires and the
 *   library writes only from a delivery) and gives Factur-X its delivery country (BR-FX-EN-04);
 *   XRechnung wants city and post code in it (BR-DE-10, BR-DE-11).
 * - No payee (BG-10): the payee is the seller itself, and a payee party equal to the seller breaks
 *   BR-17 (CII) and UBL-SR-19/20/21. The SEPA creditor identifier (BT-90) is the seller's
 *   identifier with the scheme 'SEPA', as UBL states it; ./cii-repairs.ts moves it to CII's
 *   CreditorReferenceID.
 * - The VAT category follows the order's tax case (src/lib/tax.ts, decision 0056): S with the rate,
 *   AE (reverse charge) at 0 % and O (not taxable in Germany) with no rate on its lines, each of the latter two
 *   with its exemption reason, code (BT-121) and the note as text (BT-120). An O invoice names no
 *   VAT ID, neither ours nor the buyer's (BR-O-02); an AE invoice both (BR-AE-02, § 14a Abs. 1 UStG).
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

/** UNTDID 5305 category per tax case. */
const TAX_CATEGORY = { domestic: 'S', 'eu-consumer': 'S', 'reverse-charge': 'AE', 'not-taxable': 'O' } as const satisfies Record<TaxCase, string>;

/** BT-121 (CEF VATEX list) for the categories that need an exemption reason. */
const EXEMPTION_CODE = { 'reverse-charge': 'VATEX-EU-AE', 'not-taxable': 'VATEX-EU-O' } as const;

/** Whether the invoice may name VAT IDs: an O invoice must not (BR-O-02). */
const namesVatIds = (invoice: Invoice): boolean => TAX_CATEGORY[invoice.taxCase] !== 'O';

/** A line's category with its rate (BT-151, BT-152); an O line has no rate (BR-O-05). */
function taxCategory(taxCase: TaxCase, percent: number) {
  const id = TAX_CATEGORY[taxCase];
  return { 'cbc:ID': id, ...(id === 'O' ? {} : { 'cbc:Percent': String(percent) }), 'cac:TaxScheme': VAT_SCHEME };
}

/**
 * A breakdown's category with its rate (BT-118, BT-119) and, where there is no German VAT, why
 * (BT-120, BT-121). XRechnung wants the rate in every breakdown (BR-DE-14): 0 for O as for AE.
 */
function breakdownCategory(taxCase: TaxCase, percent: number) {
  const category = { 'cbc:ID': TAX_CATEGORY[taxCase], 'cbc:Percent': String(percent), 'cac:TaxScheme': VAT_SCHEME };
  if (taxCase !== 'reverse-charge' && taxCase !== 'not-taxable') return category;
  return { ...category, 'cbc:TaxExemptionReasonCode': EXEMPTION_CODE[taxCase], 'cbc:TaxExemptionReason': TAX_CASE_NOTE[taxCase]! };
}

type Party = EInvoice['ubl:Invoice']['cac:AccountingSupplierParty']['cac:Party'];
type BuyerParty = EInvoice['ubl:Invoice']['cac:AccountingCustomerParty']['cac:Party'];
type PaymentMeans = NonNullable<EInvoice['ubl:Invoice']['cac:PaymentMeans']>[number];
type Line = EInvoice['ubl:Invoice']['cac:InvoiceLine'][number];

function sellerParty(invoice: Invoice): Party {
  const contact = invoiceContact();
  return {
    'cbc:EndpointID': site.email,
    'cbc:EndpointID@schemeID': 'EM',
    ...(debitsByMandate(invoice) ? { 'cac:PartyIdentification': [{ 'cbc:ID': site.sepaCreditorId, 'cbc:ID@schemeID': 'SEPA' }] } : {}),
    'cac:PartyName': { 'cbc:Name': site.shortName },
    'cac:PostalAddress': {
      'cbc:StreetName': site.address.street,
      'cbc:CityName': site.address.city,
      'cbc:PostalZone': site.address.postalCode,
      'cac:Country': { 'cbc:IdentificationCode': countryCode(site.address.country) as Party['cac:PostalAddress']['cac:Country']['cbc:IdentificationCode'] },
    },
    ...(namesVatIds(invoice) ? { 'cac:PartyTaxScheme': [{ 'cbc:CompanyID': site.vatId, 'cac:TaxScheme': VAT_SCHEME }] } : {}),
    'cac:PartyLegalEntity': { 'cbc:RegistrationName': site.name, 'cbc:CompanyID': `${site.register.court} ${site.register.number}` },
    'cac:Contact': { 'cbc:Name': contact.name, 'cbc:Telephone': contact.phone, 'cbc:ElectronicMail': contact.email },
  };
}

/** An invoice we collect by SEPA direct debit: it names our creditor identifier (BT-90, BR-DE-30). */
export const debitsByMandate = (invoice: Invoice): boolean => invoice.payment.method === 'sepa' && invoice.kind === 'invoice';

/** Where the services are received: the buyer's address (BG-15). */
function deliverTo(invoice: Invoice): NonNullable<EInvoice['ubl:Invoice']['cac:Delivery']> {
  const { buyer } = invoice;
  return {
    'cac:DeliveryLocation': {
      'cac:Address': {
        'cbc:StreetName': buyer.street,
        'cbc:CityName': buyer.city,
        'cbc:PostalZone': buyer.postalCode,
        'cac:Country': { 'cbc:IdentificationCode': countryCode(buyer.country) as BuyerParty['cac:PostalAddress']['cac:Country']['cbc:IdentificationCode'] },
      },
    },
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
    ...(buyer.vatId && namesVatIds(invoice) ? { 'cac:PartyTaxScheme': { 'cbc:CompanyID': buyer.vatId, 'cac:TaxScheme': VAT_SCHEME } } : {}),
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

function invoiceLine(line: InvoiceLine, taxCase: TaxCase): Line {
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
      'cac:ClassifiedTaxCategory': taxCategory(taxCase, line.vatPercent),
    },
    'cac:Price': { 'cbc:PriceAmount': decimalOf(line.unitCents), 'cbc:PriceAmount@currencyID': CURRENCY },
  } as Line;
}

/** Refuses what the mapping cannot state truthfully, before any XML is written. */
function assertMappable(invoice: Invoice): void {
  if (invoice.priceBasis !== 'net') throw new Error(`Rechnung ${invoice.number}: E-Rechnungen werden auf Nettobasis erstellt (Geschäftskunden), nicht auf Bruttobasis.`);
  if (invoice.lines.length === 0) throw new Error(`Rechnung ${invoice.number}: keine Positionen.`);
  for (const line of invoice.lines) {
    // German VAT at a rate above 0 (S), or none at all where the place of supply is abroad (AE, O).
    const standard = TAX_CATEGORY[invoice.taxCase] === 'S';
    if (standard ? !(line.vatPercent > 0) : line.vatPercent !== 0) {
      throw new Error(`Rechnung ${invoice.number}, Position ${line.position}: Umsatzsteuersatz ${line.vatPercent} % passt nicht zum Steuerfall ${invoice.taxCase}.`);
    }
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
    ...(invoice.cancels
      ? { 'cac:BillingReference': [{ 'cac:InvoiceDocumentReference': { 'cbc:ID': invoice.cancels.number, 'cbc:IssueDate': invoice.cancels.issuedOn } }] }
      : {}),
    'cac:AccountingSupplierParty': { 'cac:Party': sellerParty(invoice) },
    'cac:AccountingCustomerParty': { 'cac:Party': buyerParty(invoice) },
    'cac:Delivery': deliverTo(invoice),
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
          'cac:TaxCategory': breakdownCategory(invoice.taxCase, share.percent),
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
    'cac:InvoiceLine': invoice.lines.map((line) => invoiceLine(line, invoice.taxCase)) as EInvoice['ubl:Invoice']['cac:InvoiceLine'],
  };
  if (data['cbc:Note'] === undefined) delete data['cbc:Note'];
  return { 'ubl:Invoice': data };
}
