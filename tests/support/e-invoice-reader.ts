import { XMLParser } from 'fast-xml-parser';
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFString, type PDFObject } from 'pdf-lib';

/**
 * Reads an e-invoice back with a second, independent implementation: pdf-lib (not the
 * @cantoo/pdf-lib fork the generator uses) takes the Factur-X XML out of the PDF by walking the
 * catalog's /Names /EmbeddedFiles and /AF itself, and fast-xml-parser parses CII or UBL into one
 * neutral structure in cents. Tests compare that structure with the Invoice it was made from and
 * check the EN 16931 calculation rules on it, so the generator's output is checked, not its input.
 */

export interface ReadBackLine {
  id: string;
  quantity: string;
  unitCode: string | null;
  /** BT-146, cents. */
  netPriceCents: number;
  /** BT-131, cents. */
  netAmountCents: number;
  vatCategory: string | null;
  vatPercent: string | null;
  name: string;
  description: string | null;
  period: { start: string | null; end: string | null } | null;
}

export interface ReadBackVat {
  category: string;
  /** BT-119; null where the category has no rate (O). */
  percent: string | null;
  /** BT-121 and BT-120: why no VAT is charged (AE, O). */
  exemptionCode: string | null;
  exemptionReason: string | null;
  /** BT-116. */
  taxableCents: number;
  /** BT-117. */
  taxCents: number;
}

export interface ReadBackTotals {
  /** BT-106 … BT-115 in cents; null where the document leaves the element out. */
  lineNet: number;
  allowances: number | null;
  charges: number | null;
  taxExclusive: number;
  taxTotal: number | null;
  taxInclusive: number;
  prepaid: number | null;
  rounding: number | null;
  payable: number;
}

export interface ReadBack {
  syntax: 'CII' | 'UBL';
  customizationId: string | null;
  typeCode: string;
  number: string;
  issueDate: string;
  dueDate: string | null;
  buyerReference: string | null;
  /** BT-13: a purchase order reference, which only the buyer can give. */
  purchaseOrderReference: string | null;
  /** BT-80: the deliver-to country. */
  deliverToCountry: string | null;
  currency: string;
  notes: string[];
  precedingInvoice: { number: string; issueDate: string | null } | null;
  invoicingPeriod: { start: string | null; end: string | null } | null;
  sellerVatId: string | null;
  /** BT-29 without a scheme, or with one other than 'SEPA' (which is BT-90). */
  sellerId: string | null;
  /** Whether a payee (BG-10) is stated at all. */
  hasPayee: boolean;
  /** BT-48. */
  buyerVatId: string | null;
  sellerEndpoint: { id: string; scheme: string | null } | null;
  buyerEndpoint: { id: string; scheme: string | null } | null;
  paymentMeansCode: string | null;
  payeeIban: string | null;
  mandateReference: string | null;
  creditorId: string | null;
  debitedAccount: string | null;
  paymentTerms: string | null;
  lines: ReadBackLine[];
  /** Document-level allowances and charges (BG-20/21), cents. */
  documentAllowances: number[];
  documentCharges: number[];
  vatBreakdown: ReadBackVat[];
  totals: ReadBackTotals;
}

type Node = Record<string, unknown>;

const ARRAYS = new Set([
  'IncludedSupplyChainTradeLineItem',
  'ApplicableTradeTax',
  'SpecifiedTradeSettlementPaymentMeans',
  'SpecifiedTradePaymentTerms',
  'SpecifiedTradeAllowanceCharge',
  'TaxTotalAmount',
  'InvoiceReferencedDocument',
  'SpecifiedTaxRegistration',
  'IncludedNote',
  'InvoiceLine',
  'CreditNoteLine',
  'TaxTotal',
  'TaxSubtotal',
  'PaymentMeans',
  'PaymentTerms',
  'BillingReference',
  'AllowanceCharge',
  'PartyTaxScheme',
  'PartyIdentification',
  'Note',
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => ARRAYS.has(name),
});

function child(node: unknown, ...path: string[]): unknown {
  let current: unknown = node;
  for (const key of path) {
    if (Array.isArray(current)) current = current[0];
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Node)[key];
  }
  return current;
}

