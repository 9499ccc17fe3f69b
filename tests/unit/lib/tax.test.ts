import { describe, expect, it } from 'vitest';
import { site } from '../../../src/config/site.ts';
import { catalogue } from '../../../src/data/catalogue.ts';
import { priceCart } from '../../../src/lib/order.ts';
import * as v from 'valibot';
import { agb } from '../../../src/data/agb.ts';
import { checkoutSchema, checkoutTaxCase, EMPTY_CHECKOUT } from '../../../src/features/checkout/order-form.ts';
import { fieldErrors } from '../../../src/lib/schemas/issues.ts';
import { amountText, vatLabel } from '../../../src/lib/prices/statement.ts';
import { decideTax, normalizeVatId, taxMessages } from '../../../src/lib/tax.ts';
import { lineVatPercent, taxNoteText } from '../../../src/lib/tax-case.ts';
import { checkVatId } from '../../../src/lib/vat-id.ts';

/** Decision 0056: the one rule that decides which VAT an order bears. */

const business = (country: string, vatId = '') => decideTax({ type: 'business', country, vatId });

describe('decideTax', () => {
  it('consumers in Germany and in the other member states pay German VAT; outside the EU they are refused', () => {
    expect(decideTax({ type: 'consumer', country: 'Deutschland' })).toEqual({ taxCase: 'domestic' });
    expect(decideTax({ type: 'consumer', country: ' österreich ' })).toEqual({ taxCase: 'eu-consumer' });
    expect(decideTax({ type: 'consumer', country: 'Griechenland' })).toEqual({ taxCase: 'eu-consumer' });
    for (const country of ['Schweiz', 'Norwegen', 'Liechtenstein', 'Island', 'USA', 'Atlantis', '']) {
      expect(decideTax({ type: 'consumer', country })).toEqual({ refusal: { field: 'country', message: taxMessages.consumerOutsideEu } });
    }
  });

  it('a business in Germany pays German VAT, with or without a VAT ID, which must pass the check when given', () => {
    expect(business('Deutschland')).toEqual({ taxCase: 'domestic' });
    expect(business('Deutschland', 'DE123456788')).toEqual({ taxCase: 'domestic' });
    expect(business('Deutschland', 'DE123456789')).toEqual({ refusal: { field: 'vatId', message: taxMessages.vatIdInvalid } });
  });

  it('a business in another member state: reverse charge with a valid VAT ID of that state, German VAT without one, refused with a wrong one', () => {
    expect(business('Österreich', 'ATU12345675')).toEqual({ taxCase: 'reverse-charge' });
    // Belgium's numbers beginning with 1 (since 2023) and Greece's prefix EL.
    expect(business('Belgien', 'BE1000000021')).toEqual({ taxCase: 'reverse-charge' });
    expect(business('Griechenland', 'EL094259216')).toEqual({ taxCase: 'reverse-charge' });
    expect(business('Österreich')).toEqual({ taxCase: 'eu-consumer' });
    expect(business('Österreich', 'ATU12345678')).toEqual({ refusal: { field: 'vatId', message: taxMessages.vatIdInvalid } });
    expect(business('Österreich', 'DE123456788')).toEqual({ refusal: { field: 'vatId', message: taxMessages.vatIdOtherCountry } });
  });

  it('a business outside the EU is not taxable in Germany, with or without an ID of its own', () => {
    expect(business('Schweiz')).toEqual({ taxCase: 'not-taxable' });
    expect(business('Schweiz', 'CHE123456788')).toEqual({ taxCase: 'not-taxable' });
    expect(business('Norwegen')).toEqual({ taxCase: 'not-taxable' });
  });
});

