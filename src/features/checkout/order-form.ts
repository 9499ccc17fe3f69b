import * as v from 'valibot';
import { paymentProblems, type PricedCart } from '../../lib/order.ts';
import { fieldErrors } from '../../lib/schemas/issues.ts';
import { BUSINESS_INVOICE_FORMATS, CUSTOMER_TYPES, OrderRequestSchema, PAYMENT_METHODS } from '../../lib/schemas/order.ts';
import { decideTax, normalizeVatId } from '../../lib/tax.ts';
import type { TaxCase } from '../../lib/tax-case.ts';

/**
 * The checkout form's flat values and the order request built from them (SPEC §2 /checkout):
 * the form is checked by the same OrderRequestSchema that POST /api/orders parses, its issues
 * named by the form's fields.
 */

const CheckoutValuesSchema = v.object({
  customerType: v.picklist(CUSTOMER_TYPES),
  company: v.string(),
  vatId: v.string(),
  name: v.string(),
  street: v.string(),
  postalCode: v.string(),
  city: v.string(),
  country: v.string(),
  email: v.string(),
  invoiceFormat: v.picklist(BUSINESS_INVOICE_FORMATS),
  leitwegId: v.string(),
  paymentMethod: v.union([v.picklist(PAYMENT_METHODS), v.literal('')]),
  iban: v.string(),
  sepaMandate: v.boolean(),
  agb: v.boolean(),
  earlyStart: v.boolean(),
  waiverAcknowledged: v.boolean(),
});

export type CheckoutValues = v.InferOutput<typeof CheckoutValuesSchema>;

export const EMPTY_CHECKOUT: CheckoutValues = {
  customerType: 'consumer',
  company: '',
  vatId: '',
  name: '',
  street: '',
  postalCode: '',
  city: '',
  country: 'Deutschland',
  email: '',
  invoiceFormat: 'factur-x',
  leitwegId: '',
  paymentMethod: '',
  iban: '',
  sepaMandate: false,
  agb: false,
  earlyStart: false,
  waiverAcknowledged: false,
};

/**
 * Where the order request has each field, in the order of the form: the server answers by these
 * paths, and the controls' ids are named after them (e-mail links and tests point there).
 */
export const ORDER_REQUEST_PATH: Readonly<Record<keyof CheckoutValues, string>> = {
  customerType: 'customer.type',
  company: 'customer.company',
  vatId: 'customer.vatId',
  name: 'customer.name',
  street: 'customer.street',
  postalCode: 'customer.postalCode',
  city: 'customer.city',
  country: 'customer.country',
  email: 'customer.email',
  invoiceFormat: 'customer.invoiceFormat',
  leitwegId: 'customer.leitwegId',
  paymentMethod: 'paymentMethod',
  iban: 'iban',
  sepaMandate: 'sepaMandate',
  agb: 'consents.agb',
  earlyStart: 'consents.earlyStart',
  waiverAcknowledged: 'consents.waiverAcknowledged',
};

const fieldOfPath = new Map(Object.entries(ORDER_REQUEST_PATH).map(([field, path]) => [path, field]));

type OrderItem = { id: string; quantity: number };

/** Whether the business asked for an XRechnung, the format for which the Leitweg-ID field shows. */
export const isXRechnung = (values: Pick<CheckoutValues, 'invoiceFormat'>): boolean => values.invoiceFormat !== 'factur-x';

/**
 * A business's invoice format, and its Leitweg-ID only with an XRechnung: an ID typed before
 * switching back to ZUGFeRD is neither shown nor sent, so a hidden field never refuses the order.
 */
function invoiceChoice(values: CheckoutValues) {
  return { invoiceFormat: values.invoiceFormat, ...(isXRechnung(values) ? { leitwegId: values.leitwegId } : {}) };
}

/** The order request of the form's values and the cart's lines, without the proof of work (added when sending). */
export function orderRequest(values: CheckoutValues, lines: readonly OrderItem[], agbVersion: string) {
  const address = {
    name: values.name,
    street: values.street,
    postalCode: values.postalCode,
    city: values.city,
    country: values.country,
    email: values.email,
  };
  return {
    items: lines.map(({ id, quantity }) => ({ id, quantity })),
    customer:
      values.customerType === 'business'
        ? { type: 'business' as const, company: values.company, vatId: values.vatId, ...invoiceChoice(values), ...address }
        : { type: 'consumer' as const, ...address },
    paymentMethod: values.paymentMethod,
    ...(values.paymentMethod === 'sepa' ? { iban: values.iban, sepaMandate: values.sepaMandate } : {}),
    consents: {
      agb: values.agb,
      agbVersion,
      ...(values.customerType === 'consumer' ? { earlyStart: values.earlyStart, waiverAcknowledged: values.waiverAcknowledged } : {}),
    },
  };
}

/**
 * The tax case the checkout's values give (src/lib/tax.ts), which prices the summary. While the
 * tax rule refuses them (a consumer outside the EU, a VAT ID that fails its check) the summary
 * shows German VAT, and the field says what to change.
 */
export function checkoutTaxCase(values: Pick<CheckoutValues, 'customerType' | 'country' | 'vatId'>): TaxCase {
  return decideTax({ type: values.customerType, country: values.country, vatId: normalizeVatId(values.vatId) }).taxCase ?? 'domestic';
}

const formPosition = new Map(Object.keys(ORDER_REQUEST_PATH).map((field, index) => [field, index]));

/**
 * Errors by the request's paths renamed to the form's fields, in the order of the form (the
 * schema checks a business's invoice format before the address the form shows above it); the
 * cart's ('items.0.id') and any other keep their path and come after them.
 */
export function checkoutErrors(requestErrors: Record<string, string>): Record<string, string> {
  const renamed = Object.entries(requestErrors).map(([path, message]): [string, string] => [fieldOfPath.get(path) ?? path, message]);
  const position = ([key]: [string, string]) => formPosition.get(key) ?? formPosition.size;
  return Object.fromEntries(renamed.sort((a, b) => position(a) - position(b)));
}

/**
 * The checkout form's schema for the cart (priced in the basis of the chosen customer type at the
 * rates of its tax case, see checkoutTaxCase): its
 * values' order request checked by the order schema, then the cart's problems and the payment
 * method's. The proof of work is not the visitor's to fix: it is added when sending, so its
 * issue is left out.
 */
export function checkoutSchema(cartOf: (values: CheckoutValues) => PricedCart, agbVersion: string) {
  return v.pipe(
    CheckoutValuesSchema,
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const values = dataset.value;
      const cart = cartOf(values);
      const parsed = v.safeParse(OrderRequestSchema, orderRequest(values, cart.lines, agbVersion));
      const { hashcash_solutions: _proofOfWork, ...requestErrors } = parsed.success ? {} : fieldErrors(parsed.issues);
      const errors = {
        ...checkoutErrors(requestErrors),
        ...cart.problems,
        ...paymentProblems(values.paymentMethod || undefined, cart.schedule),
      };
      for (const [key, message] of Object.entries(errors)) {
        addIssue({ message, path: [{ type: 'object', origin: 'value', input: values, key, value: values[key as keyof CheckoutValues] }] });
      }
    }),
  );
}