function list(node: unknown, ...path: string[]): unknown[] {
  const value = child(node, ...path);
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** An element's text, with or without attributes. */
function text(node: unknown, ...path: string[]): string | null {
  const value = child(node, ...path);
  const first = Array.isArray(value) ? value[0] : value;
  if (first === undefined || first === null) return null;
  if (typeof first === 'string') return first;
  if (typeof first === 'object' && '#text' in (first as Node)) return String((first as Node)['#text']);
  return null;
}

function attribute(node: unknown, name: string, ...path: string[]): string | null {
  const value = child(node, ...path);
  const first = Array.isArray(value) ? value[0] : value;
  if (first && typeof first === 'object' && `@${name}` in (first as Node)) return String((first as Node)[`@${name}`]);
  return null;
}

function required(value: string | null, what: string): string {
  if (value === null || value === '') throw new Error(`E-Rechnung: ${what} fehlt.`);
  return value;
}

/** An amount to cents, exactly; EN 16931 amounts have at most two decimals. */
export function centsOf(amount: string): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) throw new Error(`E-Rechnung: Betrag „${amount}“ ist kein Betrag mit höchstens zwei Nachkommastellen.`);
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] === '-' ? -cents : cents;
}

const optionalCents = (amount: string | null): number | null => (amount === null ? null : centsOf(amount));

/** CII dates (format 102, 'YYYYMMDD') as 'YYYY-MM-DD'. */
function ciiDate(value: string | null): string | null {
  if (value === null) return null;
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (!match) throw new Error(`CII: Datum „${value}“ nicht im Format 102.`);
  return `${match[1]}-${match[2]}-${match[3]}`;
}

