import * as v from 'valibot';
import { isKnownCountry } from '../countries.ts';
import { isValidIban, normalizeIban } from '../iban.ts';
import { isLeitwegIdFormat, isValidLeitwegId } from '../leitweg-id.ts';
import { nameWritableInSepa } from '../sepa-name.ts';
import { decideTax, normalizeVatId, taxMessages, type TaxedCustomer } from '../tax.ts';
import { AGB_VERSION_PATTERN } from './agb-version.ts';
import { MAX_QUANTITY } from './cart.ts';
import { EmailSchema, messages, requiredText } from './fields.ts';
import { HashcashSolutionsSchema } from './security.ts';

/**
 * The checkout form and POST /api/orders (SPEC §2 /checkout, issue 7): the form validates with
 * this schema before sending, the function again. Prices are not part of it: the server prices
 * the ids from its catalogue (src/lib/order.ts), so a price or name sent along is ignored.
 */

export const MAX_LINES = 50;

export const PAYMENT_METHODS = ['invoice', 'sepa', 'paypal'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABEL: Readonly<Record<PaymentMethod, string>> = {
  invoice: 'Überweisung / Rechnung',
  sepa: 'SEPA-Lastschrift',
  paypal: 'PayPal',
};

export const CUSTOMER_TYPES = ['consumer', 'business'] as const;

/**
 * How a business receives its invoices (issue 24, docs/decisions/0052): an EN 16931 e-invoice,
 * ZUGFeRD/Factur-X by default, XRechnung where a public customer asks for it. Consumers get a PDF.
 */
export const BUSINESS_INVOICE_FORMATS = ['factur-x', 'xrechnung-cii', 'xrechnung-ubl'] as const;
export type BusinessInvoiceFormat = (typeof BUSINESS_INVOICE_FORMATS)[number];
export type InvoiceFormat = 'pdf' | BusinessInvoiceFormat;

export const INVOICE_FORMAT_LABEL: Readonly<Record<InvoiceFormat, string>> = {
  pdf: 'PDF-Rechnung',
  'factur-x': 'ZUGFeRD / Factur-X (PDF mit eingebetteter E-Rechnung)',
  'xrechnung-cii': 'XRechnung (CII)',
  'xrechnung-ubl': 'XRechnung (UBL)',
};
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

export const orderFieldMessages = {
  quantityNumber: 'Bitte geben Sie die Menge als Zahl an.',
  quantityInteger: 'Die Menge muss eine ganze Zahl sein.',
  quantityMin: 'Die Menge muss mindestens 1 sein.',
  quantityMax: `Höchstens ${MAX_QUANTITY} Stück je Artikel.`,
  itemId: 'Artikel ohne gültige Kennung.',
  emptyCart: 'Ihr Warenkorb ist leer.',
  tooManyLines: `Höchstens ${MAX_LINES} verschiedene Artikel je Bestellung.`,
  duplicateItem: 'Jeder Artikel darf nur einmal in der Bestellung vorkommen.',
  invoiceFormat: 'Bitte wählen Sie ein Rechnungsformat.',
  countryForEInvoice: 'Bitte geben Sie ein Land der EU, des EWR oder die Schweiz an (z. B. Deutschland, Österreich): Ihre E-Rechnung nennt es.',
  leitwegIdInvalid: 'Ungültige Leitweg-ID (Beispiel: 991-33333TEST-33)',
  leitwegIdCheckDigits: 'Die Prüfziffer der Leitweg-ID stimmt nicht. Bitte übernehmen Sie die Leitweg-ID genau so, wie Ihr Rechnungseingang sie nennt.',
  customerType: 'Bitte wählen Sie, ob Sie als Verbraucher oder als Unternehmer bestellen.',
  streetRequired: 'Straße und Hausnummer sind erforderlich',
  postalCodeRequired: 'Postleitzahl ist erforderlich',
  postalCodeInvalid: 'Ungültige Postleitzahl',
  cityRequired: 'Ort ist erforderlich',
  countryRequired: 'Land ist erforderlich',
  companyRequired: 'Firmenname ist erforderlich',
  vatIdInvalid: 'Ungültige USt-IdNr. (Beispiel: ATU12345675)',
  paymentMethod: 'Bitte wählen Sie eine Zahlungsart.',
  ibanRequired: 'Bitte geben Sie Ihre IBAN für die SEPA-Lastschrift an.',
  ibanInvalid: 'Diese IBAN ist ungültig. Bitte prüfen Sie Länderkennung, Länge und Prüfziffern.',
  mandateRequired: 'Bitte erteilen Sie das SEPA-Lastschriftmandat.',
  accountHolderLatin: 'Für die SEPA-Lastschrift brauchen wir den Namen des Kontoinhabers in lateinischer Schrift, so wie ihn Ihre Bank führt.',
  agbRequired: 'Bitte akzeptieren Sie die AGB.',
  agbVersion: 'Die Fassung der AGB fehlt. Bitte laden Sie die Seite neu.',
  startDeclarationsTogether:
    'Für einen sofortigen Beginn brauchen wir beide Erklärungen, für einen Beginn nach Ablauf der Widerrufsfrist keine. Bitte setzen Sie beide Häkchen oder keines.',
  idempotencyKey: 'Der Header Idempotency-Key fehlt oder ist ungültig (8 bis 200 Zeichen aus A–Z, a–z, 0–9, - und _).',
} as const;

const OrderItemSchema = v.object({
  id: v.pipe(v.string(orderFieldMessages.itemId), v.minLength(1, orderFieldMessages.itemId), v.maxLength(200, orderFieldMessages.itemId)),
  quantity: v.pipe(
    v.number(orderFieldMessages.quantityNumber),
    v.integer(orderFieldMessages.quantityInteger),
    v.minValue(1, orderFieldMessages.quantityMin),
    v.maxValue(MAX_QUANTITY, orderFieldMessages.quantityMax),
  ),
});

const address = {
  name: requiredText(messages.nameRequired, 200),
  street: requiredText(orderFieldMessages.streetRequired, 200),
  postalCode: v.pipe(
    v.string(orderFieldMessages.postalCodeRequired),
    v.trim(),
    v.nonEmpty(orderFieldMessages.postalCodeRequired),
    v.regex(/^[A-Za-z0-9][A-Za-z0-9 -]{2,9}$/, orderFieldMessages.postalCodeInvalid),
  ),
  city: requiredText(orderFieldMessages.cityRequired, 100),
  country: requiredText(orderFieldMessages.countryRequired, 100),
  email: EmailSchema,
};

const ConsumerSchema = v.object({ type: v.literal('consumer'), ...address });

const BusinessSchema = v.object({
  type: v.literal('business'),
  company: requiredText(orderFieldMessages.companyRequired, 200),
  /** Optional: not every business has one (Kleinunternehmer); when given it must look like one. */
  vatId: v.optional(
    v.pipe(
      v.string(orderFieldMessages.vatIdInvalid),
      v.transform(normalizeVatId),
      v.check((vatId) => vatId === '' || /^[A-Z]{2}[0-9A-Z+*]{2,12}$/.test(vatId), orderFieldMessages.vatIdInvalid),
    ),
    '',
  ),
  invoiceFormat: v.optional(v.picklist(BUSINESS_INVOICE_FORMATS, orderFieldMessages.invoiceFormat), 'factur-x'),
  /**
   * The Leitweg-ID of a public customer (BT-10 Buyer reference of its XRechnung): coarse address,
   * optional fine address, check digits, e.g. '991-33333TEST-33'. Without one, an XRechnung's
   * buyer reference is the order number (BR-DE-15 requires one).
   */
  leitwegId: v.optional(
    v.pipe(
      v.string(orderFieldMessages.leitwegIdInvalid),
      v.trim(),
      v.toUpperCase(),
      v.check((id) => id === '' || isLeitwegIdFormat(id), orderFieldMessages.leitwegIdInvalid),
      v.check((id) => id === '' || !isLeitwegIdFormat(id) || isValidLeitwegId(id), orderFieldMessages.leitwegIdCheckDigits),
    ),
    '',
  ),
  ...address,
  // An EN 16931 e-invoice names the buyer's country by its ISO code (BT-55): no guessing.
  country: v.pipe(address.country, v.check(isKnownCountry, orderFieldMessages.countryForEInvoice)),
});

const flag = v.optional(v.boolean(), false);


export const OrderRequestSchema = v.pipe(
  v.object({
    items: v.pipe(
      v.array(OrderItemSchema, orderFieldMessages.emptyCart),
      v.minLength(1, orderFieldMessages.emptyCart),
      v.maxLength(MAX_LINES, orderFieldMessages.tooManyLines),
      v.check((items) => new Set(items.map((item) => item.id)).size === items.length, orderFieldMessages.duplicateItem),
    ),
    customer: v.variant('type', [ConsumerSchema, BusinessSchema], orderFieldMessages.customerType),
    paymentMethod: v.picklist(PAYMENT_METHODS, orderFieldMessages.paymentMethod),
    iban: v.optional(v.pipe(v.string(orderFieldMessages.ibanInvalid), v.maxLength(50, orderFieldMessages.ibanInvalid), v.transform(normalizeIban)), ''),
    sepaMandate: flag,
    consents: v.object({
      agb: v.literal(true, orderFieldMessages.agbRequired),
      /**
       * The AGB version the checkout showed (src/data/agb.ts); the server records it with the order.
       * A missing key is checked as '' so it gets the German message, not valibot's 'Invalid key'.
       */
      agbVersion: v.optional(v.pipe(v.string(orderFieldMessages.agbVersion), v.regex(AGB_VERSION_PATTERN, orderFieldMessages.agbVersion)), ''),
      earlyStart: flag,
      waiverAcknowledged: flag,
    }),
    /**
     * The proof of work like every other public form's (docs/decisions/0040), solved in the browser
     * from the first use of the checkout; an order mails its confirmation to a typed address.
     */
    hashcash_solutions: HashcashSolutionsSchema,
  }),
  v.forward(
    v.partialCheck(
      [['paymentMethod'], ['iban']],
      ({ paymentMethod, iban }) => paymentMethod !== 'sepa' || iban !== '',
      orderFieldMessages.ibanRequired,
    ),
    ['iban'],
  ),
  v.forward(
    v.partialCheck(
      [['paymentMethod'], ['iban']],
      ({ paymentMethod, iban }) => paymentMethod !== 'sepa' || iban === '' || isValidIban(iban),
      orderFieldMessages.ibanInvalid,
    ),
    ['iban'],
  ),
  // The name is the account holder in the SEPA file, which has Latin letters only (decision 0060).
  v.forward(
    v.partialCheck(
      [['paymentMethod'], ['customer', 'name']],
      ({ paymentMethod, customer }) => paymentMethod !== 'sepa' || nameWritableInSepa(customer.name),
      orderFieldMessages.accountHolderLatin,
    ),
    ['customer', 'name'],
  ),
  v.forward(
    v.partialCheck([['paymentMethod'], ['sepaMandate']], ({ paymentMethod, sepaMandate }) => paymentMethod !== 'sepa' || sepaMandate, orderFieldMessages.mandateRequired),
    ['sepaMandate'],
  ),
  // Consumers only within the EU; a VAT ID given must pass its country's check (docs/decisions/0056).
  // Each checked as soon as the fields it reads are valid, so the message stands beside the others.
  v.forward(
    v.partialCheck(
      [['customer', 'type'], ['customer', 'country']],
      ({ customer }) => decideTax(customer).refusal?.field !== 'country',
      taxMessages.consumerOutsideEu,
    ),
    ['customer', 'country'],
  ),
  v.forward(
    v.partialCheck(
      [['customer', 'type'], ['customer', 'country'], ['customer', 'vatId']],
      ({ customer }) => decideTax(customer).refusal?.field !== 'vatId',
      (issue) => decideTax((issue.input as { customer: TaxedCustomer }).customer).refusal?.message ?? taxMessages.vatIdInvalid,
    ),
    ['customer', 'vatId'],
  ),
  // A consumer chooses when we begin (docs/decisions/0034): neither statement of § 356 Abs. 4 BGB
  // means after the withdrawal period; an early start needs both, each given separately. Only one
  // of them is refused, on the box left empty, rather than guessed. Businesses see neither.
  v.forward(
    v.partialCheck(
      [['customer', 'type'], ['consents', 'earlyStart'], ['consents', 'waiverAcknowledged']],
      ({ customer, consents }) => customer.type !== 'consumer' || consents.earlyStart || !consents.waiverAcknowledged,
      orderFieldMessages.startDeclarationsTogether,
    ),
    ['consents', 'earlyStart'],
  ),
  v.forward(
    v.partialCheck(
      [['customer', 'type'], ['consents', 'earlyStart'], ['consents', 'waiverAcknowledged']],
      ({ customer, consents }) => customer.type !== 'consumer' || !consents.earlyStart || consents.waiverAcknowledged,
      orderFieldMessages.startDeclarationsTogether,
    ),
    ['consents', 'waiverAcknowledged'],
  ),
);

export type OrderRequest = v.InferOutput<typeof OrderRequestSchema>;

/** The Idempotency-Key header: one per checkout attempt, generated by the browser. */
export const IdempotencyKeySchema = v.pipe(v.string(orderFieldMessages.idempotencyKey), v.regex(/^[A-Za-z0-9_-]{8,200}$/, orderFieldMessages.idempotencyKey));