describe('the rate and the note of a tax case', () => {
  it('German VAT keeps the catalogue rate; reverse charge and not taxable bill 0 %', () => {
    expect([lineVatPercent('domestic', 7), lineVatPercent('eu-consumer', 19), lineVatPercent('reverse-charge', 19), lineVatPercent('not-taxable', 19)]).toEqual([7, 19, 0, 0]);
    expect(taxNoteText('domestic')).toBeNull();
    expect(taxNoteText('reverse-charge')).toMatch(/^Steuerschuldnerschaft des Leistungsempfängers: /);
    expect(taxNoteText('not-taxable')).toMatch(/^Nicht im Inland steuerbare Leistung: /);
  });

  it('prices a business cart net at 0 %: the gross is the net, and it reads "0 % USt." instead of "zzgl. 19 % USt."', () => {
    const cart = priceCart(catalogue, [{ id: 'webapp-basis-1m', quantity: 1 }], 'net', 'reverse-charge');
    expect(cart.lines.map((line) => line.vatPercent)).toEqual([0]);
    expect(cart.schedule.dueNow).toMatchObject({ netCents: 8000, vatCents: 0, grossCents: 8000 });
    expect(amountText(cart.schedule.dueNow, 'net').replace(/\u00a0/g, ' ')).toBe('80,00 € netto, 0 % USt.');
    expect(vatLabel(0, 'net').replace(/\u00a0/g, ' ')).toBe('0 % USt.');
    expect(vatLabel(19, 'net').replace(/\u00a0/g, ' ')).toBe('zzgl. 19 % USt.');
  });

  it('the checkout prices by the case its values give, and by German VAT while they are refused', () => {
    const values = { ...EMPTY_CHECKOUT, customerType: 'business' as const, country: 'Österreich' };
    expect(checkoutTaxCase({ ...values, vatId: 'atu 1234-5675' })).toBe('reverse-charge');
    expect(checkoutTaxCase({ ...values, vatId: 'ATU12345678' })).toBe('domestic');
    expect(checkoutTaxCase({ ...values, country: 'Schweiz', vatId: '' })).toBe('not-taxable');
    expect(checkoutTaxCase({ ...values, customerType: 'consumer', vatId: 'ATU12345675' })).toBe('eu-consumer');
  });
});

describe('the checkout form refuses what the rule refuses', () => {
  const cartOf = () => priceCart(catalogue, [{ id: 'webapp-basis-1m', quantity: 1 }]);
  const errorsOf = (values: typeof EMPTY_CHECKOUT) => {
    const result = v.safeParse(checkoutSchema(cartOf, agb.version), values);
    return result.success ? {} : fieldErrors(result.issues);
  };

  it('beside the other missing fields: a consumer outside the EU on the country, a failing VAT ID on its field', () => {
    expect(errorsOf({ ...EMPTY_CHECKOUT, country: 'Schweiz' })).toMatchObject({ name: 'Name ist erforderlich', country: taxMessages.consumerOutsideEu });
    expect(errorsOf({ ...EMPTY_CHECKOUT, customerType: 'business', country: 'Österreich', vatId: 'ATU12345678' })).toMatchObject({
      company: 'Firmenname ist erforderlich',
      vatId: taxMessages.vatIdInvalid,
    });
    expect(errorsOf({ ...EMPTY_CHECKOUT, customerType: 'business', country: 'Schweiz' })).not.toHaveProperty('country');
  });
});

describe('checkVatId (jsvat-next)', () => {
  it('tests format and check digits per country, without any request', () => {
    expect(normalizeVatId(' atu 123.456-75 ')).toBe('ATU12345675');
    expect(checkVatId('ATU12345675', 'AT')).toBe('valid');
    expect(checkVatId('ATU12345676', 'AT')).toBe('invalid');
    expect(checkVatId('FR40303265045', 'AT')).toBe('other-country');
    expect(() => checkVatId('XX1', 'XX')).toThrow(/Keine Prüfregeln/);
  });
});

describe('our own VAT ID', () => {
  it('passes the check digit test every invoice and e-invoice relies on (BT-31)', () => {
    expect(checkVatId(site.vatId, 'DE')).toBe('valid');
    expect(checkVatId('DE318456207', 'DE')).toBe('invalid');
  });
});
