import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { agb } from '../../../src/data/agb.ts';
import { catalogue } from '../../../src/data/catalogue.ts';
import { orderMessages, priceCart } from '../../../src/lib/order.ts';
import { checkoutErrors, checkoutSchema, EMPTY_CHECKOUT, orderRequest, type CheckoutValues } from '../../../src/lib/order-form.ts';
import { fieldErrors } from '../../../src/lib/schemas/issues.ts';
import { messages } from '../../../src/lib/schemas/fields.ts';
import { OrderRequestSchema, orderFieldMessages } from '../../../src/lib/schemas/order.ts';

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

describe('the checkout form (src/lib/order-form.ts)', () => {
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
