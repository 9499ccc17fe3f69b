import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { agb } from '../../../../src/data/agb.ts';
import { catalogue } from '../../../../src/data/catalogue.ts';
import { orderMessages, priceCart } from '../../../../src/lib/order.ts';
import { checkoutErrors, checkoutSchema, EMPTY_CHECKOUT, orderRequest, type CheckoutValues } from '../../../../src/features/checkout/order-form.ts';
import { fieldErrors } from '../../../../src/lib/schemas/issues.ts';
import { messages } from '../../../../src/lib/schemas/fields.ts';
import { OrderRequestSchema, orderFieldMessages } from '../../../../src/lib/schemas/order.ts';

const lines = [{ id: 'restore-backup', quantity: 1 }];
const cartOf = () => priceCart(catalogue, lines);

const consumer: CheckoutValues = {
  ...EMPTY_CHECKOUT,
  name: 'Erika Mustermann',
  street: 'Heidestraße 17',
  postalCode: '51147',
  city: 'Köln',
  email: 'erika@example.de',
  paymentMethod: 'invoice',
  agb: true,
};

const formErrors = (values: CheckoutValues, cart = cartOf) => {
  const result = v.safeParse(checkoutSchema(cart, agb.version), values);
  return result.success ? {} : fieldErrors(result.issues);
};