function readCii(root: Node): ReadBack {
  const transaction = child(root, 'SupplyChainTradeTransaction');
  const agreement = child(transaction, 'ApplicableHeaderTradeAgreement');
  const settlement = child(transaction, 'ApplicableHeaderTradeSettlement');
  const summation = child(settlement, 'SpecifiedTradeSettlementHeaderMonetarySummation');
  const currency = required(text(settlement, 'InvoiceCurrencyCode'), 'InvoiceCurrencyCode');
  const taxTotal = list(summation, 'TaxTotalAmount').find((amount) => attribute(amount, 'currencyID') === currency || attribute(amount, 'currencyID') === null);
  const means = child(settlement, 'SpecifiedTradeSettlementPaymentMeans');
  const terms = child(settlement, 'SpecifiedTradePaymentTerms');
  const seller = child(agreement, 'SellerTradeParty');
  const buyer = child(agreement, 'BuyerTradeParty');
  const preceding = child(settlement, 'InvoiceReferencedDocument');
  const period = child(settlement, 'BillingSpecifiedPeriod');
  const allowanceCharges = list(settlement, 'SpecifiedTradeAllowanceCharge');
  const byIndicator = (indicator: string): number[] =>
    allowanceCharges.filter((item) => text(item, 'ChargeIndicator', 'Indicator') === indicator).map((item) => centsOf(required(text(item, 'ActualAmount'), 'ActualAmount')));
  const endpoint = (party: unknown): ReadBack['sellerEndpoint'] => {
    const id = text(party, 'URIUniversalCommunication', 'URIID');
    return id === null ? null : { id, scheme: attribute(party, 'schemeID', 'URIUniversalCommunication', 'URIID') };
  };
  return {
    syntax: 'CII',
    customizationId: text(root, 'ExchangedDocumentContext', 'GuidelineSpecifiedDocumentContextParameter', 'ID'),
    typeCode: required(text(root, 'ExchangedDocument', 'TypeCode'), 'TypeCode'),
    number: required(text(root, 'ExchangedDocument', 'ID'), 'ID'),
    issueDate: required(ciiDate(text(root, 'ExchangedDocument', 'IssueDateTime', 'DateTimeString')), 'IssueDateTime'),
    dueDate: ciiDate(text(terms, 'DueDateDateTime', 'DateTimeString')),
    buyerReference: text(agreement, 'BuyerReference'),
    purchaseOrderReference: text(agreement, 'BuyerOrderReferencedDocument', 'IssuerAssignedID'),
    deliverToCountry: text(transaction, 'ApplicableHeaderTradeDelivery', 'ShipToTradeParty', 'PostalTradeAddress', 'CountryID'),
    currency,
    notes: list(root, 'ExchangedDocument', 'IncludedNote').map((note) => text(note, 'Content') ?? ''),
    precedingInvoice: preceding
      ? { number: required(text(preceding, 'IssuerAssignedID'), 'InvoiceReferencedDocument/IssuerAssignedID'), issueDate: ciiDate(text(preceding, 'FormattedIssueDateTime', 'DateTimeString')) }
      : null,
    invoicingPeriod: period ? { start: ciiDate(text(period, 'StartDateTime', 'DateTimeString')), end: ciiDate(text(period, 'EndDateTime', 'DateTimeString')) } : null,
    sellerVatId: text(list(seller, 'SpecifiedTaxRegistration').find((registration) => attribute(registration, 'schemeID', 'ID') === 'VA'), 'ID'),
    sellerId: text(seller, 'ID'),
    hasPayee: child(settlement, 'PayeeTradeParty') !== undefined,
    buyerVatId: text(list(buyer, 'SpecifiedTaxRegistration').find((registration) => attribute(registration, 'schemeID', 'ID') === 'VA'), 'ID'),
    sellerEndpoint: endpoint(seller),
    buyerEndpoint: endpoint(buyer),
    paymentMeansCode: text(means, 'TypeCode'),
    payeeIban: text(means, 'PayeePartyCreditorFinancialAccount', 'IBANID'),
    mandateReference: text(terms, 'DirectDebitMandateID'),
    creditorId: text(settlement, 'CreditorReferenceID'),
    debitedAccount: text(means, 'PayerPartyDebtorFinancialAccount', 'IBANID'),
    paymentTerms: text(terms, 'Description'),
    lines: list(transaction, 'IncludedSupplyChainTradeLineItem').map((item) => {
      const lineSettlement = child(item, 'SpecifiedLineTradeSettlement');
      const linePeriod = child(lineSettlement, 'BillingSpecifiedPeriod');
      return {
        id: required(text(item, 'AssociatedDocumentLineDocument', 'LineID'), 'LineID'),
        quantity: required(text(item, 'SpecifiedLineTradeDelivery', 'BilledQuantity'), 'BilledQuantity'),
        unitCode: attribute(item, 'unitCode', 'SpecifiedLineTradeDelivery', 'BilledQuantity'),
        netPriceCents: centsOf(required(text(item, 'SpecifiedLineTradeAgreement', 'NetPriceProductTradePrice', 'ChargeAmount'), 'ChargeAmount')),
        netAmountCents: centsOf(required(text(lineSettlement, 'SpecifiedTradeSettlementLineMonetarySummation', 'LineTotalAmount'), 'LineTotalAmount')),
        vatCategory: text(lineSettlement, 'ApplicableTradeTax', 'CategoryCode'),
        vatPercent: text(lineSettlement, 'ApplicableTradeTax', 'RateApplicablePercent'),
        name: required(text(item, 'SpecifiedTradeProduct', 'Name'), 'Name'),
        description: text(item, 'SpecifiedTradeProduct', 'Description'),
        period: linePeriod ? { start: ciiDate(text(linePeriod, 'StartDateTime', 'DateTimeString')), end: ciiDate(text(linePeriod, 'EndDateTime', 'DateTimeString')) } : null,
      };
    }),
    documentAllowances: byIndicator('false'),
    documentCharges: byIndicator('true'),
    vatBreakdown: list(settlement, 'ApplicableTradeTax').map((tax) => ({
      category: required(text(tax, 'CategoryCode'), 'CategoryCode'),
      percent: text(tax, 'RateApplicablePercent'),
      exemptionCode: text(tax, 'ExemptionReasonCode'),
      exemptionReason: text(tax, 'ExemptionReason'),
      taxableCents: centsOf(required(text(tax, 'BasisAmount'), 'BasisAmount')),
      taxCents: centsOf(required(text(tax, 'CalculatedAmount'), 'CalculatedAmount')),
    })),
    totals: {
      lineNet: centsOf(required(text(summation, 'LineTotalAmount'), 'LineTotalAmount')),
      allowances: optionalCents(text(summation, 'AllowanceTotalAmount')),
      charges: optionalCents(text(summation, 'ChargeTotalAmount')),
      taxExclusive: centsOf(required(text(summation, 'TaxBasisTotalAmount'), 'TaxBasisTotalAmount')),
      taxTotal: optionalCents(text(taxTotal)),
      taxInclusive: centsOf(required(text(summation, 'GrandTotalAmount'), 'GrandTotalAmount')),
      prepaid: optionalCents(text(summation, 'TotalPrepaidAmount')),
      rounding: optionalCents(text(summation, 'RoundingAmount')),
      payable: centsOf(required(text(summation, 'DuePayableAmount'), 'DuePayableAmount')),
    },
  };
}

