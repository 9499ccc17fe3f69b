import { describe, expect, it } from 'vitest';
import { prices } from '../../../src/data/prices.ts';
import { offerGroups, webappPackages } from '../../../src/lib/offers.ts';
import { displayPrice, offerEntries, priceWithVat, requireOffer, purchaseFeature } from '../../../src/lib/prices/offers.ts';
import { UNIT_LABEL } from '../../../src/lib/prices/rhythm.ts';
import { loadPriceSource } from '../../../src/lib/prices/source.ts';
import { edit, rawEntries } from './price-source-fixtures.ts';

const NBSP = '\u00a0';

describe('offers', () => {
  it('names the price units in German', () => {
    expect(UNIT_LABEL).toEqual({ hour: 'pro Stunde', month: 'pro Monat', once: 'einmalig', year: 'pro Jahr' });
  });

  it('fails loudly for an entry the source does not have or that is not sold as an offer', () => {
    expect(() => requireOffer(prices, 'gibt-es-nicht')).toThrow('gibt-es-nicht');
    expect(() => requireOffer(prices, 'domain-de')).toThrow(/domain-de: Der Eintrag ist kein Angebot/u);
    expect(() => requireOffer(prices, 'app-type-portal')).toThrow(/app-type-portal/u);
  });

  it('takes the /webapp anchors of the packages from their more-info links, in display order', () => {
    expect(webappPackages(prices).map(({ anchor, entry }) => [anchor, entry.id])).toEqual([
      ['4201', 'webapp-basis-1m'],
      ['4206', 'webapp-basis-6m'],
      ['4306', 'webapp-business-6m'],
      ['43306', 'webapp-basis-reseller-6m'],
      ['44306', 'webapp-business-reseller-6m'],
      ['4406', 'webapp-business-plus-6m'],
    ]);
  });

  it('groups every offer of the source exactly once, in the groups of the source', () => {
    const groups = offerGroups(prices);
    expect(groups.map((group) => [group.id, group.entries.map((entry) => entry.id)])).toEqual([
      ['webapp-pakete', webappPackages(prices).map(({ entry }) => entry.id)],
      ['anwendungen', ['timetracking-rental', 'click-dummy']],
      ['entwicklung', ['software-development', 'backend-development', 'remote-hands', 'anpassung', 'support-hour']],
      ['zusatzleistungen', ['restore-backup', 'extra-storage-50gb', 'onsite-hosting-surcharge']],
    ]);
    expect(groups.flatMap((group) => group.entries).map((entry) => entry.id).sort()).toEqual(offerEntries(prices).map((entry) => entry.id).sort());
    expect(groups.map((group) => group.title)).toEqual(['Webapp-Pakete zur Miete', 'Anwendungen und Click-Dummy', 'Entwicklung und Service nach Aufwand', 'Zusatzleistungen']);
  });

  it('leaves out groups without offers', () => {
    const entries = rawEntries();
    for (const id of ['timetracking-rental', 'click-dummy']) edit(entries, id, 'offer', undefined);
    expect(offerGroups(loadPriceSource(entries)).map((group) => group.id)).toEqual(['webapp-pakete', 'entwicklung', 'zusatzleistungen']);
  });
});

describe('how an offer states its price', () => {
  it('shows the gross price of one unit, the one price charged (never "ab"), in German and English', () => {
    expect(displayPrice(prices.require('webapp-business-plus-6m'), 'de')).toBe(`767,55${NBSP}€`);
    expect(displayPrice(prices.require('timetracking-rental'), 'de')).toBe(`89,25${NBSP}€`);
    expect(displayPrice(prices.require('webapp-business-plus-6m'), 'en')).toBe('€767.55');
    expect(displayPrice(prices.require('timetracking-rental'), 'en')).toBe('€89.25');
  });

  it('names the unit and the VAT in running text (PAngV)', () => {
    expect(priceWithVat(prices.require('software-development'))).toBe(`95,20${NBSP}€ pro Stunde inkl. 19${NBSP}% USt.`);
    expect(priceWithVat(prices.require('restore-backup'))).toBe(`20,00${NBSP}€ einmalig inkl. 19${NBSP}% USt.`);
  });

  it('adds the term and what one payment in advance costs, for contracts only', () => {
    expect(purchaseFeature(prices.require('webapp-basis-6m'), 'de')).toBe(`Mindestlaufzeit 6 Monate, 540,00${NBSP}€ je 6 Monate im Voraus`);
    expect(purchaseFeature(prices.require('webapp-basis-1m'), 'de')).toBe(`Mindestlaufzeit 1 Monat, 95,20${NBSP}€ monatlich im Voraus`);
    expect(purchaseFeature(prices.require('webapp-basis-6m'), 'en')).toBe('Minimum term 6 months, €540.00 per 6 months in advance');
    expect(purchaseFeature(prices.require('webapp-basis-1m'), 'en')).toBe('Minimum term 1 month, €95.20 per month in advance');
    expect(purchaseFeature(prices.require('domain-de'), 'de')).toBe(`Mindestlaufzeit 1 Jahr, 12,00${NBSP}€ jährlich im Voraus`);
    expect(purchaseFeature(prices.require('domain-de'), 'en')).toBe('Minimum term 1 year, €12.00 per year in advance');
    // Hours are a contingent paid once: the offer says what happens to those not used (AGB § 4 Abs. 4).
    expect(purchaseFeature(prices.require('software-development'), 'de')).toBe('Nicht genutzte Stunden verfallen nicht; auf Wunsch erstatten wir sie');
    expect(purchaseFeature(prices.require('support-hour'), 'en')).toBe('Unused hours never expire; we refund them on request');
    expect(purchaseFeature(prices.require('restore-backup'), 'de')).toBeUndefined();
    expect(purchaseFeature(prices.require('restore-backup'), 'en')).toBeUndefined();
  });
});