describe('the checkout form (src/features/checkout/order-form.ts)', () => {
  it('builds the request the order schema refuses only for the proof of work, which is added when sending', () => {
    const parsed = v.safeParse(OrderRequestSchema, orderRequest(consumer, lines, agb.version));
    expect(formErrors(consumer)).toEqual({});
    expect(Object.keys(fieldErrors(parsed.issues ?? []))).toEqual(['hashcash_solutions']);
  });

  it("sends only a business's company and a consumer's start statements, and the IBAN only for SEPA", () => {
    const business = orderRequest({ ...consumer, customerType: 'business', company: 'Muster GmbH', earlyStart: true, iban: 'DE02' }, lines, agb.version);
    expect(business.customer).toMatchObject({ type: 'business', company: 'Muster GmbH' });
    expect(business.consents).toEqual({ agb: true, agbVersion: agb.version });
    expect(business).not.toHaveProperty('iban');
    expect(orderRequest({ ...consumer, paymentMethod: 'sepa', iban: 'DE02', sepaMandate: true }, lines, agb.version)).toMatchObject({ iban: 'DE02', sepaMandate: true });
  });

  it("sends a business's invoice format, ZUGFeRD unless it chose an XRechnung, and the Leitweg-ID only with an XRechnung", () => {
    const business: CheckoutValues = { ...consumer, customerType: 'business', company: 'Stadtverwaltung Musterstadt' };
    expect(orderRequest(business, lines, agb.version).customer).toEqual({
      type: 'business',
      company: 'Stadtverwaltung Musterstadt',
      vatId: '',
      invoiceFormat: 'factur-x',
      name: consumer.name,
      street: consumer.street,
      postalCode: consumer.postalCode,
      city: consumer.city,
      country: consumer.country,
      email: consumer.email,
    });
    // A Leitweg-ID typed before switching back to ZUGFeRD is hidden and not sent, so it cannot refuse the order.
    expect(orderRequest({ ...business, leitwegId: 'falsch' }, lines, agb.version).customer).not.toHaveProperty('leitwegId');
    expect(formErrors({ ...business, leitwegId: 'falsch' })).toEqual({});
    for (const invoiceFormat of ['xrechnung-cii', 'xrechnung-ubl'] as const) {
      expect(orderRequest({ ...business, invoiceFormat, leitwegId: '991-33333TEST-33' }, lines, agb.version).customer).toMatchObject({
        invoiceFormat,
        leitwegId: '991-33333TEST-33',
      });
    }
    // A consumer gets a PDF: neither is sent, whatever the hidden fields hold.
    expect(orderRequest({ ...consumer, invoiceFormat: 'xrechnung-ubl', leitwegId: '991-33333TEST-33' }, lines, agb.version).customer).toEqual({
      type: 'consumer',
      name: consumer.name,
      street: consumer.street,
      postalCode: consumer.postalCode,
      city: consumer.city,
      country: consumer.country,
      email: consumer.email,
    });
  });

  it('checks the Leitweg-ID of an XRechnung as the server does: optional, and when given with coarse address, fine address and check digits', () => {
    const xrechnung: CheckoutValues = { ...consumer, customerType: 'business', company: 'Stadtverwaltung Musterstadt', invoiceFormat: 'xrechnung-cii' };
    for (const leitwegId of ['', '991-33333TEST-33', '04011000-1234512345-06', ' 991-33333test-33 ', '05-83']) {
      expect(formErrors({ ...xrechnung, leitwegId }), leitwegId).toEqual({});
    }
    for (const leitwegId of ['991', '991-33333TEST', 'DE-991-33', '991_33333TEST_33', '991-33333 TEST-33']) {
      expect(formErrors({ ...xrechnung, leitwegId }), leitwegId).toEqual({ leitwegId: orderFieldMessages.leitwegIdInvalid });
    }
    // The format holds, the check digits (Modulo 97-10) do not: the message says which.
    for (const leitwegId of ['991-33333TEST-34', '05-12', '04011000-1234512345-60']) {
      expect(formErrors({ ...xrechnung, leitwegId }), leitwegId).toEqual({ leitwegId: orderFieldMessages.leitwegIdCheckDigits });
    }
    // The server keeps it trimmed and in capitals (refused here only for the proof of work, added when sending).
    const parsed = v.safeParse(OrderRequestSchema, orderRequest({ ...xrechnung, leitwegId: ' 991-33333test-33 ' }, lines, agb.version));
    expect(Object.keys(fieldErrors(parsed.issues ?? []))).toEqual(['hashcash_solutions']);
    expect((parsed.output as { customer: unknown }).customer).toMatchObject({ invoiceFormat: 'xrechnung-cii', leitwegId: '991-33333TEST-33' });
  });

  it("names a business's errors in the order of the form: the invoice format's after the address above it", () => {
    const business: CheckoutValues = { ...EMPTY_CHECKOUT, customerType: 'business', invoiceFormat: 'xrechnung-ubl', leitwegId: '991' };
    expect(Object.keys(formErrors(business))).toEqual(['company', 'name', 'street', 'postalCode', 'city', 'email', 'leitwegId', 'paymentMethod', 'agb']);
    expect(Object.keys(checkoutErrors({ 'items.0.id': 'a', 'customer.leitwegId': 'b', 'customer.company': 'c' }))).toEqual(['company', 'leitwegId', 'items.0.id']);
  });

  it("names the order schema's errors by the form's fields, in the order of the form, without the proof of work", () => {
    expect(Object.entries(formErrors({ ...EMPTY_CHECKOUT }))).toEqual([
      ['name', messages.nameRequired],
      ['street', orderFieldMessages.streetRequired],
      ['postalCode', orderFieldMessages.postalCodeRequired],
      ['city', orderFieldMessages.cityRequired],
      ['email', expect.any(String)],
      ['paymentMethod', orderFieldMessages.paymentMethod],
      ['agb', orderFieldMessages.agbRequired],
    ]);
    expect(formErrors({ ...consumer, waiverAcknowledged: true })).toEqual({ earlyStart: orderFieldMessages.startDeclarationsTogether });
  });

  it("adds the cart's problems under their request paths", () => {
    const unknown = () => priceCart(catalogue, [{ id: 'gibt-es-nicht', quantity: 1 }]);
    expect(formErrors(consumer, unknown)).toEqual({ 'items.0.id': orderMessages.unknownProduct });
  });

  it("renames the server's errors to the form's fields and keeps the cart's", () => {
    expect(checkoutErrors({ 'customer.name': 'a', 'consents.agb': 'b', iban: 'c', 'items.0.id': 'd' })).toEqual({ name: 'a', agb: 'b', iban: 'c', 'items.0.id': 'd' });
  });
});