function readUbl(root: Node, creditNote: boolean): ReadBack {
  const prefix = creditNote ? 'CreditNote' : 'Invoice';
  const currency = required(text(root, 'DocumentCurrencyCode'), 'DocumentCurrencyCode');
  const taxTotal = list(root, 'TaxTotal').find((total) => attribute(total, 'currencyID', 'TaxAmount') === currency);
  const means = child(root, 'PaymentMeans');
  const seller = child(root, 'AccountingSupplierParty', 'Party');
  const buyer = child(root, 'AccountingCustomerParty', 'Party');
  const monetary = child(root, 'LegalMonetaryTotal');
  const preceding = child(root, 'BillingReference', 'InvoiceDocumentReference');
  const period = child(root, 'InvoicePeriod');
  const sepaId = (party: unknown): string | null => text(list(party, 'PartyIdentification').find((identification) => attribute(identification, 'schemeID', 'ID') === 'SEPA'), 'ID');
  const byIndicator = (indicator: string): number[] =>
    list(root, 'AllowanceCharge')
      .filter((item) => text(item, 'ChargeIndicator') === indicator)
      .map((item) => centsOf(required(text(item, 'Amount'), 'AllowanceCharge/Amount')));
  const endpoint = (party: unknown): ReadBack['sellerEndpoint'] => {
    const id = text(party, 'EndpointID');
    return id === null ? null : { id, scheme: attribute(party, 'schemeID', 'EndpointID') };
  };
  return {
    syntax: 'UBL',
    customizationId: text(root, 'CustomizationID'),
    typeCode: required(text(root, `${prefix}TypeCode`), `${prefix}TypeCode`),
    number: required(text(root, 'ID'), 'ID'),
    issueDate: required(text(root, 'IssueDate'), 'IssueDate'),
    // A UBL credit note has no DueDate of its own; BT-9 is the payment means' due date there.
    dueDate: text(root, 'DueDate') ?? text(means, 'PaymentDueDate'),
    buyerReference: text(root, 'BuyerReference'),
    purchaseOrderReference: text(root, 'OrderReference', 'ID'),
    deliverToCountry: text(root, 'Delivery', 'DeliveryLocation', 'Address', 'Country', 'IdentificationCode'),
    currency,
    notes: list(root, 'Note').map((note) => text(note) ?? ''),
    precedingInvoice: preceding ? { number: required(text(preceding, 'ID'), 'InvoiceDocumentReference/ID'), issueDate: text(preceding, 'IssueDate') } : null,
    invoicingPeriod: period ? { start: text(period, 'StartDate'), end: text(period, 'EndDate') } : null,
    sellerVatId: text(list(seller, 'PartyTaxScheme').find((scheme) => text(scheme, 'TaxScheme', 'ID') === 'VAT'), 'CompanyID'),
    sellerId: text(list(seller, 'PartyIdentification').find((identification) => attribute(identification, 'schemeID', 'ID') !== 'SEPA'), 'ID'),
    hasPayee: child(root, 'PayeeParty') !== undefined,
    buyerVatId: text(list(buyer, 'PartyTaxScheme').find((scheme) => text(scheme, 'TaxScheme', 'ID') === 'VAT'), 'CompanyID'),
    sellerEndpoint: endpoint(seller),
    buyerEndpoint: endpoint(buyer),
    paymentMeansCode: text(means, 'PaymentMeansCode'),
    payeeIban: text(means, 'PayeeFinancialAccount', 'ID'),
    mandateReference: text(means, 'PaymentMandate', 'ID'),
    creditorId: sepaId(child(root, 'PayeeParty')) ?? sepaId(seller),
    debitedAccount: text(means, 'PaymentMandate', 'PayerFinancialAccount', 'ID'),
    paymentTerms: text(root, 'PaymentTerms', 'Note'),
    lines: list(root, `${prefix}Line`).map((line) => {
      const quantityElement = creditNote ? 'CreditedQuantity' : 'InvoicedQuantity';
      const linePeriod = child(line, 'InvoicePeriod');
      return {
        id: required(text(line, 'ID'), 'Line/ID'),
        quantity: required(text(line, quantityElement), quantityElement),
        unitCode: attribute(line, 'unitCode', quantityElement),
        netPriceCents: centsOf(required(text(line, 'Price', 'PriceAmount'), 'PriceAmount')),
        netAmountCents: centsOf(required(text(line, 'LineExtensionAmount'), 'LineExtensionAmount')),
        vatCategory: text(line, 'Item', 'ClassifiedTaxCategory', 'ID'),
        vatPercent: text(line, 'Item', 'ClassifiedTaxCategory', 'Percent'),
        name: required(text(line, 'Item', 'Name'), 'Item/Name'),
        description: text(line, 'Item', 'Description'),
        period: linePeriod ? { start: text(linePeriod, 'StartDate'), end: text(linePeriod, 'EndDate') } : null,
      };
    }),
    documentAllowances: byIndicator('false'),
    documentCharges: byIndicator('true'),
    vatBreakdown: list(taxTotal, 'TaxSubtotal').map((subtotal) => ({
      category: required(text(subtotal, 'TaxCategory', 'ID'), 'TaxCategory/ID'),
      percent: text(subtotal, 'TaxCategory', 'Percent'),
      exemptionCode: text(subtotal, 'TaxCategory', 'TaxExemptionReasonCode'),
      exemptionReason: text(subtotal, 'TaxCategory', 'TaxExemptionReason'),
      taxableCents: centsOf(required(text(subtotal, 'TaxableAmount'), 'TaxableAmount')),
      taxCents: centsOf(required(text(subtotal, 'TaxAmount'), 'TaxAmount')),
    })),
    totals: {
      lineNet: centsOf(required(text(monetary, 'LineExtensionAmount'), 'LineExtensionAmount')),
      allowances: optionalCents(text(monetary, 'AllowanceTotalAmount')),
      charges: optionalCents(text(monetary, 'ChargeTotalAmount')),
      taxExclusive: centsOf(required(text(monetary, 'TaxExclusiveAmount'), 'TaxExclusiveAmount')),
      taxTotal: optionalCents(text(taxTotal, 'TaxAmount')),
      taxInclusive: centsOf(required(text(monetary, 'TaxInclusiveAmount'), 'TaxInclusiveAmount')),
      prepaid: optionalCents(text(monetary, 'PrepaidAmount')),
      rounding: optionalCents(text(monetary, 'PayableRoundingAmount')),
      payable: centsOf(required(text(monetary, 'PayableAmount'), 'PayableAmount')),
    },
  };
}

/** Parses a CII (CrossIndustryInvoice) or UBL (Invoice, CreditNote) document. */
export function readEInvoiceXml(xml: string | Uint8Array): ReadBack {
  const source = typeof xml === 'string' ? xml : new TextDecoder('utf-8', { fatal: true }).decode(xml);
  const document = parser.parse(source) as Node;
  if (document.CrossIndustryInvoice) return readCii(document.CrossIndustryInvoice as Node);
  if (document.Invoice) return readUbl(document.Invoice as Node, false);
  if (document.CreditNote) return readUbl(document.CreditNote as Node, true);
  throw new Error(`Kein CII- oder UBL-Dokument: Wurzelelemente ${Object.keys(document).join(', ')}`);
}

export interface Violation {
  rule: string;
  message: string;
}

const euro = (cents: number | null): string => (cents === null ? '–' : (cents / 100).toFixed(2));

/** Rate text ('19', '5.5') × taxable cents, rounded half up to whole cents as XPath round() does (BR-CO-17). */
function vatOf(taxableCents: number, percent: string | null): number {
  // A category without a rate (O) bears no VAT.
  if (percent === null) return 0;
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(percent);
  if (!match) throw new Error(`Steuersatz „${percent}“ nicht lesbar.`);
  const basisPoints = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Math.floor((2 * taxableCents * basisPoints + 10_000) / 20_000);
}

const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0);

/**
 * The EN 16931 calculation rules BR-CO-10 … BR-CO-17 (and BR-S-08, the taxable amount per
 * standard rate) on a read-back invoice; an empty list when all hold.
 */
export function checkEn16931Arithmetic(readBack: ReadBack): Violation[] {
  const { totals, lines, vatBreakdown } = readBack;
  const violations: Violation[] = [];
  const check = (rule: string, holds: boolean, message: string): void => {
    if (!holds) violations.push({ rule, message });
  };
  const lineSum = sum(lines.map((line) => line.netAmountCents));
  const allowances = sum(readBack.documentAllowances);
  const charges = sum(readBack.documentCharges);
  check('BR-CO-10', lineSum === totals.lineNet, `Summe der Positionen ${euro(lineSum)} ≠ BT-106 ${euro(totals.lineNet)}`);
  check('BR-CO-11', (totals.allowances ?? 0) === allowances, `BT-107 ${euro(totals.allowances)} ≠ Summe der Abschläge ${euro(allowances)}`);
  check('BR-CO-12', (totals.charges ?? 0) === charges, `BT-108 ${euro(totals.charges)} ≠ Summe der Zuschläge ${euro(charges)}`);
  const taxExclusive = totals.lineNet - (totals.allowances ?? 0) + (totals.charges ?? 0);
  check('BR-CO-13', totals.taxExclusive === taxExclusive, `BT-109 ${euro(totals.taxExclusive)} ≠ BT-106 − BT-107 + BT-108 = ${euro(taxExclusive)}`);
  const vatSum = sum(vatBreakdown.map((vat) => vat.taxCents));
  check('BR-CO-14', (totals.taxTotal ?? 0) === vatSum, `BT-110 ${euro(totals.taxTotal)} ≠ Summe BT-117 ${euro(vatSum)}`);
  const taxInclusive = totals.taxExclusive + (totals.taxTotal ?? 0);
  check('BR-CO-15', totals.taxInclusive === taxInclusive, `BT-112 ${euro(totals.taxInclusive)} ≠ BT-109 + BT-110 = ${euro(taxInclusive)}`);
  const payable = totals.taxInclusive - (totals.prepaid ?? 0) + (totals.rounding ?? 0);
  check('BR-CO-16', totals.payable === payable, `BT-115 ${euro(totals.payable)} ≠ BT-112 − BT-113 + BT-114 = ${euro(payable)}`);
  for (const vat of vatBreakdown) {
    const expected = vatOf(vat.taxableCents, vat.percent);
    check('BR-CO-17', vat.taxCents === expected, `USt. ${vat.category} ${vat.percent} %: BT-117 ${euro(vat.taxCents)} ≠ ${euro(vat.taxableCents)} × ${vat.percent} % = ${euro(expected)}`);
    // No document-level allowances or charges are read per rate here: with none present the lines alone make the base.
    if (readBack.documentAllowances.length === 0 && readBack.documentCharges.length === 0) {
      const base = sum(
        lines.filter((line) => line.vatCategory === vat.category && (vat.category !== 'S' || Number(line.vatPercent) === Number(vat.percent))).map((line) => line.netAmountCents),
      );
      check(`BR-${vat.category}-08`, vat.taxableCents === base, `USt. ${vat.category} ${vat.percent ?? '–'} %: BT-116 ${euro(vat.taxableCents)} ≠ Summe der Positionen ${euro(base)}`);
    }
  }
  return violations;
}

export interface EmbeddedFile {
  name: string;
  /** /AFRelationship of the file specification ('Alternative' for Factur-X), null if absent. */
  relationship: string | null;
  /** /Subtype of the embedded stream ('text/xml'), null if absent. */
  mimeType: string | null;
  /** Whether the catalog's /AF array lists this file specification (PDF/A-3). */
  inCatalogAf: boolean;
  content: Uint8Array;
}

export interface PdfAMarkers {
  /** From the XMP metadata: pdfaid:part and pdfaid:conformance. */
  part: string | null;
  conformance: string | null;
  /** The Factur-X extension's fx:ConformanceLevel and fx:DocumentFileName. */
  facturXLevel: string | null;
  facturXFileName: string | null;
  hasOutputIntent: boolean;
}

export interface FacturXReadBack {
  files: EmbeddedFile[];
  xmlFile: EmbeddedFile;
  xml: string;
  invoice: ReadBack;
  pdfA: PdfAMarkers;
}

const FACTUR_X_NAMES = ['factur-x.xml', 'zugferd-invoice.xml', 'ZUGFeRD-invoice.xml', 'xrechnung.xml'];

function stringOf(object: PDFObject | undefined): string | null {
  if (object instanceof PDFString || object instanceof PDFHexString) return object.decodeText();
  if (object instanceof PDFName) return object.decodeText();
  return null;
}

function streamBytes(stream: unknown): Uint8Array {
  if (!(stream instanceof PDFRawStream)) throw new Error('Eingebettete Datei: kein Datenstrom.');
  return decodePDFRawStream(stream).decode();
}

/** The name tree's leaves: [name, file spec, …] in /Names, or under /Kids. */
function nameTreeEntries(doc: PDFDocument, node: PDFDict): [string, PDFDict][] {
  const entries: [string, PDFDict][] = [];
  const names = node.lookupMaybe(PDFName.of('Names'), PDFArray);
  if (names) {
    for (let index = 0; index + 1 < names.size(); index += 2) {
      const spec = names.lookup(index + 1, PDFDict);
      entries.push([stringOf(names.lookup(index)) ?? '', spec]);
    }
  }
  const kids = node.lookupMaybe(PDFName.of('Kids'), PDFArray);
  if (kids) for (let index = 0; index < kids.size(); index += 1) entries.push(...nameTreeEntries(doc, kids.lookup(index, PDFDict)));
  return entries;
}

function embeddedFiles(doc: PDFDocument): EmbeddedFile[] {
  const catalog = doc.catalog;
  const af = catalog.lookupMaybe(PDFName.of('AF'), PDFArray);
  const afSpecs = new Set<PDFDict>();
  if (af) for (let index = 0; index < af.size(); index += 1) afSpecs.add(af.lookup(index, PDFDict));
  const tree = catalog.lookupMaybe(PDFName.of('Names'), PDFDict)?.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict);
  if (!tree) return [];
  return nameTreeEntries(doc, tree).map(([treeName, spec]) => {
    const stream = spec.lookup(PDFName.of('EF'), PDFDict).lookup(PDFName.of('F'));
    const subtype = stream instanceof PDFRawStream ? stream.dict.lookupMaybe(PDFName.of('Subtype'), PDFName) : undefined;
    return {
      name: stringOf(spec.get(PDFName.of('UF'))) ?? stringOf(spec.get(PDFName.of('F'))) ?? treeName,
      relationship: stringOf(spec.get(PDFName.of('AFRelationship'))),
      mimeType: subtype ? subtype.decodeText() : null,
      inCatalogAf: afSpecs.has(spec),
      content: streamBytes(stream),
    };
  });
}

function xmpText(doc: PDFDocument): string {
  const metadata = doc.catalog.lookup(PDFName.of('Metadata'));
  return metadata ? new TextDecoder().decode(streamBytes(metadata)) : '';
}

function xmpValue(xmp: string, element: string): string | null {
  // Element form (<pdfaid:part>3</pdfaid:part>) or attribute form (pdfaid:part="3").
  const match = new RegExp(`<${element}>\\s*([^<]*?)\\s*</${element}>|${element}="([^"]*)"`).exec(xmp);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

/** Takes a Factur-X / ZUGFeRD PDF apart: its embedded files, the invoice XML read back, the PDF/A-3 markers. */
export async function readFacturX(pdf: Uint8Array): Promise<FacturXReadBack> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const files = embeddedFiles(doc);
  const xmlFile = files.find((file) => FACTUR_X_NAMES.includes(file.name));
  if (!xmlFile) throw new Error(`Keine Factur-X-XML eingebettet (gefunden: ${files.map((file) => file.name).join(', ') || 'keine Datei'}).`);
  const xmp = xmpText(doc);
  const xml = new TextDecoder('utf-8', { fatal: true }).decode(xmlFile.content);
  return {
    files,
    xmlFile,
    xml,
    invoice: readEInvoiceXml(xml),
    pdfA: {
      part: xmpValue(xmp, 'pdfaid:part'),
      conformance: xmpValue(xmp, 'pdfaid:conformance'),
      facturXLevel: xmpValue(xmp, 'fx:ConformanceLevel'),
      facturXFileName: xmpValue(xmp, 'fx:DocumentFileName'),
      hasOutputIntent: (doc.catalog.lookupMaybe(PDFName.of('OutputIntents'), PDFArray)?.size() ?? 0) > 0,
    },
  };
}
